import GridModel

/// What the server knows of a grid table typed in since it was last formatted: every line but those of
/// one row (between two borders drawn edge to edge) is as formatting prints it, the table has no
/// spanning cell and no tab, and the row read `formatted` then (container prefixes included). A table key
/// on that row then needs the row and its neighbours, not the table (`TableReading.gridStep`).
package struct FormattedButGridRow: Sendable, Hashable {
    /// The row's lines, counted from the table's first line (its borders excluded).
    package var rows: Range<Int>
    package var formatted: [[UInt8]]
    /// The options the table was formatted under.
    package var options: FormatOptions

    package init(rows: Range<Int>, formatted: [[UInt8]], options: FormatOptions) {
        self.rows = rows
        self.formatted = formatted
        self.options = options
    }
}

extension TableReading {
    /// The step `navigate` takes from `offset` in the whole table, taken in this reading of a piece of it:
    /// the typed row (its lines `row` here) between the rows above and below it where there are, every
    /// border drawn plain (`GridRowEdit.plainBorder`), the table's column lines `columnLines`. Its edits are
    /// in this reading's text, its line this reading's. Nil where the step needs more: the row's line is
    /// not pushed out of line (drift) alone, a column widens or may narrow, a row would be added, a tab.
    ///
    /// Why it is the whole table's step: a table without spanning cells is formatted with each column as
    /// wide as its widest cell, so a row whose cells fit the columns, and that made none of them as wide
    /// as it is (or still does), is printed with the same widths, as are all the others, unchanged.
    package func gridStep(formattedBut kept: FormattedButGridRow, row: Range<Int>, columnLines: [Int],
                          from offset: Int, _ direction: NavigationDirection) -> CellNavigation? {
        guard options == kept.options, options.maxWidth == nil, region.firstLine == 0, gridColumnLines == columnLines,
              kept.formatted.count == row.count, case .unreadable(let diagnostics) = content,
              !text.bytes.contains(0x09), !kept.formatted.contains(where: { $0.contains(0x09) }) else { return nil }
        let rowBytes = text.starts[row.lowerBound]..<text.contentEnd(row.upperBound - 1)
        guard !diagnostics.isEmpty, diagnostics.allSatisfy({
            GridRowEdit.isDrift(code: $0.code, severity: $0.severity, message: $0.message, syntax: region.syntax) && rowBytes.contains($0.range.lowerBound)
        }), let fix = diagnostics[0].fixes.first else { return nil }
        let repaired = reading(after: fix.edits)
        guard case .grid(let grid, _, _) = repaired.content, repaired.errors == nil, grid.cells.allSatisfy(\.isUnit) else { return nil }
        let widths = zip(columnLines, columnLines.dropFirst()).map { $1 - $0 - 3 }
        let r = row.lowerBound == 1 ? 0 : 1  // the typed row's place in the piece's grid
        guard grid.columnCount == widths.count, let new = unitWidths(of: grid, row: r), let old = formattedWidths(kept, row: row, gridRow: r),
              (0..<widths.count).allSatisfy({ new[$0] <= widths[$0] && (new[$0] == widths[$0] || old[$0] < widths[$0]) }) else { return nil }
        // The piece printed with the table's widths: only the typed row's lines may change.
        let placed = TableLineEdits.placedGridLines(grid, text: repaired.text, region: repaired.region, options: options.width, minimumWidths: widths)
        guard placed.count == region.contentStarts.count else { return nil }
        var after: [UInt8] = []
        for (offset, line) in placed.enumerated() {
            if offset > 0 { after.append(0x0A) }
            let unchanged = line.elementsEqual(text.bytes[region.contentStarts[offset]..<text.contentEnd(offset)])
            guard unchanged || row.contains(offset) else { return nil }
            after += text.bytes[text.starts[offset]..<region.contentStarts[offset]] + line
        }
        let end = text.contentEnd(region.contentStarts.count - 1)
        let edits = TextEdit.minimal(from: text.bytes[0..<end], at: 0, to: after).map { [$0] } ?? []
        guard edits.allSatisfy({ !$0.newText.contains(0x0A) && text.line(containing: $0.range.lowerBound) == text.line(containing: $0.range.upperBound) }) else { return nil }
        // The cursor after as many `|` on its line as before, as `navigateRepairingDrift` places it.
        guard let step = navigate(in: edits.isEmpty ? self : reading(after: edits), keepingBarsBefore: offset, direction, syntax: region.syntax,
                                  isFormatted: true), step.edits.isEmpty else { return nil }
        return CellNavigation(edits: edits, line: step.line, byte: step.byte, lineText: step.lineText)
    }

    /// The widths row `r` of a grid without spanning cells needs of its columns (each its widest line).
    private func unitWidths(of grid: Grid, row r: Int) -> [Int]? {
        let reader = ReferenceReader(region.syntax)
        var widths: [Int] = []
        for c in 0..<grid.columnCount {
            guard let cell = grid.cell(at: Slot(row: r, column: c)) else { return nil }
            widths.append(cell.lines.reduce(1) { max($0, reader.width(of: $1)) })
        }
        return widths
    }

    /// `unitWidths` of the typed row as it was formatted: this piece with the row's lines as they were.
    private func formattedWidths(_ kept: FormattedButGridRow, row: Range<Int>, gridRow r: Int) -> [Int]? {
        guard !kept.formatted.contains(where: { $0.contains(0x0A) }) else { return nil }
        let asFormatted = TextEdit(range: text.starts[row.lowerBound]..<text.contentEnd(row.upperBound - 1),
                                   newText: Array(kept.formatted.joined(separator: [0x0A])))
        let formatted = reading(after: [asFormatted])
        guard formatted.region.contentStarts.count == region.contentStarts.count, case .grid(let grid, _, _) = formatted.content,
              grid.cells.allSatisfy(\.isUnit) else { return nil }
        return formatted.unitWidths(of: grid, row: r)
    }
}

extension TableReading {
    /// What this grid table is known to be once `edits`, a table key's edits that format it, are applied:
    /// formatted but for the one row whose lines they change (between borders `GridRowEdit.junctions`
    /// finds drawn on `columnLines`, within `reach` lines), that row as they print it. Nil when they change
    /// lines of more than one row or add lines, or the table, formatted, has a spanning cell or a tab (found
    /// before the table is read again where the row's borders show it).
    package func formattedButGridRow(formattedBy edits: [TextEdit], columnLines: [Int], reach: Int) -> FormattedButGridRow? {
        guard region.firstLine == 0, edits.count == 1, options.maxWidth == nil, !edits[0].newText.contains(0x0A), !text.bytes.contains(0x09) else { return nil }
        let line = text.line(containing: edits[0].range.lowerBound), count = region.contentStarts.count
        guard line == text.line(containing: edits[0].range.upperBound), line > 0, line < count - 1 else { return nil }
        func hasPlus(_ l: Int) -> Bool { text.bytes[region.contentStarts[l]..<text.contentEnd(l)].contains(GridTableGeometry.plus) }
        func isBorder(_ l: Int) -> Bool {
            GridRowEdit.junctions(of: text.bytes[text.starts[l]..<text.contentEnd(l)], contentStart: region.contentStarts[l] - text.starts[l]) == columnLines
        }
        guard let top = GridRowEdit.lineWithPlus(above: line, reach: reach, hasPlus), isBorder(top),
              let bottom = GridRowEdit.lineWithPlus(below: line, count: count, reach: reach, hasPlus), isBorder(bottom) else { return nil }
        let after = reading(after: edits)
        guard case .grid(let grid, _, _) = after.content, after.errors == nil, after.gridColumnLines == columnLines,
              grid.cells.allSatisfy(\.isUnit) else { return nil }
        let rows = top + 1..<bottom
        return FormattedButGridRow(rows: rows, formatted: rows.map { Array(after.text.bytes[after.text.starts[$0]..<after.text.contentEnd($0)]) }, options: options)
    }

    /// This grid table, known formatted, once a line of the row `rows` is edited: formatted but for it,
    /// its lines having read `formatted`. Nil for a table with a spanning cell or a tab, or not readable.
    package func formattedButGridRow(rows: Range<Int>, formatted: [[UInt8]]) -> FormattedButGridRow? {
        guard case .grid(let grid, _, _) = content, options.maxWidth == nil, grid.cells.allSatisfy(\.isUnit), !text.bytes.contains(0x09) else { return nil }
        return FormattedButGridRow(rows: rows, formatted: formatted, options: options)
    }
}
