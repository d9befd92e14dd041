import GridModel
import TextTables

/// The table actions, each also a `gridls.*` command whose argument is `{uri, range}` (protocol/README.md).
enum TableCommand: String, CaseIterable, Sendable {
    case formatTable, insertRowAbove, insertRowBelow, insertColumnLeft, insertColumnRight, deleteRow, deleteColumn
    case moveRowUp, moveRowDown, moveColumnLeft, moveColumnRight, sortAscending, sortDescending
    case mergeCells, splitCell, convertToGrid, convertToPipe

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
        }
    }
}

/// Where an action applies: the table under the selection, read as a grid, and the cells at its ends.
struct ActionTarget {
    var table: TableIndex.Table
    var local: OpenDocument.LocalTable
    var reading: TableReading
    var grid: Grid
    /// The cells under the selection's start and end (nil when on a border or junction).
    var first: GridCell?
    var last: GridCell?

    init?(_ document: OpenDocument, start: (line: Int, byte: Int), end: (line: Int, byte: Int), options: FormatOptions) {
        guard let table = document.index.table(at: start.line) else { return nil }
        self.table = table
        (local, reading) = document.reading(table, options: options)
        guard case .success(let grid) = reading.grid else { return nil }
        self.grid = grid
        // Both ends located in the table's one reading (the start is in it; an end outside it is on no cell).
        let ends = table.lines.contains(end.line) ? [start, end] : [start]
        let cells = reading.slots(at: ends.map { document.offset($0, in: local) })
            .map { slot in slot.flatMap { grid.cellIndex(row: $0.row, column: $0.column) }.map { grid.cells[$0] } }
        first = cells[0]
        last = cells[cells.count - 1] ?? first
    }

    /// The action this command stands for here, or nil when it does not apply at this place.
    func action(_ command: TableCommand, syntax: DocumentSyntax) -> TableAction? {
        let isPipe = table.kind == .pipe
        switch command {
        case .formatTable: return .format
        case .convertToGrid: return isPipe ? .convertToGrid : nil
        case .convertToPipe: return !isPipe && syntax == .markdown ? .convertToPipe : nil
        default: break
        }
        guard let cell = first else { return nil }
        let row = cell.rows.lowerBound, column = cell.columns.lowerBound
        switch command {
        case .insertRowAbove: return isPipe && row == 0 ? nil : .insertRow(at: row)
        case .insertRowBelow: return .insertRow(at: cell.rows.upperBound)
        case .insertColumnLeft: return .insertColumn(at: column)
        case .insertColumnRight: return .insertColumn(at: cell.columns.upperBound)
        case .deleteRow: return isPipe && row == 0 ? nil : .deleteRow(row)
        case .deleteColumn: return .deleteColumn(column)
        case .moveRowUp: return row == 0 || (isPipe && row == 1) ? nil : .moveRow(from: row, to: row - 1)
        case .moveRowDown: return row + 1 >= grid.rowCount || (isPipe && row == 0) ? nil : .moveRow(from: row, to: row + 1)
        case .moveColumnLeft: return column == 0 ? nil : .moveColumn(from: column, to: column - 1)
        case .moveColumnRight: return column + 1 >= grid.columnCount ? nil : .moveColumn(from: column, to: column + 1)
        case .sortAscending, .sortDescending:
            guard grid.headerRowCount < grid.rowCount else { return nil }
            return .sort(column: column, order: command == .sortAscending ? .ascending : .descending)
        case .mergeCells:
            guard let last, last != cell else { return nil }
            let rows = min(cell.rows.lowerBound, last.rows.lowerBound)..<max(cell.rows.upperBound, last.rows.upperBound)
            let columns = min(cell.columns.lowerBound, last.columns.lowerBound)..<max(cell.columns.upperBound, last.columns.upperBound)
            return .merge(SlotRect(rows: rows, columns: columns))
        case .splitCell: return cell.isUnit ? nil : .split(row: row, column: column)
        case .formatTable, .convertToGrid, .convertToPipe: return nil
        }
    }
}
