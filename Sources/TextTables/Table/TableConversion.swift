import GridModel

/// Between pipe tables and the grid model: a pipe table is a grid of unit cells with one header row;
/// a grid prints as a pipe table only when it has no merged cells, single-line cells and one header row.
enum TableConversion {
    /// The pipe table as a grid. Cells beyond the header's count become further columns.
    package static func grid(_ table: PipeTable) -> Grid {
        // A pipe table always has a header row and at least one column, so this cannot fail.
        (try? Grid.units(table.texts, alignments: padded(table.alignments, to: table.texts.map(\.count).max() ?? 1), headerRowCount: 1))!
    }

    /// The pipe table's shown cells as a grid: its header's columns, without the cells past them that
    /// GitHub hides (`HiddenCells`). The table keys step through these.
    static func shownGrid(_ table: PipeTable) -> Grid {
        let shown = max(table.cellCount(ofRow: 0), 1)
        let texts = (0..<table.rowCount).map { r in (0..<shown).map { table.text(row: r, column: $0) } }
        return (try? Grid.units(texts, alignments: Array(padded(table.alignments, to: shown).prefix(shown)), headerRowCount: 1))!
    }

    /// The shape of the pipe table as its actions see it: the columns its header states (cells past them,
    /// which GitHub hides, take no part: `HiddenCells`).
    static func shape(_ table: PipeTable) -> GridShape {
        GridShape(rowCount: table.rowCount, columnCount: max(table.cellCount(ofRow: 0), 1), headerRowCount: 1)
    }

    private static func padded(_ alignments: [ColumnAlignment], to count: Int) -> [ColumnAlignment] {
        alignments + Array(repeating: .none, count: max(0, count - alignments.count))
    }

    /// Why a table with `count` header rows cannot be a pipe table.
    static func headerRefusal(_ count: Int) -> TableEditRefusal? {
        count == 1 ? nil : .headerRows(count: count)
    }

    /// Why a grid cannot be a pipe table.
    static func pipeRefusal(_ grid: Grid) -> TableEditRefusal? {
        if let refusal = headerRefusal(grid.headerRowCount) { return refusal }
        if grid.footerRowCount > 0 { return .pipeFoot(rows: grid.footerRowCount) }
        if !grid.hasOnlyUnitCells, let merged = grid.cells.first(where: { !$0.isUnit }) { return .pipeMergedCell(merged.rect) }
        if let tall = grid.cells.first(where: { $0.lines.count > 1 }) { return .pipeTallCell(tall.rect, lines: tall.lines.count) }
        if let cell = grid.cells.first(where: { PipeRowSyntax.startsWithSkippedSpace(($0.lines.first ?? "").utf8) }) {
            return .pipeSkippedSpace(cell.rect)
        }
        return nil
    }

    /// The grid as a pipe table, with `|` in cell text escaped, or why it cannot be one.
    static func pipeTable(_ grid: Grid) -> Result<PipeTable, TableEditRefusal> {
        if let refusal = pipeRefusal(grid) { return .failure(refusal) }
        let owners = grid.slotOwners()
        let texts = (0..<grid.rowCount).map { r in
            (0..<grid.columnCount).map { c in escapingPipes(grid.cells[owners[r * grid.columnCount + c]].lines.first ?? "") }
        }
        return .success(PipeTable(texts: texts, alignments: grid.alignments))
    }

    /// `|` not already escaped becomes `\|`, so that it stays inside its cell.
    static func escapingPipes(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character == "|" && previous != "\\" { out.append("\\") }
            out.append(character)
            previous = character
        }
        return out
    }
}
