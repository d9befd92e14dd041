import Testing
@testable import TextTables
import TestSupport

/// Org-style cell navigation: the document after each step, with `‸` where the cursor goes.
struct CellNavigationTests {
    /// The document after one step from the `‸` in `marked`, with `‸` at the new cursor; nil when the
    /// step does not apply (outside tables, unreadable tables).
    func step(_ marked: String, _ direction: NavigationDirection, syntax: DocumentSyntax = .markdown) -> String? {
        let caret = Caret(marked), offset = caret.offset
        let text = TextLines(caret.text)
        guard let region = syntax.scan(text).tables.first(where: { $0.lines.contains(text.line(containing: offset)) }) else { return nil }
        let reading = TableReading(text, region: region, options: .init())
        guard let step = reading.navigate(from: offset, direction, syntax: syntax, isFormatted: nil) else { return nil }
        let after = TextLines(TextEdit.apply(step.edits, to: text.bytes))
        let line = region.firstLine + step.line
        #expect(Array(after.bytes[after.starts[line]..<after.contentEnd(line)]) == step.lineText)
        return Caret.shown(after.bytes, at: after.starts[line] + step.byte)
    }

    let pipe = """
        Intro

        | a | b |
        |---|--:|
        | 1 | 2 |

        Outro

        """

    @Test func tabRealignsAndGoesToTheNextCell() {
        #expect(step("""
            Intro

            | a‸ | b |
            |---|--:|
            | 1 | 2 |

            Outro

            """, .nextCell)
            == """
                Intro

                | a   |   ‸b |
                | --- | --: |
                | 1   |   2 |

                Outro

                """)
    }

    @Test func tabFromTheLastHeaderCellSkipsTheDelimiterRow() {
        #expect(step("""
            | a | b‸ |
            |---|---|
            | 1 | 2 |

            """, .nextCell) == """
            | a   | b   |
            | --- | --- |
            | ‸1   | 2   |

            """)
    }

    @Test func tabFromTheLastCellOpensARow() {
        #expect(step("""
            | a | b |
            | --- | --- |
            | 1 | 2‸ |

            """, .nextCell)
            == """
                | a   | b   |
                | --- | --- |
                | 1   | 2   |
                | ‸    |     |

                """)
        // A header alone gets its first body row.
        #expect(step("""
            | a | b‸ |
            |---|---|

            """, .nextCell) == """
            | a   | b   |
            | --- | --- |
            | ‸    |     |

            """)
    }

    @Test func shiftTabGoesBackAndStopsAtTheFirstCell() {
        #expect(step("""
            | a   | b   |
            | --- | --- |
            | ‸1   | 2   |

            """, .previousCell) == """
            | a   | ‸b   |
            | --- | --- |
            | 1   | 2   |

            """)
        #expect(step("""
            | a‸ | b |
            |---|---|

            """, .previousCell) == """
            | ‸a   | b   |
            | --- | --- |

            """)
    }

    @Test func enterGoesToTheSameColumnBelowAndOpensARowAtTheEnd() {
        #expect(step("""
            | a | b‸ |
            |---|---|
            | 1 | 2 |

            """, .nextRow) == """
            | a   | b   |
            | --- | --- |
            | 1   | ‸2   |

            """)
        #expect(step("""
            | a | b |
            |---|---|
            | 1 | 2‸ |

            """, .nextRow) == """
            | a   | b   |
            | --- | --- |
            | 1   | 2   |
            |     | ‸    |

            """)
    }

    @Test func anAlignedTableIsNotEdited() throws {
        let text = TextLines("""
            | a   | b   |
            | --- | --- |
            | 1   | 2   |

            """)
        let reading = TableReading(text, region: DocumentSyntax.markdown.scan(text).tables[0], options: .init())
        let step = try #require(reading.navigate(from: 2, .nextCell, syntax: .markdown, isFormatted: nil))
        #expect(step.edits.isEmpty)
        #expect((step.line, step.byte) == (0, 8))
    }

    @Test func containersKeepTheirPrefixesOnTheNewRow() {
        #expect(step("""
            > | a | b |
            > |---|---|
            > | 1 | 2‸ |
            """, .nextCell)
            == """
                > | a   | b   |
                > | --- | --- |
                > | 1   | 2   |
                > | ‸    |     |
                """)
        #expect(step("""
            - item

              | é | 表 |
              |---|---|
              | 1 | 2‸ |

            """, .nextRow)
            == """
                - item

                  | é   | 表  |
                  | --- | --- |
                  | 1   | 2   |
                  |     | ‸    |

                """)
    }

    /// reStructuredText simple tables: a blank cell at a row's end has no character on its line, so the
    /// step pads the line up to the cell (Tab once came back to the same place); a new row is a line of
    /// spaces, which docutils ignores until something is typed (not a `\\` the cursor would stand before).
    @Test func simpleTablesWalkIntoBlankCellsAndOpenRows() {
        let table = """
            =====  =====
            Name   Age
            =====  =====

            """
        #expect(step(table + """
            Ada‸
            =====  =====

            """, .nextCell, syntax: .restructuredText)
            == """
                ====  ===
                Name  Age
                ====  ===
                Ada   ‸
                ====  ===

                """)
        #expect(step(table + """
            Ada    36‸
            =====  =====

            """, .nextCell, syntax: .restructuredText)
            == """
                ====  ===
                Name  Age
                ====  ===
                Ada   36
                ‸
                ====  ===

                """)
        #expect(step(table + """
            Ada    36‸
            =====  =====

            """, .nextRow, syntax: .restructuredText)
            == """
                ====  ===
                Name  Age
                ====  ===
                Ada   36
                      ‸
                ====  ===

                """)
        #expect(step("""
              ====  ===
              Name  Age
              ====  ===
              Ada   36‸
              ====  ===

            """, .nextCell, syntax: .restructuredText)
            == """
                  ====  ===
                  Name  Age
                  ====  ===
                  Ada   36
                  ‸
                  ====  ===

                """)
        // What is typed on the new line is a row; Tab goes on from it.
        #expect(step("""
            ====  ===
            Name  Age
            ====  ===
            Ada   36
            Cy‸
            ====  ===

            """, .nextCell, syntax: .restructuredText)
            == """
                ====  ===
                Name  Age
                ====  ===
                Ada   36
                Cy    ‸
                ====  ===

                """)
    }

    @Test func outsideTablesAndInUnreadableTablesNothingHappens() {
        #expect(step("""
            Intro‸

            | a | b |
            |---|---|

            """, .nextCell) == nil)
        #expect(step("""
            +---+---+
            | a‸ | b |
            +---+--+

            """, .nextCell) == nil)
    }
}
