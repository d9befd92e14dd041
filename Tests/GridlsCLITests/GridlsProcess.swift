import Foundation

/// Runs the built `gridls` binary, as a user or CI would, and collects what it printed.
struct GridlsRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Gridls {
    /// The binary beside the test bundle in the build folder, or $GRIDLS_BINARY.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["GRIDLS_BINARY"] { return URL(fileURLWithPath: path) }
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("gridls").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("gridls")
    }()

    static func run(_ arguments: [String], stdin: String = "", in directory: URL? = nil) throws -> GridlsRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-stdin-\(UUID().uuidString)")
        try Data(stdin.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        process.standardInput = try FileHandle(forReadingFrom: input)
        // stdout and stderr through files: a pipe's write end inherited by another test's child process
        // would keep reading it from ever reaching its end.
        let out = input.appendingPathExtension("out"), err = input.appendingPathExtension("err")
        for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { for file in [out, err] { try? FileManager.default.removeItem(at: file) } }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return GridlsRun(
            status: process.terminationStatus,
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
