import GridModel

/// Which table and which slot a byte offset of a document falls in: what editors need to act at the cursor.
enum TableLocator {
    /// The table whose lines hold `offset`.
    package static func region(at offset: Int, in scan: TableScan, text: TextLines) -> TableRegion? {
        scan.tables.first { region in
            text.starts[region.firstLine] <= offset && offset <= text.contentEnd(region.lines.upperBound - 1)
        }
    }

    /// The grid slot at `offset` in the table (see `TableReading.slots`).
    package static func slot(at offset: Int, in region: TableRegion, text: TextLines, options: FormatOptions) -> Slot? {
        TableReading(text, region: region, options: options).slots(at: [offset])[0]
    }

    /// The slot at `offset` on line `line` of a pipe table: row 0 is the header, and the delimiter row
    /// counts as the header; the column is the number of separating pipes before the offset.
    static func pipeSlot(at offset: Int, line: Int, in region: TableRegion, text: TextLines) -> Slot {
        let offsetInTable = line - region.firstLine
        let start = region.contentStarts[offsetInTable], end = text.contentEnd(line)
        let (_, p) = BlockSyntax.indentation(text.bytes, start, end)
        return Slot(row: max(0, offsetInTable - 1), column: pipeColumn(text.bytes, from: p, to: end, offset: offset))
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
