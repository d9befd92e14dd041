import Foundation

/// GitHub's reference renderer, `cmark-gfm -e table`, as the oracle for what a document means.
enum Cmark {
    static let path = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// CI installs cmark-gfm; elsewhere the conformance tests are skipped when it is missing.
    static var isAvailable: Bool { path != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    static func html(_ markdown: [UInt8]) throws -> String {
        guard let path else { throw CmarkMissing() }
        // The input goes through a file: a pipe could fill up before cmark-gfm starts reading its output.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-cmark-\(UUID().uuidString).md")
        try Data(markdown).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Output through a file too: another test's child process may inherit a pipe's write end and
        // keep it open, and then reading a pipe to its end would never finish.
        let out = file.appendingPathExtension("html")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-e", "table", file.path]
        let handle = try FileHandle(forWritingTo: out)
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let html = try Data(contentsOf: out)
        return String(decoding: html, as: UTF8.self)
    }

    struct CmarkMissing: Error, CustomStringConvertible {
        var description: String { "cmark-gfm is not installed (apt-get install cmark-gfm)" }
    }
}
