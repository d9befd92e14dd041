import Testing
@testable import TextTables

/// Inputs where gridls once read a document otherwise than cmark-gfm (and docutils) do, so that formatting
/// changed what a reader sees: a byte-order mark, tabs in container prefixes, form feeds and vertical tabs
/// in cells, and `$$` lines, which GitHub's math reads and cmark-gfm does not.
struct ReaderAgreementTests {
    static let bom = "\u{FEFF}"

    func formatted(_ input: String, syntax: DocumentSyntax = .markdown) -> String {
        String(decoding: DocumentFormatter.format(Array(input.utf8), syntax: syntax).output, as: UTF8.self)
    }

    // MARK: A carriage return without a line feed

    @Test func theCommandLineEndsALineAtALoneCarriageReturnAsTheReadersDo() {
        // cmark-gfm reads two rows where a lone CR stands: so does `format`, and the CR stays as written.
        #expect(formatted("| a | b |\n|---|---|\n| 1 | 2 |\r| 3 | 4 |\n")
            == "| a   | b   |\n| --- | --- |\n| 1   | 2   |\r| 3   | 4   |\n")
        #expect(formatted("x\r| a | b |\n|---|---|\n") == "x\r| a   | b   |\n| --- | --- |\n")
        #expect(formatted("| a | b |\r\n|---|---|\r\n") == "| a   | b   |\r\n| --- | --- |\r\n")  // CRLF is one line end
    }

    @Test(arguments: ["| a | b |\n|---|---|\n| 1 | 2 |\r| 3 | 4 |\n", "x\r| a | b |\n|---|---|\n", "| a |\r| b |\n|---|\n"])
    func withVimsLinesATableHoldingALoneCarriageReturnIsLeftAloneAndReported(_ input: String) {
        // The server counts lines as Vim and Neovim do (the CR stays in its line), where no printing keeps
        // both readings: such a table is reported, never edited.
        let scan = MarkdownScanner.scan(TextLines(Array(input.utf8)))
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
    }

    // MARK: Task lists

    @Test func aTableWhoseHeaderStartsATaskListItemIsLeftAlone() {
        let input = """
            - [ ] Task | Owner
              ---|---
              Buy | me

            """
        #expect(formatted(input) == input)
        let scan = MarkdownScanner.scan(TextLines(Array(input.utf8)))
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
        // GitHub's header is what follows the checkbox: one cell here, so with two delimiters no table at all.
        let withPipes = """
            * [x] | a | b |
              |---|---|

            """
        #expect(formatted(withPipes) == withPipes)
        // Counted with the box as a cell: cmark-gfm read a table there too (without a checkbox) in a random
        // document; left alone and reported all the same.
        let boxAsCell = """
            \u{FEFF}- [x] | a | b |
              |---|---|---|

            """
        #expect(formatted(boxAsCell) == boxAsCell)
        #expect(MarkdownScanner.scan(TextLines(Array(boxAsCell.utf8))).diagnostics.map(\.code) == [.ambiguousTable])
        let notATable = """
            - [x] Task
              ---|---

            """
        #expect(formatted(notATable) == notATable)
        #expect(MarkdownScanner.scan(TextLines(Array(notATable.utf8))).diagnostics.isEmpty)
        // Not a checkbox: below the item's first line, or without the space after it.
        #expect(formatted("""
            - item

              [ ] Task | Owner
              ---|---

            """) == """
            - item

              | [ ] Task | Owner |
              | -------- | ----- |

            """)
        #expect(formatted("""
            - [ ]Task | Owner
              ---|---

            """) == """
            - | [ ]Task | Owner |
              | ------- | ----- |

            """)
    }

    // MARK: Byte-order mark (item 7)

    @Test func aTableRightAfterAByteOrderMarkKeepsTheMarkBeforeItsFirstPipe() {
        #expect(formatted(Self.bom + """
            a | b
            -|-
            1|2

            """) == Self.bom + """
            | a   | b   |
            | --- | --- |
            | 1   | 2   |

            """)
    }

    @Test func anHTMLBlockAfterAByteOrderMarkHidesItsTable() {
        let input = Self.bom + """
            <div>
            |a|b|
            |-|-|
            </div>

            """
        #expect(formatted(input) == input)
    }

    @Test func aGridTableAfterAByteOrderMarkIsFound() {
        let input = Self.bom + """
            +-+--+
            |a|b |
            +-+--+

            """
        #expect(formatted(input) == Self.bom + """
            +---+---+
            | a | b |
            +---+---+

            """)
    }

    @Test func aGridTableAfterAByteOrderMarkInReStructuredTextIsLeftAlone() {
        // docutils (0.23) keeps the mark as text, so that the table's first line is a paragraph; pandoc skips it.
        let input = Self.bom + """
            +-+--+
            |a|b |
            +-+--+

            """
        #expect(formatted(input, syntax: .restructuredText) == input)
    }

    @Test func aByteOrderMarkStartsOnlyTheDocument() {
        // Elsewhere U+FEFF is text: here a first cell before the pipe, so that the header has two cells.
        let input = "x\n" + Self.bom + """
            |a|
            |-|

            """
        #expect(formatted(input) == input)
        #expect(MarkdownScanner.scan(TextLines(input)).diagnostics.map(\.code) == [.delimiterCountMismatch])
    }

    @Test func theRowsOfATableLeftAloneAreNotTheHeaderOfAnother() {
        // cmark-gfm reads one table from ` a|b` (a lazy header, left alone and reported) to the end: the
        // last two lines are its rows, not a table of their own.
        let input = """
            > quoted
             a|b
            >-|-
            >c|d
            >|e|f|
            >|-|-|

            """
        #expect(formatted(input) == input)
        #expect(MarkdownScanner.scan(TextLines(input)).diagnostics.map(\.code) == [.ambiguousTable])
    }

    @Test(arguments: [
        ("""
            > a
            2. x

                |a|
                |-|

            """, """
            > a
            2. x

                | a   |
                | --- |

            """),
        ("""
            > a
            -
              |a|
              |-|

            """, """
            > a
            -
              | a   |
              | --- |

            """),
        ("""
            > a
            <br>
            > |a|
            > |-|

            """, """
            > a
            <br>
            > |a|
            > |-|

            """),
    ])
    func anyListItemOrHTMLTagEndsALazyParagraph(_ input: String, expected: String) {
        // cmark-gfm checks a line that does not continue the quote against the document, not the paragraph:
        // a list item starting at 2, an empty one and HTML of kind 7 end the quote (the tables are in the
        // list items; the last lines are inside the HTML block).
        #expect(formatted(input) == expected)
    }

    // MARK: Tabs in container prefixes (item 8)

    @Test func aRowIndentedByATabInAListItemKeepsItsTab() {
        #expect(formatted("""
            - x

                | a | b |
                |---|---|
            \t| 1 | 2 |

            """)
            == """
                - x

                    | a   | b   |
                    | --- | --- |
                \t| 1   | 2   |

                """)
    }

    @Test func aTabAfterAQuoteMarkerCountsItsRestAsIndentation() {
        // `>` takes one column of the tab as its space; the two columns left and two spaces make code.
        let input = """
            > x
            >\t  |a|
            >\t  |-|

            """
        #expect(formatted(input) == input)
        #expect(MarkdownScanner.scan(TextLines(input)).tables.isEmpty)
    }

    @Test func aTableWhoseHeaderIsIndentedByAPartialTabKeepsEachRowsIndentation() {
        #expect(formatted("""
            >\t|a|
            > |-|
            >  |1|

            """) == """
            >\t| a   |
            > | --- |
            > | 1   |

            """)
    }

    // MARK: Form feed and vertical tab (item 9)

    @Test func aFormFeedOrVerticalTabEndingACellStaysInIt() {
        #expect(formatted("""
            |a\u{0C}|b\u{0B}|
            |-|-|

            """) == """
            | a\u{0C}   | b\u{0B}   |
            | --- | --- |

            """)
    }

    @Test func aFormFeedOrVerticalTabAfterAPipeIsNotInTheCell() {
        #expect(formatted("""
            |\u{0C}a|\u{0B} b|
            |-|-|

            """) == """
            | a   | b   |
            | --- | --- |

            """)
    }

    @Test func aRowWhoseFirstCellStartsWithAFormFeedIsLeftAlone() {
        // After a pipe cmark-gfm drops a form feed: no row with a leading pipe holds this cell.
        let input = """
            |a|b|
            |-|-|
            \u{0C}x|y

            """
        #expect(formatted(input) == input)
    }

    @Test(arguments: [
        ("<br> \u{0C}", false), ("<br>\u{0B}", true), ("<div\u{0C}", false), ("<div\u{0B}", false),
        ("<a\u{0C}href=x>", false), ("<a\u{0B}href=x>", false), ("<a href=x\u{0C}>", false), ("<pre\u{0C}", false),
        ("</a\u{0C}>", false),
    ])
    func formFeedsAndVerticalTabsInHTMLTagsAreWhiteSpaceAsInCmarkGFM(_ tag: String, tableFollows: Bool) {
        // After a complete tag cmark-gfm allows a form feed but not a vertical tab before the line's end.
        #expect(MarkdownScanner.scan(TextLines(tag + """

            |a|
            |-|

            """)).tables.count == (tableFollows ? 1 : 0))
    }

    // MARK: `$$` lines (item 10)

    @Test(arguments: [
        """
            $$
            ```$$
            x||
            -|-

            """,  // cmark-gfm: a fence opens on line 2 and holds the table
        """
            >$$
            x||
            -|-

            """,  // cmark-gfm: the table is a lazy continuation of the quoted paragraph
        """
            $$
            |a|
            |-|
            $$

            """,  // GitHub: math
    ])
    func aTableOnlyOneReadingSeesIsLeftAloneAndReported(_ input: String) {
        #expect(formatted(input) == input)
        let scan = MarkdownScanner.scan(TextLines(input))
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
    }

    @Test func aTableBothReadingsSeeIsFormatted() {
        #expect(formatted("""
            $$
            x
            $$

            |a|
            |-|

            """) == """
            $$
            x
            $$

            | a   |
            | --- |

            """)
        #expect(formatted("""
            ---
            t: 1
            ---

            |a|
            |-|

            """) == """
            ---
            t: 1
            ---

            | a   |
            | --- |

            """)
    }
}

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
