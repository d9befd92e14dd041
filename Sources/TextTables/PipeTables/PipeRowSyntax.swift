import GridModel

/// How GitHub's table extension splits a line into cells (cmark-gfm's `row_from_string`):
/// an optional leading pipe, then cells separated by unescaped pipes. `\|` never separates, also inside
/// a code span; an unescaped pipe inside backticks does. A trailing pipe closes the last cell.
enum PipeRowSyntax {
    static let pipe = UInt8(ascii: "|"), backslash = UInt8(ascii: "\\")

    /// What cmark-gfm skips after a pipe and around delimiter-row markers: space, tab, vertical tab, form feed.
    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C }

    /// What cmark-gfm trims from a cell's text (`cmark_strbuf_trim`): space and tab (and line ends, which a
    /// cell never holds), but not a vertical tab or form feed, which stay in the cell.
    @inline(__always)
    static func isCellSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// Whether a cell's text starts with a byte that cmark-gfm would skip after a pipe: such a cell reads
    /// the same only as the first cell of a row written without its leading pipe.
    static func startsWithSkippedSpace(_ text: some Collection<UInt8>) -> Bool {
        text.first.map(isSpace) ?? false
    }

    /// The cells of the row in `b[p..<end]` (no line terminator, leading indentation skipped),
    /// each trimmed of surrounding spaces and tabs; nil when the line holds no cell (blank, or a lone `|`).
    static func cells(_ b: [UInt8], _ p: Int, _ end: Int) -> [Range<Int>]? {
        var cells: [Range<Int>] = []
        appendCells(b, p, end, to: &cells)
        return cells.isEmpty ? nil : cells
    }

    /// Whether the line holds at least one cell, without splitting it.
    static func hasCell(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        b.withUnsafeBufferPointer { b in
            var i = p
            if i < end && b[i] == pipe { i = skipPipe(b, i, end) }
            return i < end
        }
    }

    /// Appends the row's cells to `cells` (none for a line that holds no cell).
    static func appendCells(_ b: [UInt8], _ p: Int, _ end: Int, to cells: inout [Range<Int>]) {
        b.withUnsafeBufferPointer { appendCells($0, p, end, to: &cells) }
    }

    static func appendCells(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int, to cells: inout [Range<Int>]) {
        forEachCell(b, p, end) { cells.append($0) }
    }

    /// How many cells the row has (0 for a line that holds none), without making an array of them.
    static func cellCount(_ b: [UInt8], _ p: Int, _ end: Int) -> Int {
        var count = 0
        b.withUnsafeBufferPointer { forEachCell($0, p, end) { _ in count += 1 } }
        return count
    }

    /// Gives each cell's trimmed range to `cell` in turn, as cmark-gfm splits the row.
    @inline(__always)
    private static func forEachCell(_ b: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int, _ cell: (Range<Int>) -> Void) {
        var i = p
        if i < end && b[i] == pipe { i = skipPipe(b, i, end) }
        while i < end {
            let cellStart = i
            // To the next pipe no backslash escapes, a word at a time.
            i = WordScan.firstIndex(of: pipe, or: backslash, in: b, from: i, to: end)
            while i < end && b[i] == backslash {
                i = WordScan.firstIndex(of: pipe, or: backslash, in: b, from: i + 1 < end && b[i + 1] == pipe ? i + 2 : i + 1, to: end)
            }
            let cellEnd = i
            let hasPipe = i < end
            if cellEnd > cellStart || hasPipe { cell(trimmed(b, cellStart, cellEnd)) }
            if !hasPipe { break }
            i = skipPipe(b, i, end)
        }
    }

    /// Past the pipe and the blanks after it (`isSpace`), a word at a time: byte loops over cell padding
    /// ended at a byte the processor could not foresee, twice a cell.
    private static func skipPipe(_ b: UnsafeBufferPointer<UInt8>, _ pipeIndex: Int, _ end: Int) -> Int {
        WordScan.firstNonBlank(b, from: pipeIndex + 1, to: end, feeds: true)
    }

    /// `b[start..<end]` without the spaces and tabs around it (`isCellSpace`).
    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var s = start
        while s < end && isCellSpace(b[s]) { s += 1 }  // a cell's first byte, after `skipPipe`, but the row's first
        return s..<WordScan.endTrimmingBlanks(b, from: s, to: end)
    }

    /// The alignments of a delimiter row (`| :-- | --: |`), or nil when the line is not one.
    static func delimiterRow(_ b: [UInt8], _ p: Int, _ end: Int) -> [ColumnAlignment]? {
        var alignments: [ColumnAlignment] = []
        return readDelimiterRow(b, p, end) { alignments.append($0) } ? alignments : nil
    }

    /// How many cells a delimiter row has, or nil when the line is not one: what finding a table asks
    /// of every candidate line, without making an array of alignments.
    static func delimiterCellCount(_ b: [UInt8], _ p: Int, _ end: Int) -> Int? {
        var count = 0
        return readDelimiterRow(b, p, end) { _ in count += 1 } ? count : nil
    }

    /// Reads `b[p..<end]` as a delimiter row, giving each cell's alignment to `cell` in turn; false (after
    /// giving some, perhaps) when the line is not one.
    private static func readDelimiterRow(_ b: [UInt8], _ p: Int, _ end: Int, _ cell: (ColumnAlignment) -> Void) -> Bool {
        let colon = UInt8(ascii: ":"), dash = UInt8(ascii: "-")
        return b.withUnsafeBufferPointer { b in
            var i = p
            if i < end && b[i] == pipe { i += 1 }
            while true {
                while i < end && isSpace(b[i]) { i += 1 }
                let left = i < end && b[i] == colon
                if left { i += 1 }
                let dashes = i
                while i < end && b[i] == dash { i += 1 }
                guard i > dashes else { return false }
                let right = i < end && b[i] == colon
                if right { i += 1 }
                while i < end && isSpace(b[i]) { i += 1 }
                cell(ColumnAlignment(colonAtStart: left, colonAtEnd: right))
                if i == end { return true }
                guard b[i] == pipe else { return false }
                i += 1
                var j = i
                while j < end && isSpace(b[j]) { j += 1 }
                if j == end { return true }
            }
        }
    }
}
