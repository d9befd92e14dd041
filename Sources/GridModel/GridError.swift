/// Why a grid could not be built: its cells do not tile it.
public enum GridError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyGrid
    case alignmentCount(expected: Int, found: Int)
    case headerRowCount(Int)
    case footerRowCount(Int)
    case emptyCell(SlotRect)
    case cellOutsideGrid(SlotRect)
    case overlap(row: Int, column: Int)
    case uncoveredSlot(row: Int, column: Int)

    public var description: String {
        switch self {
        case .emptyGrid: "a grid needs at least one row and one column"
        case let .alignmentCount(expected, found): "expected \(expected) column alignments, found \(found)"
        case let .headerRowCount(n): "header row count \(n) is outside the grid"
        case let .footerRowCount(n): "a foot of \(n) rows needs a header row and must fit below it"
        case let .emptyCell(rect): "a cell covers no slot (\(rect))"
        case let .cellOutsideGrid(rect): "a cell lies outside the grid (\(rect))"
        case let .overlap(r, c): "two cells cover row \(r + 1), column \(c + 1)"
        case let .uncoveredSlot(r, c): "no cell covers row \(r + 1), column \(c + 1)"
        }
    }
}

/// Why an edit on a grid was refused. `description` is the reason shown to the user.
public enum GridEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A row, column, slot or selection past the table's edges.
    case rowOutOfBounds(Int)
    case columnOutOfBounds(Int)
    case slotOutOfBounds(Slot)
    case selectionOutOfBounds(SlotRect)
    case singleCell
    case cellSticksOut(SlotRect)
    case crossesHeader
    case crossesFoot
    case footNeedsHeader
    case notMerged(SlotRect)
    case lastRow
    case lastColumn
    case spanCrossesBoundary(SlotRect)
    case moveCrossesHeader
    case moveCrossesFoot
    case rowSpanInBody(SlotRect)
    case noBodyRows

    public var description: String {
        switch self {
        case let .rowOutOfBounds(row): "row \(row + 1) is outside the table"
        case let .columnOutOfBounds(column): "column \(column + 1) is outside the table"
        case let .slotOutOfBounds(slot): "\(slot) is outside the table"
        case let .selectionOutOfBounds(rect): "the selection \(rect) is outside the table"
        case .singleCell: "the selection covers a single cell: nothing to merge"
        case let .cellSticksOut(rect):
            "the cell at \(rect) sticks out of the selection: extend the selection to cover it, or split it first"
        case .crossesHeader: "the selection crosses the line between header and body"
        case .crossesFoot: "the selection crosses the line between body and foot"
        case .footNeedsHeader: "a table with a foot needs a header row: delete the foot first"
        case let .notMerged(rect): "the cell at \(rect) is not merged: nothing to split"
        case .lastRow: "a table needs at least one row"
        case .lastColumn: "a table needs at least one column"
        case let .spanCrossesBoundary(rect): "the merged cell at \(rect) spans across the moved line: split it first"
        case .moveCrossesHeader: "a row cannot move between the header and the body"
        case .moveCrossesFoot: "a row cannot move between the body and the foot"
        case let .rowSpanInBody(rect): "the cell at \(rect) spans rows: split it before sorting"
        case .noBodyRows: "the table has no body rows to sort"
        }
    }
}
