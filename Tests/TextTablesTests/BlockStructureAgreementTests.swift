import Testing
@testable import TextTables

/// Block structure where cmark-gfm 0.29 reads otherwise than a plain CommonMark 0.31 reading would: HTML
/// tags the two versions dispute, list items that begin with a blank line, lazy lines after grid tables
/// (which cmark-gfm reads as paragraphs) and pipe tables cmark-gfm reads inside a grid table's lines.
struct BlockStructureAgreementTests {
    func scan(_ document: String) -> TableScan { MarkdownScanner.scan(TextLines(document)) }
    func formatted(_ input: String) -> String {
        String(decoding: DocumentFormatter.format(Array(input.utf8)).output, as: UTF8.self)
    }

    /// `</script>` alone starts an HTML block for cmark-gfm (kind 7), not for CommonMark 0.31; `<textarea>`
    /// is raw text for 0.31 only; `<search>` is a block tag for 0.31 only. Tables there are left alone.
    @Test(arguments: ["""
        Text

        </script>
        |a|b|
        |-|-|

        """, """
        </PRE>
        |a|b|
        |-|-|

        """, """
        <textarea>

        |a|b|
        |-|-|

        </textarea>

        """,
                      """
                          para
                          <search x
                          |a|b|
                          |-|-|

                          """])
    func disputedHTMLLeavesTheTableAlone(_ document: String) {
        let found = scan(document)
        #expect(found.tables.isEmpty)
        #expect(found.diagnostics.map(\.code) == [.ambiguousTable])
        #expect(formatted(document) == document)
    }

    @Test func undisputedHTMLIsReadOnce() {
        #expect(scan("""
            <div>
            |a|b|
            |-|-|
            </div>

            |c|
            |-|

            """).tables.map(\.lines) == [5..<7])
        #expect(scan("""
            <script>
            |a|
            |-|
            </script>
            |b|
            |-|

            """).tables.map(\.lines) == [4..<6])
    }

    /// A list item that begins with a blank line is closed by a second one: a table indented four columns
    /// below is an indented code block, not the item's table; one that continues the item is its own.
    @Test func anEmptyListItemClosesAtABlankLine() {
        #expect(scan("""
            -

                |a|b|
                |-|-|

            """).tables.isEmpty)
        #expect(scan("- \n\n    |a|b|\n    |-|-|\n").tables.isEmpty)
        #expect(formatted("""
            -

                |a|b|
                |-|-|

            """) == """
            -

                |a|b|
                |-|-|

            """)
        #expect(scan("""
            -
              |a|b|
              |-|-|

            """).tables.map(\.lines) == [1..<3])
        #expect(scan("""
            - x

                |a|b|
                |-|-|

            """).tables.map(\.lines) == [2..<4])
        // A blank line with the item's indentation or more keeps it open, as cmark-gfm counts it.
        #expect(scan("-\n      \n  |a|b|\n  |-|-|\n").tables.map(\.lines) == [2..<4])
    }

    /// To cmark-gfm a grid table is a paragraph: lines without the block quote's `>` after it continue it
    /// lazily, and no pipe table starts there.
    @Test func lazyLinesAfterAGridTableInABlockQuoteAreItsParagraph() {
        let document = """
            > +---+---+
            > | a | b |
            > +---+---+
            text
            |x|y|
            |-|-|

            """
        #expect(scan(document).tables.map(\.kind) == [.grid])
        #expect(formatted(document) == document)
        #expect(formatted("""
            - +---+---+
              | a | b |
              +---+---+
            x|y
            -|-

            """) == """
            - +---+---+
              | a | b |
              +---+---+
            x|y
            -|-

            """)
    }

    /// A delimiter row under a grid line of as many cells makes cmark-gfm read a pipe table there, pandoc a
    /// grid table: neither is formatted, and the rows cmark-gfm reads are its table's.
    @Test func aPipeTableInAGridTablesLinesIsLeftAlone() {
        let document = """
            +-----+-----+
            | a   | b   |
            | --- | --- |
            +-----+-----+

            """
        let found = scan(document)
        #expect(found.tables.isEmpty)
        #expect(found.diagnostics.map(\.code) == [.ambiguousTable])
        #expect(formatted(document) == document)
    }
}
