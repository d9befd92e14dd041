import Testing
@testable import GridModel
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
            let edit: GridEdit
            var removed: [String] = []
            switch random.below(9) {
            case 0, 1:
                edit = .merge(SlotRect(rows: r..<r + 1 + random.below(grid.rowCount - r), columns: c..<c + 1 + random.below(grid.columnCount - c)))
            case 2: edit = .split(row: r, column: c)
            case 3: edit = .insertRow(at: random.below(grid.rowCount + 1))
            case 4: edit = .insertColumn(at: random.below(grid.columnCount + 1))
            case 5:
                removed = grid.cells.filter { $0.rows == r..<r + 1 }.flatMap(\.lines)
                edit = .deleteRow(r)
            case 6:
                removed = grid.cells.filter { $0.columns == c..<c + 1 }.flatMap(\.lines)
                edit = .deleteColumn(c)
            case 7: edit = .moveRow(from: r, to: random.below(grid.rowCount))
            default: edit = .moveColumn(from: c, to: random.below(grid.columnCount))
            }
            // Whether the edit is refused is known without doing it, and doing it agrees, reason and all.
            let refusal = grid.refusal(of: edit)
            do {
                grid = try grid.applying(edit)
                #expect(refusal == nil, "\(edit) was done although refused: \(refusal.map(String.init(describing:)) ?? "")")
            } catch {
                #expect(error == refusal, "\(edit)")
                continue
            }
            try grid.checkInvariants()
            var expected = before
            for line in removed { expected.remove(at: expected.firstIndex(of: line)!) }
            #expect(texts(grid) == expected)
        }
    }
}
