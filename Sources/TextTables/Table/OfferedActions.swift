import GridModel

/// The actions an editor offers at a place in a table (each is also a server command).
package enum TableActionKind: String, CaseIterable, Sendable {
    case formatTable, insertRowAbove, insertRowBelow, insertColumnLeft, insertColumnRight, deleteRow, deleteColumn
    case moveRowUp, moveRowDown, moveColumnLeft, moveColumnRight, sortAscending, sortDescending
    case mergeCells, splitCell, convertToGrid, convertToPipe, convertToSimple, convertToMultiline, convertToList, fitTable, unwrapCell
}

extension TableReading {
    /// The width "Fit table" fits to where no `maxWidth` is set.
    static let defaultFitWidth = 80

    /// The width "Fit table" fits this table to.
    var fitWidth: Int { options.maxWidth ?? TableReading.defaultFitWidth }
}

extension TableReading {
    /// The action `kind` stands for with the selection from slot `first` to slot `last` (nil: on a rule or
    /// junction), or nil where it does not apply: a pipe table's header row is neither moved nor deleted
    /// and gets no row above; a merge needs two cells and takes the rectangle around both; a sort needs a
    /// body. Whether an action that applies is refused is `refusal`'s to say.
    package func action(_ kind: TableActionKind, from first: Slot?, to last: Slot?, syntax: DocumentSyntax) -> TableAction? {
        guard let shape else { return nil }
        let isPipe = region.kind == .pipe
        switch kind {
        case .formatTable: return .format
        case .convertToGrid: return region.kind != .grid ? .convertToGrid : nil
        case .convertToPipe:
            let pandocKind = region.kind == .pandocSimple || region.kind == .multiline
            return (region.kind == .grid || pandocKind) && syntax.isMarkdown ? .convertToPipe : nil
        case .convertToSimple:
            if syntax == .pandocMarkdown { return region.kind != .pandocSimple ? .convertToSimple : nil }
            return region.kind != .simple && syntax == .restructuredText ? .convertToSimple : nil
        case .convertToMultiline: return region.kind != .multiline && syntax == .pandocMarkdown ? .convertToMultiline : nil
        case .convertToList: return region.kind != .list && syntax == .restructuredText ? .convertToList : nil
        case .fitTable: return region.kind == .grid && currentWidth > fitWidth ? .fit(width: fitWidth) : nil
        default: break
        }
        // A list-table is converted, not edited in place.
        guard region.kind != .list else { return nil }
        guard let cell = first.flatMap(cellRect(at:)) else { return nil }
        let row = cell.rows.lowerBound, column = cell.columns.lowerBound
        let isUnit = cell.rows.count == 1 && cell.columns.count == 1
        switch kind {
        case .insertRowAbove: return isPipe && row == 0 ? nil : .edit(.insertRow(at: row))
        case .insertRowBelow: return .edit(.insertRow(at: cell.rows.upperBound))
        case .insertColumnLeft: return .edit(.insertColumn(at: column))
        case .insertColumnRight: return .edit(.insertColumn(at: cell.columns.upperBound))
        case .deleteRow: return isPipe && row == 0 ? nil : .edit(.deleteRow(row))
        case .deleteColumn: return .edit(.deleteColumn(column))
        case .moveRowUp: return row == 0 || (isPipe && row == 1) ? nil : .edit(.moveRow(from: row, to: row - 1))
        case .moveRowDown: return row + 1 >= shape.rowCount || (isPipe && row == 0) ? nil : .edit(.moveRow(from: row, to: row + 1))
        case .moveColumnLeft: return column == 0 ? nil : .edit(.moveColumn(from: column, to: column - 1))
        case .moveColumnRight: return column + 1 >= shape.columnCount ? nil : .edit(.moveColumn(from: column, to: column + 1))
        case .sortAscending, .sortDescending:
            guard shape.headerRowCount < shape.rowCount else { return nil }
            return .edit(.sortBody(column: column, order: kind == .sortAscending ? .ascending : .descending))
        case .mergeCells:
            guard let other = last.flatMap(cellRect(at:)), other != cell else { return nil }
            return .edit(.merge(cell.union(other)))
        case .splitCell: return isUnit ? nil : .edit(.split(row: row, column: column))
        case .unwrapCell:
            guard region.kind == .grid, case .success(let grid) = grid, let lines = grid.cell(at: Slot(row: row, column: column))?.lines,
                  CellText(lines, syntax: region.syntax, contentDirectives: []).hasWrappedParagraph else { return nil }
            return .unwrapCell(Slot(row: row, column: column))
        case .formatTable, .convertToGrid, .convertToPipe, .convertToSimple, .convertToMultiline, .convertToList, .fitTable: return nil
        }
    }

    /// The shape of the table's grid (for a pipe table without building its grid), or nil when it does not read.
    package var shape: GridShape? {
        switch content {
        case .pipe(_, let shape): shape
        case .grid(let grid, _, _), .simple(let grid, _, _), .list(let grid, _), .pandoc(let grid, _, _, _): grid.shape
        case .unreadable: nil
        }
    }

    /// The rectangle of the cell at `slot` (a pipe table's cells are its slots), or nil outside the grid.
    private func cellRect(at slot: Slot) -> SlotRect? {
        guard case .pipe = content else { return (try? grid.get())?.cell(at: slot)?.rect }
        guard let shape, (0..<shape.rowCount).contains(slot.row), (0..<shape.columnCount).contains(slot.column) else { return nil }
        return SlotRect(rows: slot.row..<slot.row + 1, columns: slot.column..<slot.column + 1)
    }
}

extension TableReading {
    /// A grid table's width as it stands: its top border's, in the reader's columns (no reading of the
    /// cells: an editor asks on every cursor move).
    var currentWidth: Int {
        let start = region.contentStarts[0], end = text.contentEnd(region.firstLine)
        let border = text.bytes[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
        return ReferenceReader(region.syntax).width(of: String(decoding: border, as: UTF8.self))
    }
}
