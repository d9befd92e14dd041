/// Rows or columns: insert, delete and move are the same operation along either axis.
enum Axis {
    case rows, columns

    /// Columns for rows, rows for columns.
    var across: Axis { self == .rows ? .columns : .rows }
}

extension SlotRect {
    /// The rect's rows or columns. (A subscript, not a key path: key paths cost a generic lookup per
    /// cell, and edits on a 100,000-row table touch every cell.)
    subscript(axis: Axis) -> Range<Int> {
        get { axis == .rows ? rows : columns }
        set {
            if axis == .rows { rows = newValue } else { columns = newValue }
        }
    }
}

extension Range<Int> {
    func shifted(by delta: Int) -> Range<Int> { lowerBound + delta..<upperBound + delta }
}

extension Grid {
    func count(along axis: Axis) -> Int { axis == .rows ? rowCount : columnCount }

    /// The first cell that spans across the boundary before line `index` on `axis`.
    func cellCrossing(boundary index: Int, along axis: Axis) -> GridCell? {
        if hasOnlyUnitCells { return nil }
        return cells.first {
            let range = $0.rect[axis]
            return range.lowerBound < index && index < range.upperBound
        }
    }

    func rebuilt(
        cells: [GridCell], along axis: Axis, count: Int,
        alignments: [ColumnAlignment]? = nil, headerRowCount: Int? = nil, footerRowCount: Int? = nil
    ) -> Grid {
        Grid(
            unchecked: cells,
            rowCount: axis == .rows ? count : rowCount,
            columnCount: axis == .columns ? count : columnCount,
            alignments: alignments ?? self.alignments,
            headerRowCount: headerRowCount ?? self.headerRowCount, footerRowCount: footerRowCount ?? self.footerRowCount)
    }
}
