import TestSupport
@testable import GridModel
@testable import TextTables

/// Random grid tables with random merges, printed roomier than needed (wider columns, taller rows)
/// so that formatting has work to do.
struct RandomGridTable {
    var random: SeededRandom

    let words: [String]

    /// Emoji sequences (ZWJ, keycaps, skin tones) are left out: pandoc and docutils measure them differently
    /// from each other and from editors. `sizedEmoji` adds emoji with U+FE0F, which pandoc sizes apart.
    init(seed: UInt64, combiningMarks: Bool = true, sizedEmoji: Bool = false) {
        random = SeededRandom(seed: seed)
        words = ["alpha", "beta", "東京", "日本語", "😀", "ＡＢＣ", "42", "x", "`code`", "**bold**", "±°", "Ελλ"]
            + (combiningMarks ? ["cafe\u{301}"] : []) + (sizedEmoji ? ["✔\u{FE0F}", "❤\u{FE0F}"] : [])
    }

    mutating func grid() -> Grid {
        let rows = random.int(1...6), columns = random.int(1...5)
        let texts = (0..<rows).map { _ in (0..<columns).map { _ in random.chance(0.15) ? "" : phrase() } }
        var grid = try! Grid.units(texts, headerRowCount: rows > 1 && random.chance(0.5) ? 1 : 0)
        for _ in 0..<random.int(0...4) {
            let r = random.int(0...rows - 1), c = random.int(0...columns - 1)
            let rect = SlotRect(rows: r..<r + random.int(1...rows - r), columns: c..<c + random.int(1...columns - c))
            if let merged = try? grid.merging(rect) { grid = merged }
        }
        // Some cells get a second paragraph or a list.
        var cells = grid.cells
        for i in cells.indices where random.chance(0.2) && !cells[i].lines.isEmpty {
            cells[i].lines += random.chance(0.5) ? ["", phrase()] : ["", "- " + phrase(), "- " + phrase()]
        }
        return try! Grid(rowCount: grid.rowCount, columnCount: grid.columnCount, cells: cells, headerRowCount: grid.headerRowCount)
    }

    private mutating func phrase() -> String {
        (0..<random.int(1...3)).map { _ in random.pick(words) }.joined(separator: " ")
    }

    /// `text` (a grid table) with characters that draw tables put into the text of cells that span a
    /// column line, on that line: where a content line holds a space at a column line's position (a cell
    /// spans it there), one of `characters` replaces it now and then. The readers take them for text
    /// unless both borders of the row have a junction there.
    mutating func withDrawingInSpans(_ text: String, characters: [Character]) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = lines.first else { return text }
        let columnLines = Set(top.indices.filter { top[$0] == "+" }.map { top.distance(from: top.startIndex, to: $0) })
        return lines.map { line in
            guard line.hasPrefix("|") else { return line }
            var out = "", column = 0
            for character in line {
                let inner = column > 0 && columnLines.contains(column) && column < line.count - 1
                out.append(inner && character == " " && random.chance(0.3) ? random.pick(characters) : character)
                column += DisplayWidth.width(of: character)
            }
            return out
        }.joined(separator: "\n")
    }

    /// The grid printed with random extra width and height.
    mutating func text(_ grid: Grid) -> String {
        let printer = GridTablePrinter(
            grid, minimumWidths: (0..<grid.columnCount).map { _ in random.int(1...12) },
            minimumHeights: (0..<grid.rowCount).map { _ in random.int(1...3) })
        return printer.lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
