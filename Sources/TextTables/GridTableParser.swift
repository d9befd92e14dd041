import GridModel

/// A grid table read from text: the grid when its structure is unambiguous, and what is wrong otherwise.
/// Reading never fails; a table with an error diagnostic has no grid and is never rewritten.
public struct GridTableParse: Sendable {
    public var grid: Grid?
    public var diagnostics: [Diagnostic]
    /// True when some content line's `|` were off the border's columns and were matched by their order
    /// (text typed into a cell): printing re-lays the table.
    public var wasReLaid: Bool
}

public enum GridTableParser {
    public static func parse(_ text: TextLines, region: TableRegion, options: WidthOptions = .init()) -> GridTableParse {
        var reader = GridTableReader(text: text, region: region, geometry: GridTableGeometry(text, region: region, options: options))
        return reader.read()
    }

    /// The slot (row, column) that byte `offset` lies in: on a content line, between the `|` around it;
    /// on a border, inside a cell that spans across it. Nil on a rule, a junction, or an unreadable table.
    public static func slot(at offset: Int, in text: TextLines, region: TableRegion, options: WidthOptions = .init()) -> (row: Int, column: Int)? {
        var reader = GridTableReader(text: text, region: region, geometry: GridTableGeometry(text, region: region, options: options))
        guard reader.read().grid != nil, let i = region.lines.firstIndex(where: { text.starts[$0] <= offset && offset <= text.contentEnd($0) }) else {
            return nil
        }
        return reader.slot(line: i - region.firstLine, offset: offset)
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

    var lines: [GridTextLine] { geometry.lines }
    var xs: [Int] { geometry.xs }
    var intervals: Int { geometry.intervalCount }

    mutating func read() -> GridTableParse {
        if checkEdges(), findBorders(), findBoundaries() {
            checkRuleRunsInContent()
            let cells = findCells()
            checkJunctions()
            if !diagnostics.contains(where: { $0.severity == .error }), let cells {
                return GridTableParse(grid: makeGrid(cells), diagnostics: diagnostics, wasReLaid: wasReLaid)
            }
            if let cells, !irregularRegions.isEmpty, diagnostics.allSatisfy({ $0.code == .nonRectangularCell }) {
                let fix = splittingFix(cells)
                for index in diagnostics.indices { diagnostics[index].fixes = fix.map { [$0] } ?? [] }
            }
        }
        offerReLaying()
        return GridTableParse(grid: nil, diagnostics: diagnostics, wasReLaid: wasReLaid)
    }

    /// Where only borders and separators are wrong and the table is a plain grid of cells whose lines
    /// each hold every cell, offer to re-lay it from those cells.
    mutating func offerReLaying() {
        guard diagnostics.allSatisfy({ $0.code == .brokenBorder }), !diagnostics.isEmpty,
              let grid = GridTableRelayer.grid(text, region: region) else { return }
        let printed = GridTablePrinter(grid, indent: Array(DocumentFormatter.tableIndentation(text, region: region))).lines()
        let fix = Fix(title: "Re-lay the table from its cells", edits: DocumentFormatter.lineEdits(text, region: region, lines: printed))
        for index in diagnostics.indices { diagnostics[index].fixes.append(fix) }
    }

    /// Every region that is not a rectangle split along its grid lines into one cell per slot, its text
    /// (read line by line across its slots) kept in its first slot; the table printed anew.
    func splittingFix(_ rectangles: [SlotRect]) -> Fix? {
        let columns = intervals
        var cells = rectangles.map { GridCell(rows: $0.rows, columns: $0.columns, lines: content(of: $0)) }
        for region in irregularRegions {
            let regionText = irregularContent(Set(region))
            for (n, slot) in region.enumerated() {
                let r = slot / columns, k = slot % columns
                cells.append(GridCell(rows: r..<r + 1, columns: k..<k + 1, lines: n == 0 ? regionText : []))
            }
        }
        guard let grid = try? Grid(
            rowCount: bandBoundaries.count, columnCount: columns, cells: cells,
            alignments: alignments(headerSeparator ?? 0), headerRowCount: headerRowCount)
        else { return nil }
        let printed = GridTablePrinter(grid, indent: Array(DocumentFormatter.tableIndentation(text, region: region))).lines()
        return Fix(title: "Split the region into rectangles along its grid lines", edits: DocumentFormatter.lineEdits(text, region: region, lines: printed))
    }

    /// The text of a region of slots, line by line: on each line, the runs of the region's slots that
    /// no line separates, joined by a space.
    func irregularContent(_ slots: Set<Int>) -> [String] {
        let columns = intervals
        let rows = slots.map { $0 / columns }
        var result: [String] = []
        for i in (borders[rows.min()!] + 1)..<borders[rows.max()! + 1] {
            let below = borders.firstIndex { $0 >= i }!
            let inRegion: (Int) -> Bool = { k in
                self.isBorderLine[i]
                    ? slots.contains((below - 1) * columns + k) && slots.contains(below * columns + k) && !self.geometry.isRule(line: i, interval: k)
                    : slots.contains((below - 1) * columns + k)
            }
            var pieces: [String] = []
            var k = 0
            while k < columns {
                guard inRegion(k) else { k += 1; continue }
                var end = k + 1
                while end < columns && inRegion(end) && (isBorderLine[i] || !bandBoundaries[below - 1][end]) { end += 1 }
                let from = separatorColumn(line: i, boundary: k), to = separatorColumn(line: i, boundary: end)
                let piece = String(decoding: lines[i].bytes(in: text, from: from + 1, to: to), as: UTF8.self)
                let trimmed = piece.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
                if !trimmed.isEmpty { pieces.append(String(trimmed)) }
                k = end
            }
            result.append(pieces.joined(separator: " "))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
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

    /// A fix that writes `replacement` over the character at column `x` of line `i`.
    func characterFix(_ title: String, line i: Int, column x: Int, _ replacement: UInt8) -> Fix {
        Fix(title: title, edits: [TextEdit(range: columnRange(i, x), newText: [replacement])])
    }

    // MARK: Steps

    /// Every line starts at the table's left edge with `+` or `|`; the last line is a border.
    mutating func checkEdges() -> Bool {
        guard xs.count >= 2 else {
            report(.brokenBorder, "the top border has no column: it should look like +-----+", lineRange(0))
            return false
        }
        for (i, line) in lines.enumerated() {
            let first = (0..<line.width).first { line.char($0) != G.space } ?? 0
            if first != geometry.left || (line.char(first) != G.plus && line.char(first) != G.pipe) {
                report(.brokenBorder, "line does not start at the table's left edge (column \(geometry.left + 1)) with + or |", lineRange(i))
            }
        }
        guard let last = lines.indices.last, last > 0, lines[last].char(geometry.left) == G.plus, geometry.isBorder(last) else {
            report(.unclosedTable, "the grid table is not closed: end it with a border line like its top one",
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
        let prefix = text.bytes[text.starts[lastLine]..<region.contentStarts[lines.count - 1]]
        let terminator = text.terminator(region.firstLine).isEmpty ? [0x0A] : Array(text.terminator(region.firstLine))
        let end = text.contentEnd(lastLine)
        return Fix(title: "Close the table with a bottom border", edits: [TextEdit(range: end..<end, newText: terminator + prefix + border)])
    }

    /// Cuts a border that runs past the right edge, or draws one that stops short out to it.
    func raggedBorderFix(_ i: Int) -> Fix? {
        let line = lines[i], right = geometry.right, end = line.lastNonBlank
        let rule: Set<UInt8> = [G.plus, G.dash, G.equals]
        let start = region.contentStarts[i]
        if end > right && rule.contains(line.char(right)) {
            let kept = Array(text.bytes[start..<line.offset(right)]) + [G.plus]
            return Fix(title: "Cut the border at the table's right edge", edits: [TextEdit(range: lineRange(i), newText: kept)])
        }
        if end < right && line.char(end) == G.plus {
            let fill = line.char(end - 1) == G.equals ? G.equals : G.dash
            let drawn = Array(text.bytes[start..<line.offset(end + 1)]) + Array(repeating: fill, count: right - end - 1) + [G.plus]
            return Fix(title: "Draw the border out to the table's right edge", edits: [TextEdit(range: lineRange(i), newText: drawn)])
        }
        return nil
    }

    /// Border lines: closed top and bottom, right edges in line, at most one header separator, no `+`
    /// off the columns the other lines agree on.
    mutating func findBorders() -> Bool {
        isBorderLine = lines.indices.map { geometry.isBorder($0) }
        borders = lines.indices.filter { isBorderLine[$0] }
        checkStrayJunctions()
        for (i, line) in lines.enumerated() where line.char(geometry.left) == G.plus && !geometry.isBorder(i) {
            report(.brokenBorder, "a line starting with + must be a border like +-----+", lineRange(i))
        }
        for i in [0, lines.count - 1] where !(0..<intervals).allSatisfy({ geometry.isRule(line: i, interval: $0) }) {
            report(.brokenBorder, "the \(i == 0 ? "top" : "bottom") border must be closed from edge to edge", lineRange(i))
        }
        for i in borders {
            let end = lines[i].lastNonBlank
            if end != geometry.right || (lines[i].char(end) != G.plus && lines[i].char(end) != G.pipe) {
                report(.brokenBorder, "this border ends at column \(end + 1), the table's right edge is at column \(geometry.right + 1)",
                       lineRange(i), fix: raggedBorderFix(i))
            }
        }
        for (b, i) in borders.enumerated().dropFirst() where borders[b - 1] + 1 == i {
            report(.brokenBorder, "two border lines follow each other with no row between them", lineRange(i))
        }
        let headers = borders.filter { i in (0..<intervals).contains { geometry.isHeaderRule(line: i, interval: $0) } }
        for i in headers.dropFirst() {
            let plain = text.bytes[lineRange(i)].map { $0 == G.equals ? G.dash : $0 }
            report(.multipleHeaderSeparators, "a grid table has at most one header separator (+===+); this is another one", lineRange(i),
                   fix: Fix(title: "Make this line an ordinary border", edits: [TextEdit(range: lineRange(i), newText: plain)]))
        }
        if let i = headers.first {
            if i == 0 {
                report(.brokenBorder, "the top border cannot be a header separator: use - for it", lineRange(i))
            } else if !(0..<intervals).allSatisfy({ geometry.isHeaderRule(line: i, interval: $0) }) {
                report(.brokenBorder, "the header separator must cross the whole table with =", lineRange(i))
            }
        }
        return diagnostics.isEmpty
    }

    /// A column line that only one border's `+` draws, and no `|` follows, is a junction that slipped.
    mutating func checkStrayJunctions() {
        for (k, x) in xs.enumerated() where k > 0 && k < xs.count - 1 {
            let junctions = borders.filter { lines[$0].char(x) == G.plus }
            let used = lines.indices.contains { !isBorderLine[$0] && lines[$0].char(x) == G.pipe }
            guard junctions.count == 1, !used, let i = junctions.first else { continue }
            let others = xs.filter { $0 != x && abs($0 - x) <= 2 }
            let hint = others.first.map { " (the nearest column line is at column \($0 + 1))" } ?? ""
            var fix: Fix?
            if let target = others.first {
                let fill = lines[i].char(x - 1) == G.equals || lines[i].char(x + 1) == G.equals ? G.equals : G.dash
                let from = characterFix("", line: i, column: x, fill).edits[0], to = characterFix("", line: i, column: target, G.plus).edits[0]
                fix = Fix(title: "Move the + to column \(target + 1)", edits: [from, to].sorted { $0.range.lowerBound < $1.range.lowerBound })
            }
            report(.brokenBorder, "this + is off the table's columns\(hint)", columnRange(i, x), fix: fix)
        }
    }

    /// Which vertical lines each row has, from its content lines; lines whose `|` are off the grid are
    /// matched to the row's boundaries by their order when the count agrees.
    mutating func findBoundaries() -> Bool {
        for band in 0..<(borders.count - 1) {
            var boundaries: [Bool]?
            var offGrid: [Int] = []
            for i in (borders[band] + 1)..<borders[band + 1] {
                let line = lines[i]
                guard line.char(geometry.left) == G.pipe, line.char(geometry.right) == G.pipe, line.lastNonBlank == geometry.right else {
                    offGrid.append(i)
                    continue
                }
                if let known = boundaries {
                    if known.indices.contains(where: { known[$0] != (line.char(xs[$0]) == G.pipe) }) {
                        report(.brokenBorder, "this line's | do not match the other lines of its row", lineRange(i))
                    }
                } else {
                    boundaries = xs.map { line.char($0) == G.pipe }
                }
            }
            let rowBoundaries = boundaries ?? boundariesFromBorders(above: borders[band], below: borders[band + 1])
            bandBoundaries.append(rowBoundaries)
            let ordered = rowBoundaries.indices.filter { rowBoundaries[$0] }
            for i in offGrid {
                let pipes = lines[i].pipeColumns
                guard pipes.count == ordered.count else {
                    report(.brokenBorder, "this line has \(pipes.count) | where its row needs \(ordered.count)", lineRange(i))
                    continue
                }
                wasReLaid = true
                var columns = [Int](repeating: -1, count: xs.count)
                for (k, x) in zip(ordered, pipes) { columns[k] = x }
                reLaidColumns[i] = columns
            }
        }
        return diagnostics.isEmpty
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
                    report(.brokenBorder, "a border segment lies off the table's columns", lineRange(i))
                    break
                }
            }
        }
    }

    /// The cells: slots joined where no line separates them; each group must be a filled rectangle
    /// with no stray line inside it. The common case, where every cell is a rectangle closed on all sides,
    /// is found in one pass; anything else is analysed slot by slot to say what is wrong.
    mutating func findCells() -> [SlotRect]? {
        if let cells = closedRectangles() { return cells }
        return analyseRegions()
    }

    /// Each unassigned slot in reading order starts a cell: extend it right while no vertical line
    /// follows and down while no rule lies below, then check that lines close it all round and none
    /// crosses it. Nil as soon as a check fails.
    func closedRectangles() -> [SlotRect]? {
        let rows = bandBoundaries.count, columns = intervals
        var taken = [Bool](repeating: false, count: rows * columns)
        var cells: [SlotRect] = []
        for r in 0..<rows {
            for k in 0..<columns where !taken[r * columns + k] {
                var right = k + 1
                while right < columns && !bandBoundaries[r][right] { right += 1 }
                var bottom = r + 1
                while bottom < rows && !geometry.isRule(line: borders[bottom], interval: k) { bottom += 1 }
                for row in r..<bottom {
                    guard bandBoundaries[row][k], bandBoundaries[row][right] else { return nil }
                    for inner in (k + 1)..<right where bandBoundaries[row][inner] { return nil }
                    for column in k..<right {
                        guard !taken[row * columns + column] else { return nil }
                        taken[row * columns + column] = true
                    }
                }
                for column in k..<right {
                    guard r == 0 || geometry.isRule(line: borders[r], interval: column),
                          bottom == rows || geometry.isRule(line: borders[bottom], interval: column) else { return nil }
                    for row in (r + 1)..<bottom where geometry.isRule(line: borders[row], interval: column) { return nil }
                }
                cells.append(SlotRect(rows: r..<bottom, columns: k..<right))
            }
        }
        return cells
    }

    /// Joins slots that no line separates and reports every group that is not a clean rectangle.
    mutating func analyseRegions() -> [SlotRect]? {
        let rows = bandBoundaries.count, columns = intervals
        var joined = UnionFind(count: rows * columns)
        for r in 0..<rows {
            for k in 0..<columns {
                if k + 1 < columns && !bandBoundaries[r][k + 1] { joined.union(r * columns + k, r * columns + k + 1) }
                if r + 1 < rows && !geometry.isRule(line: borders[r + 1], interval: k) {
                    joined.union(r * columns + k, (r + 1) * columns + k)
                }
            }
        }
        // Each set's bounding box and size, sets in the order of their first slot.
        var boxOfRoot = [Int](repeating: -1, count: rows * columns)
        var boxes: [(rows: ClosedRange<Int>, columns: ClosedRange<Int>, size: Int, root: Int)] = []
        for slot in 0..<(rows * columns) {
            let root = joined.find(slot), r = slot / columns, k = slot % columns
            if boxOfRoot[root] < 0 {
                boxOfRoot[root] = boxes.count
                boxes.append((r...r, k...k, 0, root))
            }
            let b = boxOfRoot[root]
            boxes[b].rows = min(boxes[b].rows.lowerBound, r)...max(boxes[b].rows.upperBound, r)
            boxes[b].columns = min(boxes[b].columns.lowerBound, k)...max(boxes[b].columns.upperBound, k)
            boxes[b].size += 1
        }
        var cells: [SlotRect] = []
        for box in boxes {
            let rect = SlotRect(rows: box.rows.lowerBound..<box.rows.upperBound + 1, columns: box.columns.lowerBound..<box.columns.upperBound + 1)
            let range = lineRange(borders[rect.rows.lowerBound] + 1).lowerBound..<lineRange(borders[rect.rows.upperBound] - 1).upperBound
            if box.size != rect.rows.count * rect.columns.count {
                irregularRegions.append((0..<(rows * columns)).filter { joined.find($0) == box.root })
                let missing = rect.rows.flatMap { r in rect.columns.map { r * columns + $0 } }.filter { joined.find($0) != box.root }
                let named = missing.prefix(3).map { "row \($0 / columns + 1), column \($0 % columns + 1)" }.joined(separator: "; ")
                report(.nonRectangularCell,
                       "the borders enclose a region that is not a rectangle: it covers \(box.size) of the \(rect.rows.count * rect.columns.count) slots of \(rect), "
                        + "not \(named)\(missing.count > 3 ? "; …" : ""); close its borders so that it splits into rectangles", range)
            } else if hasStrayLine(inside: rect) {
                report(.brokenBorder, "a border line ends inside the cell at \(rect): remove it or close it", range)
            } else {
                cells.append(rect)
            }
        }
        return cells
    }

    private func hasStrayLine(inside rect: SlotRect) -> Bool {
        for r in rect.rows {
            for k in rect.columns.dropFirst() where bandBoundaries[r][k] { return true }
            if r + 1 < rect.rows.upperBound {
                for k in rect.columns where geometry.isRule(line: borders[r + 1], interval: k) { return true }
            }
        }
        return false
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
                    report(.brokenBorder, "missing + where the borders cross", columnRange(i, xs[k]),
                           fix: characterFix("Put + where the borders cross", line: i, column: xs[k], G.plus))
                } else if !ruled && up && down && c != G.pipe && c != G.plus {
                    report(.brokenBorder, "the vertical border has a gap here: put | back", columnRange(i, xs[k]),
                           fix: characterFix("Close the vertical border with |", line: i, column: xs[k], G.pipe))
                }
            }
        }
    }

    // MARK: Locating

    /// The slot at byte `offset` of table line `i`.
    func slot(line i: Int, offset: Int) -> (row: Int, column: Int)? {
        guard let x = (0..<lines[i].width).last(where: { lines[i].offset($0) <= offset }) ?? (offset <= lines[i].start ? 0 : nil) else { return nil }
        guard let below = borders.firstIndex(where: { $0 > i }) else { return nil }
        let band = below - 1
        if isBorderLine[i] {
            // Only the open part of a border, inside a cell spanning across it.
            guard let k = (0..<intervals).first(where: { xs[$0] < x && x < xs[$0 + 1] }),
                  !geometry.isRule(line: i, interval: k), band >= 0 else { return nil }
            return (band, k)
        }
        let columns = (0..<xs.count).filter { bandBoundaries[band][$0] }
        guard let right = columns.firstIndex(where: { separatorColumn(line: i, boundary: $0) >= x }), right > 0 else { return nil }
        return (band, columns[right - 1])
    }

    // MARK: The grid

    func makeGrid(_ rects: [SlotRect]) -> Grid? {
        let cells = rects.map { GridCell(rows: $0.rows, columns: $0.columns, lines: content(of: $0)) }
        return try? Grid(
            rowCount: bandBoundaries.count, columnCount: intervals, cells: cells,
            alignments: alignments(headerSeparator ?? 0), headerRowCount: headerRowCount)
    }

    /// The cell's lines: the text between its left and right lines, less one space of padding, on every
    /// line from its top border to its bottom one; trailing blank lines dropped.
    func content(of rect: SlotRect) -> [String] {
        var result: [String] = []
        for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] {
            let from = separatorColumn(line: i, boundary: rect.columns.lowerBound)
            let to = separatorColumn(line: i, boundary: rect.columns.upperBound)
            var bytes = lines[i].bytes(in: text, from: from + 1, to: to)
            if bytes.contains(0x09) { bytes = lines[i].expandingTabs(in: text, from: from + 1, to: to) }
            if bytes.first == G.space { bytes = bytes.dropFirst() }
            while let last = bytes.last, last == G.space { bytes = bytes.dropLast() }
            result.append(String(decoding: bytes, as: UTF8.self))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// Colons at the ends of the header separator's (or else the top border's) segments.
    func alignments(_ i: Int) -> [ColumnAlignment] {
        (0..<intervals).map { k in
            let left = lines[i].char(xs[k] + 1) == G.colon, right = lines[i].char(xs[k + 1] - 1) == G.colon
            return left && right ? .center : left ? .left : right ? .right : .none
        }
    }
}

/// Disjoint sets of slots, joined where no line separates them.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ x: Int) -> Int {
        var root = x
        while parent[root] != root { root = parent[root] }
        var node = x
        while parent[node] != root { (parent[node], node) = (root, parent[node]) }
        return root
    }

    mutating func union(_ a: Int, _ b: Int) {
        let (ra, rb) = (find(a), find(b))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
