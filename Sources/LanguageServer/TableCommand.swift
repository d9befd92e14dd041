import GridModel
import TextTables

/// The table actions (the engine's `TableActionKind`), each also a `gridls.*` command whose argument is
/// `{uri, range}` (protocol/README.md): here only their command names and titles.
typealias TableCommand = TableActionKind

extension TableActionKind {
    var name: String { "gridls." + rawValue }

    var title: String {
        switch self {
        case .formatTable: "Format table"
        case .insertRowAbove: "Insert row above"
        case .insertRowBelow: "Insert row below"
        case .insertColumnLeft: "Insert column left"
        case .insertColumnRight: "Insert column right"
        case .deleteRow: "Delete row"
        case .deleteColumn: "Delete column"
        case .moveRowUp: "Move row up"
        case .moveRowDown: "Move row down"
        case .moveColumnLeft: "Move column left"
        case .moveColumnRight: "Move column right"
        case .sortAscending: "Sort by this column (ascending)"
        case .sortDescending: "Sort by this column (descending)"
        case .mergeCells: "Merge cells"
        case .splitCell: "Split cell"
        case .convertToGrid: "Convert to grid table"
        case .convertToPipe: "Convert to pipe table"
        case .convertToSimple: "Convert to simple table"
        case .convertToMultiline: "Convert to multiline table"
        case .convertToList: "Convert to list-table"
        case .fitTable: "Fit table to the width limit"
        case .unwrapCell: "Unwrap cell"
        }
    }
}

/// Where an action applies: the table under the selection, read once, and the slots at its ends.
struct ActionTarget {
    var table: TableIndex.Table
    var local: OpenDocument.LocalTable
    var reading: TableReading
    /// The slots under the selection's start and end (nil when on a border or junction).
    var first: Slot?
    var last: Slot?

    init?(_ document: OpenDocument, start: LinePosition, end: LinePosition, options: FormatOptions) {
        guard let table = document.index.table(at: start.line) else { return nil }
        self.table = table
        (local, reading) = document.reading(table, options: options)
        guard reading.errors == nil else { return nil }  // a pipe table's grid is not built to offer its actions
        // Both ends located in the table's one reading (the start is in it; an end outside it is on no cell).
        let ends = table.lines.contains(end.line) ? [start, end] : [start]
        let slots = reading.slots(at: ends.map { document.offset($0, in: local) })
        first = slots[0]
        last = slots[slots.count - 1] ?? first
    }

    /// The action this command stands for here, or nil when it does not apply at this place.
    func action(_ command: TableCommand, syntax: DocumentSyntax) -> TableAction? {
        reading.action(command, from: first, to: last, syntax: syntax)
    }
}
