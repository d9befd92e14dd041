extension Grid {
    /// The grid with every row (column) boundary that all cells cross removed: such a line separates
    /// nothing, and no text format can show it. Content is untouched; spanning cells shrink.
    /// Grid tables print the normalized grid, so their text reads back to it exactly.
    public func normalized() -> Grid {
        var grid = self
        while let r = (1..<grid.rowCount).first(where: { grid.isInvisible(boundary: $0, along: .rows) }) {
            grid = grid.collapsing(boundary: r, along: .rows)
        }
        while let c = (1..<grid.columnCount).first(where: { grid.isInvisible(boundary: $0, along: .columns) }) {
            grid = grid.collapsing(boundary: c, along: .columns)
        }
        return grid
    }

    private func isInvisible(boundary index: Int, along axis: Axis) -> Bool {
        let other: Axis = axis == .rows ? .columns : .rows
        var covered = 0
        for cell in cells {
            let range = cell.rect[keyPath: axis.keyPath]
            if range.lowerBound < index && index < range.upperBound {
                covered += cell.rect[keyPath: other.keyPath].count
            }
        }
        return covered == count(along: other)
    }

    /// Removes line `index - 1`'s boundary with `index` by dropping line `index`: every cell crosses it.
    private func collapsing(boundary index: Int, along axis: Axis) -> Grid {
        let path = axis.keyPath
        let moved = cells.map { cell -> GridCell in
            var cell = cell
            let range = cell.rect[keyPath: path]
            if range.lowerBound >= index {
                cell.rect[keyPath: path] = range.shifted(by: -1)
            } else if range.upperBound > index {
                cell.rect[keyPath: path] = range.lowerBound..<range.upperBound - 1
            }
            return cell
        }
        var aligned = alignments
        if axis == .columns { aligned.remove(at: index) }
        let header = axis == .rows && index < headerRowCount ? headerRowCount - 1 : headerRowCount
        return rebuilt(cells: moved, along: axis, count: count(along: axis) - 1, alignments: aligned, headerRowCount: header)
    }
}
