import Foundation
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

    /// Whether the reader checks of `test` run; when they do not, says so in one line naming what to
    /// install, so that the test's own checks before them still run and it is reported as skipped there.
    static func run(in test: String) -> Bool {
        if !isAvailable { print("\(test): the pandoc and docutils checks skipped, pandoc 3 and docutils are not installed (pip install pypandoc-binary docutils); CI=true runs them") }
        return isAvailable
    }

    /// pandoc 3.6 beside the newer one (see `scripts/read_tables.py`); CI installs it, elsewhere the checks
    /// that need it are skipped without it.
    static let hasPandocBefore38: Bool = {
        RequiredTool.mayRun((try? run(["-c", "import os, sys; assert os.path.exists(os.path.join(sys.prefix, 'pandoc-3.6', 'pypandoc', 'files', 'pandoc'))"])) != nil)
    }()

    /// The canonical JSON of the tables `reader` (pandoc-markdown, pandoc-rst, docutils) finds in `document`.
    static func read(_ reader: String, _ document: [UInt8], fileExtension: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-ref-\(UUID().uuidString).\(fileExtension)")
        try Data(document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = Array("\(reader)\t\(file.path)".utf8)
        let answer = String(decoding: try ServedProcess.ask(["/usr/bin/env", "python3", script.path, "--serve"], request), as: UTF8.self)
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
