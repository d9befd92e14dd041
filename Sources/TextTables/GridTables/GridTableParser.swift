import GridModel

/// A grid table read from text: the grid when its structure is unambiguous, and what is wrong otherwise.
/// Reading never fails; a table with an error diagnostic has no grid and is never rewritten.
package struct GridTableParse: Sendable {
    package var grid: Grid?
    package var diagnostics: [Diagnostic]
    /// True when some content line's `|` were off the border's columns and were matched by their order
    /// (text typed into a cell): printing re-lays the table.
    package var wasReLaid: Bool
}

package enum GridTableParser {
    package static func parse(_ text: TextLines, region: TableRegion, options: WidthOptions) -> GridTableParse {
        var reader = GridTableReader(text: text, region: region, geometry: GridTableGeometry(text, region: region, options: options))
        return reader.read()
    }
}

/// The state of reading one grid table; see `read()` for the steps.
struct GridTableReader {
    typealias G = GridTableGeometry
    let text: TextLines
    let region: TableRegion
    var geometry: GridTableGeometry
    var diagnostics: [Diagnostic] = []
    /// Indices (into `geometry.lines`) of the border lines, top to bottom.
    var borders: [Int] = []
    var isBorderLine: [Bool] = []
    /// Per band (row), per grid boundary (index into `xs`): whether a vertical line runs through the row.
    var bandBoundaries: [[Bool]] = []
    /// Per re-laid content line: the column of each boundary's `|`, by boundary index, -1 where none.
    /// Lines on the grid are absent: their `|` stand at `xs`.
    var reLaidColumns: [Int: [Int]] = [:]
    var wasReLaid = false
    /// Regions that are not rectangles, as lists of slots (row * columns + column) in reading order.
    var irregularRegions: [[Int]] = []
    /// Whether an unreadable table is searched for the one slip that explains it (`GridSlipRepair`) and its
    /// errors get fixes; off in the readings that search makes, which only tell whether a candidate reads.
    var searchesSlips = true

    var lines: [GridTextLine] { geometry.lines }
    var xs: [Int] { geometry.xs }
    var intervals: Int { geometry.intervalCount }

    mutating func read() -> GridTableParse {
        if checkEdges(), findBorders(), findBoundaries() {
            checkRuleRunsInContent()
            let cells = findCells()
            checkJunctions()
            if let cells {
                checkReaderWidths(cells)
                keepReaderWidthErrorsAlone()
            }
            if !diagnostics.contains(where: { $0.severity == .error }), let cells {
                let grid = makeGrid(cells)
                // Lines whose `|` stand off the borders' columns (text typed into a cell pushes them) read
                // as another table in pandoc and docutils: report them, and offer the table the cells mean.
                guard wasReLaid, let grid else { return GridTableParse(grid: grid, diagnostics: diagnostics, wasReLaid: wasReLaid) }
                // A reading that only tells whether a candidate repair reads needs no fixes.
                guard searchesSlips else {
                    report(.brokenBorder, Diagnostic.Message.drift(region.syntax), lineRange(0))
                    return GridTableParse(grid: nil, diagnostics: diagnostics, wasReLaid: wasReLaid)
                }
                reportDrift(grid)
                // Unless one border slipped and moved the columns the others are measured by.
                reportSlip(onBorderOnly: true)
                return GridTableParse(grid: nil, diagnostics: diagnostics, wasReLaid: wasReLaid)
            }
            if searchesSlips, let cells, !irregularRegions.isEmpty, diagnostics.allSatisfy({ $0.code == .nonRectangularCell }) {
                let fix = splittingFix(cells)
                for index in diagnostics.indices { diagnostics[index].fixes = fix.map { [$0] } ?? [] }
            }
        }
        if searchesSlips {
            reportSlip(onBorderOnly: false)
            offerReLaying()
        }
        return GridTableParse(grid: nil, diagnostics: diagnostics, wasReLaid: wasReLaid)
    }

    /// pandoc's table foot, in Markdown only: when the bottom border is made of `=`, the rows after the
    /// `=` line before it are the foot (that line may be the header's separator too). Returns the lines
    /// (the foot's separator, the bottom border) that are not header separators, or none.
    func footSeparators(_ headers: [Int]) -> [Int] {
        guard region.syntax.isMarkdown, headers.count == 2 || headers.count == 3, headers.last == lines.count - 1 else { return [] }
        return Array(headers.dropFirst())
    }

    /// The rows after the foot's separator (0 without a foot).
    var footerRowCount: Int {
        let headers = borders.filter { i in (0..<intervals).contains { geometry.isHeaderRule(line: i, interval: $0) } }
        let foot = footSeparators(headers)
        guard !foot.isEmpty, let separator = foot.count == 2 ? foot.first : headers.first,
              let b = borders.firstIndex(of: separator) else { return 0 }
        return borders.count - 1 - b
    }

    /// The border line under the header, if any, as an index into `borders`.
    var headerSeparator: Int? {
        borders.firstIndex { i in (0..<intervals).contains { geometry.isHeaderRule(line: i, interval: $0) } }.map { borders[$0] }
    }

    var headerRowCount: Int {
        borders.firstIndex { i in (0..<intervals).contains { geometry.isHeaderRule(line: i, interval: $0) } } ?? 0
    }

    // MARK: Diagnostics

    func lineRange(_ i: Int) -> Range<Int> {
        region.contentStarts[i]..<text.contentEnd(region.firstLine + i)
    }

    func columnRange(_ i: Int, _ x: Int) -> Range<Int> {
        let start = lines[i].offset(x)
        return start..<min(lineRange(i).upperBound, lines[i].offset(x + 1))
    }

    mutating func report(_ code: Diagnostic.Code, _ message: String, _ range: Range<Int>, fix: Fix? = nil) {
        diagnostics.append(Diagnostic(code: code, severity: .error, message: message, range: range, fixes: fix.map { [$0] } ?? []))
    }

    /// One error per line whose `|` are off the grid, each with the fix that prints `grid` (what the cells
    /// say when their `|` are taken in order) anew.
    mutating func reportDrift(_ grid: Grid) {
        let fix = reLayingFix(grid, drifted: true)
        for i in reLaidColumns.keys.sorted() {
            report(.brokenBorder, Diagnostic.Message.drift(region.syntax), lineRange(i), fix: fix)
        }
    }

    /// A fix that writes `replacement` over the character at column `x` of line `i`.
    func characterFix(_ kind: FixKind, line i: Int, column x: Int, _ replacement: UInt8) -> Fix {
        Fix(kind, edits: [TextEdit(range: columnRange(i, x), newText: [replacement])])
    }

    // MARK: Steps

    /// Every line starts at the table's left edge with `+` or `|`; the last line is a border.
    mutating func checkEdges() -> Bool {
        guard xs.count >= 2 else {
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

    /// Border lines: closed top and bottom, right edges in line, at most one header separator, no `+`
    /// off the columns the other lines agree on.
    mutating func findBorders() -> Bool {
        isBorderLine = lines.indices.map { geometry.isBorder($0) }
        borders = lines.indices.filter { isBorderLine[$0] }
        checkStrayJunctions()
        for (i, line) in lines.enumerated() where line.char(geometry.left) == G.plus && !geometry.isBorder(i) && !endsOnRightEdge(line) {
            report(.brokenBorder, Diagnostic.Message.plusLineNotBorder, lineRange(i))
        }
        for i in [0, lines.count - 1] where !(0..<intervals).allSatisfy({ geometry.isRule(line: i, interval: $0) }) {
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
            guard let k = (0..<intervals).first(where: { geometry.isRule(line: i, interval: $0) && mixesFill(line: i, interval: $0) }) else { continue }
            report(.brokenBorder, Diagnostic.Message.mixedFill, columnRange(i, xs[k] + 1))
        }
        // Adjacent border lines that rule different columns (Emacs's table.el draws them when it splits a
        // cell) make a row of no height that the cells on both sides span; one that rules a column twice
        // would make a cell of no lines.
        for (b, i) in borders.enumerated().dropFirst() where borders[b - 1] + 1 == i
            && (0..<intervals).contains(where: { geometry.isRule(line: i - 1, interval: $0) && geometry.isRule(line: i, interval: $0) }) {
            report(.brokenBorder, Diagnostic.Message.adjacentBorders, lineRange(i))
        }
        let headers = borders.filter { i in (0..<intervals).contains { geometry.isHeaderRule(line: i, interval: $0) } }
        let foot = footSeparators(headers)
        for i in headers.dropFirst() where !foot.contains(i) {
            let plain = text.bytes[lineRange(i)].map { $0 == G.equals ? G.dash : $0 }
            report(.multipleHeaderSeparators, Diagnostic.Message.extraHeaderSeparator(region.syntax), lineRange(i),
                   fix: Fix(.makeOrdinaryBorder, edits: [TextEdit(range: lineRange(i), newText: plain)]))
        }
        for i in foot where !(0..<intervals).allSatisfy({ geometry.isHeaderRule(line: i, interval: $0) }) {
            report(.brokenBorder, Diagnostic.Message.partialFootSeparator, lineRange(i))
        }
        if let i = headers.first {
            if i == 0 {
                report(.brokenBorder, Diagnostic.Message.headerSeparatorOnTop, lineRange(i))
            } else if !(0..<intervals).allSatisfy({ geometry.isHeaderRule(line: i, interval: $0) }) {
                report(.brokenBorder, Diagnostic.Message.partialHeaderSeparator, lineRange(i))
            }
        }
        return diagnostics.isEmpty
    }

    /// Whether the rule of interval `k` on line `i` holds both `-` and `=`.
    func mixesFill(line i: Int, interval k: Int) -> Bool {
        var dash = false, equals = false
        for x in xs[k] + 1..<xs[k + 1] {
            let c = lines[i].char(x)
            dash = dash || c == G.dash
            equals = equals || c == G.equals
            if dash && equals { return true }
        }
        return false
    }

    /// A column line that only one border's `+` draws, and no `|` follows, is a junction that slipped.
    mutating func checkStrayJunctions() {
        for (k, x) in xs.enumerated() where k > 0 && k < xs.count - 1 {
            let junctions = borders.filter { lines[$0].char(x) == G.plus }
            let used = lines.indices.contains { !isBorderLine[$0] && lines[$0].char(x) == G.pipe }
            guard junctions.count == 1, !used, let i = junctions.first else { continue }
            let others = xs.filter { $0 != x && abs($0 - x) <= 2 }
            var fix: Fix?
            if let target = others.first {
                let fill = lines[i].char(x - 1) == G.equals || lines[i].char(x + 1) == G.equals ? G.equals : G.dash
                let kind = FixKind.movePlus(toColumn: target + 1)
                let from = characterFix(kind, line: i, column: x, fill).edits[0], to = characterFix(kind, line: i, column: target, G.plus).edits[0]
                fix = Fix(kind, edits: [from, to].sorted { $0.range.lowerBound < $1.range.lowerBound })
            }
            report(.brokenBorder, Diagnostic.Message.strayJunction(nearest: others.first), columnRange(i, x), fix: fix)
        }
    }

    /// A content line whose both edges stand on the table's edges, each as `|` or `+`.
    func endsOnRightEdge(_ line: GridTextLine) -> Bool {
        let edge: (UInt8) -> Bool = { $0 == G.pipe || $0 == G.plus }
        return edge(line.char(geometry.left)) && edge(line.char(geometry.right)) && line.lastNonBlank == geometry.right
    }

    /// Which vertical lines each row has, from its content lines, and the row lines drawn only with `+`
    /// on a vertical line (`+    +` inside a cell that spans rows, PEP 669's `+ Two or more |`): both
    /// readers end a row there, and every cell crosses it. Lines whose `|` are off the grid are matched to
    /// the row's boundaries by their order when the count agrees.
    mutating func findBoundaries() -> Bool {
        let before = diagnostics
        findBandBoundaries()
        let plusLines = rowLinesDrawnWithPlus()
        if !plusLines.isEmpty {
            diagnostics = before
            borders = (borders + plusLines).sorted()
            for i in plusLines { isBorderLine[i] = true }
            bandBoundaries = []
            reLaidColumns = [:]
            wasReLaid = false
            findBandBoundaries()
        }
        return diagnostics.isEmpty
    }

    /// Content lines with a `+` where a vertical line of their row runs.
    private func rowLinesDrawnWithPlus() -> [Int] {
        (0..<bandBoundaries.count).flatMap { band in
            ((borders[band] + 1)..<borders[band + 1]).filter { i in
                reLaidColumns[i] == nil && endsOnRightEdge(lines[i])
                    && xs.indices.contains { bandBoundaries[band][$0] && lines[i].char(xs[$0]) == G.plus }
            }
        }
    }

    /// A row has a vertical line where every one of its lines on the grid has `|` (or `+`), as the readers
    /// trace a cell's edge: a `|` of a cell's text that lands on a column line on one line of a
    /// two-line row (docutils's documented workaround) is text.
    private mutating func findBandBoundaries() {
        for band in 0..<(borders.count - 1) {
            var boundaries: [Bool]?
            var offGrid: [Int] = []
            for i in (borders[band] + 1)..<borders[band + 1] {
                guard endsOnRightEdge(lines[i]) else {
                    offGrid.append(i)
                    continue
                }
                // In place, the line by index: a row's lines are most of a table's.
                var rowBoundaries = boundaries.take() ?? [Bool](repeating: true, count: xs.count)
                for k in xs.indices where rowBoundaries[k] {
                    let c = geometry.lines[i].char(xs[k])
                    rowBoundaries[k] = c == G.pipe || c == G.plus
                }
                boundaries = rowBoundaries
            }
            var rowBoundaries = boundaries ?? boundariesFromBorders(above: borders[band], below: borders[band + 1])
            if boundaries != nil { dropTextOnColumnLines(&rowBoundaries, above: borders[band], below: borders[band + 1]) }
            bandBoundaries.append(rowBoundaries)
            let ordered = rowBoundaries.indices.filter { rowBoundaries[$0] }
            for i in offGrid {
                let pipes = lines[i].pipeColumns
                guard pipes.count == ordered.count else {
                    report(.brokenBorder, Diagnostic.Message.pipeCount(pipes.count, needed: ordered.count), lineRange(i))
                    continue
                }
                wasReLaid = true
                var columns = [Int](repeating: -1, count: xs.count)
                for (k, x) in zip(ordered, pipes) { columns[k] = x }
                reLaidColumns[i] = columns
            }
        }
    }

    /// A column line runs through a row only where both its borders have a junction on it: docutils and
    /// pandoc trace a cell's right edge down from a `+` of its top border to one of its bottom border, so
    /// elsewhere the `+` and `|` on it are the text of a cell that spans the column (`| abcd+efgh |` under
    /// a border that rules both columns as one). One exception: a line drawn with `|` where one border has
    /// its junction and the other lacks it is a slip, reported as a missing junction.
    private func dropTextOnColumnLines(_ boundaries: inout [Bool], above: Int, below: Int) {
        // The borders once, the columns by index: this runs for every row.
        let (aboveLine, belowLine) = (geometry.lines[above], geometry.lines[below])
        for k in 1..<max(1, geometry.xs.count - 1) where boundaries[k] {
            let x = geometry.xs[k]
            let top = aboveLine.char(x), bottom = belowLine.char(x)
            let (junctionAbove, junctionBelow) = (top == G.plus || top == G.pipe, bottom == G.plus || bottom == G.pipe)
            guard !(junctionAbove && junctionBelow) else { continue }
            let drawnWithPipe = ((above + 1)..<below).contains { endsOnRightEdge(geometry.lines[$0]) && geometry.lines[$0].char(x) == G.pipe }
            if !drawnWithPipe || (!junctionAbove && !junctionBelow) { boundaries[k] = false }
        }
    }

    /// With no content line on the grid, a row has a vertical line where both borders have a junction.
    private func boundariesFromBorders(above: Int, below: Int) -> [Bool] {
        let meets: (Int, Int) -> Bool = { i, k in
            let c = self.lines[i].char(self.xs[k])
            return c == G.plus || c == G.pipe
        }
        return xs.indices.map { k in k == 0 || k == xs.count - 1 || (meets(above, k) && meets(below, k)) }
    }

    /// The column of boundary `k`'s line on line `i`.
    func separatorColumn(line i: Int, boundary k: Int) -> Int {
        reLaidColumns[i]?[k] ?? xs[k]
    }

    /// A `+---+` run in a content line that crosses a vertical line is a border that slipped off the grid.
    mutating func checkRuleRunsInContent() {
        for band in 0..<bandBoundaries.count {
            for i in (borders[band] + 1)..<borders[band + 1] where !geometry.ruleRuns[i].isEmpty {
                let columns = xs.indices.filter { bandBoundaries[band][$0] }.map { separatorColumn(line: i, boundary: $0) }
                for run in geometry.ruleRuns[i] where columns.contains(where: { run.contains($0) }) {
                    report(.brokenBorder, Diagnostic.Message.segmentOffColumns, lineRange(i))
                    break
                }
            }
        }
    }

    /// Where a vertical line meets a border the junction is `+`; a vertical line crossing a row border
    /// with no rule beside it is `|`.
    mutating func checkJunctions() {
        for (b, i) in borders.enumerated() {
            for k in 0..<xs.count {
                let ruled = (k > 0 && geometry.isRule(line: i, interval: k - 1)) || (k < intervals && geometry.isRule(line: i, interval: k))
                let up = b > 0 && bandBoundaries[b - 1][k]
                let down = b < bandBoundaries.count && bandBoundaries[b][k]
                let c = lines[i].char(xs[k])
                if ruled && (up || down) && c != G.plus {
                    report(.brokenBorder, Diagnostic.Message.missingJunction, columnRange(i, xs[k]),
                           fix: characterFix(.putPlusWhereBordersCross, line: i, column: xs[k], G.plus))
                } else if !ruled && up && down && c != G.pipe && c != G.plus {
                    report(.brokenBorder, Diagnostic.Message.verticalGap, columnRange(i, xs[k]),
                           fix: characterFix(.closeVerticalBorder, line: i, column: xs[k], G.pipe))
                }
            }
        }
    }

    // MARK: Locating

    /// The slot at byte `offset` of table line `i`.
    func slot(line i: Int, offset: Int) -> Slot? {
        guard let found = (0..<lines[i].width).last(where: { lines[i].offset($0) <= offset }) ?? (offset <= lines[i].start ? 0 : nil) else { return nil }
        // On the left edge (or before it), the cursor is at the first cell, as in a pipe table.
        let x = max(found, geometry.left + 1)
        guard let below = borders.firstIndex(where: { $0 > i }) else { return nil }
        let band = below - 1
        if isBorderLine[i] {
            // Only the open part of a border, inside a cell spanning across it.
            guard let k = (0..<intervals).first(where: { xs[$0] < x && x < xs[$0 + 1] }),
                  !geometry.isRule(line: i, interval: k), band >= 0 else { return nil }
            return Slot(row: band, column: k)
        }
        let columns = (0..<xs.count).filter { bandBoundaries[band][$0] }
        guard let right = columns.firstIndex(where: { separatorColumn(line: i, boundary: $0) >= x }), right > 0 else { return nil }
        return Slot(row: band, column: columns[right - 1])
    }

    // MARK: The grid

    func makeGrid(_ rects: [SlotRect]) -> Grid? {
        var lineRanges: [Range<Int>] = []  // one buffer for every cell's line ranges
        let cells = rects.map { GridCell(rows: $0.rows, columns: $0.columns, lines: content(of: $0, lineRanges: &lineRanges)) }
        return try? Grid(
            rowCount: bandBoundaries.count, columnCount: intervals, cells: cells,
            alignments: alignments(headerSeparator ?? 0), headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }

    /// The cell's lines: the text between its left and right lines on every line from its top border to
    /// its bottom one, trailing spaces and trailing blank lines dropped, less one space of padding when
    /// every line starts with one (`GridTableRelayer.unpadded`).
    func content(of rect: SlotRect) -> [String] {
        var lineRanges: [Range<Int>] = []
        return content(of: rect, lineRanges: &lineRanges)
    }

    /// `content(of:)` with the lines' byte ranges gathered in `lineRanges` (emptied first, kept from cell
    /// to cell) and made strings once through one buffer pointer, as `GridTableRelayer.unpadded` makes
    /// them: a slice per line would retain and release the document's storage each time (a tenth of
    /// reading a long grid table).
    func content(of rect: SlotRect, lineRanges ranges: inout [Range<Int>]) -> [String] {
        ranges.removeAll(keepingCapacity: true)
        let keepsTabs = region.syntax == .restructuredText
        let lines = text.bytes.withUnsafeBufferPointer { bytes -> [String]? in
            for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] {
                let from = separatorColumn(line: i, boundary: rect.columns.lowerBound)
                let to = separatorColumn(line: i, boundary: rect.columns.upperBound)
                let range = self.lines[i].byteRange(from: from + 1, to: to)
                let line = UnsafeBufferPointer(rebasing: bytes[range])
                // A tab in a Markdown cell becomes spaces; docutils's are measured where they are printed.
                if keepsTabs == false && line.contains(0x09) { return nil }
                ranges.append(range.lowerBound..<range.lowerBound + line.trimmingEnd(Blank.isSpace).count)
            }
            while ranges.last?.isEmpty == true { ranges.removeLast() }
            let padded = GridTableRelayer.arePadded(firstBytes: ranges.lazy.map { $0.isEmpty ? nil : bytes[$0.lowerBound] })
            return ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[padded ? $0.dropFirst() : $0]), as: UTF8.self) }
        }
        return lines ?? tabExpandedContent(of: rect)
    }

    /// `content(of:)` of a cell with a tab in its text: each line with its tabs expanded to spaces.
    private func tabExpandedContent(of rect: SlotRect) -> [String] {
        var result: [ArraySlice<UInt8>] = []
        for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] {
            let from = separatorColumn(line: i, boundary: rect.columns.lowerBound)
            let to = separatorColumn(line: i, boundary: rect.columns.upperBound)
            result.append(lines[i].expandingTabs(in: text, from: from + 1, to: to).trimmingEnd(Blank.isSpace))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return GridTableRelayer.unpadded(bytes: result)
    }

    /// Each cell's text measured as its reader counts it and as an editor draws it: where they differ,
    /// the table is laid out for the reader, and says so (information). docutils decides a
    /// reStructuredText table; where `pandoc -f rst` counts a cell's text apart, a warning says pandoc reads
    /// other cells. In Markdown, pandoc's own sizing (`GridReader.pandocSizingExcess`) can defeat every
    /// layout: only then is the table refused (`GridReader.pandocRefusal`).
    mutating func checkReaderWidths(_ rects: [SlotRect]) {
        let reader = GridReader(region.syntax)
        if reader == .docutils { checkPandocIndentation() }
        var lineExcess: [Int: Int] = [:]  // pandoc: per content line, how much wider pandoc sizes it
        for rect in rects {
            var informed = false, warned = false  // one of each per cell
            for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] where !lines[i].offsets.isEmpty {
                let from = separatorColumn(line: i, boundary: rect.columns.lowerBound) + 1
                let to = separatorColumn(line: i, boundary: rect.columns.upperBound)
                var bytes = lines[i].bytes(in: text, from: from, to: to)
                if bytes.contains(0x09) {
                    let range = lines[i].offset(from)..<lines[i].offset(to)
                    if reader == .docutils && !warned,
                       GridReader.pandocExpandsTabsApart(line: text.bytes[text.starts[lines[i].line]..<range.upperBound], cell: range) {
                        warned = true
                        diagnostics.append(Diagnostic(
                            code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTExpandsTabsApart, range: range))
                    }
                    bytes = lines[i].expandingTabs(in: text, from: from, to: to)  // as the cell reads
                }
                let cellText = String(decoding: bytes.trimming(Blank.isSpace), as: UTF8.self)
                let range = lines[i].offset(from)..<lines[i].offset(to)
                if reader == .pandoc {
                    let excess = GridReader.pandocSizingExcess(cellText)
                    if excess != 0 { lineExcess[i, default: 0] += excess }
                } else if !warned, case let wider = GridReader.conflict(in: cellText), wider != 0 {
                    warned = true
                    diagnostics.append(Diagnostic(
                        code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTCountsNarrower(wider), range: range))
                }
                let drawn = DisplayWidth.of(cellText, options: WidthOptions(ambiguousWidth: 1, tabSize: 1))
                let counted = reader.width(of: cellText)
                if drawn != counted && !informed {
                    informed = true
                    diagnostics.append(Diagnostic(
                        code: .readerWidth, severity: .information,
                        message: Diagnostic.Message.readerCounts(reader.name, counted: columns(counted), off: columns(abs(drawn - counted))),
                        range: range))
                }
            }
        }
        let widest = lineExcess.max { ($0.value, -$0.key) < ($1.value, -$1.key) }  // the first of the widest lines
        if let widest, widest.value > 0, let reason = GridReader.pandocRefusal(
            excess: widest.value, hasHeaderFootOrAlignments: hasHeaderFootOrAlignments,
            hasSpanUnderJunction: GridReader.hasSpanUnderJunction(rects, rowCount: borders.count - 1, columnCount: intervals)
        ) {
            report(.readerWidth, reason, lineRange(widest.key))
        }
    }

    /// Lines indented alike for docutils (tabs to stops of 8) may not be for `pandoc -f rst` (stops of 4:
    /// a tab and 8 spaces), which then reads no table: a warning on the first line that stands apart.
    private mutating func checkPandocIndentation() {
        func pandocIndent(_ i: Int) -> Int {
            BlockSyntax.indentation(text.bytes, text.starts[lines[i].line], text.contentEnd(lines[i].line)).columns
        }
        guard let first = lines.indices.first, case let indent = pandocIndent(first),
              let apart = lines.indices.first(where: { pandocIndent($0) != indent }) else { return }
        diagnostics.append(Diagnostic(
            code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTIndentsApart, range: lineRange(apart)))
    }

    /// Whether the table has lines pandoc finds by walking a border to the end: a header separator (and
    /// with it a foot), or alignment colons.
    var hasHeaderFootOrAlignments: Bool {
        headerSeparator != nil || alignments(0).contains { $0 != .none }
    }

    /// A table its reader cannot read as drawn says only that.
    mutating func keepReaderWidthErrorsAlone() {
        guard diagnostics.contains(where: { $0.code == .readerWidth && $0.severity == .error }) else { return }
        diagnostics.removeAll { $0.code == .readerWidth && $0.severity != .error }
    }

    private func columns(_ n: Int) -> String { n == 1 ? "1 column" : "\(n) columns" }

    /// Colons at the ends of the header separator's (or else the top border's) segments.
    /// The columns' alignments from the colons of line `i` (the header separator, or the top border of a
    /// table without one), as pandoc reads them: the line's runs between two `+`, in order, give their
    /// alignments to the columns in order, whatever columns a run covers (`+======:+===+` over three columns
    /// right-aligns the first, `+===+======:+` the second), and columns past the last run have none.
    func alignments(_ i: Int) -> [ColumnAlignment] {
        var alignments = [ColumnAlignment](repeating: .none, count: intervals)
        var run = 0, k = 0
        while k < intervals {
            var end = k + 1  // the run ends at the next column line the line draws a junction on
            while end < intervals && lines[i].char(xs[end]) != G.plus { end += 1 }
            let left = lines[i].char(xs[k] + 1) == G.colon, right = lines[i].char(xs[end] - 1) == G.colon
            alignments[run] = ColumnAlignment(colonAtStart: left, colonAtEnd: right)
            run += 1
            k = end
        }
        return alignments
    }
}
