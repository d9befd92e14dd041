/// The lines of a grid table and the grid their borders draw: the columns where vertical lines can run
/// (`xs`, left edge first, right edge last) and, for each border line, which column intervals it rules.
struct GridTableGeometry {
    static let plus = UInt8(ascii: "+"), pipe = UInt8(ascii: "|"), dash = UInt8(ascii: "-")
    static let equals = UInt8(ascii: "="), colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")

    var lines: [GridTextLine]
    /// Sorted columns of the grid's vertical lines; `xs.first` is the left edge, `xs.last` the right.
    var xs: [Int] = []
    /// Per line: the column ranges (inclusive of both `+`) of runs like `+----+` or `+===+`.
    var ruleRuns: [[ClosedRange<Int>]] = []

    init(_ text: TextLines, region: TableRegion, options: WidthOptions) {
        lines = region.contentStarts.enumerated().map { offset, start in
            GridTextLine(text, line: region.firstLine + offset, start: start, options: options)
        }
        ruleRuns = lines.map(GridTableGeometry.ruleRuns)
        xs = gridColumns()
    }

    var left: Int { xs.first ?? 0 }
    var right: Int { xs.last ?? 0 }
    var intervalCount: Int { max(0, xs.count - 1) }

    static func isRuleChar(_ c: UInt8) -> Bool { c == dash || c == equals || c == colon }

    /// Maximal runs of `+`, `-`, `=`, `:` that start and end with `+` and hold a `-` or `=`.
    private static func ruleRuns(_ line: GridTextLine) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var x = 0
        while x < line.width {
            guard line.char(x) == plus else { x += 1; continue }
            var end = x
            var lastPlus = x
            var ruled = false
            while end + 1 < line.width, line.char(end + 1) == plus || isRuleChar(line.char(end + 1)) {
                end += 1
                if line.char(end) == plus { lastPlus = end }
                if line.char(end) == dash || line.char(end) == equals { ruled = true }
            }
            if ruled && lastPlus > x { runs.append(x...lastPlus) }
            x = end + 1
        }
        return runs
    }

    /// The left edge, and the ends of every rule run on lines that start at the left edge with `+`; then,
    /// until nothing changes, the ends of rule runs on other lines that touch a column already found
    /// (a border under a cell spanning rows starts with `|`). Runs inside a cell (a nested table) touch none.
    private func gridColumns() -> [Int] {
        guard let first = lines.first else { return [] }
        let left = first.chars.firstIndex { $0 != GridTableGeometry.space } ?? 0
        var columns: Set<Int> = [left]
        for (i, line) in lines.enumerated() where line.char(left) == GridTableGeometry.plus {
            for run in ruleRuns[i] { columns.formUnion(plusColumns(line, run)) }
        }
        var changed = true
        while changed {
            changed = false
            for (i, line) in lines.enumerated() where line.char(left) != GridTableGeometry.plus {
                for run in ruleRuns[i] where columns.contains(run.lowerBound) || columns.contains(run.upperBound) {
                    let found = plusColumns(line, run)
                    if !found.isSubset(of: columns) {
                        columns.formUnion(found)
                        changed = true
                    }
                }
            }
        }
        return columns.sorted()
    }

    /// The `+` junctions at the ends of a run and inside it.
    private func plusColumns(_ line: GridTextLine, _ run: ClosedRange<Int>) -> Set<Int> {
        Set(run.filter { line.char($0) == GridTableGeometry.plus })
    }

    /// Whether interval `k` (between `xs[k]` and `xs[k + 1]`) is ruled on line `i`.
    func isRule(line i: Int, interval k: Int) -> Bool {
        ruleRuns[i].contains { $0.lowerBound <= xs[k] && xs[k + 1] <= $0.upperBound }
    }

    /// Whether the rule over interval `k` on line `i` is made of `=` (a header separator).
    func isHeaderRule(line i: Int, interval k: Int) -> Bool {
        isRule(line: i, interval: k) && lines[i].char(xs[k] + 1 + (lines[i].char(xs[k] + 1) == GridTableGeometry.colon ? 1 : 0)) == GridTableGeometry.equals
    }

    /// A border line rules at least one interval.
    func isBorder(_ i: Int) -> Bool { (0..<intervalCount).contains { isRule(line: i, interval: $0) } }
}
