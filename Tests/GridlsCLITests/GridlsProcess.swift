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
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read stderr on its own queue so that neither pipe can fill up and block the process.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return GridlsRun(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
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
