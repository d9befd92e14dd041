import Testing
import TextTables

struct RSTScannerTests {
    @Test func aGridTableRightAfterALiteralBlockIsFound() {
        // docutils reads it as a table; the blank line that ended the literal block was not counted.
        let text = TextLines(Array("Example::\n\n  +---+\n  | x |\n  +---+\n\n+---+\n| a |\n+---+\n".utf8))
        #expect(RSTScanner.scan(text).tables.map(\.firstLine) == [6])
    }
}
