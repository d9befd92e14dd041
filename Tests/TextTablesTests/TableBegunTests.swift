import Testing
@testable import TextTables
import TestSupport

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
