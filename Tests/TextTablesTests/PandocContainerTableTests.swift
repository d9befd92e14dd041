import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Tables in list items, block quotes and definitions, as pandoc reads their content as blocks.
extension PandocMarkdownScannerTests {
    @Test func tablesInListItemsAndBlockQuotesStartAfterTheirPrefixes() {
        let item = """
            - item

              | a | b |
              |---|---|
            - next

            """
        #expect(Self.scan(item).tables.map(\.contentStarts) == [[10, 22]])
        let quote = """
            > | a | b |
            > |---|---|
            > | 1 | 2 |

            """
        #expect(Self.scan(quote).tables.map(\.contentStarts) == [[2, 14, 26]])
        #expect(Self.tables("""
            - | a | b |
              |---|---|
              | 1 | 2 |

            """) == ["pipe 0..<3"])
        #expect(Self.tables("""
            1. item

                | a | b |
                |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            - x

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
    }

    /// A row that goes on with a list item without its indentation (a lazy line): at the table's
    /// indentation it would become the item's own line, so an indented table is left alone; one without
    /// indentation keeps the line lazy.
    @Test func lazyRowsOfAnIndentedTableLeaveItAlone() {
        let indented = Self.scan("""
            - item

                | a | b |
                |---|---|
             | 1 | 2 |

            """)
        #expect(indented.tables.isEmpty)
        #expect(indented.diagnostics.map(\.message) == [Diagnostic.Message.lazyTableLine])
        #expect(Self.scan("""
            - item

              | a | b |
              |---|---|
            | 1 | 2 |

            """).tables.map(\.contentStarts) == [[10, 22, 32]])
    }

    /// A definition's text is read as blocks; a `:` line that a captioned table follows is its caption.
    @Test func tablesInDefinitionsAreFound() {
        #expect(Self.tables("""
            Term

            :   | a | b |
                |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            Term

            : def

                | a | b |
                |---|---|

            """) == ["pipe 4..<6"])
        #expect(Self.tables("""
            Term
            : def
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            Term

            : def

            | a | b |
            |---|---|

            """) == ["pipe 4..<6"])
    }

    /// Content nested past `maxNesting` containers is not read: a line of 20,000 `>` is no stack overflow.
    @Test func deeplyNestedContainersAreNotRead() {
        let quotes = { (count: Int) in
            String(repeating: ">", count: count) + " | a | b |\n" + String(repeating: ">", count: count) + " |---|---|\n"
        }
        #expect(Self.tables(quotes(PandocMarkdownScanner.maxNesting)) == ["pipe 0..<2"])
        #expect(Self.tables(quotes(PandocMarkdownScanner.maxNesting + 1)) == [])
        #expect(Self.tables(quotes(20_000)) == [])
    }

    /// pandoc tries a table before an ordered list: `1. | a | b |` over a delimiter row indented three
    /// columns is a table whose first cell is `1.`; indented four, it is the item's table. Formatting keeps
    /// those four columns (found by Tests/Fuzz, markdown: the row was printed at the item's text column).
    @Test func aPipeTableOnAnOrderedMarkerKeepsItsRowsFourColumnsIn() {
        let item = """
            1. | a | b |
                |---|---|
                | c | d |
               | e | f |

            """
        #expect(Self.tables(item) == ["pipe 0..<4"])
        #expect(Self.formatted(item) == """
            1. | a   | b   |
                | --- | --- |
                | c   | d   |
               | e   | f   |

            """)
        let quoted = """
            > 0. |a|
            >     |-|

            """
        #expect(Self.formatted(quoted) == """
            > 0. | a   |
            >     | --- |

            """)
        let atTheMargin = """
            1. | a | b |
               |---|---|

            """
        #expect(Self.scan(atTheMargin).diagnostics.map(\.code) == [.delimiterCountMismatch])  // pandoc: the cells `1.` and `a`
    }

    /// Right under a list item, `0. a | b` ends the item (pandoc's items end at a marker) and starts a
    /// table; printed as `| 0. a | b |`, it would go on with the item's text (found by Tests/Fuzz,
    /// markdown). Under a blank line the same table is formatted.
    @Test func aTableWhoseNumberEndsTheItemAboveIsLeftAlone() {
        let underItem = """
            - item
            0. a | b
            |---|---|

            """
        #expect(Self.tables(underItem).isEmpty)
        #expect(Self.scan(underItem).diagnostics.map(\.message) == [Diagnostic.Message.markerEndsItemAbove])
        #expect(Self.formatted(underItem) == underItem)
        #expect(Self.formatted("""
            - item

            0. a | b
            |---|---|

            """) == """
            - item

            | 0. a | b   |
            | ---- | --- |

            """)
    }

    /// A simple table on an ordered marker cannot keep its columns with its lines below moved: left alone.
    @Test func aSimpleTableOnAnOrderedMarkerIsLeftAloneAndReported() {
        let item = "1. a   b\n    --- ---\n    c   d\n\n"
        #expect(Self.tables(item).isEmpty)
        #expect(Self.scan(item).diagnostics.map(\.message) == [Diagnostic.Message.tableOnOrderedMarker])
        #expect(Self.formatted(item) == item)
    }

    /// A fenced div's opener and closer are at the line's start: indented, pandoc reads them as text. A
    /// table right under an indented opener is a paragraph's lines; an indented closer ends a table above
    /// it and starts a paragraph the lines below join.
    @Test func indentedDivFencesAreText() {
        #expect(Self.tables(" ::: note\n| a | b |\n|--|--|\n") == [])
        #expect(Self.tables("::: note\n| a | b |\n|--|--|\n :::\n| c | d |\n|--|--|\n") == ["pipe 1..<3"])
        #expect(Self.tables("::: note\nText.\n   :::\n\n| c | d |\n|--|--|\n:::\n") == ["pipe 4..<6"])
    }

    /// pandoc reads a list item's content again without the blank line after it that the next item's
    /// marker leaves none of; a simple table's last row needs one (or a closing dashed line), so there it is
    /// a paragraph. The document and a block quote's content are read with blank lines after them.
    @Test func aSimpleTableEndingAListItemNeedsABlankLineAfterIt() {
        let rows = "  A     B\n  ---   ---\n  1     2\n"
        #expect(Self.tables("- x\n\n" + rows + "- y\n") == [])
        #expect(Self.tables("- x\n\n" + rows + "\n- y\n") == ["pandocSimple 2..<5"])
        #expect(Self.tables("- x\n\n" + rows) == ["pandocSimple 2..<5"])
        #expect(Self.tables("- x\n\n" + rows + "  ---   ---\n- y\n") == ["pandocSimple 2..<6"])
        #expect(Self.tables("- x\n  - y\n\n    A     B\n    ---   ---\n    1     2\n- z\n") == [])
        #expect(Self.tables("> - y\n>\n>   A     B\n>   ---   ---\n>   1     2\n") == ["pandocSimple 2..<5"])
    }

    /// Five spaces or more after a list marker put the item's text one space after it: a simple table
    /// starting on that line is left alone (formatting would move the item's text and the table's columns
    /// against it); with fewer spaces it is the item's table.
    @Test func aTableAfterAWideMarkerIsLeftAlone() {
        let wide = Self.scan("-     A    B\n  ---- ------\n  1    22\n")
        #expect(wide.tables == [])
        #expect(wide.diagnostics.map(\.message) == [Diagnostic.Message.tableAfterWideMarker])
        #expect(wide.diagnostics.map(\.range) == [0..<12])
        #expect(Self.tables("- A    B\n  ---- ------\n  1    22\n") == ["pandocSimple 0..<3"])
    }
}
