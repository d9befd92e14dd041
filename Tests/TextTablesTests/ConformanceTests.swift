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
        let output = DocumentFormatter.format(input, syntax: .markdown, options: options).output
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

/// The table keys begin (or widen) a table only where GitHub's renderer then reads one: on random
/// documents (code fences, HTML blocks, math, front matter, quotes and lists among tables), every line
/// outside tables that holds a `|` is tried with <Tab>; where the key makes an edit, cmark-gfm must read
/// more tables (a `-` under the line that underlined it as a heading can become a list item holding the
/// next one), or as many with more columns: never a table swallowed, never one that is not there.
@Suite(.enabled(if: Cmark.isAvailable, "cmark-gfm is not installed (apt-get install cmark-gfm); CI=true runs it"))
struct TableBegunConformanceTests {
    @Test func aBegunTableIsATableToGitHub() throws {
        var begun = 0
        for seed in 0..<UInt64(600) {
            var generator = RandomDocument(seed: seed &+ 40_000)
            // A header being typed (`| Name | Age`, or ` Town |` past one) put on a random line: in code,
            // HTML, math, quotes, lists or paragraphs.
            var lines = generator.make().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let at = generator.random.int(0...lines.count - 1)
            lines.insert(generator.random.pick(["| Name | Age", "|Name|Age|", "  | a | b", "| a | b | Town |"]), at: at)
            let document = Array(lines.joined(separator: "\n").utf8)
            // A carriage return alone is a line end to cmark-gfm and not to the server (Vim's lines): those
            // documents are the lone-CR tests' to check.
            guard !document.indices.contains(where: { document[$0] == 0x0D && ($0 + 1 == document.count || document[$0 + 1] != 0x0A) }) else { continue }
            let text = TextLines(document)
            let scan = MarkdownScanner.scan(text)
            let before = try Cmark.html(document)
            for line in 0..<text.count where text.bytes[text.starts[line]..<text.contentEnd(line)].contains(UInt8(ascii: "|"))
                && !scan.tables.contains(where: { $0.lines.contains(line) }) {
                guard let made = TablesFromText.tableBegun(in: text, startsDocument: true, line: line, at: text.contentEnd(line) - text.starts[line],
                                                           .nextCell, syntax: .markdown, options: .init()) else { continue }
                let start = text.starts[made.replaced.lowerBound], end = text.contentEnd(made.replaced.upperBound - 1)
                let after = try Cmark.html(Array(document[..<start]) + made.newText + Array(document[end...]))
                let tables = { (html: String) in html.components(separatedBy: "<table>").count - 1 }
                let columns = { (html: String) in html.components(separatedBy: "<th").count - 1 }
                #expect(tables(after) > tables(before) || (tables(after) == tables(before) && columns(after) > columns(before)),
                        "seed \(seed), line \(line): \(String(decoding: document, as: UTF8.self).debugDescription)")
                begun += 1
            }
        }
        #expect(begun > 50)
    }
}
