@testable import GridModel
import TestSupport

/// Random grids for the reader property test: spans, header and (in Markdown) foot rows, cells of several
/// lines with random indentation, and words (in reStructuredText parted by tabs too) from every class of width the readers count apart from
/// editors. Words carry no markup (no `*`, `_`, `:`, `.`, list markers...), so that what a reader reads
/// as a cell's text is its words, whatever blocks the indentation makes of them.
struct RandomReaderGrid {
    var random: SeededRandom

    static let widthClasses: [[String]] = [
        ["alpha", "beta", "x", "42"],                           // ASCII
        ["東京", "日本語", "ＡＢＣ", "한국"],                        // East Asian wide
        ["😀", "🎉", "👍🏽"],                                     // emoji, skin tone
        ["✔\u{FE0F}", "❤\u{FE0F}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "©\u{FE0F}", "✔\u{FE0F}✔\u{FE0F}"], // VS16, keycap
        ["👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "⌚\u{FE0F}", "👍🏽✔\u{FE0F}"],   // ZWJ sequences, VS16 on wide emoji
        ["a\u{200B}b", "soft\u{AD}hy", "r\u{200F}x", "e\u{301}", "w\u{2060}j", "a\u{FE0F}"], // zero-width, combining
    ]

    /// The classes of width this grid draws its words from: a few per grid, so that grids without the
    /// classes the readers count apart (U+FE0F, zero-width characters) are common.
    var classes: [[String]] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        classes = [Self.widthClasses[0]] + Self.widthClasses.dropFirst().filter { _ in random.chance(0.3) }
    }

    /// Whether words are sometimes parted by a tab (reStructuredText: docutils expands it where it is
    /// printed). Never before a line's first word: a tab there would be indentation, which would change
    /// with the layout.
    var tabs = false

    /// A grid; `foot` allows a table foot (Markdown), `aligned` alignment colons (Markdown).
    mutating func grid(foot: Bool, aligned: Bool) -> Grid {
        let rows = random.int(1...5), columns = random.int(1...4)
        let header = rows > 1 && random.chance(0.5) ? random.int(1...rows - 1) : 0
        let footer = foot && header > 0 && random.chance(0.4) ? random.int(1...rows - header) : 0
        let alignments = (0..<columns).map { _ in aligned ? random.pick([ColumnAlignment.none, .left, .center, .right]) : .none }
        var cells: [GridCell] = []
        for r in 0..<rows {
            for k in 0..<columns { cells.append(GridCell(rows: r..<r + 1, columns: k..<k + 1)) }
        }
        var grid = try! Grid(rowCount: rows, columnCount: columns, cells: cells, alignments: alignments,
                             headerRowCount: header, footerRowCount: footer)
        for _ in 0..<random.int(0...4) {
            let r = random.int(0...rows - 1), k = random.int(0...columns - 1)
            let rect = SlotRect(rows: r..<r + random.int(1...rows - r), columns: k..<k + random.int(1...columns - k))
            if let merged = try? grid.merging(rect) { grid = merged }
        }
        let filled = grid.cells.map { cell in
            GridCell(rows: cell.rows, columns: cell.columns, lines: random.chance(0.15) ? [] : lines())
        }
        return try! Grid(rowCount: rows, columnCount: columns, cells: filled, alignments: alignments,
                         headerRowCount: header, footerRowCount: footer)
    }

    /// One to four lines, each indented 0 to 5 spaces, sometimes with a blank line between.
    private mutating func lines() -> [String] {
        var result: [String] = []
        for n in 0..<random.int(1...4) {
            if n > 0 && random.chance(0.25) { result.append("") }
            let indent = random.chance(0.5) ? 0 : random.int(1...5)
            let words = (0..<random.int(1...3)).map { _ in random.pick(random.pick(classes)) }
            let line = words.dropFirst().reduce(words[0]) { line, word in
                line + (tabs && random.chance(0.4) ? random.pick(["\t", " \t", "\t\t"]) : " ") + word
            }
            result.append(String(repeating: " ", count: indent) + line)
        }
        return result
    }

    /// Roomier than needed, so that two layouts of one grid can be compared.
    mutating func roomy(_ grid: Grid) -> (widths: [Int], heights: [Int]) {
        ((0..<grid.columnCount).map { _ in random.int(1...9) }, (0..<grid.rowCount).map { _ in random.int(1...3) })
    }
}
