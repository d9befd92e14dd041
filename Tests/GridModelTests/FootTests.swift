@testable import GridModel
import Testing

/// pandoc's table foot: the last rows, after a second `+===+`. Edits keep header, body and foot apart.
struct FootTests {
    /// Header a, body b c, foot d.
    func table() throws -> Grid {
        try Grid.units([["a"], ["b"], ["c"], ["d"]], headerRowCount: 1).withFoot(1)
    }

    @Test func aFootNeedsAHeaderAndRoomBelowIt() throws {
        #expect(throws: GridError.footerRowCount(1)) { try Grid.units([["a"], ["b"]]).withFoot(1) }
        #expect(throws: GridError.footerRowCount(2)) { try Grid.units([["a"], ["b"]], headerRowCount: 1).withFoot(2) }
        #expect(try Grid.units([["a"], ["b"]], headerRowCount: 1).withFoot(1).bodyRows == 1..<1)
    }

    @Test func insertingAfterTheFootsFirstRowGrowsTheFoot() throws {
        let grid = try table()
        #expect(try grid.insertingRow(at: 3).footerRowCount == 1)  // before the foot: body
        #expect(try grid.insertingRow(at: 4).footerRowCount == 2)
        #expect(try grid.insertingRow(at: 4).bodyRows == 1..<3)
    }

    @Test func deletingAFootRowShrinksTheFoot() throws {
        let grid = try table()
        #expect(try grid.deletingRow(at: 3).footerRowCount == 0)
        #expect(try grid.deletingRow(at: 1).footerRowCount == 1)
        #expect(throws: GridEditError.footNeedsHeader) { try grid.deletingRow(at: 0) }
    }

    @Test func rowsStayInTheirPart() throws {
        let grid = try table()
        #expect(throws: GridEditError.moveCrossesFoot) { try grid.movingRow(from: 3, to: 1) }
        #expect(throws: GridEditError.crossesFoot) { try grid.merging(SlotRect(rows: 2..<4, columns: 0..<1)) }
        let sorted = try grid.sortingBody(byColumn: 0, order: .descending)
        #expect(sorted.cells.map { $0.lines } == [["a"], ["c"], ["b"], ["d"]])
        #expect(sorted.footerRowCount == 1)
    }
}

extension Grid {
    func withFoot(_ rows: Int) throws(GridError) -> Grid {
        try Grid(rowCount: rowCount, columnCount: columnCount, cells: cells, alignments: alignments,
                 headerRowCount: headerRowCount, footerRowCount: rows)
    }
}
