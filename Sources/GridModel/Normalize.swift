extension Grid {
    /// The grid with every row (column) boundary that all cells cross removed: such a line separates
    /// nothing, and no text format can show it. Content is untouched; spanning cells shrink.
    /// Grid tables print the normalized grid, so their text reads back to it exactly. Linear in the cells.
    public func normalized() -> Grid {
        let rowsKept = visibleLines(along: .rows), columnsKept = visibleLines(along: .columns)
        guard rowsKept.contains(false) || columnsKept.contains(false) else { return self }
        let rowIndex = Grid.newIndices(rowsKept), columnIndex = Grid.newIndices(columnsKept)
        let cells = self.cells.map { cell in
            GridCell(
                rows: rowIndex[cell.rows.lowerBound]..<rowIndex[cell.rows.upperBound - 1] + 1,
                columns: columnIndex[cell.columns.lowerBound]..<columnIndex[cell.columns.upperBound - 1] + 1,
                lines: cell.lines)
        }
        return Grid(
            unchecked: cells, rowCount: rowsKept.filter { $0 }.count, columnCount: columnsKept.filter { $0 }.count,
            alignments: alignments.indices.filter { columnsKept[$0] }.map { alignments[$0] },
            headerRowCount: headerRowCount == 0 ? 0 : rowIndex[headerRowCount - 1] + 1,
            footerRowCount: footerRowCount == 0 ? 0 : rowsKept.filter { $0 }.count - rowIndex[rowCount - footerRowCount])
    }

    /// Per line along `axis`: false when every cell crosses the boundary just before it (line 0 is kept).
    private func visibleLines(along axis: Axis) -> [Bool] {
        var crossing = [Int](repeating: 0, count: count(along: axis))
        for cell in cells {
            let range = cell.rect[axis]
            guard range.count > 1 else { continue }
            let breadth = cell.rect[axis.across].count
            for boundary in (range.lowerBound + 1)..<range.upperBound { crossing[boundary] += breadth }
        }
        let full = count(along: axis.across)
        return crossing.indices.map { $0 == 0 || crossing[$0] < full }
    }

    /// The index each old line gets when the lines not kept merge into the one before them.
    private static func newIndices(_ kept: [Bool]) -> [Int] {
        var index = -1
        return kept.map { keep in
            if keep { index += 1 }
            return index
        }
    }
}
