import GridModel

/// The grid a grid table's cells make: their text, the header and foot rows, the columns' alignments.
extension GridTableReader {
    func makeGrid(_ rects: [SlotRect]) -> Grid? {
        var lineRanges: [Range<Int>] = []  // one buffer for every cell's line ranges
        let cells = rects.map { GridCell(rows: $0.rows, columns: $0.columns, lines: content(of: $0, lineRanges: &lineRanges)) }
        return try? Grid(
            rowCount: rowColumnLines.count, columnCount: columnCount, cells: cells,
            alignments: alignments(headerSeparator ?? 0), headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }

    /// The cell's lines: the text between its left and right lines on every line from its top border to
    /// its bottom one, trailing spaces and trailing blank lines dropped, less one space of padding when
    /// every line starts with one (`GridTableRelayer.unpadded`).
    func content(of rect: SlotRect) -> [String] {
        var lineRanges: [Range<Int>] = []
        return content(of: rect, lineRanges: &lineRanges)
    }

    /// `content(of:)` with the lines' byte ranges gathered in `lineRanges` (emptied first, kept from cell
    /// to cell) and made strings once through one buffer pointer, as `GridTableRelayer.unpadded` makes
    /// them: a slice per line would retain and release the document's storage each time (a tenth of
    /// reading a long grid table).
    func content(of rect: SlotRect, lineRanges ranges: inout [Range<Int>]) -> [String] {
        ranges.removeAll(keepingCapacity: true)
        let keepsTabs = region.syntax == .restructuredText
        let lines = text.bytes.withUnsafeBufferPointer { bytes -> [String]? in
            for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] {
                let from = xOfColumnLine(rect.columns.lowerBound, line: i)
                let to = xOfColumnLine(rect.columns.upperBound, line: i)
                let range = self.lines[i].byteRange(from: from + 1, to: to)
                // A tab in a Markdown cell becomes spaces; docutils's are measured where they are printed.
                // (Both searches a word at a time: every line of every cell is searched.)
                if keepsTabs == false && WordScan.firstIndex(of: 0x09, or: 0x09, in: bytes, from: range.lowerBound, to: range.upperBound) < range.upperBound {
                    return nil
                }
                ranges.append(range.lowerBound..<WordScan.endTrimmingBlanks(bytes, from: range.lowerBound, to: range.upperBound, tabs: false))
            }
            while ranges.last?.isEmpty == true { ranges.removeLast() }
            let padded = GridTableRelayer.arePadded(firstBytes: ranges.lazy.map { $0.isEmpty ? nil : bytes[$0.lowerBound] })
            return ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[padded ? $0.dropFirst() : $0]), as: UTF8.self) }
        }
        return lines ?? tabExpandedContent(of: rect)
    }

    /// `content(of:)` of a cell with a tab in its text: each line with its tabs expanded to spaces.
    private func tabExpandedContent(of rect: SlotRect) -> [String] {
        var result: [ArraySlice<UInt8>] = []
        for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] {
            let from = xOfColumnLine(rect.columns.lowerBound, line: i)
            let to = xOfColumnLine(rect.columns.upperBound, line: i)
            result.append(lines[i].expandingTabs(in: text, from: from + 1, to: to).trimmingEnd(Blank.isSpace))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return GridTableRelayer.unpadded(bytes: result)
    }

    /// pandoc's table foot, in Markdown only: when the bottom border is made of `=`, the rows after the
    /// `=` line before it are the foot (that line may be the header's separator too). Returns the lines
    /// (the foot's separator, the bottom border) that are not header separators, or none.
    func footSeparators(_ headers: [Int]) -> [Int] {
        guard region.syntax.isMarkdown, headers.count == 2 || headers.count == 3, headers.last == lines.count - 1 else { return [] }
        return Array(headers.dropFirst())
    }

    /// The rows after the foot's separator (0 without a foot).
    var footerRowCount: Int {
        // A foot needs a bottom border of `=`, which most tables lack: asked before every border is.
        guard region.syntax.isMarkdown, borders.last == lines.count - 1,
              (0..<columnCount).contains(where: { geometry.isHeaderRule(line: lines.count - 1, column: $0) }) else { return 0 }
        let headers = borders.filter { i in (0..<columnCount).contains { geometry.isHeaderRule(line: i, column: $0) } }
        let foot = footSeparators(headers)
        guard !foot.isEmpty, let separator = foot.count == 2 ? foot.first : headers.first,
              let b = borders.firstIndex(of: separator) else { return 0 }
        return borders.count - 1 - b
    }

    /// The border line under the header, if any, as an index into `borders`.
    var headerSeparator: Int? {
        borders.firstIndex { i in (0..<columnCount).contains { geometry.isHeaderRule(line: i, column: $0) } }.map { borders[$0] }
    }

    var headerRowCount: Int {
        borders.firstIndex { i in (0..<columnCount).contains { geometry.isHeaderRule(line: i, column: $0) } } ?? 0
    }

    /// The columns' alignments from the colons of line `i` (the header separator, or the top border of a
    /// table without one), as pandoc reads them: the line's runs between two `+`, in order, give their
    /// alignments to the columns in order, whatever columns a run covers (`+======:+===+` over three columns
    /// right-aligns the first, `+===+======:+` the second), and columns past the last run have none.
    func alignments(_ i: Int) -> [ColumnAlignment] {
        var alignments = [ColumnAlignment](repeating: .none, count: columnCount)
        var run = 0, k = 0
        while k < columnCount {
            var end = k + 1  // the run ends at the next column line the line draws a junction on
            while end < columnCount && lines[i].char(columnLineX[end]) != G.plus { end += 1 }
            let left = lines[i].char(columnLineX[k] + 1) == G.colon, right = lines[i].char(columnLineX[end] - 1) == G.colon
            alignments[run] = ColumnAlignment(colonAtStart: left, colonAtEnd: right)
            run += 1
            k = end
        }
        return alignments
    }
}
