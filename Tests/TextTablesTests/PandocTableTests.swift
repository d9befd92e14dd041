import GridModel
import TestSupport
import Testing
@testable import TextTables

/// pandoc's simple and multiline tables: where they are, how they print, what they say is broken, and
/// what pandoc reads of them before and after formatting.
struct PandocTableTests {
    func extent(_ document: String, at line: Int = 0) -> PandocTableFinder.Extent? {
        let text = TextLines(document)
        return PandocTableFinder.table(at: line, in: text) { $0 < text.count ? text.starts[$0] : nil }
    }

    @Test func findsEachKindAsPandocDoes() {
        let simple = extent("""
              Right  Left
            -------  ----
                 12  a
                123  b

            after

            """)
        #expect(simple == .init(kind: .simple, headerless: false, lines: 0..<4, consumed: 0..<5))
        let closed = extent("""
            a    b
            ---  ---
            1    2
            ---  ---
            more

            """)
        #expect(closed?.lines == 0..<4)
        let headerless = extent("""
            -----  ----
              1    2
            -----  ----

            """)
        #expect(headerless == .init(kind: .simple, headerless: true, lines: 0..<3, consumed: 0..<4))
        let multiline = extent("""
            -----------
            A      B
            -----  ----
            one    x
            two

            three  y
            -----------

            """)
        #expect(multiline == .init(kind: .multiline, headerless: false, lines: 0..<8, consumed: 0..<9))
        let headlessMultiline = extent("""
            -----  ----
            one    x

            three  y
            -----  ----

            """)
        #expect(headlessMultiline == .init(kind: .multiline, headerless: true, lines: 0..<5, consumed: 0..<6))
    }

    @Test func leavesWhatPandocReadsOtherwise() {
        #expect(extent("""
            Foo
            ---
            bar

            """) == nil, "a setext heading")
        #expect(extent("""
            a | b
            --|--
            1 | 2

            """) == nil, "a pipe table")
        #expect(extent("""
            a b
            --- ---

            1 2

            """) == nil, "no row under the column line")
        #expect(extent("para\ntext\n") == nil)
    }

    @Test func captionsAreNoPartOfTheTable() {
        let above = extent("""
            Table: Demo.

            a    b
            ---  ---
            1    2

            """)
        #expect(above?.lines == 2..<5 && above?.consumed == 0..<6)
        let below = extent("""
            a    b
            ---  ---
            1    2

            : Demo.

            """)
        #expect(below?.lines == 0..<3 && below?.consumed == 0..<5)
    }

    @Test func formatsSimpleTablesKeepingAlignments() throws {
        let document = """
            Table: Demo.

              Right     Left     Center     Default
            -------     ------ ----------   -------
                 12     12        12            12
                123     123       123          123
                  1     1          1             1

            """
        let formatted = PandocTables.formatted(document)
        // Columns as wide as their text, as far apart as the table's nearest two were; the caption kept.
        #expect(formatted == """
            Table: Demo.

             Right Left   Center  Default
            ------ ----- -------- -------
                12 12       12    12
               123 123     123    123
                 1 1        1     1

            """)
        #expect(PandocTables.formatted(formatted) == formatted)
        guard ReferenceReaders.run(in: #function) else { return }
        #expect(try PandocTables.pandoc(formatted) == PandocTables.pandoc(document))
    }

    @Test func formatsMultilineTablesKeepingWidths() throws {
        let document = """
            -------------------------------------------------------------
             Centered   Default           Right Left
              Header    Aligned         Aligned Aligned
            ----------- ------- --------------- -------------------------
               First    row                12.0 Example of a row that
                                                spans multiple lines.

              Second    row                 5.0 Here's another one. Note
                                                the blank line between
                                                rows.
            -------------------------------------------------------------

            Table: Here's the caption. It, too, may span
            multiple lines.

            """
        let formatted = PandocTables.formatted(document)
        #expect(PandocTables.formatted(formatted) == formatted)
        #expect(formatted == document, "the manual's table is formatted already")
        guard ReferenceReaders.run(in: #function) else { return }
        #expect(try PandocTables.pandoc(formatted, widths: true) == PandocTables.pandoc(document, widths: true))
    }

    @Test func reportsWhatPandocReadsOtherwiseThanDrawn() throws {
        let acrossText = """
            a    b
            ---  ---
            longer 2

            """
        let across = try #require(PandocTables.readings(acrossText).first?.errors)
        #expect(across.map(\.code) == [.pandocTextAcrossColumns])
        #expect(across.first?.fixes.map(\.title) == ["Widen column 1"])
        let widened = String(decoding: TextEdit.apply(across[0].fixes[0].edits, to: Array(acrossText.utf8)), as: UTF8.self)
        #expect(widened == """
            a      b
            ---    ---
            longer 2

            """)
        #expect(PandocTables.formatted(widened) == """
            a      b
            ------ --
            longer 2

            """)
        // A wide character over a column's start goes left, and the text after it with it.
        let straddling = try #require(PandocTables.readings("""
            ab  cd
            ---  --
            x東京 y

            """).first?.errors)
        #expect(straddling.map(\.code) == [.pandocTextAcrossColumns])
        let left = PandocTables.readings("""
              a    b
              ---  ---
            x 1    2

            """)
        #expect(left.first?.errors?.map(\.code) == [.pandocTextLeftOfTable])
        // Without its closing line a headerless table is a horizontal rule and a paragraph to pandoc: no
        // table, and nothing to report.
        let unclosed = """
            -----  ----
            one    x

            after

            """
        #expect(PandocTables.readings(unclosed).isEmpty)
        #expect(PandocTables.formatted(unclosed) == unclosed)
        guard ReferenceReaders.run(in: #function) else { return }
        #expect(try PandocTables.pandoc(PandocTables.formatted(widened)) == PandocTables.pandoc(widened))
        #expect(try PandocTables.pandoc(widened).contains("longer"), "the widened column holds the whole word")
        #expect(try PandocTables.pandocTables(unclosed).isEmpty)
    }

    /// pandoc expands tabs to stops of 4 before it reads a table; formatting writes spaces.
    @Test func readsTabsAsPandocDoes() throws {
        let tabbed = "a\tb\n--\t--\n1\t2\nlong\tx\n"
        let formatted = PandocTables.formatted(tabbed)
        #expect(formatted == """
            a    b
            ---- --
            1    2
            long x

            """, "one space apart: \"long\" reached the next column")
        guard ReferenceReaders.run(in: #function) else { return }
        #expect(try PandocTables.pandoc(formatted) == PandocTables.pandoc(tabbed))
    }

    /// Inside a container the scanner says where each line's text starts, and where the container ends.
    @Test func findsAndFormatsTablesInsideContainers() throws {
        let document = """
            > a    b
            > ---  ---
            > 1    2
            >
            > after

            """
        let text = TextLines(document)
        let extent = try #require(PandocTableFinder.table(at: 0, in: text) { $0 < 5 ? text.starts[$0] + min(2, text.contentEnd($0) - text.starts[$0]) : nil })
        #expect(extent.lines == 0..<3 && extent.kind == .simple)
        let region = TableRegion(kind: .pandocSimple, firstLine: 0, contentStarts: extent.lines.map { text.starts[$0] + 2 }, syntax: .pandocMarkdown)
        let edits = try TableReading(text, region: region, options: FormatOptions()).formattingEdits().get()
        let formatted = String(decoding: TextEdit.apply(edits, to: text.bytes), as: UTF8.self)
        #expect(formatted == "> a   b\n> --  --\n> 1   2\n>\n> after\n", "left-aligned: dashes longer than the header")
        // The container's end is the table's: no closing line is needed where the quote ends.
        let unended = TextLines("""
            > -----  ----
            > 1      2
            > -----  ----
            after

            """)
        let inQuote = PandocTableFinder.table(at: 0, in: unended) { $0 < 3 ? unended.starts[$0] + 2 : nil }
        #expect(inQuote?.lines == 0..<3 && inQuote?.headerless == true)
        guard ReferenceReaders.run(in: #function) else { return }
        #expect(try PandocTables.pandoc(formatted) == PandocTables.pandoc(document))
    }
}
