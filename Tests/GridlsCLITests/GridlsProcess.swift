import Foundation
import TestSupport

/// Runs the built `gridls` binary, as a user or CI would, and collects what it printed.
struct GridlsRun {
    var status: Int32
    /// What gridls wrote, byte for byte.
    var outputBytes: [UInt8]
    var errorBytes: [UInt8]
    var stdout: String { String(decoding: outputBytes, as: UTF8.self) }
    var stderr: String { String(decoding: errorBytes, as: UTF8.self) }
}

enum Gridls {
    static var binary: URL { builtGridls }

    static func run(
        _ arguments: [String], stdin: String = "", in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Double = 300
    ) throws -> GridlsRun {
        try run(argumentBytes: arguments.map { Array($0.utf8) }, stdin: stdin, in: directory, environment: environment, timeout: timeout)
    }

    /// The same with arguments as bytes: file names that are not UTF-8.
    static func run(
        argumentBytes arguments: [[UInt8]], stdin: String = "", in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Double = 300
    ) throws -> GridlsRun {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-stdin-\(UUID().uuidString)")
        try Data(stdin.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try start(argumentBytes: arguments, stdinPath: input.path, in: directory, environment: environment).finish(timeout: timeout)
    }

    /// Starts gridls with `stdinPath` (a file, a FIFO, a device) as standard input; `finish` collects its run.
    static func start(
        _ arguments: [String], stdinPath: String = "/dev/null", in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> RunningGridls {
        try start(argumentBytes: arguments.map { Array($0.utf8) }, stdinPath: stdinPath, in: directory, environment: environment)
    }

    static func start(
        argumentBytes arguments: [[UInt8]], stdinPath: String = "/dev/null", in directory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> RunningGridls {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-out-\(UUID().uuidString)")
        let err = out.appendingPathExtension("err")
        let process = try ChildProcess(
            binary.path, argumentBytes: arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: directory?.path, input: .file(stdinPath), output: .file(out.path), error: .file(err.path))
        return RunningGridls(process: process, arguments: arguments, out: out, err: err)
    }
}

/// A gridls process a test started, and the files its output goes to.
struct RunningGridls {
    let process: ChildProcess
    let arguments: [[UInt8]]
    let out: URL, err: URL

    /// Waits for the end (a hang, past `timeout` seconds, fails the test instead of the whole run).
    func finish(timeout: Double = 300) throws -> GridlsRun {
        defer { for file in [out, err] { try? FileManager.default.removeItem(at: file) } }
        guard let status = process.wait(killingAfter: timeout) else {
            let shown = arguments.map { String(decoding: $0, as: UTF8.self) }
            throw ChildProcess.Failure(message: "gridls \(shown) did not end within \(timeout) s")
        }
        return GridlsRun(status: status, outputBytes: Array(try Data(contentsOf: out)), errorBytes: Array(try Data(contentsOf: err)))
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
