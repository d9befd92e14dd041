import TestSupport
import GridModel
import Testing
import TextTables

/// Printing a grid and reading the text back gives the same grid, after any sequence of edits.
struct GridRoundTripTests {
    func reparse(_ grid: Grid, indent: String = "") -> GridTableParse {
        let printed = GridTablePrinter(grid, indent: Array(indent.utf8)).lines()
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let text = TextLines(printed)
        let region = MarkdownScanner.scan(text).tables[0]
        return GridTableParser.parse(text, region: region)
    }

    @Test(arguments: 0..<200)
    func randomGridsRoundTrip(seed: UInt64) throws {
        var generator = RandomGridTable(seed: seed)
        var grid = generator.grid()
        var random = SeededRandom(seed: seed &+ 77)
        for _ in 0..<8 {
            let r = random.int(0...grid.rowCount - 1), c = random.int(0...grid.columnCount - 1)
            switch random.int(0...5) {
            case 0: grid = (try? grid.merging(SlotRect(rows: r..<min(grid.rowCount, r + 2), columns: c..<min(grid.columnCount, c + 2)))) ?? grid
            case 1: grid = (try? grid.splitting(row: r, column: c)) ?? grid
            case 2: grid = (try? grid.insertingRow(at: r)) ?? grid
            case 3: grid = (try? grid.insertingColumn(at: c)) ?? grid
            case 4: grid = (try? grid.deletingRow(at: r)) ?? grid
            default: grid = (try? grid.deletingColumn(at: c)) ?? grid
            }
            try grid.checkInvariants()
            let parsed = reparse(grid, indent: random.chance(0.3) ? "  " : "")
            #expect(parsed.diagnostics == [])
            #expect(parsed.grid == grid.normalized())
            #expect(parsed.wasReLaid == false)
        }
    }

    @Test func alignmentAndHeaderSurvive() throws {
        let grid = try Grid.units([["a", "b", "c"], ["1", "2", "3"]], alignments: [.left, .center, .right], headerRowCount: 1)
        #expect(reparse(grid).grid == grid)
        let headless = try Grid.units([["a", "b"]], alignments: [.right, .none])
        #expect(reparse(headless).grid == headless)
    }
}
