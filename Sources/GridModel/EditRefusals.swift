/// An edit of a grid, named so that whether it can be done is a question apart from doing it.
public enum GridEdit: Sendable, Hashable {
    case insertRow(at: Int)
    case insertColumn(at: Int)
    case deleteRow(Int)
    case deleteColumn(Int)
    case moveRow(from: Int, to: Int)
    case moveColumn(from: Int, to: Int)
    case sortBody(column: Int, order: SortOrder)
    case merge(SlotRect)
    case split(row: Int, column: Int)
}

/// What the rules of edits ask of a grid besides its spans: its size and its parts. A grid of unit cells
/// (a pipe table's) is decided by its shape alone, without building it.
public struct GridShape: Sendable, Hashable {
    public var rowCount: Int
    public var columnCount: Int
    public var headerRowCount: Int
    public var footerRowCount: Int

    public init(rowCount: Int, columnCount: Int, headerRowCount: Int, footerRowCount: Int = 0) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.headerRowCount = headerRowCount
        self.footerRowCount = footerRowCount
    }

    var bodyRows: Range<Int> { headerRowCount..<max(headerRowCount, rowCount - footerRowCount) }

    /// Why `edit` would be refused on a grid of this shape, or nil when it would be done: the rules alone,
    /// without building the edited grid (an editor asks on every cursor move; at worst one pass over the
    /// cells, no sorting or copying). `spans` is the grid when it has cells that span (nil: every cell is a
    /// unit cell). The operations check exactly these rules first, so the answer cannot disagree with them.
    public func refusal(of edit: GridEdit, spans: Grid?) -> GridEditError? {
        switch edit {
        case .insertRow(let index):
            return (0...rowCount).contains(index) ? nil : .rowOutOfBounds(index)
        case .insertColumn(let index):
            return (0...columnCount).contains(index) ? nil : .columnOutOfBounds(index)
        case .deleteRow(let index):
            guard rowCount > 1 else { return .lastRow }
            guard (0..<rowCount).contains(index) else { return .rowOutOfBounds(index) }
            let header = headerRowCount - (index < headerRowCount ? 1 : 0)
            let foot = footerRowCount - (index >= rowCount - footerRowCount ? 1 : 0)
            return header > 0 || foot == 0 ? nil : .footNeedsHeader
        case .deleteColumn(let index):
            guard columnCount > 1 else { return .lastColumn }
            return (0..<columnCount).contains(index) ? nil : .columnOutOfBounds(index)
        case let .moveRow(from, to):
            guard (0..<rowCount).contains(from), (0..<rowCount).contains(to) else {
                return .rowOutOfBounds((0..<rowCount).contains(from) ? to : from)
            }
            guard (from < headerRowCount) == (to < headerRowCount) else { return .moveCrossesHeader }
            let foot = rowCount - footerRowCount
            guard footerRowCount == 0 || (from >= foot) == (to >= foot) else { return .moveCrossesFoot }
            return spans?.spanRefusal(moving: from, to: to, along: .rows)
        case let .moveColumn(from, to):
            guard (0..<columnCount).contains(from), (0..<columnCount).contains(to) else {
                return .columnOutOfBounds((0..<columnCount).contains(from) ? to : from)
            }
            return spans?.spanRefusal(moving: from, to: to, along: .columns)
        case .sortBody(let column, _):
            guard (0..<columnCount).contains(column) else { return .columnOutOfBounds(column) }
            let body = bodyRows
            guard !body.isEmpty else { return .noBodyRows }
            return spans?.cells.first { $0.rows.overlaps(body) && $0.rows.count > 1 }.map { .rowSpanInBody($0.rect) }
        case .merge(let rect):
            return mergeRefusal(rect, spans: spans)
        case let .split(row, column):
            guard let spans else {
                guard (0..<rowCount).contains(row), (0..<columnCount).contains(column) else {
                    return .slotOutOfBounds(Slot(row: row, column: column))
                }
                return .notMerged(SlotRect(rows: row..<row + 1, columns: column..<column + 1))
            }
            guard let index = spans.cellIndex(row: row, column: column) else { return .slotOutOfBounds(Slot(row: row, column: column)) }
            return spans.cells[index].isUnit ? .notMerged(spans.cells[index].rect) : nil
        }
    }

    private func mergeRefusal(_ rect: SlotRect, spans: Grid?) -> GridEditError? {
        let bounds = SlotRect(rows: 0..<rowCount, columns: 0..<columnCount)
        guard !rect.isEmpty, bounds.contains(rect) else { return .selectionOutOfBounds(rect) }
        var touched = rect.rows.count * rect.columns.count  // unit cells: one per slot
        if let spans {
            touched = 0
            for cell in spans.cells where cell.rect.intersects(rect) {
                guard rect.contains(cell.rect) else { return .cellSticksOut(cell.rect) }
                touched += 1
            }
        }
        guard touched > 1 else { return .singleCell }
        if rect.rows.lowerBound < headerRowCount && rect.rows.upperBound > headerRowCount { return .crossesHeader }
        let foot = rowCount - footerRowCount
        if footerRowCount > 0 && rect.rows.lowerBound < foot && rect.rows.upperBound > foot { return .crossesFoot }
        return nil
    }
}

extension Grid {
    /// The grid `edit` makes, or why it is refused (the reason `refusal(of:)` gives).
    public func applying(_ edit: GridEdit) throws(GridEditError) -> Grid {
        switch edit {
        case .insertRow(let r): try insertingRow(at: r)
        case .insertColumn(let c): try insertingColumn(at: c)
        case .deleteRow(let r): try deletingRow(at: r)
        case .deleteColumn(let c): try deletingColumn(at: c)
        case let .moveRow(from, to): try movingRow(from: from, to: to)
        case let .moveColumn(from, to): try movingColumn(from: from, to: to)
        case let .sortBody(column, order): try sortingBody(byColumn: column, order: order)
        case .merge(let rect): try merging(rect)
        case let .split(row, column): try splitting(row: row, column: column)
        }
    }

    public var shape: GridShape {
        GridShape(rowCount: rowCount, columnCount: columnCount, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }

    /// Why `edit` would be refused, or nil when it would be done (`GridShape.refusal`, with this grid's spans).
    public func refusal(of edit: GridEdit) -> GridEditError? {
        shape.refusal(of: edit, spans: hasOnlyUnitCells ? nil : self)
    }

    /// A moved line must be free of spans, and so must the boundary it lands on.
    func spanRefusal(moving from: Int, to: Int, along axis: Axis) -> GridEditError? {
        guard from != to else { return nil }
        let landing = to > from ? to + 1 : to
        for boundary in [from, from + 1, landing] {
            if let cell = cellCrossing(boundary: boundary, along: axis) { return .spanCrossesBoundary(cell.rect) }
        }
        return nil
    }
}
