/// The lines of a grid table and the grid their borders draw (the names: `GridTableMap`): where column
/// lines can run (`columnLineX`, the left edge first, the right edge last) and which columns each border rules.
struct GridTableGeometry {
    static let plus = UInt8(ascii: "+"), pipe = UInt8(ascii: "|"), dash = UInt8(ascii: "-")
    static let equals = UInt8(ascii: "="), colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")

    var lines: [GridTextLine]
    /// How the lines were measured; fixes that print the table anew measure the same way.
    let options: WidthOptions
    /// The x of each column line, sorted; `columnLineX.first` is the left edge, `columnLineX.last` the right.
    var columnLineX: [Int] = []
    /// Per line: the column ranges (inclusive of both `+`) of runs like `+----+` or `+===+`.
    var ruleRuns: [[ClosedRange<Int>]] = []
    /// Per line, per column: whether the line rules it (empty for lines with no rule run).
    private var ruled: [[Bool]] = []

    init(_ text: TextLines, region: TableRegion, options: WidthOptions) {
        self.options = options
        lines = []
        lines.reserveCapacity(region.contentStarts.count)
        for (offset, start) in region.contentStarts.enumerated() {
            lines.append(GridTextLine(text, line: region.firstLine + offset, start: start, options: options, reader: ReferenceReader(region.syntax)))
        }
        ruleRuns = lines.indices.map { GridTableGeometry.ruleRuns(lines[$0]) }  // by index: no copy of a line
        columnLineX = gridColumns()
        let columnLineX = self.columnLineX
        ruled = ruleRuns.map { runs in
            runs.isEmpty ? [] : (0..<max(0, columnLineX.count - 1)).map { k in
                runs.contains { $0.lowerBound <= columnLineX[k] && columnLineX[k + 1] <= $0.upperBound }
            }
        }
    }

    var left: Int { columnLineX.first ?? 0 }
    var right: Int { columnLineX.last ?? 0 }
    var columnCount: Int { max(0, columnLineX.count - 1) }

    /// Maximal runs of `+`, `-`, `=`, `:` that start and end with `+` and hold a `-` or `=`.
    private static func ruleRuns(_ line: GridTextLine) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var x = 0
        // Through the line's columns as bytes: border lines are half a grid table's text.
        line.withColumns { chars in
            while true {
                x = WordScan.firstIndex(of: plus, or: plus, in: chars, from: x, to: chars.count)
                guard x < chars.count else { break }
                // The run's last byte, its last `+` and whether it holds a `-` or `=`, each a word at a time.
                let end = WordScan.firstIndex(notAmong: (plus, dash, equals, colon), in: chars, from: x + 1, to: chars.count) - 1
                var lastPlus = end
                while chars[lastPlus] != plus { lastPlus -= 1 }
                let ruled = WordScan.firstIndex(of: dash, or: equals, in: chars, from: x + 1, to: end + 1) <= end
                if ruled && lastPlus > x { runs.append(x...lastPlus) }
                x = end + 1
            }
        }
        return runs
    }

    /// The left edge and the junctions of the top and bottom borders; then, until nothing changes, the
    /// junctions of rule runs on other lines whose both ends are columns already found. Every end of a
    /// real run is the table's edge or a column line that continues up to a border above, so a legible
    /// table is found this way, and text like `Range---+---+` in a cell that spans rows (and so crosses
    /// a border line) is not taken for a border. What is left: runs on border lines whose every new
    /// junction meets a `|` or `+` right above or below (the inner border of a ring, which the
    /// diagnostics must see); the printer keeps such text off border lines.
    private func gridColumns() -> [Int] {
        guard let first = lines.first else { return [] }
        let left = (0..<first.width).first { first.char($0) != GridTableGeometry.space } ?? 0
        var isColumn = [Bool](repeating: false, count: lines.reduce(0) { max($0, $1.width) } + 1)
        isColumn[left] = true
        // The top and bottom borders, then the lines between them (a range: no set to ask at every line).
        let inner = 1..<max(1, lines.count - 1)
        for i in Set([0, lines.count - 1]).sorted() where lines[i].char(left) == GridTableGeometry.plus {
            for run in ruleRuns[i] { markJunctions(i, run, &isColumn) }
        }
        repeat {
            markRunsBetweenColumns(on: inner, &isColumn)
        } while markRunsMeetingVerticalLines(left: left, on: inner, &isColumn)
        return isColumn.indices.filter { isColumn[$0] }
    }

    private func markRunsBetweenColumns(on inner: Range<Int>, _ isColumn: inout [Bool]) {
        var changed = true
        while changed {
            changed = false
            // By index: a line copied out of the array costs a retain and a release, on every pass.
            for i in inner {
                for run in ruleRuns[i] where isColumn[run.lowerBound] && isColumn[run.upperBound] {
                    changed = markJunctions(i, run, &isColumn) || changed
                }
            }
        }
    }

    /// On lines starting with `+`: runs whose new junctions each have a column line beside them.
    private func markRunsMeetingVerticalLines(left: Int, on inner: Range<Int>, _ isColumn: inout [Bool]) -> Bool {
        let plus = GridTableGeometry.plus, pipe = GridTableGeometry.pipe
        let meetsVerticalLine = { (i: Int, x: Int) -> Bool in
            [i - 1, i + 1].contains { self.lines.indices.contains($0) && (self.lines[$0].char(x) == pipe || self.lines[$0].char(x) == plus) }
        }
        var changed = false
        for i in inner where lines[i].char(left) == plus {
            for run in ruleRuns[i] where !(isColumn[run.lowerBound] && isColumn[run.upperBound]) {
                let new = run.filter { lines[i].char($0) == plus && !isColumn[$0] }
                if new.allSatisfy({ meetsVerticalLine(i, $0) }) {
                    changed = markJunctions(i, run, &isColumn) || changed
                }
            }
        }
        return changed
    }

    /// Marks the `+` junctions of a run; true when one was new.
    @discardableResult
    private func markJunctions(_ i: Int, _ run: ClosedRange<Int>, _ isColumn: inout [Bool]) -> Bool {
        var added = false
        var x = run.lowerBound
        while x <= run.upperBound {  // from `+` to `+`: every pass over the table asks this of every border
            if !isColumn[x] { (isColumn[x], added) = (true, true) }
            x = lines[i].firstColumn(of: GridTableGeometry.plus, from: x + 1)
        }
        return added
    }

    /// Whether column `k` is ruled on line `i`.
    func isRule(line i: Int, column k: Int) -> Bool {
        !ruled[i].isEmpty && ruled[i][k]
    }

    /// Whether the rule over column `k` on line `i` is made of `=` (a header separator).
    func isHeaderRule(line i: Int, column k: Int) -> Bool {
        isRule(line: i, column: k) && lines[i].char(columnLineX[k] + 1 + (lines[i].char(columnLineX[k] + 1) == GridTableGeometry.colon ? 1 : 0)) == GridTableGeometry.equals
    }

    /// A border rules at least one column.
    func isBorder(_ i: Int) -> Bool { ruled[i].contains(true) }
}
