extension Grid {
    /// Inserts an empty row before row `index` (`rowCount` appends). A cell spanning across the
    /// boundary grows by one; every other slot of the new row gets an empty unit cell.
    /// The new row belongs to the header when `index < headerRowCount`, to the foot when it lands
    /// after the foot's first row.
    func insertingRow(at index: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .insertRow(at: index)) { throw refusal }
        let inHeader = index < headerRowCount, inFoot = footerRowCount > 0 && index > rowCount - footerRowCount
        return try inserting(
            at: index, along: .rows, headerRowCount: headerRowCount + (inHeader ? 1 : 0),
            footerRowCount: footerRowCount + (inFoot ? 1 : 0))
    }

    /// Inserts an empty, unaligned column before column `index` (`columnCount` appends).
    /// A cell spanning across the boundary grows by one.
    func insertingColumn(at index: Int) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .insertColumn(at: index)) { throw refusal }
        var aligned = alignments
        aligned.insert(.none, at: index)
        return try inserting(at: index, along: .columns, alignments: aligned)
    }

    private func inserting(
        at index: Int, along axis: Axis,
        alignments: [ColumnAlignment]? = nil, headerRowCount: Int? = nil, footerRowCount: Int? = nil
    ) throws(GridEditError) -> Grid {
        let count = count(along: axis)
        let other = axis.across
        var covered = [Bool](repeating: false, count: self.count(along: other))
        var result: [GridCell] = []
        result.reserveCapacity(cells.count + covered.count)
        for var cell in cells {
            let range = cell.rect[axis]
            if range.lowerBound < index && index < range.upperBound {
                cell.rect[axis] = range.lowerBound..<range.upperBound + 1
                for i in cell.rect[other] { covered[i] = true }
            } else if range.lowerBound >= index {
                cell.rect[axis] = range.shifted(by: 1)
            }
            result.append(cell)
        }
        for (i, isCovered) in covered.enumerated() where !isCovered {
            var rect = SlotRect(rows: 0..<1, columns: 0..<1)
            rect[axis] = index..<index + 1
            rect[other] = i..<i + 1
            result.append(GridCell(rows: rect.rows, columns: rect.columns))
        }
        return rebuilt(
            cells: result, along: axis, count: count + 1,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }
}
