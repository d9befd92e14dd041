import GridModel

/// Tables made from text and text made from tables: lines of delimited text made a table, an empty table
/// inserted, a table's cells as CSV. A table is a pipe table in Markdown and a grid table in
/// reStructuredText (which has no pipe tables), its first row the header.
package enum TablesFromText {
    /// The edit that makes `lines` of `text` a table (read as CSV, TSV or columns apart by runs of spaces,
    /// as `DelimitedText.separator` chooses), with a blank line around it where a neighbour line is not
    /// blank (a paragraph line would join the table). Nil when the lines hold no field.
    package static func table(from lines: Range<Int>, in text: TextLines, syntax: DocumentSyntax, options: FormatOptions) -> TextEdit? {
        guard !lines.isEmpty, lines.upperBound <= text.count else { return nil }
        let start = text.starts[lines.lowerBound], end = text.contentEnd(lines.upperBound - 1)
        let source = String(decoding: text.bytes[start..<end], as: UTF8.self)
        let separator = DelimitedText.separator(of: source)
        let rows = DelimitedText.rows(source, separator: separator)
        guard let printed = tableLines(rows, syntax: syntax, options: options) else { return nil }
        let indentation = Array(text.bytes[start..<BlockSyntax.indentation(text.bytes, start, end).end])
        return placed(printed, indentation: indentation, replacing: lines, in: text)
    }

    /// An empty table of `rows` rows (the header among them) and `columns` columns at line `line`: on it
    /// when it is blank, else below it. The edit, and where the cursor goes: the header's first cell (the
    /// line counted in the text after the edit). Nil for a size below 1×1.
    package static func emptyTable(
        rows: Int, columns: Int, at line: Int, in text: TextLines, syntax: DocumentSyntax, options: FormatOptions
    ) -> (edit: TextEdit, line: Int, byte: Int)? {
        guard rows >= 1, columns >= 1, text.count > 0 else { return nil }
        let line = min(max(line, 0), text.count - 1)
        let empty = Array(repeating: Array(repeating: "", count: columns), count: rows)
        guard let printed = tableLines(empty, syntax: syntax, options: options) else { return nil }
        // The header's first cell: on the table's first line, or below a grid table's top border.
        let cellLine = syntax == .restructuredText ? 1 : 0
        if isBlank(line, in: text) {
            var edit = placed(printed, indentation: [], replacing: line..<line + 1, in: text)
            // On the empty last line of a document that ends with a line break, it still ends with one.
            if line == text.count - 1 && line > 0 { edit.newText += terminator(of: text) }
            let blankBefore = line > 0 && !isBlank(line - 1, in: text)
            return (edit, line + (blankBefore ? 1 : 0) + cellLine, 2)
        }
        // Below a line that is not blank: end it, leave a blank line, then the table.
        let terminator = terminator(of: text)
        var newText = terminator + terminator + printed.joined(separator: terminator)
        if line + 1 < text.count && !isBlank(line + 1, in: text) { newText += terminator }
        let at = text.contentEnd(line)
        return (TextEdit(range: at..<at, newText: newText), line + 2 + cellLine, 2)
    }

    /// The table's cells as CSV, row by row (a merged cell's text in its first slot); nil when it cannot be read.
    package static func csv(_ reading: TableReading) -> String? {
        guard case .success(let grid) = reading.grid else { return nil }
        return DelimitedText.csv(DelimitedTable.rows(of: grid, kind: reading.region.kind))
    }

    private static func tableLines(_ rows: [[String]], syntax: DocumentSyntax, options: FormatOptions) -> [[UInt8]]? {
        guard syntax == .restructuredText else { return DelimitedTable.pipeTableLines(rows, options: options) }
        guard let width = rows.map(\.count).max(), width > 0 else { return nil }
        let cells = rows.enumerated().flatMap { r, row in
            (0..<width).map { c in
                GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: c < row.count ? row[c].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init) : [])
            }
        }
        guard let grid = try? Grid(rowCount: rows.count, columnCount: width, cells: cells, headerRowCount: rows.count > 1 ? 1 : 0) else { return nil }
        return GridTablePrinter(grid, options: options.width, syntax: syntax).lines()
    }

    /// The edit that puts `printed` (each line after `indentation`) in place of `lines`, with a blank line
    /// before and after where the neighbour line is not blank.
    private static func placed(_ printed: [[UInt8]], indentation: [UInt8], replacing lines: Range<Int>, in text: TextLines) -> TextEdit {
        let terminator = terminator(of: text)
        var newText: [UInt8] = []
        if lines.lowerBound > 0 && !isBlank(lines.lowerBound - 1, in: text) { newText += terminator }
        newText += printed.map { indentation + $0 }.joined(separator: terminator)
        if lines.upperBound < text.count && !isBlank(lines.upperBound, in: text) { newText += terminator }
        return TextEdit(range: text.starts[lines.lowerBound]..<text.contentEnd(lines.upperBound - 1), newText: newText)
    }

    private static func isBlank(_ line: Int, in text: TextLines) -> Bool {
        BlockSyntax.isBlank(text.bytes, text.starts[line], text.contentEnd(line))
    }

    private static func terminator(of text: TextLines) -> [UInt8] {
        text.count > 1 && !text.terminator(0).isEmpty ? Array(text.terminator(0)) : [0x0A]
    }
}

extension TablesFromText {
    /// What a table key makes of a Markdown line outside tables, as Org does: the lines replaced, their
    /// new text, and where the cursor goes (its line counted from the key's line, and byte).
    package struct TableBegun: Sendable {
        package var replaced: Range<Int>
        package var newText: [UInt8]
        package var line: Int
        package var byte: Int
    }

    /// A pipe table begun or widened on line `line` of `window` as Org does, then <Tab> or <Enter>:
    /// - `| Name | Age` typed on a line with no delimiter row under it becomes a header with one;
    /// - a header with more cells than the delimiter row under it (` Town |` typed at its end) gets a
    ///   delimiter row of its count, alignments kept: the header states the columns.
    ///
    /// Either way the step goes on from the cell at `offset` (a byte in the line) in the table that results.
    /// `window` holds the document's lines from one after which a scan restarts (`startsDocument`: the
    /// first) down to the end of the line's block at least, so that a line the reader does not read as a
    /// table there (in a fenced or indented code block, an HTML block or comment, front matter, math)
    /// begins nothing: nil then, for `previousCell`, and for any other line.
    package static func tableBegun(
        in window: TextLines, startsDocument: Bool, line: Int, at offset: Int, _ direction: NavigationDirection, syntax: DocumentSyntax,
        options: FormatOptions
    ) -> TableBegun? {
        guard direction != .previousCell, line < window.count,
              let (candidate, inserted) = headedCandidate(window, line: line) else { return nil }
        let scan = syntax.scanRestartable(candidate, startsDocument: startsDocument, options: options.scan).scan
        guard let region = scan.tables.first(where: { $0.firstLine == line }), region.kind == .pipe, region.lines.count >= 2 else { return nil }
        let reading = TableReading(candidate, region: region, options: options)
        let cursor = candidate.starts[line] + min(offset, candidate.contentEnd(line) - candidate.starts[line])
        guard let step = reading.navigate(from: cursor, direction, syntax: syntax, isFormatted: nil) else { return nil }
        let last = region.lines.upperBound - 1
        // The lines it takes from below must be no other table's: typed right above a table, the line would
        // make that table's header and delimiter row rows of its own.
        let replaced = line..<last + 1 - inserted
        guard !syntax.scanRestartable(window, startsDocument: startsDocument, options: options.scan).scan.tables.contains(where: { $0.lines.overlaps(replaced) })
        else { return nil }
        let after = TextEdit.apply(step.edits, to: candidate.bytes)
        let tail = candidate.bytes.count - candidate.contentEnd(last)
        return TableBegun(replaced: replaced, newText: Array(after[candidate.starts[line]..<after.count - tail]),
                          line: step.line, byte: step.byte)
    }

    /// `window` with a delimiter row of the header's count under line `line`: put in (`inserted` 1) when
    /// the line starts with `|` and the next is no delimiter row, or in place of a delimiter row of fewer
    /// cells (`inserted` 0). Nil when neither applies.
    private static func headedCandidate(_ window: TextLines, line: Int) -> (text: TextLines, inserted: Int)? {
        let b = window.bytes, start = window.starts[line], end = window.contentEnd(line)
        let (columns, p) = BlockSyntax.indentation(b, start, end)
        guard columns < 4, p < end, let header = PipeRowSyntax.cells(b, p, end) else { return nil }
        var alignments: [ColumnAlignment] = []
        var inserted = 1
        if line + 1 < window.count {
            let next = window.starts[line + 1], nextEnd = window.contentEnd(line + 1)
            let (nextColumns, q) = BlockSyntax.indentation(b, next, nextEnd)
            // (A `---` line without a `|` is a rule or a heading's underline here, not a table's.)
            if nextColumns < 4, b[q..<nextEnd].contains(PipeRowSyntax.pipe), let found = PipeRowSyntax.delimiterRow(b, q, nextEnd) {
                guard found.count < header.count else { return nil }
                alignments = found
                inserted = 0
            }
        }
        guard inserted == 0 || b[p] == PipeRowSyntax.pipe else { return nil }
        var delimiter = Array(b[start..<p]) + [PipeRowSyntax.pipe]
        for column in header.indices {
            let alignment = column < alignments.count ? alignments[column] : .none
            delimiter += Array(((alignment.colonAtStart ? ":" : "-") + "-" + (alignment.colonAtEnd ? ":" : "-") + "|").utf8)
        }
        let terminator: [UInt8] = window.terminator(line).isEmpty ? [0x0A] : Array(window.terminator(line))
        var bytes = Array(b[..<end]) + terminator + delimiter
        let rest = line + 2 - inserted
        if rest < window.count {
            bytes += terminator
            bytes += b[window.starts[rest]...]
        }
        return (TextLines(bytes), inserted)
    }
}
