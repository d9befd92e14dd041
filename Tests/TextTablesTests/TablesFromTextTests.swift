import Testing
@testable import TextTables
import TestSupport

/// Lines made a table, empty tables inserted, tables copied as CSV: the document after each, exactly.
struct TablesFromTextTests {
    func converting(_ document: String, lines: Range<Int>, syntax: DocumentSyntax = .markdown) -> String? {
        let text = TextLines(document)
        guard let edit = TablesFromText.table(from: lines, in: text, syntax: syntax, options: .init()) else { return nil }
        return String(decoding: TextEdit.apply([edit], to: text.bytes), as: UTF8.self)
    }

    @Test func csvWithQuotedCommasBecomesAPipeTable() {
        #expect(converting("Intro\nname,city\n\"Smith, J\",\"New \"\"York\"\"\"\na|b,2\nOutro\n", lines: 1..<4) == """
            Intro

            | name     | city       |
            | -------- | ---------- |
            | Smith, J | New "York" |
            | a\\|b     | 2          |

            Outro

            """)
    }

    @Test func tabsAndRunsOfSpacesAreSeparatorsAsOrgChoosesThem() {
        #expect(converting("a\tb c\n1\t2\n", lines: 0..<2) == "| a   | b c |\n| --- | --- |\n| 1   | 2   |\n")
        #expect(converting("  New York   8.3\n  Paris  2.1\n", lines: 0..<2) == "  | New York | 8.3 |\n  | -------- | --- |\n  | Paris    | 2.1 |\n")
    }

    @Test func inReStructuredTextLinesBecomeAGridTable() {
        #expect(converting("a,b\n1,\"x\ny\"\n", lines: 0..<3, syntax: .restructuredText)
            == "+---+---+\n| a | b |\n+===+===+\n| 1 | x |\n|   | y |\n+---+---+\n")
    }

    @Test func blankLinesHoldNoTable() {
        #expect(converting("\n\n", lines: 0..<2) == nil)
    }

    func inserting(_ document: String, rows: Int, columns: Int, at line: Int, syntax: DocumentSyntax = .markdown) -> String? {
        let text = TextLines(document)
        guard let (edit, cursorLine, byte) = TablesFromText.emptyTable(rows: rows, columns: columns, at: line, in: text, syntax: syntax, options: .init()) else {
            return nil
        }
        let after = TextLines(TextEdit.apply([edit], to: text.bytes))
        return Caret.shown(after.bytes, at: after.starts[cursorLine] + byte)
    }

    @Test func anEmptyTableGoesOnABlankLineOrBelowTheCursorsLine() {
        #expect(inserting("Intro\n\nOutro\n", rows: 2, columns: 2, at: 1) == "Intro\n\n| ‸    |     |\n| --- | --- |\n|     |     |\n\nOutro\n")
        #expect(inserting("Intro\nOutro\n", rows: 1, columns: 3, at: 0) == "Intro\n\n| ‸    |     |     |\n| --- | --- | --- |\n\nOutro\n")
        #expect(inserting("Intro\n", rows: 2, columns: 1, at: 1) == "Intro\n\n| ‸    |\n| --- |\n|     |\n")
        #expect(inserting("Intro\r\n", rows: 2, columns: 1, at: 0) == "Intro\r\n\r\n| ‸    |\r\n| --- |\r\n|     |\r\n")
        #expect(inserting("Intro\n\n", rows: 2, columns: 2, at: 1, syntax: .restructuredText)
            == "Intro\n\n+---+---+\n| ‸  |   |\n+===+===+\n|   |   |\n+---+---+\n")
        #expect(inserting("Intro\n", rows: 0, columns: 2, at: 0) == nil)
    }

    @Test func aTableCopiedAsCSV() {
        let text = TextLines("| a | b |\n|---|---|\n| x\\|y | \"q\", r |\n")
        let reading = TableReading(text, region: DocumentSyntax.markdown.scan(text).tables[0], options: .init())
        #expect(TablesFromText.csv(reading) == "a,b\nx|y,\"\"\"q\"\", r\"\n")
        let grid = TextLines("+---+---+\n| a     |\n+---+---+\n| 1 | 2 |\n| 3 |   |\n+---+---+\n")
        let gridReading = TableReading(grid, region: DocumentSyntax.markdown.scan(grid).tables[0], options: .init())
        #expect(TablesFromText.csv(gridReading) == "a,\n\"1\n3\",2\n")
    }
}
