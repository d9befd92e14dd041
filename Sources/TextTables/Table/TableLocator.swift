/// Which table and which slot a byte offset of a document falls in: what editors need to act at the cursor.
public enum TableLocator {
    /// The table whose lines hold `offset`.
    public static func region(at offset: Int, in scan: TableScan, text: TextLines) -> TableRegion? {
        scan.tables.first { region in
            text.starts[region.firstLine] <= offset && offset <= text.contentEnd(region.lines.upperBound - 1)
        }
    }

    /// The grid slot (row, column) at `offset` in the table; row 0 is a pipe table's header, and its
    /// delimiter row counts as the header. Nil where the offset is on no cell (a grid rule or junction).
    public static func slot(
        at offset: Int, in region: TableRegion, text: TextLines, options: WidthOptions
    ) -> (row: Int, column: Int)? {
        slots(at: [offset], in: region, text: text, options: options)[0]
    }

    /// `slot(at:)` for several offsets, reading a grid table once.
    public static func slots(
        at offsets: [Int], in region: TableRegion, text: TextLines, options: WidthOptions
    ) -> [(row: Int, column: Int)?] {
        switch region.kind {
        case .grid:
            return GridTableParser.slots(at: offsets, in: text, region: region, options: options)
        case .pipe:
            return offsets.map { offset in
                let line = text.line(containing: offset)
                guard region.lines.contains(line), offset <= text.contentEnd(line) else { return nil }
                let offsetInTable = line - region.firstLine
                let row = max(0, offsetInTable - 1)
                let start = region.contentStarts[offsetInTable], end = text.contentEnd(line)
                let (_, p) = BlockSyntax.indentation(text.bytes, start, end)
                return (row, pipeColumn(text.bytes, from: p, to: end, offset: offset))
            }
        }
    }

    /// The cell index at `offset` on a pipe-table line: the number of separating pipes before it.
    private static func pipeColumn(_ b: [UInt8], from p: Int, to end: Int, offset: Int) -> Int {
        var i = p
        if i < end && b[i] == PipeRowSyntax.pipe { i += 1 }
        var column = 0
        while i < min(end, offset) {
            if b[i] == PipeRowSyntax.backslash && i + 1 < end && b[i + 1] == PipeRowSyntax.pipe {
                i += 2
                continue
            }
            // A trailing pipe closes the last cell rather than opening another.
            if b[i] == PipeRowSyntax.pipe && BlockSyntax.isBlank(b, i + 1, end) == false { column += 1 }
            i += 1
        }
        return column
    }
}
