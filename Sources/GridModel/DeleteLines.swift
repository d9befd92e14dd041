extension Grid {
    /// Deletes row `index`. A cell wholly inside it disappears; a cell spanning across it shrinks by one
    /// and keeps its content.
    func deletingRow(at index: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .deleteRow(index)) { throw refusal }
        let header = headerRowCount - (index < headerRowCount ? 1 : 0)
        let foot = footerRowCount - (index >= rowCount - footerRowCount ? 1 : 0)
        return try deleting(at: index, along: .rows, headerRowCount: header, footerRowCount: foot)
    }

    /// Deletes column `index`, with the same rules as `deletingRow`.
    func deletingColumn(at index: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .deleteColumn(index)) { throw refusal }
        var aligned = alignments
        aligned.remove(at: index)
        return try deleting(at: index, along: .columns, alignments: aligned)
    }

    private func deleting(
        at index: Int, along axis: Axis,
        alignments: [ColumnAlignment]? = nil, headerRowCount: Int? = nil, footerRowCount: Int? = nil
    ) throws(GridEditError) -> Grid {
        let count = count(along: axis)
        var result: [GridCell] = []
        result.reserveCapacity(cells.count)
        for var cell in cells {
            let range = cell.rect[axis]
            if range == index..<index + 1 { continue }
            if range.contains(index) {
                cell.rect[axis] = range.lowerBound..<range.upperBound - 1
            } else if range.lowerBound > index {
                cell.rect[axis] = range.shifted(by: -1)
            }
            result.append(cell)
        }
        return rebuilt(
            cells: result, along: axis, count: count - 1,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }
}
