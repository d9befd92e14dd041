import GridModel

/// Which column lines run through each row of a grid table.
extension GridTableReader {
    /// A content line whose both edges stand on the table's edges, each as `|` or `+`.
    func endsOnRightEdge(_ line: GridTextLine) -> Bool {
        let edge: (UInt8) -> Bool = { $0 == G.pipe || $0 == G.plus }
        return edge(line.char(geometry.left)) && edge(line.char(geometry.right)) && line.lastNonBlank == geometry.right
    }

    /// Which column lines each row has, from its content lines, and the row lines drawn only with `+`
    /// on a column line (`+    +` inside a cell that spans rows, PEP 669's `+ Two or more |`): both
    /// readers end a row there, and every cell crosses it. Lines whose `|` are off the column lines are
    /// matched to the row's column lines by their order when the count agrees (they are re-laid).
    mutating func findRowColumnLines() -> Bool {
        let before = diagnostics
        traceRowColumnLines()
        let plusLines = rowLinesDrawnWithPlus()
        if !plusLines.isEmpty {
            diagnostics = before
            map.borders = (borders + plusLines).sorted()
            for i in plusLines { map.isBorderLine[i] = true }
            map.rowColumnLines = []
            map.reLaidColumnLineX = [:]
            traceRowColumnLines()
        }
        return diagnostics.isEmpty
    }

    /// Content lines with a `+` where a column line of their row runs.
    private func rowLinesDrawnWithPlus() -> [Int] {
        (0..<rowColumnLines.count).flatMap { r in
            ((borders[r] + 1)..<borders[r + 1]).filter { i in
                map.reLaidColumnLineX[i] == nil && endsOnRightEdge(lines[i])
                    && columnLineX.indices.contains { rowColumnLines[r][$0] && lines[i].char(columnLineX[$0]) == G.plus }
            }
        }
    }

    /// A column line runs through a row where every one of the row's lines on the grid has `|` (or `+`)
    /// on it, as the readers trace a cell's edge: a `|` of a cell's text that lands on a column line on
    /// one line of a two-line row (docutils's documented workaround) is text.
    private mutating func traceRowColumnLines() {
        for r in 0..<(borders.count - 1) {
            var traced: [Bool]?
            var offGrid: [Int] = []
            for i in (borders[r] + 1)..<borders[r + 1] {
                guard endsOnRightEdge(lines[i]) else {
                    offGrid.append(i)
                    continue
                }
                // In place, the line by index: a row's lines are most of a table's.
                var runs = traced.take() ?? [Bool](repeating: true, count: columnLineX.count)
                for k in columnLineX.indices where runs[k] {
                    let c = geometry.lines[i].char(columnLineX[k])
                    runs[k] = c == G.pipe || c == G.plus
                }
                traced = runs
            }
            var runs = traced ?? columnLinesFromBorders(above: borders[r], below: borders[r + 1])
            if traced != nil { dropTextOnColumnLines(&runs, above: borders[r], below: borders[r + 1]) }
            map.rowColumnLines.append(runs)
            let ordered = runs.indices.filter { runs[$0] }
            for i in offGrid {
                let pipes = lines[i].pipeColumns
                guard pipes.count == ordered.count else {
                    report(.brokenBorder, Diagnostic.Message.pipeCount(pipes.count, needed: ordered.count), lineRange(i))
                    continue
                }
                var xs = [Int](repeating: -1, count: columnLineX.count)
                for (k, x) in zip(ordered, pipes) { xs[k] = x }
                map.reLaidColumnLineX[i] = xs
            }
        }
    }

    /// A column line runs through a row only where both its borders have a junction on it: docutils and
    /// pandoc trace a cell's right edge down from a `+` of its top border to one of its bottom border, so
    /// elsewhere the `+` and `|` on it are the text of a cell that spans the column (`| abcd+efgh |` under
    /// a border that rules both columns as one). One exception: a line drawn with `|` where one border has
    /// its junction and the other lacks it is a slip, reported as a missing junction.
    private func dropTextOnColumnLines(_ runs: inout [Bool], above: Int, below: Int) {
        // The borders once, the column lines by index: this runs for every row.
        let (aboveLine, belowLine) = (geometry.lines[above], geometry.lines[below])
        for k in 1..<max(1, geometry.columnLineX.count - 1) where runs[k] {
            let x = geometry.columnLineX[k]
            let top = aboveLine.char(x), bottom = belowLine.char(x)
            let (junctionAbove, junctionBelow) = (top == G.plus || top == G.pipe, bottom == G.plus || bottom == G.pipe)
            guard !(junctionAbove && junctionBelow) else { continue }
            let drawnWithPipe = ((above + 1)..<below).contains { endsOnRightEdge(geometry.lines[$0]) && geometry.lines[$0].char(x) == G.pipe }
            if !drawnWithPipe || (!junctionAbove && !junctionBelow) { runs[k] = false }
        }
    }

    /// With no content line on the grid, a column line runs through a row where both borders have a junction.
    private func columnLinesFromBorders(above: Int, below: Int) -> [Bool] {
        let meets: (Int, Int) -> Bool = { i, k in
            let c = self.lines[i].char(self.columnLineX[k])
            return c == G.plus || c == G.pipe
        }
        return columnLineX.indices.map { k in k == 0 || k == columnLineX.count - 1 || (meets(above, k) && meets(below, k)) }
    }
}
