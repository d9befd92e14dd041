import TextTables

/// A table key's step in the document: the edits, and the cursor's line, byte and line text after them.
struct TableStep {
    var edits: FormattingEdits
    var line: Int
    var byte: Int
    var lineText: [UInt8]
    /// How many of the table's lines the step read (for tests of proportional work).
    var linesRead: Int
}

extension TableIndex.Table {
    /// Lines `rows` of the table (counted from its first, ascending) in a buffer of their own, one `\n`
    /// between them, and a region of the table's kind over them (their container prefixes, the table's
    /// context): what a row read alone, or a key's step on it, reads. `redrawn` gives a line's bytes where
    /// they are to be read otherwise than as they stand (a border drawn plain).
    func piece(_ rows: some Sequence<Int>, of text: DocumentText, syntax: DocumentSyntax,
               redrawn: (_ row: Int, _ line: ArraySlice<UInt8>) -> [UInt8]? = { _, _ in nil }) -> (text: TextLines, region: TableRegion) {
        var bytes: [UInt8] = [], contentStarts: [Int] = []
        for r in rows {
            if !contentStarts.isEmpty { bytes.append(0x0A) }
            let line = text.line(firstLine + r)
            contentStarts.append(bytes.count + prefixLengths[r])
            bytes += redrawn(r, line) ?? Array(line)
        }
        var region = TableRegion(kind: kind, firstLine: 0, contentStarts: contentStarts, syntax: syntax)
        region.context = context
        return (TextLines(bytes), region)
    }
}

extension OpenDocument {
    /// The step of a table key from `position` in `table`; nil where the key keeps its usual meaning.
    func step(_ table: TableIndex.Table, at position: LinePosition, _ direction: NavigationDirection, options: FormatOptions) -> TableStep? {
        if let fast = rowStep(table, at: position, direction, options: options) { return fast }
        if let fast = gridRowStep(table, at: position, direction, options: options) { return fast }
        let (local, reading) = reading(table, options: options)
        let formatted = isFormatted(table, options: options)  // known once per reading of the table
        guard let step = reading.navigate(from: offset(position, in: local), direction, syntax: syntax, isFormatted: formatted) else {
            return nil
        }
        // Edits that format one row leave the table formatted but for it: the next key there costs the row.
        if syntax == .markdown, let kept = reading.formattedButRow(formattedBy: step.edits) { table.memo.keep(kept) }
        // So do a grid table's, in a table long enough that keystrokes in it re-read the row alone.
        if table.kind == .grid, table.prefixLengths.count > GridRowEdit.longerThan, let columns = table.gridColumns,
           let kept = reading.formattedButGridRow(formattedBy: step.edits, columnLines: columns, reach: TableIndex.gridRowReach) { table.memo.keep(kept) }
        // As formatting's: past `FormattingEdits.limit` line edits, one edit of the table (an editor applies
        // it far faster than a realigned 100,000-row table's edits one by one).
        var edits = FormattingEdits(document: self)
        edits.add(step.edits, in: local)
        return TableStep(edits: edits, line: table.firstLine + step.line, byte: step.byte, lineText: step.lineText, linesRead: table.lines.count)
    }

    /// The step on the row typed in since the table was formatted (`FormattedButRow`), read from that
    /// row, the header, the delimiter row and the row's neighbours; nil when the table's entry knows no
    /// such row or the step needs the whole table.
    private func rowStep(_ table: TableIndex.Table, at position: LinePosition, _ direction: NavigationDirection, options: FormatOptions) -> TableStep? {
        guard syntax == .markdown, table.kind == .pipe, let kept = table.memo.formattedButRow,
              position.line == table.firstLine + kept.line else { return nil }
        let row = kept.line, count = table.prefixLengths.count
        let lines = [0, 1] + (row - 1 >= 2 ? [row - 1] : []) + [row] + (row + 1 < count ? [row + 1] : [])
        let (read, region) = table.piece(lines, of: text, syntax: syntax)
        let m = lines.firstIndex(of: row)!
        let offset = min(read.starts[m] + position.byte, read.contentEnd(m))
        guard let step = TableReading(read, region: region, options: options).step(formattedBut: kept, lines: lines, from: offset, direction) else {
            return nil
        }
        return TableStep(edits: placed(step.edits, in: read, of: table) { lines[$0] }, line: table.firstLine + step.line, byte: step.byte,
                         lineText: step.lineText, linesRead: lines.count)
    }

    /// `edits` made in a piece of `table` (`TableIndex.Table.piece`) read as `read`, placed in the
    /// document: the piece's line `l` is the table's line `tableLine(l)`.
    func placed(_ edits: [TextEdit], in read: TextLines, of table: TableIndex.Table, tableLine: (Int) -> Int) -> FormattingEdits {
        func place(_ offset: Int) -> LinePosition {
            let line = read.line(containing: offset)
            return LinePosition(table.firstLine + tableLine(line), offset - read.starts[line])
        }
        var placed = FormattingEdits(document: self)
        for edit in edits { placed.add(from: place(edit.range.lowerBound), to: place(edit.range.upperBound), edit.newText) }
        return placed
    }
}
