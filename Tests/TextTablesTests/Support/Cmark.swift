import Foundation
import TestSupport

/// GitHub's reference renderer, `cmark-gfm -e table`, as the oracle for what a document means. `--unsafe`
/// keeps raw HTML in the output, so that a change inside an HTML block shows too.
enum Cmark {
    static let path = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// CI installs cmark-gfm; elsewhere the conformance tests are skipped when it is missing.
    static var isAvailable: Bool { RequiredTool.mayRun(path != nil) }

    static let server = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/cmark_serve.py").path

    /// The HTML of `markdown`: rendered by Debian's libcmark-gfm in a long-running process
    /// (`scripts/cmark_serve.py`), which `cmarkProgramAgrees` checks against the program.
    static func html(_ markdown: [UInt8]) throws -> String {
        guard path != nil else { throw CmarkMissing() }
        return String(decoding: try ServedProcess.ask(["/usr/bin/env", "python3", server], markdown), as: UTF8.self)
    }

    /// The HTML of `markdown` from the `cmark-gfm` program itself.
    static func programHTML(_ markdown: [UInt8]) throws -> String {
        guard let path else { throw CmarkMissing() }
        // The input goes through a file: a pipe could fill up before cmark-gfm starts reading its output.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-cmark-\(UUID().uuidString).md")
        try Data(markdown).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let out = file.appendingPathExtension("html")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = try ChildProcess(path, ["-e", "table", "-e", "tasklist", "--unsafe", file.path], output: .file(out.path))
        guard process.wait(killingAfter: 60) == 0 else { throw CmarkFailed() }
        let html = try Data(contentsOf: out)
        return String(decoding: html, as: UTF8.self)
    }

    struct CmarkFailed: Error, CustomStringConvertible {
        var description: String { "cmark-gfm failed or did not end within 60 s" }
    }

    struct CmarkMissing: Error, CustomStringConvertible {
        var description: String { "cmark-gfm is not installed (apt-get install cmark-gfm)" }
    }
}
