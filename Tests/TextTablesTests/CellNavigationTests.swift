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

    let spanning = """
        +---+---+---+
        | a | b     |
        +---+---+---+
        | c | d | e |
        |   |   | f |
        +---+---+---+

        """

    @Test func aSpanningCellIsOneStop() {
        #expect(step(spanning.replacingOccurrences(of: "| a |", with: "| a‸ |"), .nextCell)
            == spanning.replacingOccurrences(of: "| b ", with: "| ‸b "))
        #expect(step(spanning.replacingOccurrences(of: "| b ", with: "| b‸ "), .nextCell)
            == spanning.replacingOccurrences(of: "| c |", with: "| ‸c |"))
        // Enter from the right half of the spanning cell goes to the column it is in.
        #expect(step(spanning.replacingOccurrences(of: "b     |", with: "b    ‸ |"), .nextRow)
            == spanning.replacingOccurrences(of: "| e |", with: "| ‸e |"))
    }

    @Test func aMultiLineCellIsOneStopAndTheLastOpensARow() {
        let from = spanning.replacingOccurrences(of: "| f |", with: "| f‸ |")
        #expect(step(from, .nextCell) == spanning + """
            | ‸  |   |   |
            +---+---+---+

            """)
        #expect(step(spanning.replacingOccurrences(of: "| e |", with: "| e‸ |"), .previousCell)
            == spanning.replacingOccurrences(of: "| d |", with: "| ‸d |"))
    }

    @Test func aRuleLineStandsForTheCellBelowIt() {
        let from = """
            +---+---+
            | a | b |
            +===+===+
            | c‸| d |
            +---+---+

            """.replacingOccurrences(of: """
            +===+===+
            | c‸
            """, with: "+=‸==+===+\n| c ")
        #expect(step(from, .nextCell) == """
            +---+---+
            | a | b |
            +===+===+
            | c | ‸d |
            +---+---+

            """)
    }

    @Test func textTypedIntoAGridCellIsReLaidOnTheWayOut() {
        #expect(step("""
            +---+---+---+
            | a | bcd‸ | c |
            +---+---+---+
            | d | e | f |
            +---+---+---+

            """, .nextCell)
            == """
                +---+-----+---+
                | a | bcd | ‸c |
                +---+-----+---+
                | d | e   | f |
                +---+-----+---+

                """)
        #expect(step("""
            +---+---+
            | a | b |
            +===+===+
            | 表‸ |   |
            +---+---+

            """, .nextRow)
            == """
                +----+---+
                | a  | b |
                +====+===+
                | 表 |   |
                +----+---+
                | ‸   |   |
                +----+---+

                """)
    }

    /// Found by the fuzzer: a cursor in the list indentation of a grid table whose text was pushed out of line.
    @Test func aCursorInTheContainerPrefixOfADriftedGridTable() {
        #expect(step("""
            - item

              +------+-----+
            ‸  | in   | a list  |
              +------+-----+

            """, .nextCell)
            == """
                - item

                  +----+--------+
                  | in | ‸a list |
                  +----+--------+

                """)
    }

    /// Found by the random documents once they held grid tables in block quotes: a cursor in the `> ` or on
    /// the left edge is at the first cell, as in a pipe table.
    @Test func aCursorOnTheLeftEdgeOfAGridTableIsAtItsFirstCell() {
        #expect(step("""
            > +---+---+
            ‸> | a | b |
            > +---+---+

            """, .nextCell) == """
            > +---+---+
            > | a | ‸b |
            > +---+---+

            """)
        #expect(step("""
            +---+---+
            ‸| a | b |
            +---+---+

            """, .nextCell) == """
            +---+---+
            | a | ‸b |
            +---+---+

            """)
        #expect(step("""
            ‸+---+---+
            | a | b |
            +---+---+

            """, .previousCell) == """
            +---+---+
            | ‸a | b |
            +---+---+

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

/// A table begun on one line, or widened from its header, with <Tab> or <Enter>, as in Org.
struct TableBegunTests {
    /// The document after the key at ‸ (the whole document as the window), ‸ where the cursor goes; nil
    /// when the key keeps its usual meaning.
    func begun(_ marked: String, _ direction: NavigationDirection) -> String? {
        let caret = Caret(marked), offset = caret.offset
        let text = TextLines(Array(caret.text.utf8))
        let line = text.line(containing: offset)
        guard let made = TablesFromText.tableBegun(in: text, startsDocument: true, line: line, at: offset - text.starts[line],
                                                   direction, syntax: .markdown, options: .init()) else { return nil }
        let start = text.starts[made.replaced.lowerBound], end = text.contentEnd(made.replaced.upperBound - 1)
        let newText = TextLines(made.newText)
        return Caret.shown(Array(text.bytes[..<start]) + made.newText + Array(text.bytes[end...]), at: start + newText.starts[made.line] + made.byte)
    }

    @Test func aHeaderLineBecomesATable() {
        #expect(begun("| Name‸ | Age", .nextCell) == """
            | Name | ‸Age |
            | ---- | --- |
            """)
        #expect(begun("|Name|Age‸", .nextCell) == """
            | Name | Age |
            | ---- | --- |
            | ‸     |     |
            """)
        #expect(begun("  | Name | Age‸ |", .nextRow) == """
              | Name | Age |
              | ---- | --- |
              |      | ‸    |
            """)
        #expect(begun("""
            Notes

            | Name | Age‸

            End

            """, .nextCell) == """
            Notes

            | Name | Age |
            | ---- | --- |
            | ‸     |     |

            End

            """)
    }

    @Test func otherLinesAreLeftAlone() {
        #expect(begun("Name | Age‸", .nextCell) == nil)
        #expect(begun("    | code‸ |", .nextCell) == nil)
        #expect(begun("| Name‸ |", .previousCell) == nil)
    }

    /// A line the reader does not read as a table where it stands begins none: an OCaml match in a
    /// fenced code block, a comment, an HTML block, front matter.
    @Test func codeAndHTMLBeginNoTable() {
        #expect(begun("""
            ```ocaml
            match x with
            | Some x -> x‸
            | None -> 0
            ```

            """, .nextCell) == nil)
        #expect(begun("""
            ```ocaml
            match x with
            | Some x -> x‸
            ```

            """, .nextRow) == nil)
        #expect(begun("""
            Text

            ~~~
            | a‸ | b
            ~~~

            """, .nextCell) == nil)
        #expect(begun("""
            <!--
            | a‸ | b
            -->

            """, .nextCell) == nil)
        #expect(begun("""
            <div>
            | a‸ | b
            </div>

            """, .nextCell) == nil)
        #expect(begun("""
            ---
            title: x
            | a‸ | b
            ---

            """, .nextCell) == nil)
        #expect(begun("""
            - item

                  | code‸ | b

            """, .nextCell) == nil)
    }

    /// Found by `TableBegunConformanceTests`: typed right above a table, the line would make that table's
    /// header and delimiter row rows of a new one. The key keeps its meaning there.
    @Test func noTableIsBegunOverAnother() {
        #expect(begun("""
            | Name | Age‸
            | a | b |
            |---|---|
            | 1 | 2 |

            """, .nextCell) == nil)
        #expect(begun("""
            | Name | Age‸
            A paragraph line
            | a | b |
            |---|---|

            """, .nextCell) == nil)
        #expect(begun("""
              | a | b‸
               | c | d |
               |---|---|

            """, .nextRow) == nil)
    }

    /// A column typed at the header's end (Org's way to widen a table): the delimiter row gets the
    /// header's count, its alignments kept, and the rows below gain the cell.
    @Test func aWidenedHeaderWidensTheTable() {
        #expect(begun("""
            | Name | Age | Town‸
            | ---- | --: |
            | Ada  |  36 |

            End

            """, .nextCell)
            == """
                | Name | Age | Town |
                | ---- | --: | ---- |
                | ‸Ada  |  36 |      |

                End

                """)
        #expect(begun("""
            | Name | Age | Town |‸
            |:-|-:|
            |Ada|36|

            """, .nextRow)
            == """
                | Name | Age | Town |
                | :--- | --: | ---- |
                | Ada  |  36 | ‸     |

                """)
        // A header that lost a cell is left to its diagnostic: the cells beyond it would be hidden.
        #expect(begun("""
            | Name‸
            | ---- | --: |
            | Ada  |  36 |

            """, .nextCell) == nil)
        // A rule under the line is no delimiter row: one is put in above it.
        #expect(begun("""
            | a‸ | b
            ---

            """, .nextCell) == """
            | a   | ‸b   |
            | --- | --- |
            ---

            """)
        // A delimiter row of the header's count under it is a table already (or, here, code): nothing to begin.
        #expect(begun("""
            ```
            | a‸ | b |
            |---|---|
            ```

            """, .nextCell) == nil)
    }
}
