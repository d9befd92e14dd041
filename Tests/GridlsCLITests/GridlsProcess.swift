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

    static func run(
        _ arguments: [String], stdin: String = "", in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Double = 300
    ) throws -> GridlsRun {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-stdin-\(UUID().uuidString)")
        try Data(stdin.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try start(arguments, stdinPath: input.path, in: directory, environment: environment).finish(timeout: timeout)
    }

    /// Starts gridls with `stdinPath` (a file, a FIFO, a device) as standard input; `finish` collects its run.
    static func start(
        _ arguments: [String], stdinPath: String = "/dev/null", in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> RunningGridls {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-out-\(UUID().uuidString)")
        let err = out.appendingPathExtension("err")
        let process = try ChildProcess(
            binary.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: directory?.path, input: .file(stdinPath), output: .file(out.path), error: .file(err.path))
        return RunningGridls(process: process, arguments: arguments, out: out, err: err)
    }
}

/// A gridls process a test started, and the files its output goes to.
struct RunningGridls {
    let process: ChildProcess
    let arguments: [String]
    let out: URL, err: URL

    /// Waits for the end (a hang, past `timeout` seconds, fails the test instead of the whole run).
    func finish(timeout: Double = 300) throws -> GridlsRun {
        defer { for file in [out, err] { try? FileManager.default.removeItem(at: file) } }
        guard let status = process.wait(killingAfter: timeout) else {
            throw ChildProcess.Failure(message: "gridls \(arguments) did not end within \(timeout) s")
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
