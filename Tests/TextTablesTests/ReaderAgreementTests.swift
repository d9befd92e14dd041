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
