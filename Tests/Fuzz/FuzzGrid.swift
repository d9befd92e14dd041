// libFuzzer target: reStructuredText grid and simple tables and list-tables. A table that reads prints to
// text that reads back to the same grid, and printing that again changes nothing; a list-table converts
// to a grid table of the same cells.
import GridModel
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Validation.isValid(input) else { return 0 }
    let text = TextLines(input)
    for region in RSTScanner.scan(text, options: ScanOptions()).tables {
        guard region.kind == .grid else {
            if region.kind == .list { checkListTable(input, text, region) } else { checkSimpleTable(input, text, region) }
            continue
        }
        let parsed = TableReading(text, region: region, options: .init())
        guard case .success(let grid) = parsed.grid else {
            precondition(parsed.diagnostics.contains { $0.severity == .error }, "no grid and no error")
            continue
        }
        let printed = GridTablePrinter(grid, options: .init(), syntax: region.syntax).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let reread = TextLines(printed)
        guard let again = RSTScanner.scan(reread, options: ScanOptions()).tables.first else { preconditionFailure("printed table not found") }
        let reparsed = TableReading(reread, region: again, options: .init())
        // A table with a line to re-lay does not read: a grid read back needed none.
        precondition(reparsed.grid == .success(grid), "print/parse changed the grid, or it needed re-laying")
    }
    return 0
}

/// A list-table that reads converts (unless refused) to a grid table that reads back to the same grid.
func checkListTable(_ input: [UInt8], _ text: TextLines, _ region: TableRegion) {
    let reading = TableReading(text, region: region, options: .init())
    guard case .success(let grid) = reading.grid, case .success(let done) = reading.apply(.convertToGrid, syntax: .restructuredText) else { return }
    let converted = TextLines(TextEdit.apply(done.edits, to: input))
    guard let table = RSTScanner.scan(converted, options: ScanOptions()).tables.first(where: { $0.lines.contains(region.firstLine) || $0.firstLine > region.firstLine }),
          table.kind == .grid else { preconditionFailure("the grid table made of a list-table is not found") }
    let reread = TableReading(converted, region: table, options: .init())
    guard case .success(let gridAgain) = reread.grid else { preconditionFailure("the grid table made of a list-table does not read") }
    precondition(gridAgain.cells.map(\.lines) == grid.cells.map(\.lines) && gridAgain.headerRowCount == grid.headerRowCount,
                 "list-table → grid table changed the cells")
}

/// A simple table that reads formats to a table that reads back to the same grid (an empty first cell is
/// written `\\`) and that formatting leaves as it is.
func checkSimpleTable(_ input: [UInt8], _ text: TextLines, _ region: TableRegion) {
    let reading = TableReading(text, region: region, options: .init())
    guard case .success(let grid) = reading.grid else {
        precondition(reading.errors?.isEmpty == false, "no grid and no error")
        return
    }
    guard let edit = reading.formattedWhole() else { return }  // formatted already, or not printable
    let formatted = TextLines(TextEdit.apply([edit], to: input))
    guard let again = RSTScanner.scan(formatted, options: ScanOptions()).tables.first(where: { $0.firstLine == region.firstLine }), again.kind == .simple else {
        preconditionFailure("the formatted simple table is not found")
    }
    let reread = TableReading(formatted, region: again, options: .init())
    guard case .success(let gridAgain) = reread.grid else { preconditionFailure("the formatted simple table does not read") }
    precondition(withEmptyFirstCells(gridAgain) == withEmptyFirstCells(grid), "format/read changed the simple table's grid")
    precondition(reread.formattedWhole() == nil, "formatting a simple table twice changed it")
}

func withEmptyFirstCells(_ grid: Grid) -> [GridCell] {
    grid.cells.map { cell in
        var cell = cell
        if cell.columns.lowerBound == 0 && cell.lines == ["\\"] { cell.lines = [] }
        return cell
    }
}
