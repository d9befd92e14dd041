import Testing
@testable import TextTables

struct RSTScannerTests {
    @Test func aGridTableRightAfterALiteralBlockIsFound() {
        // docutils reads it as a table; the blank line that ended the literal block was not counted.
        let text = TextLines(Array("Example::\n\n  +---+\n  | x |\n  +---+\n\n+---+\n| a |\n+---+\n".utf8))
        #expect(RSTScanner.scan(text).tables.map(\.firstLine) == [6])
    }

    /// docutils starts a grid table only at `+-[-+]+-+`: colons, `=` or a column under 3 dashes make a paragraph,
    /// which formatting must leave one.
    @Test(arguments: ["+:------+------:+\n| Fruit | Qty |\n+=======+=======+\n| apple | 3 |\n+-------+-------+\n",
                      "+--+\n|a |\n|  |\n|b |\n+--+\n", "+=====+\n| a |\n+=====+\n", "+-+\n|a|\n+-+\n"])
    func bordersDocutilsDoesNotReadAreNoTables(_ table: String) {
        let document = "Prices\n\n" + table
        #expect(RSTScanner.scan(TextLines(Array(document.utf8))).tables.isEmpty)
        #expect(DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output == Array(document.utf8))
        #expect(RSTScanner.scan(TextLines(Array("+---+\n| a |\n+---+\n".utf8))).tables.count == 1)
    }

    /// Simple tables are isolated as docutils isolates them: from a top border of two `=` runs at least,
    /// blank lines included, to the second rule below it or the first rule followed by a blank line.
    @Test func simpleTablesEndWhereDocutilsEndsThem() {
        let document = """
            Text.

            =====  =====
            a      b

            c      d
            =====  =====
            e      f
            =====  =====
            After.

            ===  ===
            x    y
            ===  ===

            Done.
            """
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.map(\.kind) == [.simple, .simple])
        #expect(scan.tables.map(\.lines) == [2..<9, 11..<14])
        #expect(scan.diagnostics.isEmpty)
    }

    /// A title's overline and underline, a transition, a one-column border, a border after a paragraph
    /// line and one in a literal block are not tables.
    @Test(arguments: ["=====\nTitle\n=====\n", "Title\n=====\n", "Text.\n\n----------\n\nMore.\n",
                      "=====\nx\n=====\n", "Text\n===  ===\na    b\n===  ===\n", "Code::\n\n  ===  ===\n  a    b\n  ===  ===\n"])
    func linesDocutilsDoesNotReadAsASimpleTableAreNone(_ document: String) {
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.isEmpty)
        #expect(DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output == Array(document.utf8))
    }

    @Test func aSimpleTableWithoutABottomBorderIsAnErrorWithAFix() throws {
        let document = "===  ===\na    b\nc    d\n"
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.isEmpty)
        let diagnostic = try #require(scan.diagnostics.first)
        #expect(diagnostic.code == .unclosedTable && diagnostic.range == 0..<8)
        let fixed = DocumentFormatter.apply(try #require(diagnostic.fixes.first).edits, to: Array(document.utf8))
        #expect(String(decoding: fixed, as: UTF8.self) == "===  ===\na    b\nc    d\n===  ===\n")
    }
}
