import GridModel

/// Prints a grid as a pandoc simple or multiline table that pandoc reads as the same cells and alignments.
/// Each column's header (or, without one, its first row's first line) is placed over its dashes so that
/// pandoc's `alignType` reads the grid's alignment: flush left under dashes longer than it, right with
/// space before it, centred with space on both sides, the default filling its dashes exactly. Body text
/// is padded the same way, and runs past the dashes where it is wider than a default column's header.
///
/// A simple table's columns are as wide as their widest text (by pandoc's column count), its gaps those
/// of the table it was (the narrowest, at least one) or two spaces. A multiline table keeps its dash runs
/// and gaps, and so the relative widths pandoc takes from them, while its text fits; when a column must
/// grow (its text fills the spaces after its dashes), it grows by what it needs, or else every column is
/// scaled by one factor (the smallest, in steps of 5%), only where each relative width stays within 0.015
/// of what it was; when nothing does (or the grid's alignments cannot be read from the dashes, as after
/// sorting a table without a header), `lines()` is nil: formatting leaves the table as it is and says so,
/// and an action prints it anew.
struct PandocTablePrinter {
    let grid: Grid
    let layout: PandocTableLayout
    /// Whether the layout's columns are the table's own (kept), or the table is new (a conversion).
    let keepsColumns: Bool

    /// Why `grid` cannot be printed as a table of `kind`, or nil.
    static func refusal(_ grid: Grid, kind: PandocTableKind) -> TableEditRefusal? {
        guard grid.hasOnlyUnitCells else { return .pandocSpans }
        guard grid.columnCount > 1 else { return .pandocOneColumn }
        guard grid.footerRowCount == 0, grid.headerRowCount <= 1 else { return .pandocHeaderOrFoot }
        // The default alignment needs header text as wide as its dashes: text of no width has none.
        for c in 0..<grid.columnCount where grid.alignments[c] == .none {
            let lines = grid.cell(at: Slot(row: 0, column: c))?.lines ?? []
            let deciding = grid.headerRowCount > 0 ? lines.filter { !$0.isEmpty } : Array(lines.prefix(1).filter { !$0.isEmpty })
            if !deciding.isEmpty && deciding.contains(where: { PandocTableLine.width($0.unicodeScalars) == 0 }) { return .pandocZeroWidthHeader(column: c) }
        }
        for row in 0..<grid.rowCount {
            let cells = (0..<grid.columnCount).compactMap { grid.cell(at: Slot(row: row, column: $0)) }
            if cells.allSatisfy({ $0.lines.allSatisfy { $0.allSatisfy(\.isWhitespace) } }) { return .pandocEmptyRow(row: row) }
            if kind == .simple && cells.contains(where: { $0.lines.count > 1 }) { return .pandocSimpleLines(row: row) }
            // pandoc reads a cell's lines up to a blank line (an empty line but the first): no paragraphs.
            for cell in cells {
                if let gap = cell.lines.dropFirst().firstIndex(where: \.isEmpty), cell.lines[gap...].contains(where: { !$0.isEmpty }) {
                    return .pandocParagraphs(cell.rect)
                }
            }
        }
        return nil
    }

    private struct Column {
        var dashes: Int
        var length: Int
        /// Offset of each line of each row's cell from the column's start.
        var offsets: [[Int]]
        /// How far the column's text reaches from its start.
        var extent: Int
    }

    /// The printed lines (no container prefixes), or nil when a multiline table's widths cannot be kept.
    func lines() -> [[UInt8]]? {
        guard let columns = columns() else { return nil }
        let indent = [UInt8](repeating: 0x20, count: layout.indent)
        let headerRows = grid.headerRowCount
        var columnLine = indent
        for (c, column) in columns.enumerated() {
            columnLine += [UInt8](repeating: 0x2D, count: column.dashes)
            let isLast = c == columns.count - 1
            if !isLast || layout.kind == .multiline { columnLine += [UInt8](repeating: 0x20, count: column.length - column.dashes) }
        }
        // As wide as the table; two dashes at least, since a lone `-` starts a list item.
        let fullLine = indent + [UInt8](repeating: 0x2D, count: max(2, columns.dropLast().reduce(0) { $0 + $1.length } + columns[columns.count - 1].dashes))
        var out: [[UInt8]] = []
        var starts = [layout.indent]
        for column in columns.dropLast() { starts.append(starts[starts.count - 1] + column.length) }
        func rowLines(_ row: Int) -> [[UInt8]] {
            let cells = (0..<grid.columnCount).map { grid.cell(at: Slot(row: row, column: $0))?.lines ?? [] }
            let height = max(1, cells.map(\.count).max() ?? 1)
            return (0..<height).map { k in
                var line = indent, column = layout.indent
                for c in cells.indices where k < cells[c].count && !cells[c][k].isEmpty {
                    let start = starts[c] + columns[c].offsets[row][k]
                    if start > column { line += [UInt8](repeating: 0x20, count: start - column); column = start }
                    line += Array(cells[c][k].utf8)
                    column += PandocTableLine.width(cells[c][k].unicodeScalars)
                }
                return line
            }
        }
        switch layout.kind {
        case .simple:
            if headerRows > 0 { out += rowLines(0) } else { out.append(columnLine) }
            if headerRows > 0 { out.append(columnLine) }
            for row in headerRows..<grid.rowCount { out += rowLines(row) }
            if headerRows == 0 || layout.closed { out.append(columnLine) }
        case .multiline:
            out.append(headerRows > 0 ? fullLine : columnLine)
            if headerRows > 0 { out += rowLines(0); out.append(columnLine) }
            for row in headerRows..<grid.rowCount {
                if row > headerRows { out.append([]) }
                out += rowLines(row)
            }
            // Without a header and with one row, the table would read as a simple table (which pandoc tries
            // first) but for a blank line before its closing line.
            if headerRows == 0 && grid.rowCount == 1 { out.append([]) }
            out.append(headerRows > 0 ? fullLine : columnLine)
        }
        return out
    }

    /// The columns with their text placed: the layout's own where the text fits them, else scaled (a
    /// multiline table) or sized to the text (a simple table, or a new one).
    private func columns() -> [Column]? {
        if keepsColumns && layout.kind == .multiline && layout.dashes.count == grid.columnCount {
            return placed(dashes: layout.dashes, lengths: layout.lengths) ?? scaled()
        }
        let gap = keepsColumns ? layout.gap : (layout.kind == .multiline ? 1 : 2)
        let columns = (0..<grid.columnCount).map { c in
            var column = place(c, dashes: nil)
            column.length = c == grid.columnCount - 1 ? column.dashes : column.extent + gap
            return column
        }
        return columns.allSatisfy { $0.dashes > 0 } ? columns : nil
    }

    /// The columns at `dashes` and `lengths` if every column's text fits them and reads its alignment.
    private func placed(dashes: [Int], lengths: [Int]) -> [Column]? {
        var columns: [Column] = []
        for c in 0..<grid.columnCount {
            var column = place(c, dashes: dashes[c])
            guard column.dashes == dashes[c], c == grid.columnCount - 1 || column.extent < lengths[c] else { return nil }
            column.length = lengths[c]
            columns.append(column)
        }
        return columns
    }

    /// A multiline table's columns made room in: each column that needs it grown by what it needs (in a
    /// table narrower than 72 columns a column's width is its share of 72, which one column more changes
    /// by 0.014), else every column scaled by the smallest factor that fits the text; either only where
    /// every relative width stays within 0.015 of what it was.
    private func scaled() -> [Column]? {
        let target = layout.relativeWidths
        func keeps(_ dashes: [Int], _ lengths: [Int]) -> Bool {
            var candidate = layout
            candidate.dashes = dashes
            candidate.lengths = lengths
            return zip(candidate.relativeWidths, target).allSatisfy { abs($0 - $1) <= 0.015 }
        }
        var grown = layout.lengths
        for c in 0..<grid.columnCount - 1 {
            let column = place(c, dashes: layout.dashes[c])
            if column.dashes == layout.dashes[c] { grown[c] = max(grown[c], column.extent + 1) }
        }
        if grown != layout.lengths, keeps(layout.dashes, grown), let columns = placed(dashes: layout.dashes, lengths: grown) { return columns }
        for step in 1...60 {
            let factor = 1 + Double(step) / 20
            let lengths = layout.lengths.map { Int((Double($0) * factor).rounded()) }
            let dashes = layout.dashes.indices.map { c in
                c == layout.dashes.count - 1 ? lengths[c] - (layout.lengths[c] - layout.dashes[c]) : max(1, lengths[c] - max(1, layout.lengths[c] - layout.dashes[c]))
            }
            guard keeps(dashes, lengths) else { continue }
            if let columns = placed(dashes: dashes, lengths: lengths) { return columns }
        }
        return nil
    }

    /// Column `c` placed over `dashes` (nil: as few as its text and alignment need); its dashes are -1
    /// where pandoc would not read the alignment from those asked for. The lines that say the alignment
    /// are the header's lines with text (pandoc reads the shortest: all are placed alike), or without a
    /// header the first row's first line.
    private func place(_ c: Int, dashes asked: Int?) -> Column {
        let lines = (0..<grid.rowCount).map { grid.cell(at: Slot(row: $0, column: c))?.lines ?? [] }
        let widest = lines.joined().map { PandocTableLine.width($0.unicodeScalars) }.max() ?? 0
        let deciding: Set<Int> = grid.headerRowCount > 0 ? Set(lines[0].indices.filter { !lines[0][$0].isEmpty })
            : (lines[0].first?.isEmpty == false ? [0] : [])
        let widths = deciding.map { PandocTableLine.width(lines[0][$0].unicodeScalars) }
        let alignment = deciding.isEmpty ? ColumnAlignment.none : grid.alignments[c]
        var dashes = asked ?? max(1, widest)
        func decidingOffset(_ line: String) -> Int {
            let count = PandocTableLine.width(line.unicodeScalars), width = PandocTableLine.width(line.unicodeScalars)
            switch alignment {
            case .left, .none: return 0
            case .right: return max(dashes - width, dashes - count)
            case .center: return max(1, (dashes - width) / 2)
            }
        }
        if !deciding.isEmpty {
            // Every line that may say the alignment says it (pandoc reads the one of fewest code points).
            let narrowest = widths.min() ?? 0, widestDeciding = widths.max() ?? 0
            switch alignment {
            case .left: if asked == nil { dashes = max(widest, widestDeciding + 1) }
            case .right: if asked == nil { dashes = max(widest, widestDeciding + 1) }
            case .center: if asked == nil { dashes = max(widest, widestDeciding + 2) }
            case .none: if asked == nil { dashes = max(1, narrowest) }
            }
            func reads() -> Bool {
                switch alignment {
                case .left: widestDeciding < dashes
                case .none: narrowest >= dashes
                case .right: deciding.allSatisfy { k in let o = decidingOffset(lines[0][k]); return o >= 1 && o + PandocTableLine.width(lines[0][k].unicodeScalars) >= dashes }
                case .center: deciding.allSatisfy { k in decidingOffset(lines[0][k]) + PandocTableLine.width(lines[0][k].unicodeScalars) < dashes }
                }
            }
            if !reads() { return Column(dashes: -1, length: 0, offsets: [], extent: 0) }
        }
        let reach = max(dashes, 1)
        var extent = reach
        let offsets = lines.enumerated().map { row, cellLines in
            cellLines.enumerated().map { k, line -> Int in
                let width = PandocTableLine.width(line.unicodeScalars)
                let offset: Int
                if row == 0 && deciding.contains(k) {
                    offset = decidingOffset(line)
                } else {
                    switch alignment {
                    case .left, .none: offset = 0
                    case .right: offset = max(0, reach - width)
                    case .center: offset = max(0, (reach - width) / 2)
                    }
                }
                extent = max(extent, offset + width)
                return offset
            }
        }
        return Column(dashes: dashes, length: 0, offsets: offsets, extent: extent)
    }
}
