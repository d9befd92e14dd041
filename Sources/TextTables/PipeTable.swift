import GridModel

/// A pipe table read from text: cells as byte ranges into `bytes`, so formatting never copies cell text
/// into strings. Row 0 is the header; the delimiter row is held as `alignments`.
public struct PipeTable: Sendable {
    /// The bytes the cell ranges point into (usually the whole document).
    public let bytes: [UInt8]
    /// Header first, then body rows; each row its cells' byte ranges, trimmed. Rows may be short or long.
    public var rows: [[Range<Int>]]
    public var alignments: [ColumnAlignment]

    /// The header's cell count: the width the table renders with.
    public var columnCount: Int { alignments.count }

    public init(bytes: [UInt8], rows: [[Range<Int>]], alignments: [ColumnAlignment]) {
        self.bytes = bytes
        self.rows = rows
        self.alignments = alignments
    }

    /// Builds a table from cell texts (header first); used after an edit on the grid model.
    public init(texts: [[String]], alignments: [ColumnAlignment]) {
        var bytes: [UInt8] = []
        var rows: [[Range<Int>]] = []
        for row in texts {
            rows.append(row.map { text in
                let start = bytes.count
                bytes.append(contentsOf: text.utf8)
                return start..<bytes.count
            })
        }
        self.init(bytes: bytes, rows: rows, alignments: alignments)
    }

    public func text(row: Int, column: Int) -> String {
        guard column < rows[row].count else { return "" }
        return String(decoding: bytes[rows[row][column]], as: UTF8.self)
    }

    /// All cell texts, header first.
    public var texts: [[String]] {
        rows.indices.map { r in rows[r].indices.map { text(row: r, column: $0) } }
    }

    /// Reads the table at `region` (a pipe table the scanner found): row 0 is the header, line 1 the delimiter.
    public static func parse(_ text: TextLines, region: TableRegion) -> PipeTable {
        let b = text.bytes
        var rows: [[Range<Int>]] = []
        rows.reserveCapacity(region.contentStarts.count - 1)
        var alignments: [ColumnAlignment] = []
        for (offset, start) in region.contentStarts.enumerated() {
            let line = region.firstLine + offset
            let end = text.contentEnd(line)
            let (_, p) = BlockSyntax.indentation(b, start, end)
            if offset == 1 {
                alignments = PipeRowSyntax.delimiterRow(b, p, end) ?? []
            } else {
                rows.append(PipeRowSyntax.cells(b, p, end) ?? [])
            }
        }
        return PipeTable(bytes: b, rows: rows, alignments: alignments)
    }
}
