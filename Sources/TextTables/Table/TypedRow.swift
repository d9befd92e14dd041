/// Formatting while a pipe-table row is being typed (`|` typed, the editor asks to realign): what is
/// there is tidied, and the row gains no cells after the cursor. Tab adds them; a `|` typed into a
/// short row must leave the cursor right after it, not behind empty cells it did not ask for.
extension TableReading {
    /// `formattingEdits()`, except that line `line` of the text (a row of a pipe table) keeps its own
    /// number of cells.
    package func formattingEdits(typingOn line: Int) -> Result<[TextEdit], FormatRefusal> {
        let edits = formattingEdits()
        guard case .success(let all) = edits, region.kind == .pipe, region.lines.contains(line) else { return edits }
        let b = text.bytes, start = text.starts[line], end = text.contentEnd(line)
        let contentStart = region.contentStarts[line - region.firstLine]
        let own = PipeRowSyntax.cellCount(b, contentStart, end)
        let onLine = all.filter { $0.range.lowerBound >= start && $0.range.upperBound <= end }
        guard !onLine.isEmpty else { return edits }
        let printed = TextEdit.apply(onLine.map { TextEdit(range: $0.range.lowerBound - start..<$0.range.upperBound - start, newText: $0.newText) },
                                              to: Array(b[start..<end]))
        guard let cut = TableReading.end(ofCells: own, in: printed, from: contentStart - start) else { return edits }
        let others = all.filter { !($0.range.lowerBound >= start && $0.range.upperBound <= end) }
        let row = TextEdit(range: start..<end, newText: Array(printed[..<cut]))
        return .success((others + [row]).sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    /// Whether a pipe-table row (its text after the container prefix) has fewer cells than the header:
    /// only such a row is typed otherwise than formatting prints it. Asked before reading the table, so
    /// that a `|` typed into a full row of a long table costs what formatting it costs.
    package static func isShortRow(_ row: ArraySlice<UInt8>, header: ArraySlice<UInt8>) -> Bool {
        func cells(_ line: ArraySlice<UInt8>) -> Int {
            let bytes = Array(line)
            return PipeRowSyntax.cellCount(bytes, BlockSyntax.indentation(bytes, 0, bytes.count).1, bytes.count)
        }
        return cells(row) < cells(header)
    }

    /// Where a printed row's first `count` cells end: just past the `|` that closes the last of them (past
    /// the opening `|` for none). Nil when the row has no more cells than that.
    private static func end(ofCells count: Int, in row: [UInt8], from contentStart: Int) -> Int? {
        guard let cells = PipeRowSyntax.cells(row, contentStart, row.count), cells.count > count else { return nil }
        let after = count == 0 ? contentStart : cells[count - 1].upperBound
        return row[after...].firstIndex(of: PipeRowSyntax.pipe).map { $0 + 1 }
    }
}
