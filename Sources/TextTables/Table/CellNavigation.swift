import GridModel

/// Where a table key moves the cursor, as Org mode's <Tab>, <S-Tab> and <Enter> do.
package enum NavigationDirection: String, Sendable, CaseIterable {
    /// The next cell in reading order; past the last one, the first cell of a new row.
    case nextCell
    /// The previous cell in reading order; the first cell stays where it is.
    case previousCell
    /// The same column in the row below the cell; past the last row, a new row.
    case nextRow
}

/// One navigation step: the edits to the table's text (realigned, and a row added when moving past the
/// end), and where the cursor goes in the text those edits make: the start of the target cell's text
/// (after its padding when the cell is blank), so typing goes straight into it.
package struct CellNavigation: Sendable, Hashable {
    package var edits: [TextEdit]
    /// The cursor's line after the edits, counted from the table's first line, and its byte in that line.
    package var line: Int
    package var byte: Int
    /// The text of that line after the edits (to count its characters as an editor does).
    package var lineText: [UInt8]
}

extension TableReading {
    /// The step from the cell at `offset` in `direction`; nil when the offset is on no cell of this table
    /// or the table cannot be read (the key keeps its usual meaning there). Spanning and multi-line cells
    /// are one stop each; a pipe table's delimiter row and a grid table's rules are never stops.
    ///
    /// `isFormatted` says whether formatting would leave the table as it is, when the caller knows (nil:
    /// find out): a step in an aligned table then costs what it touches.
    package func navigate(from offset: Int, _ direction: NavigationDirection, syntax: DocumentSyntax, isFormatted: Bool?) -> CellNavigation? {
        if case .unreadable(let diagnostics) = content { return navigateRepairingDrift(diagnostics, from: offset, direction, syntax: syntax) }
        guard let grid = navigationGrid, let slot = cursorSlot(offset, in: grid),
              let here = grid.cellIndex(row: slot.row, column: slot.column) else { return nil }
        let cells = grid.cells  // in reading order
        let target: Slot
        switch direction {
        case .nextCell:
            target = here + 1 < cells.count ? cells[here + 1].rect.origin : Slot(row: grid.rowCount, column: 0)
        case .previousCell:
            target = cells[max(here - 1, 0)].rect.origin
        case .nextRow:
            target = Slot(row: cells[here].rows.upperBound, column: slot.column)
        }
        let edits: [TextEdit]
        if target.row == grid.rowCount && region.kind == .simple {
            return openingSimpleRow(at: target.column)
        } else if target.row == grid.rowCount {
            guard case .success(let done) = apply(.edit(.insertRow(at: grid.rowCount)), syntax: syntax) else { return nil }
            edits = done.edits
        } else if isFormatted == true {
            edits = []
        } else {
            edits = (try? formattingEdits().get()) ?? []
        }
        let after = edits.isEmpty ? self : reading(after: edits)
        if let padded = paddingSimpleCell(target, after: after) { return padded }
        guard let offset = after.textStart(of: target) else { return nil }
        let line = after.text.line(containing: offset)
        let lineText = Array(after.text.bytes[after.text.starts[line]..<after.text.contentEnd(line)])
        return CellNavigation(edits: edits, line: line - after.region.firstLine, byte: offset - after.text.starts[line], lineText: lineText)
    }

    /// In a grid table that text typed into a cell has pushed out of line (the one error a writer makes
    /// at every keystroke), the step is taken in the table re-laid from its cells: one edit of the whole
    /// table. The cursor keeps its line and its place after the same number of `|` on it.
    private func navigateRepairingDrift(_ diagnostics: [Diagnostic], from offset: Int, _ direction: NavigationDirection, syntax: DocumentSyntax) -> CellNavigation? {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty, errors.allSatisfy({ $0.message == Diagnostic.Message.drift(region.syntax) }),
              let fix = errors[0].fixes.first else { return nil }
        let repaired = reading(after: fix.edits)
        guard repaired.errors == nil, let step = navigate(in: repaired, keepingBarsBefore: offset, direction, syntax: syntax, isFormatted: nil) else { return nil }
        // The bytes that the repaired table after the step changes (its last terminator kept as it is):
        // the padding of the lines typed out of line, as a step on the row alone gives it (`gridStep`).
        let tableStart = text.starts[region.firstLine], tableEnd = text.contentEnd(region.lines.upperBound - 1)
        var after = TextEdit.apply(step.edits, to: repaired.text.bytes)
        after.removeLast(text.fullEnd(region.lines.upperBound - 1) - tableEnd)
        let edits = TextEdit.minimal(from: text.bytes[tableStart..<tableEnd], at: tableStart, to: after).map { [$0] } ?? []
        return CellNavigation(edits: edits, line: step.line, byte: step.byte, lineText: step.lineText)
    }

    /// The step `navigate` takes in `other`, this table re-laid (its lines in the same order), from the
    /// place on the cursor's line after as many `|` as `offset` has before it here: where a cursor stays
    /// when its line is re-laid. Nil past `other`'s lines or its `|`.
    func navigate(in other: TableReading, keepingBarsBefore offset: Int, _ direction: NavigationDirection, syntax: DocumentSyntax,
                  isFormatted: Bool?) -> CellNavigation? {
        let line = text.line(containing: offset) - region.firstLine
        guard line < other.region.contentStarts.count else { return nil }
        // (A cursor in the line's container prefix is before its first `|`.)
        let bars = text.bytes[region.contentStarts[line]..<max(offset, region.contentStarts[line])].filter { $0 == GridTableGeometry.pipe }.count
        let lineBytes = other.text.bytes[other.region.contentStarts[line]..<other.text.contentEnd(other.region.firstLine + line)]
        guard let bar = lineBytes.indices.filter({ lineBytes[$0] == GridTableGeometry.pipe }).dropFirst(max(bars - 1, 0)).first else { return nil }
        return other.navigate(from: bar + 1, direction, syntax: syntax, isFormatted: isFormatted)
    }

    /// The cells the keys step through: a pipe table's shown ones (cells GitHub hides are no stops).
    private var navigationGrid: Grid? {
        if case .pipe(let table, _) = content, hiddenCells != nil { return TableConversion.shownGrid(table) }
        return try? grid.get()
    }

    /// The slot under the cursor, inside the grid; on a grid table's rule, the slot below it (or above,
    /// on the bottom rule) at the same byte column.
    private func cursorSlot(_ offset: Int, in grid: Grid) -> Slot? {
        let line = text.line(containing: offset)
        // A cursor in the line's container prefix (`> `, a list item's indentation) is at its first cell.
        let offset = region.lines.contains(line) ? max(offset, region.contentStarts[line - region.firstLine]) : offset
        var found = slots(at: [offset])[0]
        for neighbour in [line + 1, line - 1] where found == nil && region.lines.contains(neighbour) {
            found = slots(at: [min(text.starts[neighbour] + offset - text.starts[line], text.contentEnd(neighbour))])[0]
        }
        guard var slot = found.map({ Slot(row: min($0.row, grid.rowCount - 1), column: min($0.column, grid.columnCount - 1)) }) else { return nil }
        // A grid reader gives a spanning cell's first column: the cursor may be under a later one.
        if case .grid(_, let map, _) = content, let cell = grid.cell(at: slot),
           let column = map.column(line: line - region.firstLine, offset: offset), cell.columns.contains(column) {
            slot.column = column
        }
        return slot
    }

    /// This table read again after `edits`: each line keeps the prefix of the line at its offset (or the
    /// last line's), as `TableLineEdits.lineEdits` places them.
    func reading(after edits: [TextEdit]) -> TableReading {
        let tableStart = text.starts[region.firstLine], tableEnd = text.fullEnd(region.lines.upperBound - 1)
        let shifted = edits.map { TextEdit(range: ($0.range.lowerBound - tableStart)..<($0.range.upperBound - tableStart), newText: $0.newText) }
        let bytes = TextEdit.apply(shifted, to: Array(text.bytes[tableStart..<tableEnd]))
        let lines = TextLines(bytes)
        let prefixLengths = region.contentStarts.indices.map { region.contentStarts[$0] - text.starts[region.firstLine + $0] }
        // Bytes ending in a line break have a last, empty line that is not the table's.
        let count = bytes.last == 0x0A ? lines.count - 1 : lines.count
        let starts = (0..<count).map { lines.starts[$0] + prefixLengths[min($0, prefixLengths.count - 1)] }
        var moved = TableRegion(kind: region.kind, firstLine: 0, contentStarts: starts, syntax: region.syntax)
        moved.context = region.context
        return TableReading(lines, region: moved, options: options)
    }

    /// Where the text of the cell at `slot` starts: its first non-blank character on its first line that
    /// has one, or one space into a blank cell. Nil when the slot is past the table.
    func textStart(of slot: Slot) -> Int? {
        switch content {
        case .pipe:
            let lineInTable = slot.row == 0 ? 0 : slot.row + 1
            guard lineInTable < region.contentStarts.count else { return nil }
            let start = region.contentStarts[lineInTable], end = text.contentEnd(region.firstLine + lineInTable)
            let (_, p) = BlockSyntax.indentation(text.bytes, start, end)
            let cells = PipeTable.rowCells(text.bytes, from: p, to: end)
            guard let cell = cells.indices.contains(slot.column) ? cells[slot.column] : cells.last else { return nil }
            guard cell.isEmpty else { return cell.lowerBound }
            var open = cell.lowerBound  // back over the blank cell's spaces to just after its opening pipe
            while open > p && (text.bytes[open - 1] == 0x20 || text.bytes[open - 1] == 0x09) { open -= 1 }
            return min(open + 1, cell.lowerBound)
        case .grid(let grid, let map, _):
            guard let cell = grid.cell(at: slot) else { return nil }
            return map.textStart(of: cell.rect)
        case .simple(let grid, _, let map):
            guard let cell = grid.cell(at: slot) else { return nil }
            return map.textStart(of: cell.rect, text: text, region: region)
        case .pandoc(_, let layout, let rowOfLine, _):
            return layout.textStart(of: slot, rowOfLine: rowOfLine, text: text, region: region)
        case .list, .unreadable:
            return nil
        }
    }
}

extension GridTableMap {
    /// Where the text of the cell at `rect` starts in the document: its first non-blank character, or one
    /// space into its first line when it is blank.
    func textStart(of rect: SlotRect) -> Int {
        let top = borders[rect.rows.lowerBound] + 1
        for i in top..<borders[rect.rows.upperBound] {
            let from = xOfColumnLine(rect.columns.lowerBound, line: i) + 1
            let to = xOfColumnLine(rect.columns.upperBound, line: i)
            if let x = (from..<to).first(where: { lines[i].char($0) != G.space }), x < lines[i].width {
                return lines[i].offset(x)
            }
        }
        let from = xOfColumnLine(rect.columns.lowerBound, line: top) + 1
        return lines[top].offset(min(from + 1, xOfColumnLine(rect.columns.upperBound, line: top)))
    }
}

private extension SlotRect {
    var origin: Slot { Slot(row: rows.lowerBound, column: columns.lowerBound) }
}
