import GridModel

/// A pipe table read from text: cells as byte ranges into `bytes`, so formatting never copies cell text
/// into strings. Row 0 is the header; the delimiter row is held as `alignments`. Cells are stored flat,
/// row after row, which keeps a 100,000-row table to a few arrays.
struct PipeTable: Sendable {
    /// The bytes the cell ranges point into (usually the whole document).
    package let bytes: [UInt8]
    /// Every cell's byte range, trimmed, header first, row after row.
    package private(set) var cells: [Range<Int>] = []
    /// Where each row starts in `cells`, plus the end: row `r` is `cells[rowStarts[r]..<rowStarts[r + 1]]`.
    private(set) var rowStarts: [Int] = [0]
    package var alignments: [ColumnAlignment]
    /// Whether every row's text is printable ASCII (space to tilde), as `parse` found it: each cell is then
    /// as many columns wide as it has bytes, wherever it starts. False when not known.
    private(set) var isPrintableASCII = false

    package init(bytes: [UInt8], alignments: [ColumnAlignment], rowCapacity: Int = 0) {
        self.bytes = bytes
        self.alignments = alignments
        rowStarts.reserveCapacity(rowCapacity + 1)
        cells.reserveCapacity(rowCapacity * alignments.count)
    }

    /// Builds a table from cell texts (header first); used after an edit on the grid model.
    package init(texts: [[String]], alignments: [ColumnAlignment]) {
        var bytes: [UInt8] = []
        var rows: [[Range<Int>]] = []
        for row in texts {
            rows.append(row.map { text in
                let start = bytes.count
                bytes.append(contentsOf: text.utf8)
                return start..<bytes.count
            })
        }
        self.init(bytes: bytes, alignments: alignments)
        for row in rows { appendRow(row) }
    }

    mutating func appendRow<C: Collection<Range<Int>>>(_ rowCells: C) {
        cells.append(contentsOf: rowCells)
        rowStarts.append(cells.count)
    }

    /// The header's cell count: the width the table renders with.
    package var columnCount: Int { alignments.count }
    package var rowCount: Int { rowStarts.count - 1 }

    package func cells(ofRow r: Int) -> ArraySlice<Range<Int>> { cells[rowStarts[r]..<rowStarts[r + 1]] }
    func cellCount(ofRow r: Int) -> Int { rowStarts[r + 1] - rowStarts[r] }

    package func text(row: Int, column: Int) -> String {
        guard column < cellCount(ofRow: row) else { return "" }
        return String(decoding: bytes[cells[rowStarts[row] + column]], as: UTF8.self)
    }

    /// The first cell whose text starts with a vertical tab or form feed (only a row written without its
    /// leading pipe can hold one: after a pipe cmark-gfm skips them), or nil. Printed with pipes, such a
    /// cell would lose that byte, so a table holding one is left as it is.
    var cellUnprintableAfterPipe: Range<Int>? {
        isPrintableASCII ? nil : cells.first { PipeRowSyntax.startsWithSkippedSpace(bytes[$0]) }
    }

    /// All cell texts, header first.
    package var texts: [[String]] {
        (0..<rowCount).map { r in (0..<cellCount(ofRow: r)).map { text(row: r, column: $0) } }
    }

    /// The trimmed cell ranges of one row's text `b[p..<end]` (indentation skipped), as GitHub splits it.
    static func rowCells(_ b: [UInt8], from p: Int, to end: Int) -> [Range<Int>] {
        PipeRowSyntax.cells(b, p, end) ?? []
    }

    /// Reads the table at `region` (a pipe table the scanner found): row 0 is the header, line 1 the delimiter.
    package static func parse(_ text: TextLines, region: TableRegion) -> PipeTable {
        var table = PipeTable(bytes: text.bytes, alignments: alignments(text, region: region), rowCapacity: region.contentStarts.count)
        var printableASCII = true
        forEachRowText(text, region: region) { _, bytes, cellsText in
            PipeRowSyntax.appendCells(bytes, cellsText.lowerBound, cellsText.upperBound, to: &table.cells)
            table.rowStarts.append(table.cells.count)
            if printableASCII { printableASCII = WordScan.isPrintableASCII(bytes, from: cellsText.lowerBound, to: cellsText.upperBound) }
        }
        table.isPrintableASCII = printableASCII
        return table
    }

    /// The alignments the delimiter row (line 1 of the table) gives.
    static func alignments(_ text: TextLines, region: TableRegion) -> [ColumnAlignment] {
        let delimiterEnd = text.contentEnd(region.firstLine + 1)
        let (_, delimiterText) = BlockSyntax.indentation(text.bytes, region.contentStarts[1], delimiterEnd)
        return PipeRowSyntax.delimiterRow(text.bytes, delimiterText, delimiterEnd) ?? []
    }

    /// Each row's trimmed cell ranges in turn (row 0 the header, the delimiter row skipped), in one
    /// buffer reused from row to row: what a check can read without keeping the table.
    static func forEachRow(_ text: TextLines, region: TableRegion, _ body: (_ row: Int, _ cells: [Range<Int>]) -> Void) {
        var rowCells: [Range<Int>] = []
        forEachRowText(text, region: region) { row, bytes, cellsText in
            rowCells.removeAll(keepingCapacity: true)
            PipeRowSyntax.appendCells(bytes, cellsText.lowerBound, cellsText.upperBound, to: &rowCells)
            body(row, rowCells)
        }
    }

    /// Each row's text after its indentation (row 0 the header, the delimiter row skipped), read through
    /// one buffer pointer for the whole table: indexing the document's array byte by byte checks bounds
    /// and ownership at each byte (most of splitting rows).
    private static func forEachRowText(
        _ text: TextLines, region: TableRegion, _ body: (_ row: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ cellsText: Range<Int>) -> Void
    ) {
        text.bytes.withUnsafeBufferPointer { bytes in
            for (offset, start) in region.contentStarts.enumerated() where offset != 1 {
                let end = text.contentEnd(region.firstLine + offset)
                let (_, p) = BlockSyntax.indentation(text.bytes, start, end)
                body(offset == 0 ? 0 : offset - 1, bytes, p..<end)
            }
        }
    }
}
