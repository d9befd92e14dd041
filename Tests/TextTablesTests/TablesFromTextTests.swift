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
        #expect(converting("a\tb c\n1\t2\n", lines: 0..<2) == """
            | a   | b c |
            | --- | --- |
            | 1   | 2   |

            """)
        #expect(converting("  New York   8.3\n  Paris  2.1\n", lines: 0..<2) == """
              | New York | 8.3 |
              | -------- | --- |
              | Paris    | 2.1 |

            """)
    }

    @Test func inReStructuredTextLinesBecomeAGridTable() {
        #expect(converting("a,b\n1,\"x\ny\"\n", lines: 0..<3, syntax: .restructuredText)
            == """
                +---+---+
                | a | b |
                +===+===+
                | 1 | x |
                |   | y |
                +---+---+

                """)
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
        #expect(inserting("Intro\n\nOutro\n", rows: 2, columns: 2, at: 1) == """
            Intro

            | ‸    |     |
            | --- | --- |
            |     |     |

            Outro

            """)
        #expect(inserting("Intro\nOutro\n", rows: 1, columns: 3, at: 0) == """
            Intro

            | ‸    |     |     |
            | --- | --- | --- |

            Outro

            """)
        #expect(inserting("Intro\n", rows: 2, columns: 1, at: 1) == """
            Intro

            | ‸    |
            | --- |
            |     |

            """)
        #expect(inserting("Intro\r\n", rows: 2, columns: 1, at: 0) == "Intro\r\n\r\n| ‸    |\r\n| --- |\r\n|     |\r\n")
        #expect(inserting("Intro\n\n", rows: 2, columns: 2, at: 1, syntax: .restructuredText)
            == """
                Intro

                +---+---+
                | ‸  |   |
                +===+===+
                |   |   |
                +---+---+

                """)
        #expect(inserting("Intro\n", rows: 0, columns: 2, at: 0) == nil)
    }

    @Test func aTableCopiedAsCSV() {
        let text = TextLines("""
            | a | b |
            |---|---|
            | x\\|y | \"q\", r |

            """)
        let reading = TableReading(text, region: DocumentSyntax.markdown.scan(text).tables[0], options: .init())
        #expect(TablesFromText.csv(reading) == """
            a,b
            x|y,\"\"\"q\"\", r\"

            """)
        let grid = TextLines("""
            +---+---+
            | a     |
            +---+---+
            | 1 | 2 |
            | 3 |   |
            +---+---+

            """)
        let gridReading = TableReading(grid, region: DocumentSyntax.markdown.scan(grid).tables[0], options: .init())
        #expect(TablesFromText.csv(gridReading) == "a,\n\"1\n3\",2\n")
    }
}
