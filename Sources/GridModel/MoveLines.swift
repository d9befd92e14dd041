extension Grid {
    /// Moves row `from` so that it ends up at index `to` (the other rows keep their order).
    /// Refused when a spanning cell crosses the moved row's boundaries or the place it moves to,
    /// or when the row would move between header and body.
    public func movingRow(from: Int, to: Int) throws(GridEditError) -> Grid {
        guard (0..<rowCount).contains(from), (0..<rowCount).contains(to) else {
            throw .outOfBounds("row \((0..<rowCount).contains(from) ? to + 1 : from + 1)")
        }
        guard (from < headerRowCount) == (to < headerRowCount) else { throw .moveCrossesHeader }
        let foot = rowCount - footerRowCount
        guard footerRowCount == 0 || (from >= foot) == (to >= foot) else { throw .moveCrossesFoot }
        return try moving(from: from, to: to, along: .rows)
    }

    /// Moves column `from` so that it ends up at index `to`, with its alignment.
    public func movingColumn(from: Int, to: Int) throws(GridEditError) -> Grid {
        guard (0..<columnCount).contains(from), (0..<columnCount).contains(to) else {
            throw .outOfBounds("column \((0..<columnCount).contains(from) ? to + 1 : from + 1)")
        }
        var aligned = alignments
        aligned.insert(aligned.remove(at: from), at: to)
        return try moving(from: from, to: to, along: .columns, alignments: aligned)
    }

    private func moving(
        from: Int, to: Int, along axis: Axis, alignments: [ColumnAlignment]? = nil
    ) throws(GridEditError) -> Grid {
        guard from != to else { return self }
        // The moved line must be free of spans, and so must the boundary it lands on.
        let landing = to > from ? to + 1 : to
        for boundary in [from, from + 1, landing] {
            if let cell = cellCrossing(boundary: boundary, along: axis) {
                throw .spanCrossesBoundary(cell.rect)
            }
        }
        let count = count(along: axis)
        var order = Array(0..<count)
        order.insert(order.remove(at: from), at: to)
        var newIndex = [Int](repeating: 0, count: count)
        for (position, old) in order.enumerated() { newIndex[old] = position }
        let path = axis
        let moved = cells.map { cell -> GridCell in
            var cell = cell
            let range = cell.rect[path]
            let start = newIndex[range.lowerBound]
            cell.rect[path] = start..<start + range.count
            return cell
        }
        return rebuilt(cells: moved, along: axis, count: count, alignments: alignments)
    }
}
