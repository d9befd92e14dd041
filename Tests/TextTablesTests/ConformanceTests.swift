import TestSupport
import Foundation
import Testing
@testable import TextTables

/// GitHub's renderer must read a formatted document exactly as it read the original, and find the tables
/// gridls finds: one comparison that catches lost cells, broken escapes, tables invented and tables missed.
@Suite(.enabled(if: Cmark.isAvailable, "cmark-gfm is not installed (apt-get install cmark-gfm); CI=true runs it"))
struct ConformanceTests {
    /// GitHub's Markdown has no grid tables: only the pipe-table fixtures are compared here.
    @Test(arguments: FixtureTests.inputs(in: ["default", "ambiguous-width-2", "compact-delimiter-row"]))
    func fixtureRendersTheSameAfterFormatting(_ name: String) throws {
        let input = Array(try Data(contentsOf: FixtureTests.root.appendingPathComponent(name)))
        let options = FixtureTests.optionSets[String(name.prefix { $0 != "/" })]!
        try expectSameMeaning(input, options: options, countTables: name != "default/not-tables.md")
    }

    /// `GRIDLS_RANDOM_DOCUMENTS=N` compares N documents instead of 2,000 (seeds 0..<N).
    static let randomSeeds = 0..<(UInt64(ProcessInfo.processInfo.environment["GRIDLS_RANDOM_DOCUMENTS"] ?? "") ?? 2000)

    /// Every document, those with front matter and `$$` lines too: gridls formats only the tables that
    /// GitHub's reading and cmark-gfm's agree on, so cmark-gfm must see no change either way.
    @Test(arguments: randomSeeds)
    func randomDocumentRendersTheSameAfterFormatting(seed: UInt64) throws {
        var generator = RandomDocument(seed: seed)
        let document = Array(generator.make().utf8)
        try expectSameMeaning(document, options: FormatOptions())
    }

    /// The long-running renderer the tests use reads as the `cmark-gfm` program does.
    @Test(arguments: 0..<UInt64(20))
    func cmarkProgramAgrees(seed: UInt64) throws {
        var generator = RandomDocument(seed: seed)
        let document = Array(generator.make().utf8)
        #expect(try Cmark.html(document) == Cmark.programHTML(document))
    }

    /// `countTables` is off for a fixture with front matter or math.
    private func expectSameMeaning(_ input: [UInt8], options: FormatOptions, countTables: Bool = true) throws {
        let output = DocumentFormatter.format(input, options: options).output
        let before = try Cmark.html(input)
        #expect(try Cmark.html(output) == before, "\(String(decoding: input, as: UTF8.self))")
        // Tables gridls refuses as ambiguous are left alone (the HTML above shows it) but not counted.
        let scan = MarkdownScanner.scan(TextLines.readerLines(input))
        guard countTables, !scan.diagnostics.contains(where: { $0.code == .ambiguousTable }) else { return }
        let tablesFound = scan.tables.filter { $0.kind == .pipe }.count  // grid tables are pandoc's, not GitHub's
        let tablesRendered = before.components(separatedBy: "<table>").count - 1
        #expect(tablesFound == tablesRendered, "\(String(decoding: input, as: UTF8.self))")
    }
}
