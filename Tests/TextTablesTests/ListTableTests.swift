import GridModel
import Testing
@testable import TextTables

/// `list-table` directives: read as docutils reads them, converted to grid and simple tables (their title
/// and options kept byte for byte in a `.. table::` directive) and made from them.
struct ListTableTests {
    static let frozen = """
        Prices.

        .. list-table:: Frozen *delights*
           :widths: 15 10 30
           :header-rows: 1
           :class: longtable

           * - Treat
             - Quantity
             - Description
           * - Albatross
             - 2.99
             - On a stick!
           * - Crunchy Frog
             -
             - If we took the bones out, it wouldn't be
               crunchy, now would it?

               A second paragraph with ``code``.

        After.

        """

    func converted(_ document: String, _ action: TableAction) throws -> String {
        let bytes = Array(document.utf8)
        let reading = try #require(TableReading.first(in: bytes))
        let done = try reading.apply(action, syntax: .restructuredText).get()
        return String(decoding: TextEdit.apply(done.edits, to: bytes), as: UTF8.self)
    }

    /// Found by Tests/Fuzz (grid): a list-table right under a table's last line, made a grid table, joined
    /// that table. The grid table made in its place starts after a blank line.
    @Test func aTableMadeRightUnderAnotherStartsAfterABlankLine() throws {
        let document = """
            +---+
            | a |
            +---+
            .. list-table::

               * - b

            """
        let bytes = Array(document.utf8), text = TextLines(bytes)
        let list = try #require(RSTScanner.scan(text).tables.first { $0.kind == .list })
        #expect(list.context.precededByText)
        let done = try TableReading(text, region: list, options: FormatOptions()).apply(.convertToGrid, syntax: .restructuredText).get()
        let converted = String(decoding: TextEdit.apply(done.edits, to: bytes), as: UTF8.self)
        #expect(converted == """
            +---+
            | a |
            +---+

            +---+
            | b |
            +---+

            """)
        #expect(RSTScanner.scan(TextLines(Array(converted.utf8))).tables.map(\.kind) == [.grid, .grid])
    }

    @Test func aListTableReadsAsDocutilsReadsIt() throws {
        let reading = try #require(TableReading.first(in: Array(Self.frozen.utf8)))
        #expect(reading.region.kind == .list && reading.region.lines == 2..<19)
        let grid = try reading.grid.get()
        #expect(grid.rowCount == 3 && grid.columnCount == 3 && grid.headerRowCount == 1)
        #expect(grid.cell(at: Slot(row: 2, column: 1))?.lines == [])
        #expect(grid.cell(at: Slot(row: 2, column: 2))?.lines == [
            "If we took the bones out, it wouldn't be", "crunchy, now would it?", "", "A second paragraph with ``code``.",
        ])
        #expect(reading.isFormatted, "formatting leaves a list-table as it is written")
    }

    @Test func aListTableBecomesAGridTableInsideATableDirectiveThatKeepsItsTitleAndOptions() throws {
        #expect(try converted(Self.frozen, .convertToGrid) == """
            Prices.

            .. table:: Frozen *delights*
               :widths: 15 10 30
               :class: longtable

               +--------------+----------+------------------------------------------+
               | Treat        | Quantity | Description                              |
               +==============+==========+==========================================+
               | Albatross    | 2.99     | On a stick!                              |
               +--------------+----------+------------------------------------------+
               | Crunchy Frog |          | If we took the bones out, it wouldn't be |
               |              |          | crunchy, now would it?                   |
               |              |          |                                          |
               |              |          | A second paragraph with ``code``.        |
               +--------------+----------+------------------------------------------+

            After.

            """)
    }

    @Test func aGridTableBecomesAListTableAndBack() throws {
        let grid = """
            Text.

              +---+-----+
              | a | b   |
              +===+=====+
              | 1 | two |
              |   |     |
              |   | 2   |
              +---+-----+

            End.

            """
        let list = try converted(grid, .convertToList)
        #expect(list == """
            Text.

              .. list-table::
                 :header-rows: 1
                 :widths: 3 5

                 * - a
                   - b
                 * - 1
                   - two

                     2

            End.

            """)
        #expect(try converted(list, .convertToGrid) == """
            Text.

              .. table::
                 :widths: 3 5

                 +---+-----+
                 | a | b   |
                 +===+=====+
                 | 1 | two |
                 |   |     |
                 |   | 2   |
                 +---+-----+

            End.

            """)
        #expect(try converted(list, .convertToSimple) == """
            Text.

              .. table::
                 :widths: 3 5

                 =  ===
                 a  b
                 =  ===
                 1  two

                    2
                 =  ===

            End.

            """)
    }

    @Test func whatAListTableCannotSayIsRefused() throws {
        let merged = """
            +---+---+
            | a     |
            +---+---+
            | b | c |
            +---+---+

            """
        let reading = try #require(TableReading.first(in: Array(merged.utf8)))
        #expect(reading.refusal(.convertToList, syntax: .restructuredText)
            == .refused(.listMergedCell(SlotRect(rows: 0..<1, columns: 0..<2))))
        #expect(reading.refusal(.convertToList, syntax: .markdown) == .refused(.noListTablesInMarkdown))
        let stubs = """
            .. list-table::
               :stub-columns: 1

               * - a
                 - b

            """
        let list = try #require(TableReading.first(in: Array(stubs.utf8)))
        #expect(list.refusal(.convertToGrid, syntax: .restructuredText) == .refused(.listStubColumns))
        #expect(list.refusal(.edit(.insertRow(at: 0)), syntax: .restructuredText) == .refused(.listStubColumns))
        #expect(list.action(.insertRowBelow, from: nil, to: nil, syntax: .restructuredText) == nil, "a list-table is converted, not edited")
    }

    @Test func aTableInsideADirectiveDoesNotBecomeAListTable() throws {
        let wrapped = """
            .. table:: Title
               :widths: 1 2

               +---+---+
               | a | b |
               +---+---+

            """
        let reading = try #require(TableReading.first(in: Array(wrapped.utf8)))
        #expect(reading.region.context.insideDirective)
        #expect(reading.refusal(.convertToList, syntax: .restructuredText) == .refused(.listInsideDirective))
        #expect(reading.refusal(.convertToSimple, syntax: .restructuredText) == nil, "a simple table may stand in a directive")
        let quoted = """
            Text.

               +---+---+
               | a | b |
               +---+---+

            """
        let inQuote = try #require(TableReading.first(in: Array(quoted.utf8)))
        #expect(!inQuote.region.context.insideDirective)
        #expect(inQuote.refusal(.convertToList, syntax: .restructuredText) == nil)
    }

    /// Found by the grid fuzz target: a list-table holding text that docutils and pandoc count apart (a
    /// control character). docutils, whose table it is, reads the grid table it makes as drawn: it converts.
    @Test func aListTableWithTextPandocCountsApartConvertsForDocutils() throws {
        let list = ".. list-table::\n\n   * - Name\n     - Size\u{4}    b.txt\n"
        let reading = try #require(TableReading.first(in: Array(list.utf8)))
        #expect(reading.refusal(.convertToGrid, syntax: .restructuredText) == nil)
        #expect(reading.refusal(.convertToSimple, syntax: .restructuredText) == nil)
    }

    /// Found by the grid fuzz target: a list-table with text right below it (docutils warns, and reads the
    /// text as a paragraph) became a grid table that the text's `+` line continued. A table of another
    /// kind put in its place is now followed by a blank line.
    @Test func aConvertedTableWithTextRightBelowGetsABlankLineAfterIt() throws {
        let list = """
            .. list-table::

               * - a
            +-

            """
        #expect(try converted(list, .convertToGrid) == """
            +---+
            | a |
            +---+

            +-

            """)
        let grid = """
            +---+
            | a |
            +---+
            Text.

            """
        #expect(try converted(grid, .convertToList) == """
            .. list-table::
               :widths: 3

               * - a

            Text.

            """)
        let spaced = """
            +---+
            | a |
            +---+

            Text.

            """
        #expect(try converted(spaced, .convertToList) == """
            .. list-table::
               :widths: 3

               * - a

            Text.

            """)
    }
}
