import GridModel

/// The table keys in reStructuredText simple tables, where a cell has no border to stand in: a blank
/// cell at a row's end has no character on the line, and an empty first cell must be written `\` (a
/// line whose first column is blank continues the row above). So a step to a blank cell past the line's
/// end pads the line with spaces up to the cell's column, and a new row is a line of spaces, which
/// docutils ignores until something is typed on it (a line printed for it, then blanked).
extension TableReading {
    /// The step to the blank cell at `slot` of `after` (this table after the step's edits, or this table)
    /// when its line ends before the cell's column: one edit of the table, the line padded with spaces up
    /// to the column, the cursor there. Nil for other cells and other kinds.
    func paddingSimpleCell(_ slot: Slot, after: TableReading) -> CellNavigation? {
        guard case .simple(let grid, _, let map) = after.content, let cell = grid.cell(at: slot),
              let short = map.shortfall(ofColumn: cell.columns.lowerBound, row: cell.rows.lowerBound, text: after.text, region: after.region)
        else { return nil }
        let end = after.text.contentEnd(after.region.firstLine + short.line)
        return replacingTable(with: after, replacing: end..<end, by: Array(repeating: 0x20, count: short.spaces), cursorLine: short.line)
    }

    /// `nextCell` past the last cell, or `nextRow` past the last row: the table printed with a new empty
    /// row (which `apply` writes `\`, moving a span the bottom border drew for the last row to an
    /// underline), then that row's line made spaces as far as column `column` starts; the cursor at its end.
    func openingSimpleRow(at column: Int) -> CellNavigation? {
        guard case .success(let grid) = grid,
              case .success(let done) = apply(.edit(.insertRow(at: grid.rowCount)), syntax: .restructuredText) else { return nil }
        let after = reading(after: done.edits)
        guard case .simple(_, _, let map) = after.content, column < map.columnStarts.count else { return nil }
        let newRow = after.region.lines.upperBound - 2  // its one line, right above the bottom border
        let cellsStart = after.region.contentStarts[newRow - after.region.firstLine] + map.indentWidth
        return replacingTable(with: after, replacing: cellsStart..<after.text.contentEnd(newRow),
                              by: Array(repeating: 0x20, count: map.columnStarts[column]), cursorLine: newRow - after.region.firstLine)
    }

    /// One edit that replaces this table with `after`'s, `range` of it replaced by `bytes`, and the cursor
    /// on line `cursorLine` (of the table) at the end of `bytes`.
    private func replacingTable(with after: TableReading, replacing range: Range<Int>, by bytes: [UInt8], cursorLine: Int) -> CellNavigation {
        let afterStart = after.text.starts[after.region.firstLine], afterEnd = after.text.contentEnd(after.region.lines.upperBound - 1)
        let table = Array(after.text.bytes[afterStart..<range.lowerBound]) + bytes + Array(after.text.bytes[range.upperBound..<afterEnd])
        let tableStart = text.starts[region.firstLine], tableEnd = text.contentEnd(region.lines.upperBound - 1)
        let lines = TextLines(table)
        let byte = range.lowerBound + bytes.count - afterStart - lines.starts[cursorLine]
        let lineText = Array(lines.bytes[lines.starts[cursorLine]..<lines.contentEnd(cursorLine)])
        return CellNavigation(edits: [TextEdit(range: tableStart..<tableEnd, newText: table)], line: cursorLine, byte: byte, lineText: lineText)
    }
}

extension SimpleTableMap {
    /// How many spaces the first line of row `row` lacks to reach column `column`'s start, and that line
    /// (of the table); nil when it reaches it.
    func shortfall(ofColumn column: Int, row: Int, text: TextLines, region: TableRegion) -> (line: Int, spaces: Int)? {
        guard column < columnStarts.count, let line = rowOfLine.firstIndex(where: { $0 == row }) else { return nil }
        let end = text.contentEnd(region.firstLine + line)
        let start = min(region.contentStarts[line] + indentWidth, end)
        let width = SimpleTableLine(text.bytes, start, end).pieces.last.map { $0.column + $0.width } ?? 0
        return width < columnStarts[column] ? (line, columnStarts[column] - width) : nil
    }
}
