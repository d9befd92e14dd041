import Foundation
import TestSupport
@testable import GridModel
import Testing
@testable import TextTables

/// Printing a grid and reading the text back gives the same grid, after any sequence of edits.
struct GridRoundTripTests {
    func reparse(_ grid: Grid, indent: String = "") -> TableReading {
        let printed = GridTablePrinter(grid, indent: Array(indent.utf8)).lines()
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let text = TextLines(printed)
        let region = MarkdownScanner.scan(text).tables[0]
        return TableReading(text, region: region, options: .init())
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
            #expect(parsed.grid == .success(grid))
        }
    }

    /// A cell spanning hundreds of rows, with text running over the borders it crosses, beside unit cells:
    /// printed line by line as written out here (the spanning cell's line `t - 1` on printed line `t`),
    /// and read back as the same grid. The printer finds each row's place in the cell at once.
    @Test(arguments: [1, 2, 37, 400])
    func aCellSpanningManyRowsPrintsItsLinesWhereTheyFall(rows: Int) throws {
        let lines = (0..<(2 * rows - 1)).map { $0 % 3 == 0 || $0 == 2 * rows - 2 ? "line \($0)" : "" }
        let span = GridCell(rows: 0..<rows, columns: 0..<1, lines: lines)
        let units = (0..<rows).map { GridCell(rows: $0..<$0 + 1, columns: 1..<2, lines: ["b"]) }
        let grid = try Grid(rowCount: rows, columnCount: 2, cells: [span] + units)
        let width = lines.map(\.count).max()!
        let rule = "+" + String(repeating: "-", count: width + 2) + "+---+"
        var expected = [rule]
        for t in 1..<(2 * rows) {
            let text = lines[t - 1].padding(toLength: width, withPad: " ", startingAt: 0)
            expected.append("| " + text + (t % 2 == 1 ? " | b |" : " +---+"))
        }
        expected.append(rule)
        let printed = GridTablePrinter(grid, options: WidthOptions(), syntax: .markdown).lines().map { String(decoding: $0, as: UTF8.self) }
        #expect(printed == expected)
        #expect(reparse(grid).grid == .success(grid))
    }

    @Test func alignmentAndHeaderSurvive() throws {
        let grid = try Grid.units([["a", "b", "c"], ["1", "2", "3"]], alignments: [.left, .center, .right], headerRowCount: 1)
        #expect(reparse(grid).grid == .success(grid))
        let headless = try Grid.units([["a", "b"]], alignments: [.right, .none])
        #expect(reparse(headless).grid == .success(headless))
    }
}

/// Reads the first grid table of `table` (as Markdown: pandoc's measure, unless `syntax` says otherwise),
/// prints it, and reads the print back.
func readPrintReread(_ table: String, syntax: DocumentSyntax = .markdown) throws -> (grid: Grid, printed: String, again: TableReading) {
    let text = TextLines(reLaidIfDrifted(table, syntax: syntax))
    let parsed = TableReading(text, region: syntax.scan(text).tables[0], options: .init())
    let grid = try #require(try? parsed.grid.get(), "\(parsed.diagnostics)")
    let (printed, again) = try printAndReread(grid, syntax: syntax)
    return (grid, printed, again)
}

/// A table drawn as an editor draws it can stand off the reader's columns: then it is reported with the
/// quick fix that re-lays it from its cells; this applies that fix (and leaves any other table as it is).
func reLaidIfDrifted(_ table: String, syntax: DocumentSyntax = .markdown) -> String {
    let text = TextLines(table)
    let parsed = TableReading(text, region: syntax.scan(text).tables[0], options: .init())
    guard parsed.errors != nil,
          let fix = parsed.diagnostics.flatMap(\.fixes).first(where: { $0.title == "Re-lay the table from its cells" }) else { return table }
    return String(decoding: TextEdit.apply(fix.edits, to: text.bytes), as: UTF8.self)
}

/// Prints a grid as a table on its own and reads the print back.
func printAndReread(_ grid: Grid, syntax: DocumentSyntax = .markdown) throws -> (printed: String, again: TableReading) {
    let printed = GridTablePrinter(grid, syntax: syntax).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
    let reread = TextLines(printed)
    return (printed, TableReading(reread, region: try #require(syntax.scan(reread).tables.first), options: .init()))
}
