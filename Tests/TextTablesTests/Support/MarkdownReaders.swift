import Foundation
import TestSupport

/// Markdown readers besides cmark-gfm as oracles for what a document shows, through
/// `scripts/markdown_readers.py`: each runs as one long-lived process (`--serve READER --visible`), asked
/// one document at a time, and answers with its visible reading (entities decoded, white space collapsed
/// where HTML collapses it, kept byte for byte in code; see `visible` in the script), so that two
/// documents read alike exactly when a reader shows them alike.
enum MarkdownReaderOracle {
    /// Each as the site generator or viewer that uses it configures it (the script says exactly how).
    enum Reader: String, CaseIterable, Sendable, CustomStringConvertible {
        /// cmark-gfm: GitHub, GitLab.
        case github
        /// markdown-it-py's gfm-like preset: what VitePress and VS Code's preview build on.
        case markdownIt = "markdown-it"
        /// myst-parser through docutils: Sphinx and Jupyter Book pages, directives run.
        case myst
        /// Python-Markdown with the tables and fenced_code extensions (MkDocs enables both by default).
        case pythonMarkdown = "python-markdown"
        /// Python-Markdown as a Material for MkDocs site enables it.
        case mkdocs
        /// goldmark as Hugo configures it by default.
        case goldmark
        /// goldmark as Hugo with `markup.goldmark.parser.attribute.block = true`.
        case goldmarkAttributes = "goldmark-attributes"
        /// kramdown's GFM parser as Jekyll (GitHub Pages) configures it.
        case kramdown

        var description: String { rawValue }
    }

    /// The readers a table meant for any Markdown site must read alike; MyST, MkDocs and Hugo's block
    /// attributes add block syntax of their own.
    static let portable: [Reader] = [.github, .markdownIt, .pythonMarkdown, .goldmark, .kramdown]

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/markdown_readers.py").path

    /// What `--check` says of each reader: nil when it runs here, else what to install for it.
    static let missing: [Reader: String] = {
        var missing = Dictionary(uniqueKeysWithValues: Reader.allCases.map { ($0, "python3 cannot run \(script)") })
        guard let lines = try? run(["--check"], timeout: 600) else { return missing }
        for line in lines.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let reader = Reader(rawValue: String(line[..<colon])) else { continue }
            let status = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if status.hasPrefix("ok") {
                missing[reader] = nil
            } else if status.hasPrefix("missing (") {
                missing[reader] = String(status.dropFirst("missing (".count).dropLast())
            }
        }
        return missing
    }()

    /// Whether tests that need `reader` run: when it can run here, and always in CI (where a missing
    /// reader fails them).
    static func isAvailable(_ reader: Reader) -> Bool { RequiredTool.mayRun(missing[reader] == nil) }

    /// The line a skipped test prints: the reader and what to install.
    static func skipped(_ test: String, _ reader: Reader) -> String {
        "\(test)(\(reader)): skipped, \(ReaderMissing(reader: reader).description); CI=true runs it"
    }

    /// The visible reading of `markdown` as `reader` renders it.
    static func visible(_ reader: Reader, _ markdown: [UInt8]) throws -> String {
        if let install = missing[reader] { throw ReaderMissing(reader: reader, install: install) }
        let command = ["/usr/bin/env", "python3", script, "--serve", reader.rawValue, "--visible"]
        return String(decoding: try ServedProcess.ask(command, markdown), as: UTF8.self)
    }

    /// The visible reading of `markdown` from the reader run as its own program in a fresh process
    /// (cmark-gfm, `python3 -m markdown`, myst-docutils-html5, ...): what `visible` is checked against.
    static func programVisible(_ reader: Reader, _ markdown: [UInt8]) throws -> String {
        if let install = missing[reader] { throw ReaderMissing(reader: reader, install: install) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-reader-\(UUID().uuidString).md")
        try Data(markdown).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(["--program", reader.rawValue, file.path, "--visible"], timeout: 120)
    }

    struct ReaderMissing: Error, CustomStringConvertible {
        var reader: Reader
        var install: String

        init(reader: Reader, install: String? = nil) {
            self.reader = reader
            self.install = install ?? MarkdownReaderOracle.missing[reader] ?? "see scripts/markdown_readers.py --check"
        }

        var description: String { "the Markdown reader \(reader) is not installed (\(install))" }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func run(_ arguments: [String], timeout: Double) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-readers-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = try ChildProcess("/usr/bin/env", ["python3", script] + arguments, output: .file(out.path))
        guard process.wait(killingAfter: timeout) == 0 else {
            throw Failure(description: "python3 \(script) \(arguments.joined(separator: " ")) failed or did not end within \(Int(timeout)) s")
        }
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }
}
