/// Rows or columns: insert, delete and move are the same operation along either axis.
enum Axis {
    case rows, columns

    var keyPath: WritableKeyPath<SlotRect, Range<Int>> {
        switch self {
        case .rows: \.rows
        case .columns: \.columns
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
        cells.first {
            let range = $0.rect[keyPath: axis.keyPath]
            return range.lowerBound < index && index < range.upperBound
        }
    }

    func rebuilt(
        cells: [GridCell], along axis: Axis, count: Int,
        alignments: [ColumnAlignment]? = nil, headerRowCount: Int? = nil
    ) -> Grid {
        Grid(
            unchecked: cells,
            rowCount: axis == .rows ? count : rowCount,
            columnCount: axis == .columns ? count : columnCount,
            alignments: alignments ?? self.alignments,
            headerRowCount: headerRowCount ?? self.headerRowCount)
    }
}
