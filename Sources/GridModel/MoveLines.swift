extension Grid {
    /// Moves row `from` so that it ends up at index `to` (the other rows keep their order).
    /// Refused when a spanning cell crosses the moved row's boundaries or the place it moves to,
    /// or when the row would move between header and body.
    func movingRow(from: Int, to: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .moveRow(from: from, to: to)) { throw refusal }
        return try moving(from: from, to: to, along: .rows)
    }

    /// Moves column `from` so that it ends up at index `to`, with its alignment.
    func movingColumn(from: Int, to: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .moveColumn(from: from, to: to)) { throw refusal }
        var aligned = alignments
        aligned.insert(aligned.remove(at: from), at: to)
        return try moving(from: from, to: to, along: .columns, alignments: aligned)
    }

    private func moving(
        from: Int, to: Int, along axis: Axis, alignments: [ColumnAlignment]? = nil
    ) throws(GridEditError) -> Grid {
        guard from != to else { return self }
        let count = count(along: axis)
        var order = Array(0..<count)
        order.insert(order.remove(at: from), at: to)
        var newIndex = [Int](repeating: 0, count: count)
        for (position, old) in order.enumerated() { newIndex[old] = position }
        let moved = cells.map { cell -> GridCell in
            var cell = cell
            let range = cell.rect[axis]
            let start = newIndex[range.lowerBound]
            cell.rect[axis] = start..<start + range.count
            return cell
        }
        return rebuilt(cells: moved, along: axis, count: count, alignments: alignments)
    }
}
