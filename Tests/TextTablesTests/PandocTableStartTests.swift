import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Where pandoc starts a table, and what next to one is no part of it: headers indented as code, rows over
/// every line with a pipe, table lines under text or a block, captions, code, metadata and raw HTML.
extension PandocMarkdownScannerTests {
    /// pandoc tries a table before indented code: a header line indented four columns or more over a
    /// column line is a simple table's header, in a list item too.
    @Test func aHeaderIndentedFourColumnsStartsASimpleTable() {
        // Its lines under the item's first are lazy: printed at the header's indentation they would read
        // otherwise, so the table is left alone and reported.
        let item = """
             -      b
            -----  -----
            x      y
            -----  -----

            """
        #expect(Self.tables(item) == [])
        #expect(Self.scan(item).diagnostics.map(\.code) == [.ambiguousTable])
        #expect(Self.formatted(item) == item)
        let roomy = """
                 Amount  Name
            -----------  ----
                      1  pear

            """
        #expect(Self.formatted("p\n\n" + roomy) == """
            p

             Amount  Name
            -------  ----
                  1  pear

            """)
        #expect(Self.tables("""
            p

                 Amount  Name
            -----------  ----
                      1  pear

            """) == ["pandocSimple 2..<5"])
        // Without a column line under it, or with a row-less table, it is code.
        #expect(Self.tables("p\n\n        x\n--  --\n") == [])
    }

    @Test func rowsGoOnOverEveryLineHoldingAPipe() {
        #expect(Self.tables("""
            | a | b |
            |---|---|
            - x | y
            > q | r
                c | d
            no pipe

            """) == ["pipe 0..<5"])
        #expect(Self.tables("""
            | a | b |
              |---|---|
            | 1 | 2 |

            """) == ["pipe 0..<3"])
    }

    @Test func aTableLineUnderParagraphTextIsThatText() {
        #expect(Self.tables("""
            para
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            > q
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            : cap
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            - item
              | a | b |
              |---|---|

            """) == [])
    }

    @Test func aTableRightUnderABlockThatEndsOnItsLineIsFound() {
        #expect(Self.tables("""
            # H
            | a | b |
            |---|---|

            """) == ["pipe 1..<3"])
        #expect(Self.tables("""
            H
            ===
            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            para
            ```
            code
            ```
            | a | b |
            |---|---|

            """) == ["pipe 4..<6"])
        #expect(Self.tables("""
            ::: a
            text
            :::
            | a | b |
            |---|---|

            """) == ["pipe 3..<5"])
        #expect(Self.tables("""
            <div>
            | a | b |
            |---|---|
            </div>

            """) == ["pipe 1..<3"])
    }

    @Test func captionsAboveNeedABlankLineOrAttributes() {
        #expect(Self.tables("""
            Table: cap

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            : cap {#t}
            | a | b |
            |---|---|

            """) == ["pipe 1..<3"])
        #expect(Self.tables("""
            Table: cap
            | a | b |
            |---|---|

            """) == [])
    }

    /// pandoc 3 takes an attribute block that ends a caption's line for the table's attributes, and ends
    /// the caption there: what follows is a block of its own.
    @Test func aCaptionEndsWithItsAttributes() {
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {#a b=c}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2", "pipe 3..<5"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap
            {.x}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2", "pipe 4..<6"])
        // Not attributes, or not at the line's end: the caption goes on.
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {x}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {#a} x
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap `{#a}`
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
    }

    @Test func codeMetadataAndRawHTMLHoldNoTables() {
        #expect(Self.tables("""
            ~~~
            | a | b |
            |---|---|
            ~~~

            """) == [])
        #expect(Self.tables("""
                | a | b |
                |---|---|

            """) == [])
        #expect(Self.tables("""
            <!--
            | a | b |
            |---|---|
            -->

            """) == [])
        #expect(Self.tables("""
            Intro.

            ---
            k: |
              | a | b |
              |---|---|
            ---

            | a | b |
            |---|---|

            """) == ["pipe 8..<10"])
        #expect(Self.tables("""
            $$
            | a | b |
            |---|---|
            $$

            """) == [])
        #expect(Self.tables("""
            ```{r}
            | a | b |

            |---|---|
            ```

            """) == [])
        #expect(Self.tables("""
            \\begin{minipage}{3in}

            | a | b |
            |---|---|

            \\end{minipage}

            | c | d |
            |---|---|

            """) == ["pipe 7..<9"])
    }

    /// A code fence or YAML block that nothing closes is text: a table after it is found.
    @Test func unclosedOpenersAreText() {
        #expect(Self.tables("""
            ```

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            ---
            text

            | a | b |
            |---|---|

            """) == ["pipe 3..<5"])
        #expect(Self.tables("""
            ```
            | a | b |
            |---|---|

            """) == [])
    }
}
