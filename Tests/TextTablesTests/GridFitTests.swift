import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Grid tables bounded by `maxWidth`: the widest columns' paragraphs are filled again at word boundaries,
/// the words, paragraph breaks, list items, inline code and URLs kept; readers read the same text.
struct GridFitTests {
    func formatted(_ text: String, maxWidth: Int, syntax: DocumentSyntax = .restructuredText) -> String {
        String(decoding: DocumentFormatter.format(Array(text.utf8), syntax: syntax, options: FormatOptions(maxWidth: maxWidth)).output, as: UTF8.self)
    }

    /// A grid table of `rows`; with `lastRowSpans`, the last row is its first cell spanning every column.
    static func table(_ rows: [[[String]]], header: Bool = true, lastRowSpans: Bool = false) -> String {
        var cells = rows.enumerated().flatMap { r, row in row.enumerated().map { c, lines in GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: lines) } }
        if lastRowSpans {
            cells.removeLast(rows[0].count)
            cells.append(GridCell(rows: rows.count - 1..<rows.count, columns: 0..<rows[0].count, lines: rows[rows.count - 1][0]))
        }
        let grid = try! Grid(rowCount: rows.count, columnCount: rows[0].count, cells: cells, headerRowCount: header ? 1 : 0)
        return GridTablePrinter(grid, options: WidthOptions(), syntax: .restructuredText).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
    }

    @Test func theWidestColumnIsWrappedAtWordsKeepingListsAndCode() {
        let wide = Self.table([
            [["name"], ["description"]],
            [["alpha"], ["The quick brown fox jumps over the lazy dog, then ``inline code with spaces`` stays whole.", "",
                         "- a list item that is long enough to wrap around", "- second item"]],
        ])
        #expect(formatted(wide, maxWidth: 40) == """
            +-------+-----------------------------+
            | name  | description                 |
            +=======+=============================+
            | alpha | The quick brown fox jumps   |
            |       | over the lazy dog, then     |
            |       | ``inline code with spaces`` |
            |       | stays whole.                |
            |       |                             |
            |       | - a list item that is long  |
            |       |   enough to wrap around     |
            |       | - second item               |
            +-------+-----------------------------+

            """)
        #expect(formatted(wide, maxWidth: 200) == wide, "a table within the bound is left as it is")
    }

    @Test func aTableItsWordsKeepWideIsAsNarrowAsTheyAllowAndSaysSo() throws {
        let url = "https://example.com/a/very/long/url/path"
        let wide = Self.table([[["url"], ["see \(url) for more"]]], header: false)
        let output = formatted(wide, maxWidth: 30)
        let least = (3 + 3) + (url.count + 3) + 1
        #expect(output.split(separator: "\n" as Character).map(\.count).max() == least)
        let text = TextLines(Array(output.utf8))
        let diagnostics = DocumentFormatter.diagnostics(text, scan: RSTScanner.scan(text), options: FormatOptions(maxWidth: 30))
        #expect(diagnostics.map(\.code) == [.tableTooWide])
        #expect(diagnostics.first?.severity == .information)
        #expect(diagnostics.first?.message.hasPrefix("this table is \(least) columns wide at the least, more than maxWidth 30") == true)
        #expect(formatted(output, maxWidth: 30) == output, "idempotent")
    }

    /// A cell spanning columns counts as their cells do: the columns give no more than it lets them, the
    /// table is no narrower than it, and a second fit changes nothing (fuzz-fit found a fit that stopped at
    /// widths the printer then widened for the spanning cell, so that the next fit wrapped otherwise).
    @Test func aCellSpanningColumnsKeepsThemAsWideAsItNeedsAndSaysSo() throws {
        let url = "https://example.com/a/very/long/url/path/to/a/page"
        let cells = [GridCell(rows: 0..<1, columns: 0..<1, lines: ["a"]),
                     GridCell(rows: 0..<1, columns: 1..<2, lines: ["some paragraph text that runs long enough to be wrapped around"]),
                     GridCell(rows: 1..<2, columns: 0..<2, lines: ["see", url])]
        let grid = try Grid(rowCount: 2, columnCount: 2, cells: cells, headerRowCount: 0)
        let wide = GridTablePrinter(grid, options: WidthOptions(), syntax: .restructuredText).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let output = formatted(wide, maxWidth: 30)
        #expect(output == """
            +----+-----------------------------------------------+
            | a  | some paragraph text that runs long enough to  |
            |    | be wrapped around                             |
            +----+-----------------------------------------------+
            | see                                                |
            | https://example.com/a/very/long/url/path/to/a/page |
            +----+-----------------------------------------------+

            """)
        #expect(formatted(output, maxWidth: 30) == output, "idempotent")
        let text = TextLines(Array(output.utf8))
        let diagnostics = DocumentFormatter.diagnostics(text, scan: RSTScanner.scan(text), options: FormatOptions(maxWidth: 30))
        #expect(diagnostics.map(\.code) == [.tableTooWide])
        #expect(diagnostics.first?.message.hasPrefix("this table is 54 columns wide at the least, more than maxWidth 30") == true)
    }

    @Test func aWordThatWouldBeMarkupAtTheStartOfALineKeepsItsNeighbour() {
        #expect(CellText.words("a - b c --- d 1. e") == ["a -", "b", "c ---", "d 1.", "e"])
        #expect(CellText.words("x `a b` y ``c `d` e``") == ["x", "`a b`", "y", "``c `d` e``"])
    }

    /// Random cells of long text (CJK, URLs, inline code, list items, several paragraphs), a third of the
    /// tables ending in a cell that spans every column, fitted to random widths: formatting is idempotent,
    /// fits where the words allow (else says so), and docutils and pandoc read the same cells with the same
    /// text (white space collapsed) and blocks.
    @Test(arguments: [DocumentSyntax.restructuredText, .markdown])
    func randomTablesFitAndReadTheSame(_ syntax: DocumentSyntax) throws {
        var random = SeededRandom(seed: syntax == .markdown ? 7 : 11)
        let code = syntax == .markdown ? "`code span`" : "``code span``"
        let words = ["alpha", "beta", "gamma", "東京都", "日本語の文", "https://example.org/some/long/path", code, "x", "42", "**bold**", "±°"]
        func paragraph() -> String { (0..<random.int(3...18)).map { _ in random.pick(words) }.joined(separator: " ") }
        func cell() -> [String] {
            switch random.int(0...4) {
            case 0: return []
            case 1: return ["- " + paragraph(), "- " + paragraph()]
            case 2: return [paragraph(), "", paragraph()]
            default: return [paragraph()]
            }
        }
        var inputs: [UInt8] = [], outputs: [UInt8] = []
        let count = FitPreservesReadingTests.caseCount * 3  // 120 by default: 30 found no spanning-cell case
        for n in 0..<count {
            let rows = random.int(2...4), columns = random.int(2...4)
            var cells = (0..<rows).map { _ in (0..<columns).map { _ in cell() } }
            let spans = random.int(0...2) == 0
            if spans { cells[rows - 1][0] = [paragraph(), "", "https://example.org/a/path/long/enough/to/hold/its/columns/wide"] }
            let table = Self.table(cells, lastRowSpans: spans)
            let maxWidth = random.int(30...90)
            let options = FormatOptions(maxWidth: maxWidth)
            let output = DocumentFormatter.format(Array(table.utf8), syntax: syntax, options: options).output
            #expect(DocumentFormatter.format(output, syntax: syntax, options: options).output == output, "not idempotent at \(maxWidth):\n\(table)")
            let text = TextLines(output)
            let widest = text.starts.indices.map { text.contentEnd($0) - text.starts[$0] }.max() ?? 0
            let said = DocumentFormatter.diagnostics(text, scan: syntax.scan(text), options: options).contains { $0.code == .tableTooWide }
            #expect(said || String(decoding: output, as: UTF8.self).split(separator: "\n" as Character).allSatisfy { ReferenceReader(syntax).width(of: $0) <= maxWidth },
                    "wider than \(maxWidth) and not said (\(widest) bytes)")
            inputs += Array("Table \(n)\n\n".utf8) + Array(table.utf8) + [0x0A]
            outputs += Array("Table \(n)\n\n".utf8) + output + [0x0A]
        }
        guard ReferenceReaders.isAvailable else { return }
        let ext = syntax == .markdown ? "md" : "rst"
        for reader in syntax == .markdown ? ["pandoc-markdown"] : ["docutils", "pandoc-rst"] {
            let before = try ReferenceReaders.read(reader, inputs, fileExtension: ext)
            #expect(try ReferenceReaders.read(reader, outputs, fileExtension: ext) == before, "\(reader)")
            #expect(before.components(separatedBy: "\"aligns\"").count - 1 == count, "\(reader) did not read every table")
        }
    }
}
