import Testing
import GridModel
import TestSupport

/// Random sequences of edits keep the model's invariants: the cells tile the grid, and no text is lost
/// except what an explicit delete removes.
struct GridPropertyTests {
    func texts(_ grid: Grid) -> [String] { grid.cells.flatMap(\.lines).sorted() }

    @Test(arguments: 0..<300)
    func randomEditsKeepTheInvariants(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let rows = (0..<4).map { r in (0..<4).map { c in "r\(r)c\(c)" } }
        var grid = try Grid.units(rows, headerRowCount: 1)
        for _ in 0..<40 {
            let before = texts(grid)
            let r = random.below(grid.rowCount), c = random.below(grid.columnCount)
            var removed: [String] = []
            do {
                switch random.below(9) {
                case 0, 1:
                    let rect = SlotRect(rows: r..<r + 1 + random.below(grid.rowCount - r), columns: c..<c + 1 + random.below(grid.columnCount - c))
                    grid = try grid.merging(rect)
                case 2: grid = try grid.splitting(row: r, column: c)
                case 3: grid = try grid.insertingRow(at: random.below(grid.rowCount + 1))
                case 4: grid = try grid.insertingColumn(at: random.below(grid.columnCount + 1))
                case 5:
                    removed = grid.cells.filter { $0.rows == r..<r + 1 }.flatMap(\.lines)
                    grid = try grid.deletingRow(at: r)
                case 6:
                    removed = grid.cells.filter { $0.columns == c..<c + 1 }.flatMap(\.lines)
                    grid = try grid.deletingColumn(at: c)
                case 7: grid = try grid.movingRow(from: r, to: random.below(grid.rowCount))
                default: grid = try grid.movingColumn(from: c, to: random.below(grid.columnCount))
                }
            } catch {
                #expect(texts(grid) == before)  // a refused edit changes nothing
                continue
            }
            try grid.checkInvariants()
            var expected = before
            for line in removed { expected.remove(at: expected.firstIndex(of: line)!) }
            #expect(texts(grid) == expected)
        }
    }
}
