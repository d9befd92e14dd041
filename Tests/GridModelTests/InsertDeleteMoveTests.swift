import Testing
@testable import GridModel

struct InsertDeleteMoveTests {
    /// a1 a2 a3 / b1 [b2 spanning rows 2–3, columns 2–3] / c1
    func spanning() throws -> Grid { try abc().merging(rect(1..<3, 1..<3)) }

    @Test func insertingInsideASpanWidensIt() throws {
        let grid = try spanning().insertingRow(at: 2)
        #expect(sketch(grid) == "a1 a2 a3\nb1 b2/b3/c2/c3 <\n. ^ ^\nc1 ^ ^")
        let wider = try spanning().insertingColumn(at: 2)
        #expect(sketch(wider) == "a1 a2 . a3\nb1 b2/b3/c2/c3 < <\nc1 ^ ^ ^")
    }

    @Test func insertingAtAnEdgeOfASpanNeverGrowsIt() throws {
        #expect(sketch(try spanning().insertingRow(at: 1)) == "a1 a2 a3\n. . .\nb1 b2/b3/c2/c3 <\nc1 ^ ^")
        #expect(sketch(try spanning().insertingRow(at: 3)) == "a1 a2 a3\nb1 b2/b3/c2/c3 <\nc1 ^ ^\n. . .")
        #expect(sketch(try spanning().insertingColumn(at: 0)) == ". a1 a2 a3\n. b1 b2/b3/c2/c3 <\n. c1 ^ ^")
    }

    @Test func insertedRowsJoinTheHeaderOnlyAboveItsEnd() throws {
        #expect(try abc().insertingRow(at: 0).headerRowCount == 2)
        #expect(try abc().insertingRow(at: 1).headerRowCount == 1)
    }

    @Test func insertedColumnsAreUnaligned() throws {
        let grid = try Grid.units([["a", "b"]], alignments: [.left, .right])
        #expect(try grid.insertingColumn(at: 1).alignments == [.left, .none, .right])
    }

    @Test func deletingALineInsideASpanShrinksItAndKeepsItsText() throws {
        #expect(sketch(try spanning().deletingRow(at: 2)) == "a1 a2 a3\nb1 b2/b3/c2/c3 <")
        #expect(sketch(try spanning().deletingColumn(at: 1)) == "a1 a3\nb1 b2/b3/c2/c3\nc1 ^")
    }

    @Test func deletingRemovesCellsWhollyInside() throws {
        let grid = try abc().deletingRow(at: 1)
        #expect(sketch(grid) == "a1 a2 a3\nc1 c2 c3")
        #expect(try abc().deletingRow(at: 0).headerRowCount == 0)
    }

    @Test func theLastRowAndColumnStay() throws {
        let one = try Grid.units([["x"]])
        #expect(throws: GridEditError.lastRow) { try one.deletingRow(at: 0) }
        #expect(throws: GridEditError.lastColumn) { try one.deletingColumn(at: 0) }
    }

    @Test func movingIsAPermutation() throws {
        #expect(sketch(try abc().movingRow(from: 2, to: 1)) == "a1 a2 a3\nc1 c2 c3\nb1 b2 b3")
        let moved = try Grid.units([["a", "b", "c"]], alignments: [.left, .center, .right]).movingColumn(from: 0, to: 2)
        #expect(sketch(moved) == "b c a")
        #expect(moved.alignments == [.center, .right, .left])
    }

    @Test func movingAcrossASpanIsRefused() throws {
        let grid = try spanning().insertingRow(at: 3)  // a free row below the span
        #expect(throws: GridEditError.spanCrossesBoundary(rect(1..<3, 1..<3))) { try grid.movingRow(from: 2, to: 3) }
        #expect(throws: GridEditError.spanCrossesBoundary(rect(1..<3, 1..<3))) { try grid.movingColumn(from: 1, to: 0) }
    }

    @Test func movingPastAWholeSpanIsAllowed() throws {
        let grid = try spanning().insertingRow(at: 3)
        #expect(sketch(try grid.movingRow(from: 3, to: 1)) == "a1 a2 a3\n. . .\nb1 b2/b3/c2/c3 <\nc1 ^ ^")
    }

    @Test func movingBetweenHeaderAndBodyIsRefused() throws {
        #expect(throws: GridEditError.moveCrossesHeader) { try abc().movingRow(from: 1, to: 0) }
    }
}
