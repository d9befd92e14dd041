import Foundation
import TestSupport

/// Runs the built `gridls` binary, as a user or CI would, and collects what it printed.
struct GridlsRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Gridls {
    static var binary: URL { builtGridls }

    static func run(_ arguments: [String], stdin: String = "", in directory: URL? = nil) throws -> GridlsRun {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-stdin-\(UUID().uuidString)")
        try Data(stdin.utf8).write(to: input)
        let out = input.appendingPathExtension("out"), err = input.appendingPathExtension("err")
        defer { for file in [input, out, err] { try? FileManager.default.removeItem(at: file) } }
        let process = try ChildProcess(
            binary.path, arguments, directory: directory?.path,
            input: .file(input.path), output: .file(out.path), error: .file(err.path))
        // Generous for a debug build on a slow machine; a hang fails the test instead of the whole run.
        guard let status = process.wait(killingAfter: 300) else {
            throw ChildProcess.Failure(message: "gridls \(arguments) did not end within 300 s")
        }
        return GridlsRun(
            status: status,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

/// A scratch folder for files the command reads and rewrites.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
