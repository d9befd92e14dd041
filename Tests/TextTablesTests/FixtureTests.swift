import Foundation
import Testing
@testable import TextTables

/// Golden files. Every `NAME.md` (or `.rst`, or `.qmd`, read as pandoc reads it) under `Fixtures/FOLDER/` formats to `NAME.expected.md` beside
/// it; the folder names the options. Under `Fixtures/invalid-grid/` and `Fixtures/invalid-simple/`, `gridls check` must report exactly
/// `NAME.check.txt` and formatting must leave the file byte for byte.
/// Set GRIDLS_UPDATE_FIXTURES=1 to rewrite the expectations, then review the diff.
struct FixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let updating = ProcessInfo.processInfo.environment["GRIDLS_UPDATE_FIXTURES"] == "1"

    static let optionSets: [String: FormatOptions] = [
        "default": FormatOptions(),
        "grid": FormatOptions(),
        "pandoc": FormatOptions(),
        "quarto": FormatOptions(),
        "invalid-grid": FormatOptions(),
        "simple": FormatOptions(),
        "invalid-simple": FormatOptions(),
        "invalid-list": FormatOptions(),
        "ambiguous-width-2": FormatOptions(width: WidthOptions(ambiguousWidth: 2)),
        "compact-delimiter-row": FormatOptions(delimiterRow: .compact),
        // Markdown read by every common reader (the users' default): tables they read apart are left alone.
        "portable": FormatOptions(scan: ScanOptions(markdownReaders: .portable)),
    ]

    static func inputs(in folders: [String] = optionSets.keys.sorted()) -> [String] {
        var names: [String] = []
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            names += files.filter { ($0.hasSuffix(".md") || $0.hasSuffix(".rst") || $0.hasSuffix(".qmd")) && !$0.contains(".expected.") && !$0.contains(".fixed.") }
                .sorted().map { "\(folder)/\($0)" }
        }
        return names
    }

    static func options(_ name: String) -> FormatOptions { optionSets[String(name.prefix { $0 != "/" })]! }
    static func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: root.appendingPathComponent(name))) }

    static func expectation(_ name: String, suffix: String) -> URL {
        let url = root.appendingPathComponent(name)
        return url.deletingPathExtension().appendingPathExtension(suffix)
    }

    @Test func everyFolderHasFixtures() {
        for folder in Self.optionSets.keys {
            #expect(Self.inputs().contains { $0.hasPrefix(folder + "/") }, "no fixture in \(folder)")
        }
    }

    @Test(arguments: inputs(in: optionSets.keys.filter { !$0.hasPrefix("invalid-") }.sorted()))
    func formatsAsExpected(_ name: String) throws {
        let input = try Self.read(name)
        let syntax = DocumentSyntax(path: name)
        let result = DocumentFormatter.format(input, syntax: syntax, options: Self.options(name))
        // Refused: exactly the errors `check` reports (a look-alike's included), none of a table formatted.
        let text = TextLines(input)
        let errors = DocumentFormatter.diagnostics(text, scan: syntax.scan(text, options: Self.options(name).scan), options: Self.options(name)).filter { $0.severity == .error }
        #expect(result.refused == errors)
        #expect(errors.allSatisfy { $0.code == .delimiterCountMismatch })
        let ext = (name as NSString).pathExtension
        let expectedURL = Self.expectation(name, suffix: "expected.\(ext)")
        if Self.updating { try Data(result.output).write(to: expectedURL) }
        let expected = try Data(contentsOf: expectedURL)
        #expect(String(decoding: result.output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let again = DocumentFormatter.format(result.output, syntax: syntax, options: Self.options(name)).output
        #expect(again == result.output, "formatting the expectation changes it")
    }

    @Test(arguments: inputs(in: ["invalid-grid", "invalid-simple", "invalid-list"]))
    func invalidTableIsReportedAndLeftAlone(_ name: String) throws {
        let input = try Self.read(name)
        let text = TextLines(input)
        let diagnostics = DocumentFormatter.diagnostics(text, scan: DocumentSyntax(path: name).scan(text))
        let report = diagnostics.map { d -> String in
            let line = text.starts.lastIndex { $0 <= d.range.lowerBound }!
            return "\(line + 1):\(d.range.lowerBound - text.starts[line] + 1): \(d.severity.rawValue): \(d.message) [\(d.code.rawValue)]\n"
        }.joined()
        let expectedURL = Self.expectation(name, suffix: "check.txt")
        if Self.updating { try Data(report.utf8).write(to: expectedURL) }
        #expect(report == String(decoding: try Data(contentsOf: expectedURL), as: UTF8.self))
        #expect(!diagnostics.isEmpty)
        let result = DocumentFormatter.format(input, syntax: DocumentSyntax(path: name))
        #expect(result.output == input, "a table with an error was rewritten")
        let order: (Diagnostic, Diagnostic) -> Bool = { ($0.range.lowerBound, $0.message) < ($1.range.lowerBound, $1.message) }
        #expect(result.refused.sorted(by: order) == diagnostics.filter { $0.severity == .error }.sorted(by: order))
    }

    /// The first quick fix of the first diagnostic, applied, gives `NAME.fixed.md`, which reads without error.
    @Test(arguments: inputs(in: ["invalid-grid", "invalid-simple", "invalid-list"]))
    func quickFixRepairsTheTable(_ name: String) throws {
        let input = try Self.read(name)
        let text = TextLines(input)
        let syntax = DocumentSyntax(path: name)
        let fixURL = Self.expectation(name, suffix: "fixed.md")
        guard let fix = DocumentFormatter.diagnostics(text, scan: syntax.scan(text)).first?.fixes.first else {
            #expect(!FileManager.default.fileExists(atPath: fixURL.path), "a fix was expected")
            return
        }
        let fixed = TextEdit.apply(fix.edits, to: input)
        if Self.updating { try Data(fixed).write(to: fixURL) }
        #expect(String(decoding: fixed, as: UTF8.self) == String(decoding: try Data(contentsOf: fixURL), as: UTF8.self), "\(fix.title)")
        let fixedText = TextLines(fixed)
        #expect(DocumentFormatter.diagnostics(fixedText, scan: syntax.scan(fixedText)).filter { $0.severity == .error } == [])
    }
}
