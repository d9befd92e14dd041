import Testing
@testable import GridModel

struct MergeSplitTests {
    @Test func mergeKeepsNonBlankContentInReadingOrder() throws {
        let merged = try abc().merging(rect(1..<3, 0..<2))
        #expect(sketch(merged) == "a1 a2 a3\nb1/b2/c1/c2 < b3\n^ ^ c3")
        #expect(merged.cells.count == 6)
    }

    @Test func blankCellsAddNoLines() throws {
        let grid = try Grid.units([["h", "h"], ["", "x"], ["y", ""]], headerRowCount: 1)
        #expect(try grid.merging(rect(1..<3, 0..<2)).cells.last?.lines == ["x", "y"])
    }

    @Test func mergeRefusesACellThatSticksOut() throws {
        let grid = try abc().merging(rect(1..<3, 1..<2))
        #expect(throws: GridEditError.cellSticksOut(rect(1..<3, 1..<2))) {
            try grid.merging(rect(1..<2, 0..<2))
        }
        let reason = GridEditError.cellSticksOut(rect(1..<3, 1..<2)).description
        #expect(reason == "the cell at rows 2–3, column 2 sticks out of the selection: extend the selection to cover it, or split it first")
    }

    @Test func mergeOfOneCellIsRefused() throws {
        let grid = try abc().merging(rect(1..<3, 1..<3))
        #expect(throws: GridEditError.singleCell) { try grid.merging(rect(1..<3, 1..<3)) }
        #expect(throws: GridEditError.singleCell) { try abc().merging(rect(0..<1, 0..<1)) }
    }

    @Test func mergeAcrossTheHeaderIsRefused() throws {
        #expect(throws: GridEditError.crossesHeader) { try abc().merging(rect(0..<2, 0..<1)) }
    }

    @Test func mergeOutsideTheGridIsRefused() throws {
        #expect(throws: GridEditError.selectionOutOfBounds(SlotRect(rows: 2..<4, columns: 0..<1))) {
            try abc().merging(rect(2..<4, 0..<1))
        }
        #expect(GridEditError.selectionOutOfBounds(SlotRect(rows: 2..<4, columns: 0..<1)).description == "the selection rows 3–4, column 1 is outside the table")
        #expect(GridEditError.slotOutOfBounds(Slot(row: 4, column: 0)).description == "row 5, column 1 is outside the table")
        #expect(GridEditError.rowOutOfBounds(4).description == "row 5 is outside the table")
    }

    @Test func splitGivesEverySlotItsOwnCellAndKeepsTheTextTopLeft() throws {
        let split = try abc().merging(rect(1..<3, 0..<2)).splitting(row: 2, column: 1)
        #expect(sketch(split) == "a1 a2 a3\nb1/b2/c1/c2 . b3\n. . c3")
        try split.checkInvariants()
    }

    @Test func splitOfAUnitCellIsRefused() throws {
        #expect(throws: GridEditError.notMerged(rect(0..<1, 0..<1))) { try abc().splitting(row: 0, column: 0) }
    }
}

struct NormalizeTests {
    @Test func aRowBoundaryEveryCellCrossesIsRemoved() throws {
        let grid = try Grid.units([["a", "b"], ["c", "d"], ["e", "f"]]).merging(rect(1..<3, 0..<2))
        let tall = try grid.deletingColumn(at: 1)  // rows 2–3 now one cell spanning both
        #expect(sketch(tall) == "a\nc/d/e/f\n^")
        #expect(sketch(tall.normalized()) == "a\nc/d/e/f")
        try tall.normalized().checkInvariants()
    }

    @Test func aColumnBoundaryEveryCellCrossesIsRemovedWithItsAlignment() throws {
        let grid = try Grid.units([["a", "b", "c"]], alignments: [.left, .center, .right]).merging(rect(0..<1, 0..<2))
        let normal = grid.normalized()
        #expect(sketch(normal) == "a/b c")
        #expect(normal.alignments == [.left, .right])
    }

    @Test func aNormalGridIsUnchanged() throws {
        #expect(try abc().normalized() == abc())
    }
}
