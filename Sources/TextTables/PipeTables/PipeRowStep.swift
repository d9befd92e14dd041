import GridModel

/// What the server knows of a GitHub pipe table typed in since it was last formatted: every line but one
/// body row is as formatting prints it, and that row read `formatted` then (container prefix included).
/// A table key then needs the row, the header, the delimiter row and the row's neighbours, not the table:
/// typing a character that does not widen its column then Tab, in a 100,000-row table, costs the row.
package struct FormattedButRow: Sendable, Hashable {
    /// The row's line, counted from the table's first line (2 or more: a body row).
    package var line: Int
    package var formatted: [UInt8]
    /// The options the table was formatted under.
    package var options: FormatOptions

    package init(line: Int, formatted: [UInt8], options: FormatOptions) {
        self.line = line
        self.formatted = formatted
        self.options = options
    }
}

extension TableReading {
    /// The step `navigate` takes from `offset` in the whole table, taken in this reading of some of its
    /// lines (`lines`: their lines in the table, ascending: the header, the delimiter row, the typed row
    /// `kept.line` and the lines next to it). Its edits are in this reading's text; its line is the
    /// table's. Nil when the step needs more than these lines: the cursor is off the row, a column
    /// widens or may narrow, the step opens a row, a row has other than the header's cells, a tab.
    package func step(formattedBut kept: FormattedButRow, lines: [Int], from offset: Int, _ direction: NavigationDirection) -> CellNavigation? {
        guard case .pipe(let table, _) = content, region.firstLine == 0, options == kept.options, let m = lines.firstIndex(of: kept.line), m >= 2,
              text.line(containing: offset) == m, table.cellUnprintableAfterPipe == nil,
              !text.bytes.contains(0x09), !kept.formatted.contains(0x09) else { return nil }
        let columns = table.cellCount(ofRow: 0)
        guard columns == table.columnCount, (0..<table.rowCount).allSatisfy({ table.cellCount(ofRow: $0) == columns }),
              let widths = printedWidths(table), let old = formattedRowWidths(kept, line: m, widths: widths, columns: columns) else { return nil }
        // The row's cells: none wider than its column, and none narrower where the row made the column as
        // wide as it is (another row, or the least width, may not).
        let printer = pipePrinter(table).printing(widths: widths)
        let first = table.rowStarts[m - 1]
        for c in 0..<columns {
            let width = printer.layout.cellWidths[first + c]
            guard width <= widths[c], width == widths[c] || old[c] < widths[c] else { return nil }
        }
        var printed: [UInt8] = []
        appendPlaced(m, of: printer, to: &printed)
        let start = region.contentStarts[m], end = text.contentEnd(m)
        let edits = printed.elementsEqual(text.bytes[start..<end]) ? [] : [TextEdit(range: start..<end, newText: printed)]
        guard let target = target(from: offset, m: m, columns: columns, rows: table.rowCount, direction) else { return nil }
        let after = edits.isEmpty ? self : reading(after: edits)
        guard let at = after.textStart(of: target) else { return nil }
        let line = after.text.line(containing: at)
        let lineText = Array(after.text.bytes[after.text.starts[line]..<after.text.contentEnd(line)])
        return CellNavigation(edits: edits, line: lines[line], byte: at - after.text.starts[line], lineText: lineText)
    }

    /// The cell a step from `offset` on line `m` goes to, as `navigate` finds it in the table's grid (the
    /// header's columns, one cell per row and column); nil past the last row read (a step that opens one).
    private func target(from offset: Int, m: Int, columns: Int, rows: Int, _ direction: NavigationDirection) -> Slot? {
        let slot = TableLocator.pipeSlot(at: max(offset, region.contentStarts[m]), line: m, in: region, text: text)
        let row = slot.row, column = min(slot.column, columns - 1)
        let target: Slot
        switch direction {
        case .nextCell: target = column + 1 < columns ? Slot(row: row, column: column + 1) : Slot(row: row + 1, column: 0)
        case .previousCell: target = column > 0 ? Slot(row: row, column: column - 1) : Slot(row: row - 1, column: columns - 1)
        case .nextRow: target = Slot(row: row + 1, column: column)
        }
        return target.row < rows ? target : nil
    }

    /// The widths the delimiter row is printed with, when printing it and the header with them gives them
    /// back as they stand (the table was formatted: its other rows made the columns these widths).
    private func printedWidths(_ table: PipeTable) -> [Int]? {
        let start = region.contentStarts[1], end = text.contentEnd(1)
        let (_, p) = BlockSyntax.indentation(text.bytes, start, end)
        guard let cells = PipeRowSyntax.cells(text.bytes, p, end), cells.count == table.columnCount else { return nil }
        let widths = cells.map { $0.count - (options.delimiterRow == .compact ? 2 : 0) }
        guard widths.allSatisfy({ $0 >= PipeTablePrinter.minimumWidth }) else { return nil }
        let printer = pipePrinter(table).printing(widths: widths)
        for line in 0..<2 {
            var printed: [UInt8] = []
            appendPlaced(line, of: printer, to: &printed)
            guard printed.elementsEqual(text.bytes[region.contentStarts[line]..<text.contentEnd(line)]) else { return nil }
        }
        return widths
    }

    /// The display widths of the cells of the row as it was formatted, when it prints with `widths` as it
    /// was (read after this reading's header and delimiter row, with the container prefix it has now).
    private func formattedRowWidths(_ kept: FormattedButRow, line m: Int, widths: [Int], columns: Int) -> [Int]? {
        guard region.contentStarts[m] - text.starts[m] <= kept.formatted.count, !kept.formatted.contains(0x0A) else { return nil }
        let formatted = reading(after: [TextEdit(range: text.starts[m]..<text.contentEnd(m), newText: kept.formatted)])
        guard formatted.region.contentStarts.count == region.contentStarts.count, case .pipe(let table, _) = formatted.content,
              table.cellCount(ofRow: m - 1) == columns, table.cellUnprintableAfterPipe == nil else { return nil }
        let printer = formatted.pipePrinter(table).printing(widths: widths)
        var printed: [UInt8] = []
        formatted.appendPlaced(m, of: printer, to: &printed)
        guard printed.elementsEqual(formatted.text.bytes[formatted.region.contentStarts[m]..<formatted.text.contentEnd(m)]) else { return nil }
        return (0..<columns).map { printer.layout.cellWidths[table.rowStarts[m - 1] + $0] }
    }
}

extension TableReading {
    /// What this table is known to be once `edits`, a table key's formatting edits (all of them, or the
    /// edits of a step that opened a row), are applied: formatted but for the one body row they change,
    /// that row as they print it. Nil when they change no row, more than one, or add lines.
    package func formattedButRow(formattedBy edits: [TextEdit]) -> FormattedButRow? {
        guard let first = edits.first else { return nil }
        let line = text.line(containing: first.range.lowerBound), offset = line - region.firstLine
        guard offset >= 2, offset < region.contentStarts.count else { return nil }
        let start = text.starts[line], end = text.contentEnd(line)
        guard edits.allSatisfy({ $0.range.lowerBound >= region.contentStarts[offset] && $0.range.upperBound <= end
                                 && !$0.newText.contains(0x0A) && !$0.newText.contains(0x0D) }) else { return nil }
        let shifted = edits.map { TextEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), newText: $0.newText) }
        return formattedButRow(line: offset, formatted: TextEdit.apply(shifted, to: Array(text.bytes[start..<end])))
    }

    /// This table, known formatted, once body row `line` is edited: formatted but for it, the row having
    /// read `formatted`. Nil for a table that formatting leaves alone for another reason (not a pipe
    /// table, a cell it cannot print).
    package func formattedButRow(line: Int, formatted: [UInt8]) -> FormattedButRow? {
        guard case .pipe(let table, _) = content, table.cellUnprintableAfterPipe == nil, line >= 2 else { return nil }
        return FormattedButRow(line: line, formatted: formatted, options: options)
    }
}
