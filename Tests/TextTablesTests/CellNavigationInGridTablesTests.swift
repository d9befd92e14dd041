import Testing
@testable import TextTables
import TestSupport

/// Navigation in grid tables: a spanning or multi-line cell is one stop, a rule line stands for the cell
/// below it, text typed into a cell is laid out again on the way out, and a cursor on the table's left edge
/// or in a drifted container prefix is in a cell.
extension CellNavigationTests {
    static let spanning = """
        +---+---+---+
        | a | b     |
        +---+---+---+
        | c | d | e |
        |   |   | f |
        +---+---+---+

        """

    @Test func aSpanningCellIsOneStop() {
        #expect(step(Self.spanning.replacingOccurrences(of: "| a |", with: "| a‸ |"), .nextCell)
            == Self.spanning.replacingOccurrences(of: "| b ", with: "| ‸b "))
        #expect(step(Self.spanning.replacingOccurrences(of: "| b ", with: "| b‸ "), .nextCell)
            == Self.spanning.replacingOccurrences(of: "| c |", with: "| ‸c |"))
        // Enter from the right half of the spanning cell goes to the column it is in.
        #expect(step(Self.spanning.replacingOccurrences(of: "b     |", with: "b    ‸ |"), .nextRow)
            == Self.spanning.replacingOccurrences(of: "| e |", with: "| ‸e |"))
    }

    @Test func aMultiLineCellIsOneStopAndTheLastOpensARow() {
        let from = Self.spanning.replacingOccurrences(of: "| f |", with: "| f‸ |")
        #expect(step(from, .nextCell) == Self.spanning + """
            | ‸  |   |   |
            +---+---+---+

            """)
        #expect(step(Self.spanning.replacingOccurrences(of: "| e |", with: "| e‸ |"), .previousCell)
            == Self.spanning.replacingOccurrences(of: "| d |", with: "| ‸d |"))
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
}
