extension Grid {
    /// Merges the cells inside `rect` into one spanning cell.
    /// Refused when a cell meeting the rectangle sticks out of it, when the rectangle holds one cell,
    /// or when it crosses the line between header and body.
    /// The merged content is the non-blank contents of the merged cells in reading order, each keeping its lines.
    public func merging(_ rect: SlotRect) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .merge(rect)) { throw refusal }
        let touched = cells.filter { $0.rect.intersects(rect) }
        let content = touched.filter { !$0.isBlank }.flatMap(\.lines)
        var kept = cells.filter { !$0.rect.intersects(rect) }
        kept.append(GridCell(rows: rect.rows, columns: rect.columns, lines: content))
        return Grid(
            unchecked: kept, rowCount: rowCount, columnCount: columnCount,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }

    /// Splits the spanning cell covering `(row, column)` into one unit cell per slot.
    /// The content stays in the top-left slot; the others are empty.
    public func splitting(row: Int, column: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .split(row: row, column: column)) { throw refusal }
        let index = cellIndex(row: row, column: column)!  // the refusal above checked it
        let cell = cells[index]
        var result = cells
        result.remove(at: index)
        for r in cell.rows {
            for c in cell.columns {
                let isTopLeft = r == cell.rows.lowerBound && c == cell.columns.lowerBound
                result.append(GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: isTopLeft ? cell.lines : []))
            }
        }
        return Grid(
            unchecked: result, rowCount: rowCount, columnCount: columnCount,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }
}
