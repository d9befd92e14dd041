import GridModel

/// The fixes of a grid table that does not read: closing it, mending a ragged border, re-laying a drifted
/// table, splitting regions that are not rectangles. (Fixes of one character are made where their
/// diagnostic is found; the one slip that explains a table's errors is `GridSlipRepair`'s.)
extension GridTableReader {
    /// One error per line whose `|` are off the grid, each with the fix that prints `grid` (what the cells
    /// say when their `|` are taken in order) anew.
    mutating func reportDrift(_ grid: Grid) {
        let fix = reLayingFix(grid, drifted: true)
        for i in map.reLaidColumnLineX.keys.sorted() {
            report(.brokenBorder, Diagnostic.Message.drift(region.syntax), lineRange(i), fix: fix)
        }
    }

    /// Closes the table with a copy of its top border (in `-`, without alignment colons) after its last line.
    func closingFix() -> Fix? {
        guard let top = lines.first, top.char(geometry.left) == G.plus else { return nil }
        var border = Array(text.bytes[region.contentStarts[0]..<top.end])
        for index in border.indices where border[index] == G.equals || border[index] == G.colon { border[index] = G.dash }
        let lastLine = region.lines.upperBound - 1
        let prefix = region.prefix(ofLine: lines.count - 1, in: text)
        let terminator = region.newLineTerminator(in: text)
        let end = text.contentEnd(lastLine)
        return Fix(.closeWithBottomBorder, edits: [TextEdit(range: end..<end, newText: terminator + prefix + border)])
    }

    /// Cuts a border that runs past the right edge, or draws one that stops short out to it.
    func raggedBorderFix(_ i: Int) -> Fix? {
        let line = lines[i], right = geometry.right, end = line.lastNonBlank
        let rule: Set<UInt8> = [G.plus, G.dash, G.equals]
        let start = region.contentStarts[i]
        if end > right && rule.contains(line.char(right)) {
            let kept = Array(text.bytes[start..<line.offset(right)]) + [G.plus]
            return Fix(.cutBorderAtRightEdge, edits: [TextEdit(range: lineRange(i), newText: kept)])
        }
        if end < right && line.char(end) == G.plus {
            let fill = line.char(end - 1) == G.equals ? G.equals : G.dash
            let drawn = Array(text.bytes[start..<line.offset(end + 1)]) + Array(repeating: fill, count: right - end - 1) + [G.plus]
            return Fix(.drawBorderToRightEdge, edits: [TextEdit(range: lineRange(i), newText: drawn)])
        }
        return nil
    }

    /// Where only borders and separators are wrong and the table is a plain grid of cells whose lines
    /// each hold every cell, offer to re-lay it from those cells.
    mutating func offerReLaying() {
        guard diagnostics.allSatisfy({ $0.code == .brokenBorder }), !diagnostics.isEmpty,
              let grid = GridTableRelayer.grid(text, region: region) else { return }
        let fix = reLayingFix(grid)
        for index in diagnostics.indices { diagnostics[index].fixes.append(fix) }
    }

    /// Every region that is not a rectangle split along its grid lines into one cell per slot, its text
    /// (read line by line across its slots) kept in its first slot; the table printed anew.
    func splittingFix(_ rectangles: [SlotRect]) -> Fix? {
        let columns = columnCount
        var cells = rectangles.map { GridCell(rows: $0.rows, columns: $0.columns, lines: content(of: $0)) }
        for region in irregularRegions {
            let regionText = irregularContent(Set(region))
            for (n, slot) in region.enumerated() {
                let r = slot / columns, k = slot % columns
                cells.append(GridCell(rows: r..<r + 1, columns: k..<k + 1, lines: n == 0 ? regionText : []))
            }
        }
        guard let grid = try? Grid(
            rowCount: rowColumnLines.count, columnCount: columns, cells: cells,
            alignments: alignments(headerSeparator ?? 0), headerRowCount: headerRowCount, footerRowCount: footerRowCount)
        else { return nil }
        return printingFix(.splitRegion, grid)
    }

    /// "Re-lay the table from its cells": `grid` (what the cells say) printed anew.
    /// `drifted`: the table's only fault is `|` pushed off their columns, on lines that each hold
    /// exactly their row's bars, so the cells read one way only: the fix is preferred and safe.
    func reLayingFix(_ grid: Grid, drifted: Bool = false) -> Fix {
        printingFix(.reLayTable, grid, isSafe: drifted)
    }

    /// A fix that prints `grid` in place of the table, when it is asked for.
    private func printingFix(_ kind: FixKind, _ grid: Grid, isSafe: Bool = false) -> Fix {
        let (text, region, options) = (text, region, geometry.options)
        return Fix(kind, isPreferred: isSafe, isSafe: isSafe) {
            TableLineEdits.gridTableEdits(grid, text: text, region: region, options: options)
        }
    }

    /// The text of a region of slots, line by line: on each line, the runs of the region's slots that
    /// no line separates, joined by a space.
    func irregularContent(_ slots: Set<Int>) -> [String] {
        let columns = columnCount
        let rows = slots.map { $0 / columns }
        var result: [String] = []
        for i in (borders[rows.min()!] + 1)..<borders[rows.max()! + 1] {
            let below = borders.firstIndex { $0 >= i }!
            let inRegion: (Int) -> Bool = { k in
                self.isBorderLine[i]
                    ? slots.contains((below - 1) * columns + k) && slots.contains(below * columns + k) && !self.geometry.isRule(line: i, column: k)
                    : slots.contains((below - 1) * columns + k)
            }
            var pieces: [String] = []
            var k = 0
            while k < columns {
                guard inRegion(k) else { k += 1; continue }
                var end = k + 1
                while end < columns && inRegion(end) && (isBorderLine[i] || !rowColumnLines[below - 1][end]) { end += 1 }
                let from = xOfColumnLine(k, line: i), to = xOfColumnLine(end, line: i)
                // Trimmed as characters: a space that a combining mark follows is that mark's base, and stays.
                let piece = String(decoding: lines[i].bytes(in: text, from: from + 1, to: to), as: UTF8.self).trimming { $0 == " " }
                if !piece.isEmpty { pieces.append(String(piece)) }
                k = end
            }
            result.append(pieces.joined(separator: " "))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
