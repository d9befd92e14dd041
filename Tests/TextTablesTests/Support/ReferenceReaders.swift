import Foundation

/// pandoc and docutils, through `scripts/read_tables.py`: what each reads from a document's tables.
enum ReferenceReaders {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/read_tables.py")

    /// CI installs pandoc (PyPI pypandoc-binary) and docutils; elsewhere the tests are skipped without them.
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        return (try? run(["-c", "import docutils, pypandoc; pypandoc.get_pandoc_path()"])) != nil
    }()

    /// The canonical JSON of the tables `reader` (pandoc-markdown, pandoc-rst, docutils) finds in `document`.
    static func read(_ reader: String, _ document: [UInt8], fileExtension: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-ref-\(UUID().uuidString).\(fileExtension)")
        try Data(document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run([script.path, reader, file.path])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func run(_ arguments: [String]) throws -> String {
        // Output through a file: a pipe's write end inherited by another test's child would never close.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-ref-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        guard process.terminationStatus == 0 else { throw Failure(description: "python3 \(arguments.joined(separator: " ")) failed") }
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }
}
