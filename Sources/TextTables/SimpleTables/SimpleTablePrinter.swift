import GridModel

/// Prints a grid as a reStructuredText simple table: each column as wide as its widest text in docutils's
/// columns (a spanning cell widens the last column it spans), two spaces between columns, a right-aligned
/// column's cells flush right (each cell's lines moved together), `=` rules with a run per cell of the row
/// above them (the header rule and the bottom border say that row's spans), a `-` underline below any
/// other row with a spanning cell or that had one (and around a row that was read from an underline
/// alone, which stays one), and `\` for an empty first cell (a blank first column would continue the row
/// above). The grid must have no row spans, and a first-column cell's later
/// lines must leave the first column blank (`SimpleTablePrinter.refusal`).
struct SimpleTablePrinter {
    static let gap = 2

    let grid: Grid
    let layout: SimpleTableLayout
    /// Per column: its width and where it starts.
    let widths: [Int]
    let starts: [Int]

    /// The widths before a block quote's attribution widened the first column (`layout` plays no part):
    /// what `refusal` measures against.
    private let unlaidWidths: [Int]

    init(_ grid: Grid, layout: SimpleTableLayout) {
        self.init(grid, layout: layout, unlaidWidths: SimpleTablePrinter.unlaidWidths(grid))
    }

    private init(_ grid: Grid, layout: SimpleTableLayout, unlaidWidths: [Int]) {
        self.grid = grid
        self.layout = layout
        self.unlaidWidths = unlaidWidths
        var widths = unlaidWidths
        // A `-` line right after a blank line that starts with 2 or 3 dashes reads, in a block quote, as
        // the quote's attribution (`-- Author`): where one would, the first column is made 4 wide.
        let rows = SimpleTablePrinter.rowsOfCells(grid)
        if widths[0] < 4 && rows.indices.contains(where: { r in
            SimpleTablePrinter.blankLines(after: r, rows: rows, grid: grid, layout: layout) > 0
                && SimpleTablePrinter.dashRule(below: r, rows: rows, layout: layout) && rows[r].first?.columns == 0..<1
        }) {
            widths[0] = 4
        }
        self.widths = widths
        var starts: [Int] = []
        var x = 0
        for width in widths {
            starts.append(x)
            x += width + SimpleTablePrinter.gap
        }
        self.starts = starts
    }

    /// Each column as wide as its widest text, a spanning cell widening the last column it spans.
    private static func unlaidWidths(_ grid: Grid) -> [Int] {
        var widths = [Int](repeating: 1, count: grid.columnCount)
        for cell in grid.cells where cell.columns.count == 1 {
            widths[cell.columns.lowerBound] = max(widths[cell.columns.lowerBound], SimpleTablePrinter.width(of: cell, grid: grid))
        }
        // Narrow spans first, so that a wide one sees the room the narrow ones made.
        for cell in grid.cells.filter({ $0.columns.count > 1 }).sorted(by: { $0.columns.count < $1.columns.count }) {
            let room = cell.columns.reduce(0) { $0 + widths[$1] } + SimpleTablePrinter.gap * (cell.columns.count - 1)
            let needed = SimpleTablePrinter.width(of: cell, grid: grid)
            if needed > room { widths[cell.columns.upperBound - 1] += needed - room }
        }
        return widths
    }

    /// Why `grid` cannot be printed as a simple table, or nil: it has one column (docutils reads a border of
    /// one run as a section title's overline), a cell spans rows, there is no body, a
    /// foot, or a first-column cell has a line after its first that would not leave the first column
    /// blank (a unit cell of two lines, or a spanning one whose later line starts inside the column), which
    /// would start a row.
    static func refusal(_ grid: Grid) -> TableEditRefusal? {
        refusal(grid, unlaidWidths: nil)
    }

    /// `refusal`, measured against `unlaidWidths` when a printer of `grid` already has them.
    private static func refusal(_ grid: Grid, unlaidWidths: [Int]?) -> TableEditRefusal? {
        if grid.columnCount < 2 { return .simpleOneColumn }
        if let tall = grid.cells.first(where: { $0.rows.count > 1 }) { return .simpleRowSpan(tall.rect) }
        if grid.headerRowCount >= grid.rowCount && grid.headerRowCount > 0 { return .simpleHeaderOnly }
        if grid.footerRowCount > 0 { return .simpleFoot(rows: grid.footerRowCount) }
        let layout = SimpleTableLayout(indent: [], blankLinesAfter: [])
        let printer = SimpleTablePrinter(grid, layout: layout, unlaidWidths: unlaidWidths ?? SimpleTablePrinter.unlaidWidths(grid))
        return printer.firstColumnRefusal() ?? printer.ruleLikeRowRefusal()
    }

    /// A row whose first line would print as nothing but `=` or `-` runs: docutils would read it as a rule
    /// or an underline (text indented in its cell, `  ===`, reads as text; printed at the column's start,
    /// it would not).
    private func ruleLikeRowRefusal() -> TableEditRefusal? {
        for (r, cells) in SimpleTablePrinter.rowsOfCells(grid).enumerated() where cells.allSatisfy(SimpleTablePrinter.mayStartRuleLike) {
            let line = textLine(cells, 0)
            guard !line.isEmpty, SimpleTableSyntax.isBorder(line, 0, line.count) || SimpleTableSyntax.isSpanLine(line, 0, line.count) else { continue }
            return .simpleRuleLikeRow(row: r)
        }
        return nil
    }

    /// Whether the cell's first line holds only `=`, `-` and spaces (an empty first cell prints `\`): a row
    /// of which any other cell does cannot print as a rule (no line is printed to find out).
    private static func mayStartRuleLike(_ cell: GridCell) -> Bool {
        guard let first = cell.lines.first else { return cell.columns.lowerBound != 0 }
        return first.utf8.allSatisfy { $0 == SimpleTableSyntax.equals || $0 == SimpleTableSyntax.dash || $0 == SimpleTableSyntax.space }
    }

    private func firstColumnRefusal() -> TableEditRefusal? {
        let first = widths[0]
        for cell in grid.cells where cell.columns.lowerBound == 0 {
            let intoFirstColumn = cell.lines.dropFirst().contains { line in
                !line.isEmpty && line.utf8.prefix(while: { $0 == 0x20 }).count < first
            }
            if intoFirstColumn { return .simpleTallFirstCell(cell.rect, lines: cell.lines.count) }
        }
        return nil
    }

    /// Whether the grid prints as a simple table (`refusal` gives the reason when it does not).
    var isPrintable: Bool { SimpleTablePrinter.refusal(grid, unlaidWidths: unlaidWidths) == nil }

    /// docutils's columns for a line: East Asian Wide and Fullwidth characters count two, combining ones none.
    static func width<S: StringProtocol>(of text: S) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { total, scalar in
            total + (scalar.properties.canonicalCombiningClass.rawValue != 0 ? 0 : SimpleTableLine.width(scalar))
        }
    }

    private static func width(of cell: GridCell, grid: Grid) -> Int {
        var widest = cell.columns.lowerBound == 0 && (cell.lines.first ?? "").isEmpty ? 1 : 0
        for line in cell.lines { widest = max(widest, width(of: line)) }  // no array of widths: once per cell
        return widest
    }

    /// The printed lines, each with the table's indentation (blank lines without it).
    func lines() -> [[UInt8]] {
        var out: [[UInt8]] = []
        forEachLine { out.append(Array($0)) }
        return out
    }

    /// Each printed line in turn, in one buffer used again for the next (formatting copies them into the
    /// document's: a long table made an array per line).
    func forEachLine(_ body: (ArraySlice<UInt8>) -> Void) {
        var line: [UInt8] = []
        rule(SimpleTableSyntax.equals, runs: widths.indices.map { $0..<$0 + 1 }, into: &line)
        body(line[...])
        let rows = SimpleTablePrinter.rowsOfCells(grid)
        for (r, cells) in rows.enumerated() {
            // A row read from an underline alone stays one: docutils reads an underline right below another,
            // or below the top border, as a row of empty cells.
            if !SimpleTablePrinter.isUnderline(r, rows: rows, layout: layout) {
                var height = 1
                for cell in cells { height = max(height, cell.lines.count) }
                for j in 0..<height {
                    textLine(cells, j, into: &line)
                    body(line[...])
                }
                for _ in 0..<SimpleTablePrinter.blankLines(after: r, rows: rows, grid: grid, layout: layout) { body([]) }
            }
            if r == grid.rowCount - 1 || r == grid.headerRowCount - 1 {
                rule(SimpleTableSyntax.equals, runs: cells.map { $0.columns }, into: &line)
                body(line[...])
            } else if SimpleTablePrinter.dashRule(below: r, rows: rows, layout: layout) {
                rule(SimpleTableSyntax.dash, runs: cells.map { $0.columns }, into: &line)
                body(line[...])
            }
        }
    }

    /// Whether row `r` was read from an underline alone (and is still empty).
    private static func isUnderline(_ r: Int, rows: [ArraySlice<GridCell>], layout: SimpleTableLayout) -> Bool {
        r < rows.count && r < layout.underlineRows.count && layout.underlineRows[r] && rows[r].allSatisfy { $0.lines.isEmpty }
    }

    /// The blank lines printed after row `r`'s text: those that closed it, but after the header's last row
    /// and the table's.
    private static func blankLines(after r: Int, rows: [ArraySlice<GridCell>], grid: Grid, layout: SimpleTableLayout) -> Int {
        guard r < grid.rowCount - 1, r != grid.headerRowCount - 1, r < layout.blankLinesAfter.count, !isUnderline(r, rows: rows, layout: layout) else { return 0 }
        return layout.blankLinesAfter[r]
    }

    /// Whether a `-` line goes below row `r` (not the header's last row or the table's, which an `=` rule
    /// closes): a row with a spanning cell, or around one read from an underline, or one that had a `-` line.
    private static func dashRule(below r: Int, rows: [ArraySlice<GridCell>], layout: SimpleTableLayout) -> Bool {
        rows[r].contains { $0.columns.count > 1 } || isUnderline(r, rows: rows, layout: layout) || isUnderline(r + 1, rows: rows, layout: layout)
            || (r < layout.ruledRows.count && layout.ruledRows[r])
    }

    /// Per row, the cells that start in it, left to right: runs of `grid.cells`, which are in reading
    /// order (slices, not copies: a long table's cells were copied twice per printing).
    private static func rowsOfCells(_ grid: Grid) -> [ArraySlice<GridCell>] {
        var rows = [ArraySlice<GridCell>](repeating: [], count: grid.rowCount)
        var start = 0
        for index in grid.cells.indices where index + 1 == grid.cells.count || grid.cells[index + 1].rows.lowerBound != grid.cells[start].rows.lowerBound {
            rows[grid.cells[start].rows.lowerBound] = grid.cells[start...index]
            start = index + 1
        }
        return rows
    }

    private func rule(_ mark: UInt8, runs: [Range<Int>], into line: inout [UInt8]) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: layout.indent)
        for (n, run) in runs.enumerated() {
            if n > 0 { line.appendSpaces(SimpleTablePrinter.gap) }
            let width = starts[run.upperBound - 1] + widths[run.upperBound - 1] - starts[run.lowerBound]
            line.append(contentsOf: repeatElement(mark, count: width))
        }
    }

    private func textLine(_ cells: ArraySlice<GridCell>, _ j: Int) -> [UInt8] {
        var line: [UInt8] = []
        textLine(cells, j, into: &line)
        return line
    }

    /// Line `j` of a row's cells in `line` (emptied first); empty when no cell has text on it.
    private func textLine(_ cells: ArraySlice<GridCell>, _ j: Int, into line: inout [UInt8]) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: layout.indent)
        var column = 0
        for cell in cells {
            var text = j < cell.lines.count ? cell.lines[j] : ""
            if text.isEmpty && j == 0 && cell.columns.lowerBound == 0 { text = "\\" }
            guard !text.isEmpty else { continue }
            var start = starts[cell.columns.lowerBound]
            if cell.columns.count == 1 && grid.alignments[cell.columns.lowerBound] == .right {
                // The cell's lines moved together, so that the widest ends at the column's edge.
                start += widths[cell.columns.lowerBound] - SimpleTablePrinter.width(of: cell, grid: grid)
            }
            line.appendSpaces(start - column)
            line.append(contentsOf: text.utf8)
            column = start + SimpleTablePrinter.width(of: text)
        }
        if line.count == layout.indent.count { line.removeAll(keepingCapacity: true) }
    }
}
