import TestSupport
@testable import GridModel
@testable import TextTables

/// Random pandoc simple and multiline tables: one or more columns, any alignment, with or without a
/// header, empty cells, wide (CJK, emoji) and combining text, cells of several lines in multiline
/// tables; printed as gridls prints a new table, then drawn roomier at random (wider gaps, longer dashes)
/// so that formatting has work to do.
struct RandomPandocTable {
    var random: SeededRandom
    let words = ["alpha", "beta", "x", "42", "東京", "日本語", "😀", "ＡＢＣ", "cafe\u{301}", "Ελλ", "été", "a.b"]

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    struct Table {
        var kind: PandocTableKind
        var grid: Grid
        /// The table as gridls prints a new one, and drawn roomier.
        var printed: String
        var roomy: String
    }

    mutating func table() -> Table {
        let kind: PandocTableKind = random.chance(0.5) ? .simple : .multiline
        let headerless = random.chance(0.3)
        // A one-column table is a setext heading or a list to pandoc.
        let columns = random.int(2...5)
        let rows = random.int(1...4) + (headerless ? 0 : 1)
        var texts: [[[String]]] = []
        for _ in 0..<rows {
            var row = (0..<columns).map { _ -> [String] in
                if random.chance(0.15) { return [] }
                return (0..<(kind == .multiline ? random.int(1...3) : 1)).map { _ in phrase() }
            }
            if row.allSatisfy(\.isEmpty) { row[random.below(columns)] = [phrase()] }  // no row is empty
            texts.append(row)
        }
        var alignments = (0..<columns).map { _ in random.pick([ColumnAlignment.none, .left, .right, .center]) }
        if !headerless && random.chance(0.3) {
            // A right-aligned first column with a wide value: its header indented 4 or more, and 8.
            alignments[0] = .right
            texts[rows - 1][0] = [random.pick(["1234567.89", "123456789012", "12345"])]
            if random.chance(0.5) { texts[0][0] = [random.pick(["x", "Qty", "Amount"])] }
        }
        let cells = texts.enumerated().flatMap { r, row in
            row.enumerated().map { c, lines in GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: lines) }
        }
        let grid = try! Grid(rowCount: rows, columnCount: columns, cells: cells, alignments: alignments, headerRowCount: headerless ? 0 : 1)
        let indent = random.int(0...2)
        let layout = PandocTableLayout.fresh(kind: kind, indent: indent)
        let lines = PandocTablePrinter(grid: grid, layout: layout, keepsColumns: false).lines()!
        return Table(kind: kind, grid: grid, printed: joined(lines), roomy: joined(roomier(lines, indent: indent)))
    }

    private func joined(_ lines: [[UInt8]]) -> String {
        lines.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined()
    }

    /// The lines with spaces put in at a column's start (dashes where a line of one run crosses it), or
    /// the last dash run made longer: pandoc reads the same cells, and the alignments of the new dashes.
    private mutating func roomier(_ lines: [[UInt8]], indent: Int) -> [[UInt8]] {
        var out = lines
        for _ in 0..<random.int(1...3) {
            guard let runs = out.lazy.compactMap({ PandocTableLine($0[...]).dashRuns }).max(by: { $0.runs.count < $1.runs.count }) else { break }
            let c = random.below(runs.runs.count)
            let isLast = c == runs.runs.count - 1
            let at = indent + runs.runs[...c].reduce(0) { $0 + $1.length } - (isLast ? runs.runs[c].length - runs.runs[c].dashes : 0)
            let count = random.int(1...3)
            for i in out.indices {
                guard let offset = RandomPandocTable.byteOffset(ofColumn: at, in: out[i]) else { continue }
                let isDashed = PandocTableLine(out[i][...]).dashRuns != nil
                if isLast && !isDashed { continue }  // text may run past the last column's dashes
                let dashes = isDashed && offset > 0 && out[i][offset - 1] == 0x2D && (isLast || (offset < out[i].count && out[i][offset] == 0x2D))
                out[i].insert(contentsOf: [UInt8](repeating: dashes ? 0x2D : 0x20, count: count), at: offset)
            }
        }
        return out
    }

    /// The byte offset where column `column` starts in `line`, or nil when the line ends before it.
    static func byteOffset(ofColumn column: Int, in line: [UInt8]) -> Int? {
        var offset = 0, at = 0
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            if at >= column { return offset }
            at += ReferenceReader.pandoc.width(of: scalar)
            offset += String(scalar).utf8.count
        }
        return at >= column ? offset : nil
    }

    private mutating func phrase() -> String {
        (0..<random.int(1...2)).map { _ in random.pick(words) }.joined(separator: " ")
    }
}
