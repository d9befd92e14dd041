import GridModel

/// Where the cell at a byte offset is drawn, as byte ranges of the document, narrowest first: what an
/// editor selects for "the cell" (the server's `textDocument/selectionRange`, the Vim text objects).
/// A cell over several lines (a grid table's) is a rectangle; each range then runs from its top-left
/// corner to its bottom-right one, which an editor may select as a block.
package struct CellExtent: Equatable, Sendable {
    /// The cell's text, without the spaces around it; nil when the cell is blank.
    package var text: Range<Int>?
    /// The text with its padding: everything between the cell's borders.
    package var padded: Range<Int>
    /// The padding with the borders around it (those drawn: a pipe row may lack its outer `|`).
    package var bordered: Range<Int>
    /// The table lines (absolute) of the cell's rows: a pipe row's line; a grid table's rows from the
    /// border above the cell to the border below it.
    package var lines: ClosedRange<Int>
}

extension TableReading {
    /// The extent of the cell at `offset`, in a pipe or grid table; nil elsewhere (on a rule or junction,
    /// outside the table, in other kinds of table, in an unreadable table).
    package func cellExtent(at offset: Int) -> CellExtent? {
        let line = text.line(containing: offset)
        guard region.lines.contains(line), offset <= text.contentEnd(line) else { return nil }
        switch content {
        case .pipe: return pipeCellExtent(at: offset, line: line)
        case .grid(let grid, let map, _): return map.cellExtent(line: line - region.firstLine, offset: offset, grid: grid, text: text)
        case .simple, .list, .pandoc, .unreadable: return nil
        }
    }

    /// A pipe cell: the trimmed text GitHub reads, widened over the spaces and tabs around it, then over
    /// the `|` on either side. A `|` belongs to the cell on its left, as in `TableLocator.pipeSlot`.
    private func pipeCellExtent(at offset: Int, line: Int) -> CellExtent? {
        let b = text.bytes, end = text.contentEnd(line)
        let (_, p) = BlockSyntax.indentation(b, region.contentStarts[line - region.firstLine], end)
        let cells = PipeTable.rowCells(b, from: p, to: end).map { cell in
            var padded = cell
            while padded.lowerBound > p && PipeRowSyntax.isCellSpace(b[padded.lowerBound - 1]) { padded = padded.lowerBound - 1..<padded.upperBound }
            while padded.upperBound < end && PipeRowSyntax.isCellSpace(b[padded.upperBound]) { padded = padded.lowerBound..<padded.upperBound + 1 }
            return (cell, padded)
        }
        guard let found = cells.last(where: { $0.1.lowerBound <= offset }) ?? cells.first else { return nil }
        let (cell, padded) = found
        let left = padded.lowerBound > p && b[padded.lowerBound - 1] == PipeRowSyntax.pipe ? 1 : 0
        let right = padded.upperBound < end && b[padded.upperBound] == PipeRowSyntax.pipe ? 1 : 0
        return CellExtent(text: cell.isEmpty ? nil : cell, padded: padded,
                          bordered: padded.lowerBound - left..<padded.upperBound + right, lines: line...line)
    }
}

extension GridTableMap {
    /// The grid cell at byte `offset` of table line `i`: its rectangle between its borders, the text's
    /// bounding box inside it, and the lines from its top border to its bottom one.
    func cellExtent(line i: Int, offset: Int, grid: Grid, text: TextLines) -> CellExtent? {
        guard let slot = slot(line: i, offset: offset), let index = grid.cellIndex(row: slot.row, column: slot.column) else { return nil }
        let cell = grid.cells[index]
        let top = borders[cell.rows.lowerBound], bottom = borders[cell.rows.upperBound]
        let left = cell.columns.lowerBound, right = cell.columns.upperBound
        var box: (first: Int, last: Int, from: Int, to: Int)?  // lines and columns of the text
        for j in (top + 1)..<bottom {
            let inside = (xOfColumnLine(left, line: j) + 1)..<xOfColumnLine(right, line: j)
            let filled = inside.filter { $0 < lines[j].width && !Blank.isSpaceOrTab(text.bytes[lines[j].offset($0)]) }
            guard let from = filled.first, let to = filled.last.map({ $0 + 1 }) else { continue }
            box = box.map { ($0.first, j, min($0.from, from), max($0.to, to)) } ?? (j, j, from, to)
        }
        let padded = lines[top + 1].offset(xOfColumnLine(left, line: top + 1) + 1)..<lines[bottom - 1].offset(xOfColumnLine(right, line: bottom - 1))
        let bordered = lines[top].offset(xOfColumnLine(left, line: top))..<lines[bottom].offset(xOfColumnLine(right, line: bottom) + 1)
        return CellExtent(text: box.map { lines[$0.first].offset($0.from)..<lines[$0.last].offset($0.to) }, padded: padded, bordered: bordered,
                          lines: lines[top].line...lines[bottom].line)
    }
}
