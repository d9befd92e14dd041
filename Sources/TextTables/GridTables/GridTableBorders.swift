import GridModel

/// Whether a grid table's edges, borders and junctions are drawn as its reader traces them.
extension GridTableReader {
    /// Every line starts at the table's left edge with `+` or `|`; the last line is a border.
    mutating func checkEdges() -> Bool {
        guard columnLineX.count >= 2 else {
            report(.brokenBorder, Diagnostic.Message.topBorderWithoutColumn, lineRange(0))
            return false
        }
        for (i, line) in lines.enumerated() {
            let first = (0..<line.width).first { line.char($0) != G.space } ?? 0
            if first != geometry.left || (line.char(first) != G.plus && line.char(first) != G.pipe) {
                report(.brokenBorder, Diagnostic.Message.offLeftEdge(geometry.left), lineRange(i))
            }
        }
        guard let last = lines.indices.last, last > 0, lines[last].char(geometry.left) == G.plus, geometry.isBorder(last) else {
            report(.unclosedTable, Diagnostic.Message.notClosed,
                   lineRange(lines.count - 1), fix: closingFix())
            return false
        }
        return diagnostics.isEmpty
    }

    /// Border lines: closed top and bottom, right edges in line, at most one header separator, no `+`
    /// off the column lines the other lines agree on.
    mutating func findBorders() -> Bool {
        map.isBorderLine = lines.indices.map { geometry.isBorder($0) }
        map.borders = lines.indices.filter { isBorderLine[$0] }
        checkStrayJunctions()
        // By index: a line copied out of the array costs a retain and a release, on every line.
        for i in lines.indices where lines[i].char(geometry.left) == G.plus && !geometry.isBorder(i) && !endsOnRightEdge(lines[i]) {
            report(.brokenBorder, Diagnostic.Message.plusLineNotBorder, lineRange(i))
        }
        for i in [0, lines.count - 1] where !(0..<columnCount).allSatisfy({ geometry.isRule(line: i, column: $0) }) {
            report(.brokenBorder, Diagnostic.Message.openOuterBorder(top: i == 0), lineRange(i))
        }
        for i in borders {
            let end = lines[i].lastNonBlank
            if end != geometry.right || (lines[i].char(end) != G.plus && lines[i].char(end) != G.pipe) {
                report(.brokenBorder, Diagnostic.Message.raggedBorder(end: end, right: geometry.right),
                       lineRange(i), fix: raggedBorderFix(i))
            }
        }
        // A run between two `+` is drawn with `-` or with `=`, not both (colons aside): pandoc reads no
        // table and docutils reports a corrupt border where one mixes them.
        for i in borders where text.bytes.containsByte(G.equals, in: lineRange(i)) && text.bytes.containsByte(G.dash, in: lineRange(i)) {
            guard let k = (0..<columnCount).first(where: { geometry.isRule(line: i, column: $0) && mixesFill(line: i, column: $0) }) else { continue }
            report(.brokenBorder, Diagnostic.Message.mixedFill, columnRange(i, columnLineX[k] + 1))
        }
        // Adjacent border lines that rule different columns (Emacs's table.el draws them when it splits a
        // cell) make a row of no height that the cells on both sides span; one that rules a column twice
        // would make a cell of no lines.
        for (b, i) in borders.enumerated().dropFirst() where borders[b - 1] + 1 == i
            && (0..<columnCount).contains(where: { geometry.isRule(line: i - 1, column: $0) && geometry.isRule(line: i, column: $0) }) {
            report(.brokenBorder, Diagnostic.Message.adjacentBorders, lineRange(i))
        }
        let headers = borders.filter { i in (0..<columnCount).contains { geometry.isHeaderRule(line: i, column: $0) } }
        let foot = footSeparators(headers)
        for i in headers.dropFirst() where !foot.contains(i) {
            let plain = text.bytes[lineRange(i)].map { $0 == G.equals ? G.dash : $0 }
            report(.multipleHeaderSeparators, Diagnostic.Message.extraHeaderSeparator(region.syntax), lineRange(i),
                   fix: Fix(.makeOrdinaryBorder, edits: [TextEdit(range: lineRange(i), newText: plain)]))
        }
        for i in foot where !(0..<columnCount).allSatisfy({ geometry.isHeaderRule(line: i, column: $0) }) {
            report(.brokenBorder, Diagnostic.Message.partialFootSeparator, lineRange(i))
        }
        if let i = headers.first {
            if i == 0 {
                report(.brokenBorder, Diagnostic.Message.headerSeparatorOnTop, lineRange(i))
            } else if !(0..<columnCount).allSatisfy({ geometry.isHeaderRule(line: i, column: $0) }) {
                report(.brokenBorder, Diagnostic.Message.partialHeaderSeparator, lineRange(i))
            }
        }
        return diagnostics.isEmpty
    }

    /// Whether the rule of column `k` on line `i` holds both `-` and `=`.
    func mixesFill(line i: Int, column k: Int) -> Bool {
        var dash = false, equals = false
        for x in columnLineX[k] + 1..<columnLineX[k + 1] {
            let c = lines[i].char(x)
            dash = dash || c == G.dash
            equals = equals || c == G.equals
            if dash && equals { return true }
        }
        return false
    }

    /// A column line that only one border's `+` draws, and no `|` follows, is a junction that slipped.
    mutating func checkStrayJunctions() {
        for (k, x) in columnLineX.enumerated() where k > 0 && k < columnLineX.count - 1 {
            // The only border with a `+` on the line, if one is: the search stops at a second.
            var junctions: [Int] = []
            for i in borders where lines[i].char(x) == G.plus {
                junctions.append(i)
                if junctions.count == 2 { break }
            }
            guard junctions.count == 1, let i = junctions.first else { continue }
            guard !lines.indices.contains(where: { !isBorderLine[$0] && lines[$0].char(x) == G.pipe }) else { continue }
            let others = columnLineX.filter { $0 != x && abs($0 - x) <= 2 }
            var fix: Fix?
            if let target = others.first {
                let fill = lines[i].char(x - 1) == G.equals || lines[i].char(x + 1) == G.equals ? G.equals : G.dash
                let kind = FixKind.movePlus(toColumn: target + 1)
                let from = characterFix(kind, line: i, x: x, fill).edits[0], to = characterFix(kind, line: i, x: target, G.plus).edits[0]
                fix = Fix(kind, edits: [from, to].sorted { $0.range.lowerBound < $1.range.lowerBound })
            }
            report(.brokenBorder, Diagnostic.Message.strayJunction(nearest: others.first), columnRange(i, x), fix: fix)
        }
    }

    /// A `+---+` run in a content line that crosses a column line is a border that slipped off the grid.
    mutating func checkRuleRunsInContent() {
        for r in 0..<rowColumnLines.count {
            for i in (borders[r] + 1)..<borders[r + 1] where !geometry.ruleRuns[i].isEmpty {
                let xs = columnLineX.indices.filter { rowColumnLines[r][$0] }.map { xOfColumnLine($0, line: i) }
                for run in geometry.ruleRuns[i] where xs.contains(where: { run.contains($0) }) {
                    report(.brokenBorder, Diagnostic.Message.segmentOffColumns, lineRange(i))
                    break
                }
            }
        }
    }

    /// Where a column line meets a border the junction is `+`; a column line crossing a border
    /// with no rule beside it is `|`.
    mutating func checkJunctions() {
        for (b, i) in borders.enumerated() {
            for k in 0..<columnLineX.count {
                let ruled = (k > 0 && geometry.isRule(line: i, column: k - 1)) || (k < columnCount && geometry.isRule(line: i, column: k))
                let up = b > 0 && rowColumnLines[b - 1][k]
                let down = b < rowColumnLines.count && rowColumnLines[b][k]
                let c = lines[i].char(columnLineX[k])
                if ruled && (up || down) && c != G.plus {
                    report(.brokenBorder, Diagnostic.Message.missingJunction, columnRange(i, columnLineX[k]),
                           fix: characterFix(.putPlusWhereBordersCross, line: i, x: columnLineX[k], G.plus))
                } else if !ruled && up && down && c != G.pipe && c != G.plus {
                    report(.brokenBorder, Diagnostic.Message.verticalGap, columnRange(i, columnLineX[k]),
                           fix: characterFix(.closeVerticalBorder, line: i, x: columnLineX[k], G.pipe))
                }
            }
        }
    }
}
