import GridModel

/// The lenient reading behind the "re-lay" quick fix: a grid table of unit cells whose lines have
/// drifted (ragged borders, `|` off their columns) but where every border has the same number of `+` and
/// every content line the same number of `|`. Cells are taken by their order on each line.
enum GridTableRelayer {
    static func grid(_ text: TextLines, region: TableRegion) -> Grid? {
        let b = text.bytes
        var rows: [[[String]]] = []  // per row, per column, the cell's lines
        var current: [[String]]?
        var columns: Int?
        var headerRowCount = 0
        var alignmentLine: ArraySlice<UInt8>?
        for (offset, start) in region.contentStarts.enumerated() {
            let end = text.contentEnd(region.firstLine + offset)
            let (_, p) = BlockSyntax.indentation(b, start, end)
            let line = b[p..<end].trimmingEnd(Blank.isSpaceOrTab)
            if line.first == UInt8(ascii: "+") {
                guard line.allSatisfy({ "+-=: ".utf8.contains($0) }) else { return nil }
                let count = line.filter { $0 == UInt8(ascii: "+") }.count - 1
                guard count >= 1, columns == nil || columns == count else { return nil }
                columns = count
                if let row = current { rows.append(row) }
                current = nil
                if line.contains(UInt8(ascii: "=")) && offset > 0 {
                    guard headerRowCount == 0 else { return nil }
                    headerRowCount = rows.count
                    alignmentLine = line
                } else if offset == 0 {
                    alignmentLine = line
                }
                continue
            }
            guard line.first == UInt8(ascii: "|"), line.last == UInt8(ascii: "|"), let count = columns else { return nil }
            let pieces = line.dropFirst().dropLast().split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            guard pieces.count == count else { return nil }
            var row = current ?? Array(repeating: [], count: count)
            for (k, piece) in pieces.enumerated() {
                row[k].append(String(decoding: piece.trimmingEnd(Blank.isSpace), as: UTF8.self))
            }
            current = row
        }
        guard current == nil, let count = columns, !rows.isEmpty else { return nil }
        var cells: [GridCell] = []
        for (r, row) in rows.enumerated() {
            for (k, var lines) in row.enumerated() {
                while lines.last?.isEmpty == true { lines.removeLast() }
                lines = unpadded(lines)
                cells.append(GridCell(rows: r..<r + 1, columns: k..<k + 1, lines: lines))
            }
        }
        return try? Grid(
            rowCount: rows.count, columnCount: count, cells: cells,
            alignments: alignments(alignmentLine, count: count), headerRowCount: headerRowCount)
    }

    /// A cell's lines (trailing spaces dropped) less one space of padding when every line starts with
    /// one, else as they are: pandoc's reading, which the printer's one space of padding gives back
    /// exactly. docutils reads only the lines' indentation relative to the least-indented one, which
    /// this keeps too: so `|term` over `| definition` stays a definition list, and `|  a` over `|   b`
    /// stays as pandoc reads it.
    static func unpadded(_ lines: [String]) -> [String] {
        // On bytes: " 🏽" is one Character, whose first byte is still the padding.
        guard arePadded(firstBytes: lines.lazy.map { $0.utf8.first }) else { return lines }
        return lines.map { String(decoding: $0.utf8.dropFirst(), as: UTF8.self) }
    }

    /// `unpadded` of lines still as bytes, made strings once (reading a table makes every cell's lines).
    static func unpadded(bytes lines: [ArraySlice<UInt8>]) -> [String] {
        let padded = arePadded(firstBytes: lines.lazy.map { $0.first })
        return lines.map { String(decoding: padded ? $0.dropFirst() : $0, as: UTF8.self) }
    }

    /// Whether lines whose first bytes are `firstBytes` (nil for an empty line) all start with the one
    /// space of padding that `unpadded` takes off.
    static func arePadded(firstBytes: some Sequence<UInt8?>) -> Bool {
        firstBytes.allSatisfy { ($0 ?? 0x20) == 0x20 }
    }

    /// Colons at the ends of each segment of the header separator (or top border).
    private static func alignments(_ line: ArraySlice<UInt8>?, count: Int) -> [ColumnAlignment] {
        guard let line else { return Array(repeating: .none, count: count) }
        let segments = line.dropFirst().dropLast().split(separator: UInt8(ascii: "+"), omittingEmptySubsequences: false)
        guard segments.count == count else { return Array(repeating: .none, count: count) }
        return segments.map { segment in
            let left = segment.first == UInt8(ascii: ":"), right = segment.last == UInt8(ascii: ":")
            return ColumnAlignment(colonAtStart: left, colonAtEnd: right)
        }
    }
}
