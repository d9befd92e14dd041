import Foundation
import Synchronization
import TestSupport

/// pandoc and docutils, through `scripts/read_tables.py`: what each reads from a document's tables.
enum ReferenceReaders {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/read_tables.py")

    /// CI installs pandoc (PyPI pypandoc-binary) and docutils; elsewhere the tests are skipped without them.
    static let isAvailable: Bool = {
        RequiredTool.mayRun((try? run(["-c", "import docutils, pypandoc; pypandoc.get_pandoc_path()"])) != nil)
    }()

    /// The canonical JSON of the tables `reader` (pandoc-markdown, pandoc-rst, docutils) finds in `document`.
    static func read(_ reader: String, _ document: [UInt8], fileExtension: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-ref-\(UUID().uuidString).\(fileExtension)")
        try Data(document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try ReaderServer.take()
        defer { ReaderServer.putBack(server) }
        let answer = try server.read(reader, path: file.path)
        if answer.hasPrefix("error: ") { throw Failure(description: "\(reader) \(file.lastPathComponent): \(answer)") }
        return answer
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func run(_ arguments: [String]) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-ref-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = try ChildProcess("/usr/bin/env", ["python3"] + arguments, output: .file(out.path))
        guard process.wait(killingAfter: 300) == 0 else { throw Failure(description: "python3 \(arguments.joined(separator: " ")) failed") }
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }
}

/// `scripts/read_tables.py --serve`, kept running: a test run pays Python's start and the readers'
/// imports once per server instead of once per document. Servers are lent to one test at a time; a
/// test that finds none idle starts another (as many as tests run at once).
final class ReaderServer: Sendable {
    private let process: ChildProcess
    private static let idle = Mutex<[ReaderServer]>([])

    private init() throws {
        process = try ChildProcess("/usr/bin/env", ["python3", ReferenceReaders.script.path, "--serve"], input: .pipe, output: .pipe)
    }

    static func take() throws -> ReaderServer {
        if let server = idle.withLock({ $0.popLast() }) { return server }
        return try ReaderServer()
    }

    static func putBack(_ server: ReaderServer) {
        guard server.process.isRunning else { return }
        idle.withLock { $0.append(server) }
    }

    /// One request and its answer: a line with the answer's byte count, then the answer.
    func read(_ reader: String, path: String) throws -> String {
        guard let input = process.input, let output = process.output else { throw ReferenceReaders.Failure(description: "no pipes") }
        try input.write(contentsOf: Data("\(reader)\t\(path)\n".utf8))
        var header: [UInt8] = []
        while header.last != 0x0A { header += try readExactly(1, from: output) }
        guard let count = Int(String(decoding: header.dropLast(), as: UTF8.self)) else {
            throw ReferenceReaders.Failure(description: "bad answer header \(header)")
        }
        return String(decoding: try readExactly(count, from: output), as: UTF8.self)
    }

    private func readExactly(_ count: Int, from handle: FileHandle) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            guard let chunk = try handle.read(upToCount: count - bytes.count), !chunk.isEmpty else {
                throw ReferenceReaders.Failure(description: "the reader server ended")
            }
            bytes += chunk
        }
        return bytes
    }
}
