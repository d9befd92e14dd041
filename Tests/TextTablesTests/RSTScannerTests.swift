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
}
