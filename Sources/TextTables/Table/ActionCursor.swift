import GridModel

/// Where the cursor goes after a table action: on what the action acted on, so that doing it again acts
/// on the same thing (a row moved down twice goes down two rows), at the start of that cell's text.
extension TableAction {
    /// The slot the cursor goes to after the action done with the cursor at `slot`, in a grid of `rows` ×
    /// `columns` after it.
    package func cursorSlot(from slot: Slot, rows: Int, columns: Int) -> Slot {
        var target = slot
        switch self {
        case .format, .convertToGrid, .convertToPipe, .convertToSimple, .convertToMultiline, .convertToList, .fit: break
        case .unwrapCell(let cell): target = cell
        case .edit(let edit):
            switch edit {
            case .insertRow(let row): target.row = row
            case .insertColumn(let column): target.column = column
            case .deleteRow, .deleteColumn, .sortBody: break  // the row or column that takes its place
            case .moveRow(_, let to): target.row = to
            case .moveColumn(_, let to): target.column = to
            case .merge(let rect): target = Slot(row: rect.rows.lowerBound, column: rect.columns.lowerBound)
            case .split(let row, let column): target = Slot(row: row, column: column)
            }
        }
        return Slot(row: max(0, min(target.row, rows - 1)), column: max(0, min(target.column, columns - 1)))
    }
}

extension TableReading {
    /// `apply`, and where the cursor goes after it from slot `slot` (nil: nowhere in particular). The
    /// edits are `apply`'s, except in a simple table where the cursor goes to a blank cell past its line's
    /// end: the line is padded with spaces up to the cell, so that the cursor can stand in it (and the next
    /// action there acts on that cell).
    package func applyPlacingCursor(_ action: TableAction, syntax: DocumentSyntax, from slot: Slot?)
        -> Result<(edits: [TextEdit], cursor: CellNavigation?), TableEditFailure>
    {
        apply(action, syntax: syntax).map { done in
            guard let slot, let cursor = cursor(after: done, of: action, from: slot, syntax: syntax) else { return (done.edits, nil) }
            return (cursor.edits, cursor)
        }
    }

    /// Where the cursor goes after `action`, done with the cursor at `slot`, made `result`: its line
    /// counted from the table's first line, the byte in that line and the line's text after the edits
    /// (the edits are `result`'s, or those that also pad a simple table's line: `applyPlacingCursor`).
    /// Nil where no cell text can be placed (a list-table, or a table the scanner no longer finds alone).
    package func cursor(after result: TableEditResult, of action: TableAction, from slot: Slot, syntax: DocumentSyntax) -> CellNavigation? {
        guard let after = readingOfKind(after: result.edits, action: action, convertedToGrid: result.convertedToGrid, syntax: syntax),
              case .success(let grid) = after.grid else { return nil }
        let target = action.cursorSlot(from: slot, rows: grid.rowCount, columns: grid.columnCount)
        let origin = grid.cell(at: target).map { Slot(row: $0.rows.lowerBound, column: $0.columns.lowerBound) } ?? target
        if region.kind == .simple, TableEditor.target(of: action, kind: .simple, syntax: region.syntax) == .simple, let padded = paddingSimpleCell(origin, after: after) {
            return padded
        }
        guard let offset = after.textStart(of: origin) else { return nil }
        let line = after.text.line(containing: offset)
        let lineText = Array(after.text.bytes[after.text.starts[line]..<after.text.contentEnd(line)])
        // Both readings' texts start at the table's first line.
        return CellNavigation(edits: result.edits, line: line, byte: offset - after.text.starts[line], lineText: lineText)
    }

    /// The table after `edits`, read as the kind the action leaves it: the same kind (the lines keep their
    /// prefixes), or, after a conversion, as the document's scanner finds it in the new text.
    private func readingOfKind(after edits: [TextEdit], action: TableAction, convertedToGrid: Bool, syntax: DocumentSyntax) -> TableReading? {
        let kind: TableRegion.Kind
        switch action {
        case .convertToGrid: kind = .grid
        case .convertToPipe: kind = .pipe
        case .convertToSimple: kind = syntax == .pandocMarkdown ? .pandocSimple : .simple
        case .convertToMultiline: kind = .multiline
        case .convertToList: kind = .list
        default: kind = convertedToGrid ? .grid : region.kind
        }
        if kind == region.kind { return reading(after: edits) }
        let tableStart = text.starts[region.firstLine], tableEnd = text.fullEnd(region.lines.upperBound - 1)
        let shifted = edits.map { TextEdit(range: $0.range.lowerBound - tableStart..<$0.range.upperBound - tableStart, newText: $0.newText) }
        let lines = TextLines(TextEdit.apply(shifted, to: Array(text.bytes[tableStart..<tableEnd])))
        guard let found = syntax.scan(lines, options: options.scan).tables.first(where: { $0.kind == kind }) else { return nil }
        return TableReading(lines, region: found, options: options)
    }
}
