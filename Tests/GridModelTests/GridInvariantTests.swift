import Testing
@testable import GridModel

/// Building a grid checks the tiling: every slot covered by exactly one non-empty cell.
struct GridInvariantTests {
    @Test func unitsTileTheGridAndPadShortRows() throws {
        let grid = try Grid.units([["a", "b"], ["c"]])
        #expect(sketch(grid) == "a b\nc .")
        #expect(grid.cells.count == 4)
    }

    @Test func overlappingCellsAreRejected() {
        #expect(throws: GridError.overlap(row: 0, column: 1)) {
            try Grid(rowCount: 1, columnCount: 2, cells: [
                GridCell(rows: 0..<1, columns: 0..<2), GridCell(rows: 0..<1, columns: 1..<2),
            ])
        }
    }

    @Test func aGapIsRejected() {
        #expect(throws: GridError.uncoveredSlot(row: 1, column: 1)) {
            try Grid(rowCount: 2, columnCount: 2, cells: [
                GridCell(rows: 0..<1, columns: 0..<2), GridCell(rows: 1..<2, columns: 0..<1),
            ])
        }
    }

    @Test func emptyAndOutsideCellsAreRejected() {
        #expect(throws: GridError.emptyCell(SlotRect(rows: 0..<0, columns: 0..<1))) {
            try Grid(rowCount: 1, columnCount: 1, cells: [GridCell(rows: 0..<0, columns: 0..<1)])
        }
        #expect(throws: GridError.cellOutsideGrid(SlotRect(rows: 0..<2, columns: 0..<1))) {
            try Grid(rowCount: 1, columnCount: 1, cells: [GridCell(rows: 0..<2, columns: 0..<1)])
        }
        #expect(throws: GridError.emptyGrid) { try Grid(rowCount: 0, columnCount: 1, cells: []) }
    }

    @Test func rectanglesDescribeThemselvesOneBased() {
        #expect(SlotRect(rows: 1..<3, columns: 0..<1).description == "rows 2–3, column 1")
    }
}
