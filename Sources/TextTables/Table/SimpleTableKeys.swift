import GridModel

/// The table keys in reStructuredText simple tables, where a cell has no border to stand in: a blank
/// cell at a row's end has no character on the line, and an empty first cell must be written `\` (a
/// line whose first column is blank continues the row above). So a step to a blank cell past the line's
/// end pads the line with spaces up to the cell's column, and a new row is a line of spaces, which
/// docutils ignores until something is typed on it.
extension TableReading {
    /// The step to the blank cell at `slot` of `after` (this table after the step's edits, or this table)
    /// when its line ends before the cell's column: one edit of the table, the line padded with spaces up
    /// to the column, the cursor there. Nil for other cells and other kinds.
    func paddingSimpleCell(_ slot: Slot, after: TableReading) -> CellNavigation? {
        guard case .simple(let grid, _, let map) = after.content, let cell = grid.cell(at: slot),
              let short = map.shortfall(ofColumn: cell.columns.lowerBound, row: cell.rows.lowerBound, text: after.text, region: after.region)
        else { return nil }
        let line = after.region.firstLine + short.line
        let end = after.text.contentEnd(line)
        return replacingTable(with: after, inserting: Array(repeating: 0x20, count: short.spaces), at: end, cursorLine: short.line)
    }

    /// `nextCell` past the last cell, or `nextRow` past the last row: the table formatted, then a line of
    /// spaces above its bottom border, as far as column `column` starts; the cursor at its end.
    func openingSimpleRow(at column: Int, formatted: Bool?) -> CellNavigation? {
        let edits = formatted == true ? [] : ((try? formattingEdits().get()) ?? [])
        let after = edits.isEmpty ? self : reading(after: edits)
        guard case .simple(_, _, let map) = after.content, column < map.columnStarts.count else { return nil }
        let border = after.region.lines.upperBound - 1
        let borderStart = after.text.starts[border]
        // The bottom border's prefix and indentation, then the columns up to the cell's.
        let lead = Array(after.text.bytes[borderStart..<after.region.contentStarts[border - after.region.firstLine] + map.indentWidth])
        let blank = lead + Array(repeating: 0x20, count: map.columnStarts[column]) + after.region.newLineTerminator(in: after.text)
        return replacingTable(with: after, inserting: blank, at: borderStart, cursorLine: border - after.region.firstLine,
                              cursorByte: blank.count - after.region.newLineTerminator(in: after.text).count)
    }

    /// One edit that replaces this table with `after`'s text, `inserted` put in at `offset` of it, and the
    /// cursor on line `cursorLine` (of the table) at `cursorByte`, or at the insertion's end.
    private func replacingTable(with after: TableReading, inserting inserted: [UInt8], at offset: Int, cursorLine: Int,
                                cursorByte: Int? = nil) -> CellNavigation {
        let afterStart = after.text.starts[after.region.firstLine], afterEnd = after.text.contentEnd(after.region.lines.upperBound - 1)
        let table = Array(after.text.bytes[afterStart..<offset]) + inserted + Array(after.text.bytes[offset..<afterEnd])
        let tableStart = text.starts[region.firstLine], tableEnd = text.contentEnd(region.lines.upperBound - 1)
        let lines = TextLines(table)
        let byte = cursorByte ?? (offset + inserted.count - afterStart - lines.starts[cursorLine])
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
