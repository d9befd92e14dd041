import GridModel
import Testing
@testable import TextTables

/// What an author draws in a simple table that means nothing to its readers, kept by formatting: `-`
/// lines between groups of rows (re-drawn to the new widths) and columns of text flush right. The
/// adversarial run found 43 such lines deleted in 10 real files, and right-aligned numbers made left.
/// docutils reads these tables alike before and after (`Fixtures/simple/row-groups.rst`,
/// `right-aligned-numbers.rst`, and the random documents of `RandomRSTDocumentTests`).
struct SimpleTableDrawingTests {
    static func formatted(_ document: String) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output, as: UTF8.self)
    }

    static func applied(_ action: TableAction, to document: String) throws -> String {
        let reading = try #require(TableReading.first(in: Array(document.utf8)))
        let done = try reading.apply(action, syntax: .restructuredText).get()
        return String(decoding: TextEdit.apply(done.edits, to: Array(document.utf8)), as: UTF8.self)
    }

    @Test func rowGroupLinesAreKeptAtTheNewWidths() {
        let table = """
            ==========  =====
            Fruit       Qty
            ==========  =====
            apple       3
            ----------  -----
            pear        12

            plum        7
            ----------  -----
            fig         1
            ==========  =====

            """
        #expect(Self.formatted(table) == """
            =====  ===
            Fruit  Qty
            =====  ===
            apple  3
            -----  ---
            pear   12

            plum   7
            -----  ---
            fig    1
            =====  ===

            """)
    }

    /// Found by the random documents: in a block quote, a `-` line after a blank line that starts with 2 or
    /// 3 dashes is the quote's attribution (`-- Author`) for docutils, and the table before it has no end.
    /// The first column is printed 4 wide there.
    @Test func aGroupLineAfterABlankLineStartsWithFourDashes() {
        let table = """
            Text.

              =======  =====
              ab       x

              -------  -----
              cd       y
              =======  =====

            """
        #expect(Self.formatted(table) == """
            Text.

              ====  =
              ab    x

              ----  -
              cd    y
              ====  =

            """)
    }

    @Test func aColumnOfNumbersFlushRightStaysFlushRight() {
        let table = """
            ======  ========
            Fruit      Price
            ======  ========
            apple       3.50
            pear          12
            ======  ========

            """
        #expect(Self.formatted(table) == """
            =====  =====
            Fruit  Price
            =====  =====
            apple   3.50
            pear      12
            =====  =====

            """)
        // One cell at the left edge, a header say, keeps the column left-aligned.
        let header = """
            ======  ========
            Fruit   Price
            ======  ========
            apple       3.50
            pear          12
            ======  ========

            """
        #expect(Self.formatted(header) == """
            =====  =====
            Fruit  Price
            =====  =====
            apple  3.50
            pear   12
            =====  =====

            """)
    }

    /// A reading's columns: right-aligned where the author drew every cell flush right.
    @Test func theReadingSaysWhichColumnsAreFlushRight() throws {
        let table = """
            =====  ====  =====
            Name      N  Total
            =====  ====  =====
            a        12     7
            b         3    10
            =====  ====  =====

            """
        let grid = try #require(TableReading.first(in: Array(table.utf8))).grid.get()
        #expect(grid.alignments == [.none, .right, .none])  // "Total" is at the left edge
    }

    /// An action keeps the alignment (with its column) and the group lines where every row had one.
    @Test func actionsKeepTheDrawing() throws {
        let table = """
            ====  =====
            Name  Count
            ====  =====
            ab        3
            ----  -----
            cd       12
            ====  =====

            """
        #expect(try Self.applied(.edit(.insertRow(at: 3)), to: table)
            == """
                ====  =====
                Name  Count
                ====  =====
                ab        3
                ----  -----
                cd       12
                ----  -----
                \\
                ====  =====

                """)
        #expect(try Self.applied(.edit(.moveColumn(from: 1, to: 0)), to: table)
            == """
                =====  ====
                Count  Name
                =====  ====
                    3  ab
                -----  ----
                   12  cd
                =====  ====

                """)
    }

    /// A grid table of reStructuredText takes no alignment: converted, the borders have no colons.
    @Test func aRightAlignedColumnBecomesAGridTableWithoutColons() throws {
        let table = """
            ====  =====
            Name  Count
            ====  =====
            ab        3
            cd       12
            ====  =====

            """
        #expect(try Self.applied(.convertToGrid, to: table)
            == """
                +------+-------+
                | Name | Count |
                +======+=======+
                | ab   | 3     |
                +------+-------+
                | cd   | 12    |
                +------+-------+

                """)
    }
}
