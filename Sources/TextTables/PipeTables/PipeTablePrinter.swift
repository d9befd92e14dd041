import GridModel

/// Prints a pipe table in the default style (README.md): outer pipes, one space of padding,
/// columns as wide as their widest cell and at least 3, alignment applied inside cells, short rows
/// filled with empty cells, extra cells kept as further columns.
struct PipeTablePrinter {
    static let minimumWidth = 3

    package let table: PipeTable
    var layout: PipeTableLayout
    let indent: ArraySlice<UInt8>
    let style: DelimiterRowStyle

    /// `startColumn` is the display column where `indent` starts (after any container prefix).
    package init(_ table: PipeTable, indent: ArraySlice<UInt8> = [], startColumn: Int = 0, options: FormatOptions) {
        self.table = table
        self.indent = indent
        self.style = options.delimiterRow
        self.layout = PipeTableLayout(table, textColumn: startColumn + indent.count + 2, options: options.width)
    }

    /// This printer with columns `widths` wide: rows printed as they print in a table whose other rows
    /// make the columns that wide (`PipeRowStep`, which has only some of its rows at hand).
    func printing(widths: [Int]) -> PipeTablePrinter {
        var printer = self
        printer.layout.widths = widths
        return printer
    }

    /// Number of printed lines: the rows and the delimiter row.
    package var lineCount: Int { table.rowCount + 1 }

    /// Appends printed line `line` (no terminator) to `out`: line 0 is the header, 1 the delimiter row.
    func appendLine(_ line: Int, to out: inout [UInt8]) {
        appendLine(line, indent: indent, to: &out)
    }

    /// `appendLine` with another indentation than the table's (a line that keeps its own).
    func appendLine(_ line: Int, indent: ArraySlice<UInt8>, to out: inout [UInt8]) {
        switch line {
        case 0: appendRow(0, indent: indent, to: &out)
        case 1: appendDelimiter(indent: indent, to: &out)
        default: appendRow(line - 1, indent: indent, to: &out)
        }
    }

    /// Every line, each without terminator.
    package func lines() -> [[UInt8]] {
        (0..<lineCount).map { line in
            var out: [UInt8] = []
            appendLine(line, to: &out)
            return out
        }
    }

    /// Writes the row as a run of spaces as long as the printed row, then its pipes and cell texts over
    /// them through buffer pointers: appending byte by byte checked the array's capacity and ownership
    /// at every byte of padding (a tenth of formatting many small tables).
    private func appendRow(_ r: Int, indent: ArraySlice<UInt8>, to out: inout [UInt8]) {
        let first = table.rowStarts[r]
        let cellCount = table.rowStarts[r + 1] - first
        let columns = max(cellCount, table.columnCount)
        var length = indent.count + 1
        for c in 0..<columns {
            length += layout.widths[c] + 3
            if c < cellCount { length += table.cells[first + c].count - layout.cellWidths[first + c] }
        }
        var at = out.count
        out.appendSpaces(length)
        out.withUnsafeMutableBufferPointer { out in
            for byte in indent {
                out[at] = byte
                at += 1
            }
            table.bytes.withUnsafeBufferPointer { bytes in
                out[at] = UInt8(ascii: "|")
                at += 1
                for c in 0..<columns {
                    let width = c < cellCount ? layout.cellWidths[first + c] : 0
                    let padding = layout.widths[c] - width
                    let alignment = c < table.columnCount ? table.alignments[c] : .none
                    let before = alignment == .right ? padding : alignment == .center ? padding / 2 : 0
                    at += 1 + before
                    if c < cellCount {
                        let text = UnsafeBufferPointer(rebasing: bytes[table.cells[first + c]])
                        _ = UnsafeMutableBufferPointer(rebasing: out[at..<at + text.count]).initialize(from: text)
                        at += text.count
                    }
                    at += padding - before + 1
                    out[at] = UInt8(ascii: "|")
                    at += 1
                }
            }
        }
    }

    /// Writes the delimiter row as a run of dashes as long as it, then its pipes, colons and (padded) spaces
    /// over them, as `appendRow` writes over spaces. Between two pipes a column takes its width and two:
    /// ` :-- ` padded, `:----` compact.
    private func appendDelimiter(indent: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var at = out.count
        out.append(UInt8(ascii: "-"), count: table.alignments.indices.reduce(indent.count + 1) { $0 + layout.widths[$1] + 3 })
        let padding = style == .padded ? 1 : 0
        out.withUnsafeMutableBufferPointer { out in
            for byte in indent {
                out[at] = byte
                at += 1
            }
            out[at] = UInt8(ascii: "|")
            for (c, alignment) in table.alignments.enumerated() {
                let end = at + layout.widths[c] + 3  // this column's closing pipe
                if padding > 0 { (out[at + 1], out[end - 1]) = (0x20, 0x20) }
                if alignment.colonAtStart { out[at + 1 + padding] = UInt8(ascii: ":") }
                if alignment.colonAtEnd { out[end - 1 - padding] = UInt8(ascii: ":") }
                out[end] = UInt8(ascii: "|")
                at = end
            }
        }
    }

    /// Exactly how many bytes `appendLine` writes for every line together, terminators not included (lines
    /// printed with their own indentation may differ by its length: enough to reserve memory by).
    var printedByteCount: Int {
        // A line of n columns takes the first n widths and 3 bytes each (most have the header's columns).
        func columnsWidth(_ n: Int) -> Int { layout.widths[..<n].reduce(3 * n, +) }
        let header = columnsWidth(table.columnCount)
        var total = layout.extraBytes
        for r in 0..<table.rowCount {
            let columns = max(table.cellCount(ofRow: r), table.columnCount)
            total += indent.count + 1 + (columns == table.columnCount ? header : columnsWidth(columns))
        }
        return total + indent.count + 1 + header
    }
}

/// Column widths of a pipe table and the display width of every cell (parallel to `table.cells`).
struct PipeTableLayout {
    var widths: [Int]
    var cellWidths: [Int]
    /// How many more bytes than display columns the cells take (multi-byte characters, zero-width marks).
    var extraBytes = 0

    /// `textColumn` is the display column where the first column's text starts; it matters only for tabs.
    init(_ table: PipeTable, textColumn: Int, options: WidthOptions) {
        var columns = table.columnCount
        for r in 0..<table.rowCount { columns = max(columns, table.cellCount(ofRow: r)) }
        widths = [Int](repeating: PipeTablePrinter.minimumWidth, count: columns)
        if table.isPrintableASCII {  // most tables: a column a byte, no tabs, nothing to decode
            cellWidths = table.cells.map { $0.count }
            for r in 0..<table.rowCount {
                let first = table.rowStarts[r]
                for c in 0..<(table.rowStarts[r + 1] - first) where cellWidths[first + c] > widths[c] { widths[c] = cellWidths[first + c] }
            }
            return
        }
        cellWidths = [Int](repeating: 0, count: table.cells.count)
        table.bytes.withUnsafeBufferPointer { bytes in
            for r in 0..<table.rowCount {
                let first = table.rowStarts[r]
                for c in 0..<(table.rowStarts[r + 1] - first) {
                    let range = table.cells[first + c]
                    let w = DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: bytes[range]), startColumn: 0, options: options)
                    extraBytes += range.count - w
                    cellWidths[first + c] = w
                    if w > widths[c] { widths[c] = w }
                }
            }
        }
        // One look for a tab in the table's text (one in an indentation only costs measuring again).
        if let start = table.cells.first?.lowerBound, let end = table.cells.last?.upperBound, start < end,
           table.bytes[start..<end].contains(0x09) {
            measureTabs(table, textColumn: textColumn, options: options)
        }
    }

    /// Tabs reach the next tab stop from where the cell's text starts, which depends on the columns to its
    /// left: measure column by column.
    private mutating func measureTabs(_ table: PipeTable, textColumn: Int, options: WidthOptions) {
        var column = textColumn
        extraBytes = 0
        for c in widths.indices {
            widths[c] = PipeTablePrinter.minimumWidth
            for r in 0..<table.rowCount where c < table.cellCount(ofRow: r) {
                let index = table.rowStarts[r] + c
                cellWidths[index] = PipeTableLayout.width(table.bytes[table.cells[index]], at: column, options)
                extraBytes += table.cells[index].count - cellWidths[index]
                widths[c] = max(widths[c], cellWidths[index])
            }
            column += widths[c] + 3
        }
    }

    static func width(_ text: ArraySlice<UInt8>, at column: Int, _ options: WidthOptions) -> Int {
        DisplayWidth.of(utf8: text, startColumn: column, options: options)
    }
}
