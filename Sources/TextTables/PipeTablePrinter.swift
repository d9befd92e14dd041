import GridModel

/// How the delimiter row is written: `| :--- |` (padded, the default) or `|:-----|` (compact).
public enum DelimiterRowStyle: String, Sendable, Hashable, CaseIterable {
    case padded, compact
}

/// Options of the printers.
public struct FormatOptions: Sendable, Hashable {
    public var width: WidthOptions
    public var delimiterRow: DelimiterRowStyle

    public init(width: WidthOptions = .init(), delimiterRow: DelimiterRowStyle = .padded) {
        self.width = width
        self.delimiterRow = delimiterRow
    }
}

/// Prints a pipe table in the default style (design/formats.md): outer pipes, one space of padding,
/// columns as wide as their widest cell and at least 3, alignment applied inside cells.
public enum PipeTablePrinter {
    static let minimumWidth = 3

    /// The table's lines without line terminators, each starting with `indent`.
    /// `startColumn` is the display column where `indent` starts (after any container prefix).
    public static func lines(
        _ table: PipeTable, indent: ArraySlice<UInt8> = [], startColumn: Int = 0, options: FormatOptions = .init()
    ) -> [[UInt8]] {
        let layout = PipeTableLayout(table, startColumn: startColumn + indent.count, options: options.width)
        var lines: [[UInt8]] = []
        lines.reserveCapacity(table.rows.count + 1)
        for r in table.rows.indices {
            lines.append(row(r, of: table, layout: layout, indent: indent))
            if r == 0 { lines.append(delimiter(table, layout: layout, indent: indent, style: options.delimiterRow)) }
        }
        return lines
    }

    private static func row(_ r: Int, of table: PipeTable, layout: PipeTableLayout, indent: ArraySlice<UInt8>) -> [UInt8] {
        let cells = table.rows[r]
        let count = max(cells.count, table.columnCount)
        var out: [UInt8] = []
        out.reserveCapacity(indent.count + layout.widths.prefix(count).reduce(0, +) * 2 + 3 * count + 2)
        out.append(contentsOf: indent)
        out.append(UInt8(ascii: "|"))
        for c in 0..<count {
            let width = c < cells.count ? layout.cellWidths[r][c] : 0
            let padding = layout.widths[c] - width
            let alignment = c < table.columnCount ? table.alignments[c] : .none
            let before = alignment == .right ? padding : alignment == .center ? padding / 2 : 0
            appendSpaces(1 + before, to: &out)
            if c < cells.count { out.append(contentsOf: table.bytes[cells[c]]) }
            appendSpaces(padding - before + 1, to: &out)
            out.append(UInt8(ascii: "|"))
        }
        return out
    }

    private static func delimiter(
        _ table: PipeTable, layout: PipeTableLayout, indent: ArraySlice<UInt8>, style: DelimiterRowStyle
    ) -> [UInt8] {
        var out = Array(indent)
        out.append(UInt8(ascii: "|"))
        for (c, alignment) in table.alignments.enumerated() {
            let width = layout.widths[c] + (style == .compact ? 2 : 0)
            if style == .padded { out.append(0x20) }
            let left = alignment == .left || alignment == .center
            let right = alignment == .right || alignment == .center
            if left { out.append(UInt8(ascii: ":")) }
            out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: width - (left ? 1 : 0) - (right ? 1 : 0)))
            if right { out.append(UInt8(ascii: ":")) }
            if style == .padded { out.append(0x20) }
            out.append(UInt8(ascii: "|"))
        }
        return out
    }

    @inline(__always)
    private static func appendSpaces(_ n: Int, to out: inout [UInt8]) {
        for _ in 0..<n { out.append(0x20) }
    }
}

/// Column widths of a pipe table and the display width of every cell.
struct PipeTableLayout {
    var widths: [Int]
    var cellWidths: [[Int]]

    init(_ table: PipeTable, startColumn: Int, options: WidthOptions) {
        let columns = max(table.columnCount, table.rows.map(\.count).max() ?? 0)
        widths = [Int](repeating: PipeTablePrinter.minimumWidth, count: columns)
        cellWidths = table.rows.map { [Int](repeating: 0, count: $0.count) }
        var textColumn = startColumn + 2  // where column 0's text starts: after "| "
        for c in 0..<columns {
            for r in table.rows.indices where c < table.rows[r].count {
                let w = PipeTableLayout.width(table.bytes[table.rows[r][c]], at: textColumn, options)
                cellWidths[r][c] = w
                if w > widths[c] { widths[c] = w }
            }
            textColumn += widths[c] + 3
        }
    }

    static func width(_ text: ArraySlice<UInt8>, at column: Int, _ options: WidthOptions) -> Int {
        if let ascii = DisplayWidth.asciiWidth(text, startColumn: column, tabSize: options.tabSize) { return ascii }
        return DisplayWidth.of(String(decoding: text, as: UTF8.self), startColumn: column, options: options)
    }
}
