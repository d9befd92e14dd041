/// A simple table that formatting prints straight from the document's bytes, as `PipeTable` does a pipe
/// table: every row is one line of printable ASCII with text in its first column, every `=` rule is the
/// top border again (no column spans), with no `-` line, no blank line and no rule right below another.
/// Its cells are byte ranges; no grid is made (a String and an array per cell, and the grid's copies,
/// were most of formatting a long simple table). What it prints is what `SimpleTableReader` and
/// `SimpleTablePrinter` make of the same table, byte for byte (`PlainSimpleTableTests` holds the two
/// together on random tables); any other table, one with an error among them, is nil and goes that way.
struct PlainSimpleTable {
    let text: TextLines
    let region: TableRegion
    /// The first line's indentation, put before every printed line.
    private let indent: Range<Int>
    /// Row after row, each column's text without the blanks around it (empty where it has none).
    private let cells: [Range<Int>]
    /// The header rule's line, if there is one.
    private let headerRule: Int?
    /// Per column: as wide as its widest text (one at least); its cells flush right.
    private let widths: [Int]
    private let rightAligned: [Bool]

    init?(_ text: TextLines, region: TableRegion) {
        let lineCount = region.contentStarts.count
        guard lineCount >= 3 else { return nil }
        let first = region.contentStarts[0], firstEnd = text.contentEnd(region.firstLine)
        let (_, indentEnd) = BlockSyntax.indentation(text.bytes, first, firstEnd, tabStop: 8)
        let columns = SimpleTableSyntax.runs(text.bytes, indentEnd, firstEnd)
        guard columns.count >= 2 else { return nil }
        let top = indentEnd..<SimpleTableSyntax.trimmedEnd(text.bytes, indentEnd, firstEnd)
        guard let read = text.bytes.withUnsafeBufferPointer({ b in
            PlainSimpleTable.read(b, text: text, region: region, indentWidth: indentEnd - first, top: top, columns: columns)
        }) else { return nil }
        self.text = text
        self.region = region
        indent = first..<indentEnd
        (cells, headerRule) = (read.cells, read.headerRule)
        widths = read.alignment.widths
        rightAligned = read.alignment.rightAligned
    }

    private static let equals = SimpleTableSyntax.equals, dash = SimpleTableSyntax.dash, space = SimpleTableSyntax.space

    /// What docutils reads of each column (`SimpleTableAlignment`'s rule for flush-right columns, and the
    /// printer's widths), noted cell by cell.
    private struct Columns {
        var widths: [Int]
        var flushRight: [Bool], narrower: [Bool], hasText: [Bool]
        var rightAligned: [Bool] { widths.indices.map { hasText[$0] && flushRight[$0] && narrower[$0] } }

        init(count: Int) {
            widths = Array(repeating: 1, count: count)
            flushRight = Array(repeating: true, count: count)
            narrower = Array(repeating: false, count: count)
            hasText = narrower
        }

        /// The text of column `c` at columns `text` of its line, the column starting at `start`, its right
        /// edge at `edge`.
        mutating func note(_ c: Int, text: Range<Int>, start: Int, edge: Int) {
            widths[c] = max(widths[c], text.count)
            hasText[c] = true
            flushRight[c] = flushRight[c] && text.upperBound == edge
            narrower[c] = narrower[c] || text.lowerBound > start
        }
    }

    private static func read(_ b: UnsafeBufferPointer<UInt8>, text: TextLines, region: TableRegion, indentWidth: Int, top: Range<Int>, columns: [Range<Int>])
        -> (cells: [Range<Int>], headerRule: Int?, alignment: Columns)? {
        let lineCount = region.contentStarts.count, n = columns.count
        var cells: [Range<Int>] = []
        cells.reserveCapacity((lineCount - 2) * n)
        var alignment = Columns(count: n)
        var headerRule: Int?
        var rowsSinceRule = 0
        for offset in 1..<lineCount {
            let p = region.contentStarts[offset] + indentWidth, end = text.contentEnd(region.firstLine + offset)
            guard p < end, isPrintableASCII(b, p, end) else { return nil }  // a blank line, a tab, a wide character...
            if let mark = rule(b, p, end) {
                // The top border again, below a row; more than one rule inside is an error.
                guard mark == equals, rowsSinceRule > 0, b[p..<trimmedEnd(b, p, end)].elementsEqual(b[top]) else { return nil }
                if offset < lineCount - 1 {
                    guard headerRule == nil else { return nil }
                    headerRule = offset
                }
                rowsSinceRule = 0
                continue
            }
            guard readRow(b, p, end, columns: columns, into: &cells, alignment: &alignment) else { return nil }
            rowsSinceRule += 1
        }
        guard rowsSinceRule == 0 else { return nil }  // the last line is no rule
        return (cells, headerRule, alignment)
    }

    /// The `=` or `-` of a line that is nothing but runs of it (`SimpleTableSyntax.isBorder`, `isSpanLine`).
    private static func rule(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> UInt8? {
        let mark = b[p]
        guard mark == equals || mark == dash else { return nil }
        for i in p..<end where b[i] != mark && b[i] != space { return nil }
        return mark
    }

    /// Appends the cells of the row on line `p..<end` and notes them; false where the line would not be a
    /// row of one line read alike (its first column blank continues a row, text in a gap is an error) or
    /// could print as a rule (its first cell all `=`, `-` and spaces).
    private static func readRow(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int, columns: [Range<Int>], into cells: inout [Range<Int>],
                                alignment: inout Columns) -> Bool {
        let length = end - p, n = columns.count
        for c in 0..<n {
            let start = min(columns[c].lowerBound, length)
            let stop = c == n - 1 ? length : min(columns[c].upperBound, length)  // text may run past the last column
            if c < n - 1 {
                for i in stop..<max(stop, min(columns[c + 1].lowerBound, length)) where b[p + i] != space { return false }
            }
            var from = start, to = stop
            while to > from && b[p + to - 1] == space { to -= 1 }
            while from < to && b[p + from] == space { from += 1 }
            if c == 0 {
                guard from < to else { return false }
                var ruleLike = true
                for i in from..<to where b[p + i] != equals && b[p + i] != dash && b[p + i] != space { ruleLike = false; break }
                guard !ruleLike else { return false }
            }
            cells.append(p + from..<p + to)
            if from < to {
                // The last column's right edge is the top border's end, however far its text runs.
                alignment.note(c, text: from..<to, start: columns[c].lowerBound, edge: columns[c].upperBound)
            }
        }
        return true
    }

    private static func isPrintableASCII(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Bool {
        for i in p..<end where b[i] < 0x20 || b[i] >= 0x7F { return false }
        return true
    }

    private static func trimmedEnd(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Int {
        var end = end
        while end > p && (b[end - 1] == space || b[end - 1] == 0x09) { end -= 1 }
        return end
    }

    /// Appends the formatted table to `out`, which holds `text` up to `copied`; `copied` ends at the
    /// table's last line's end. Each line goes after its container prefix, as `appendFormattedSimple` does.
    func appendFormatted(to out: inout [UInt8], copied: inout Int) {
        let b = text.bytes, n = widths.count, lineCount = region.contentStarts.count
        var starts: [Int] = []
        var x = 0
        for width in widths {
            starts.append(x)
            x += width + SimpleTablePrinter.gap
        }
        let lineWidth = indent.count + x - SimpleTablePrinter.gap
        let needed = out.count + (lineWidth + 8) * lineCount + (b.count - copied)
        if needed > out.capacity { out.reserveCapacity(max(needed, out.capacity + out.capacity / 2)) }
        var row = 0
        for offset in 0..<lineCount {
            out.append(contentsOf: b[copied..<region.contentStarts[offset]])
            out.append(contentsOf: b[indent])
            if offset == 0 || offset == headerRule || offset == lineCount - 1 {
                for c in 0..<n {
                    if c > 0 { out.appendSpaces(SimpleTablePrinter.gap) }
                    out.append(contentsOf: repeatElement(PlainSimpleTable.equals, count: widths[c]))
                }
            } else {
                var column = 0
                for c in 0..<n {
                    let cell = cells[row * n + c]
                    guard !cell.isEmpty else { continue }
                    let start = starts[c] + (rightAligned[c] ? widths[c] - cell.count : 0)
                    out.appendSpaces(start - column)
                    out.append(contentsOf: b[cell])
                    column = start + cell.count
                }
                row += 1
            }
            copied = text.contentEnd(region.firstLine + offset)
        }
    }
}
