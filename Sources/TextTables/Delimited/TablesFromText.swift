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
    /// A pipe table begun on one line, as Org begins one: `| Name | Age` typed where there is no table,
    /// then <Tab> or <Enter>. The line becomes a header with a delimiter row under it, and the step goes on
    /// from the cell at `offset` (a byte in `line`, which has no terminator). The line's new text (the
    /// table), and the cursor's line in it and byte. Nil when the line does not start with `|` after its
    /// indentation, or for `previousCell` (there is no cell before).
    package static func tableBegun(
        on line: [UInt8], at offset: Int, _ direction: NavigationDirection, terminator: [UInt8], options: FormatOptions
    ) -> (newText: [UInt8], line: Int, byte: Int)? {
        let (columns, p) = BlockSyntax.indentation(line, 0, line.count)
        guard direction != .previousCell, columns < 4, p < line.count, line[p] == PipeRowSyntax.pipe,
              let cells = PipeRowSyntax.cells(line, p, line.count) else { return nil }
        let delimiter = Array(line[..<p]) + Array(("|" + String(repeating: "---|", count: cells.count)).utf8)
        let text = TextLines(line + terminator + delimiter)
        guard let region = DocumentSyntax.markdown.scan(text).tables.first, region.lines == 0..<2 else { return nil }
        let reading = TableReading(text, region: region, options: options)
        guard let step = reading.navigate(from: min(offset, line.count), direction, syntax: .markdown, isFormatted: nil) else { return nil }
        return (DocumentFormatter.apply(step.edits, to: text.bytes), step.line, step.byte)
    }
}
