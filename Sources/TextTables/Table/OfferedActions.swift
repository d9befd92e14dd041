import GridModel

/// The actions an editor offers at a place in a table (each is also a server command).
package enum TableActionKind: String, CaseIterable, Sendable {
    case formatTable, insertRowAbove, insertRowBelow, insertColumnLeft, insertColumnRight, deleteRow, deleteColumn
    case moveRowUp, moveRowDown, moveColumnLeft, moveColumnRight, sortAscending, sortDescending
    case mergeCells, splitCell, convertToGrid, convertToPipe, convertToSimple, convertToList, fitTable, unwrapCell
}

extension TableReading {
    /// The width "Fit table" fits to where no `maxWidth` is set.
    package static let defaultFitWidth = 80

    /// The width "Fit table" fits this table to.
    package var fitWidth: Int { options.maxWidth ?? TableReading.defaultFitWidth }
}

extension TableReading {
    /// The action `kind` stands for with the selection from slot `first` to slot `last` (nil: on a rule or
    /// junction), or nil where it does not apply: a pipe table's header row is neither moved nor deleted
    /// and gets no row above; a merge needs two cells and takes the rectangle around both; a sort needs a
    /// body. Whether an action that applies is refused is `refusal`'s to say.
    package func action(_ kind: TableActionKind, from first: Slot?, to last: Slot?, syntax: DocumentSyntax) -> TableAction? {
        guard case .success(let grid) = grid else { return nil }
        let isPipe = region.kind == .pipe
        switch kind {
        case .formatTable: return .format
        case .convertToGrid: return region.kind != .grid ? .convertToGrid : nil
        case .convertToPipe: return region.kind == .grid && syntax == .markdown ? .convertToPipe : nil
        case .convertToSimple: return region.kind != .simple && syntax == .restructuredText ? .convertToSimple : nil
        case .convertToList: return region.kind != .list && syntax == .restructuredText ? .convertToList : nil
        case .fitTable: return region.kind == .grid && currentWidth > fitWidth ? .fit(width: fitWidth) : nil
        default: break
        }
        // A list-table is converted, not edited in place.
        guard region.kind != .list else { return nil }
        guard let cell = first.flatMap(grid.cell(at:)) else { return nil }
        let row = cell.rows.lowerBound, column = cell.columns.lowerBound
        switch kind {
        case .insertRowAbove: return isPipe && row == 0 ? nil : .edit(.insertRow(at: row))
        case .insertRowBelow: return .edit(.insertRow(at: cell.rows.upperBound))
        case .insertColumnLeft: return .edit(.insertColumn(at: column))
        case .insertColumnRight: return .edit(.insertColumn(at: cell.columns.upperBound))
        case .deleteRow: return isPipe && row == 0 ? nil : .edit(.deleteRow(row))
        case .deleteColumn: return .edit(.deleteColumn(column))
        case .moveRowUp: return row == 0 || (isPipe && row == 1) ? nil : .edit(.moveRow(from: row, to: row - 1))
        case .moveRowDown: return row + 1 >= grid.rowCount || (isPipe && row == 0) ? nil : .edit(.moveRow(from: row, to: row + 1))
        case .moveColumnLeft: return column == 0 ? nil : .edit(.moveColumn(from: column, to: column - 1))
        case .moveColumnRight: return column + 1 >= grid.columnCount ? nil : .edit(.moveColumn(from: column, to: column + 1))
        case .sortAscending, .sortDescending:
            guard grid.headerRowCount < grid.rowCount else { return nil }
            return .edit(.sortBody(column: column, order: kind == .sortAscending ? .ascending : .descending))
        case .mergeCells:
            guard let other = last.flatMap(grid.cell(at:)), other != cell else { return nil }
            return .edit(.merge(cell.rect.union(other.rect)))
        case .splitCell: return cell.isUnit ? nil : .edit(.split(row: row, column: column))
        case .unwrapCell:
            return region.kind == .grid && CellText(cell.lines).hasWrappedParagraph ? .unwrapCell(Slot(row: row, column: column)) : nil
        case .formatTable, .convertToGrid, .convertToPipe, .convertToSimple, .convertToList, .fitTable: return nil
        }
    }
}

extension TableReading {
    /// A grid table's width as it stands: its top border's, in the reader's columns (no reading of the
    /// cells: an editor asks on every cursor move).
    var currentWidth: Int {
        let start = region.contentStarts[0], end = text.contentEnd(region.firstLine)
        let border = text.bytes[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
        return GridReader(region.syntax).width(of: String(decoding: border, as: UTF8.self))
    }
}
