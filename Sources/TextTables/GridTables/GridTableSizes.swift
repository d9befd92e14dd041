import GridModel

/// The widths of a grid table's columns and the heights of its rows, and the two rules that keep text
/// in cells from reading as borders once printed.
extension GridTablePrinter {
    /// Sizes of columns (rows) so that every cell fits: unit cells first, then spanning cells by span,
    /// each spreading what it lacks evenly with the remainder to the last line it covers.
    static func sizes(minimums: [Int], gap: Int, needs: [(Range<Int>, Int)]) -> [Int] {
        var sizes = minimums.map { max(1, $0) }
        for (range, need) in needs where range.count == 1 { sizes[range.lowerBound] = max(sizes[range.lowerBound], need) }
        for (range, need) in needs.filter({ $0.0.count > 1 }).sorted(by: { $0.0.count < $1.0.count }) {
            let available = range.reduce(0) { $0 + sizes[$1] } + gap * (range.count - 1)
            guard need > available else { continue }
            let extra = need - available
            for (n, index) in range.enumerated() {
                sizes[index] += extra / range.count + (n >= range.count - extra % range.count ? 1 : 0)
            }
        }
        return sizes
    }

    /// A `|` or `+` in the text of a cell spanning columns must not land on one of the column lines it
    /// covers, or readers (gridls, pandoc, docutils) would take it for a border: widen the column to its
    /// left until none does.
    static func separatingTextFromColumnLines(_ grid: Grid, reader: ReferenceReader, widths: [Int]) -> [Int] {
        var widths = widths
        let risky = grid.cells.filter { $0.columns.count > 1 && $0.lines.contains { $0.contains("|") || $0.contains("+") } }
        for _ in 0..<256 {
            var moved = false
            for cell in risky {
                // Offsets of the covered column lines from where the cell's text starts (after "| ").
                var lineOffsets: [Int: Int] = [:]
                var offset = -2
                for k in cell.columns.dropLast() {
                    offset += widths[k] + 3
                    lineOffsets[offset] = k
                }
                for line in cell.lines {
                    var column = 0
                    for scalar in line.unicodeScalars {
                        if scalar == "|" || scalar == "+", let k = lineOffsets[column] {
                            widths[k] += 1
                            moved = true
                            break
                        }
                        column += reader.width(of: scalar)
                    }
                    if moved { break }
                }
                if moved { break }
            }
            if !moved { break }
        }
        return widths
    }

    /// A line of text like `+--+` in a cell spanning rows must not land on a border line the cell crosses,
    /// where a reader could take its `+` for junctions: make the row above taller until none does.
    static func keepingRuleLikeTextOffBorders(_ grid: Grid, heights: [Int]) -> [Int] {
        var heights = heights
        let risky = grid.cells.filter { $0.rows.count > 1 && $0.lines.contains(where: looksLikeRule) }
        var moved = !risky.isEmpty
        while moved {  // ends: each step moves a border line further down the cell's text
            moved = false
            for cell in risky {
                var line = -1  // the cell's line on the border below row r
                for r in cell.rows.dropLast() {
                    line += heights[r] + 1
                    if line < cell.lines.count && looksLikeRule(cell.lines[line]) {
                        heights[r] += 1
                        moved = true
                        break
                    }
                }
            }
        }
        return heights
    }

    /// Whether the text holds a run like `+--+` or `+==+` (what border lines are made of).
    static func looksLikeRule(_ text: String) -> Bool {
        let plus = UInt8(ascii: "+"), dash = UInt8(ascii: "-"), equals = UInt8(ascii: "="), colon = UInt8(ascii: ":")
        var sawPlus = false, ruled = false
        for byte in text.utf8 {
            if byte == plus {
                if sawPlus && ruled { return true }
                sawPlus = true
            } else if sawPlus && (byte == dash || byte == equals) {
                ruled = true
            } else if byte != colon {
                sawPlus = false
                ruled = false
            }
        }
        return false
    }
}
