import GridModel

/// A grid table made to fit a width, as pandoc's writer does with `--columns`: while the table is wider,
/// the widest column that can give room gives a column, and the blocks of its cells that are wider and
/// wrap in the document's reader are filled again at word boundaries (`CellText`: every other block
/// kept whole, the words never changed). Where the longest unbreakable words and kept lines allow no
/// more, the table is as narrow as they let it be.
struct GridTableFit {
    let grid: Grid
    let options: WidthOptions
    let syntax: DocumentSyntax
    /// The directives a project says hold reStructuredText (`rstContentDirectives`): their bodies wrap.
    var contentDirectives: Set<String> = []
    private var reader: ReferenceReader { ReferenceReader(syntax) }

    /// Columns a grid table of columns `widths` wide (text widths) takes: `| ` and ` ` around each column's
    /// text, and the last `|`.
    static func tableWidth(_ widths: [Int]) -> Int { widths.reduce(1) { $0 + $1 + 3 } }

    private func measure(_ text: String) -> Int { reader.width(of: text) }

    /// The grid with its cells wrapped so that the table is at most `maxWidth` wide where it can be, and
    /// whether it is.
    func fitted(to maxWidth: Int) -> (grid: Grid, fits: Bool) {
        let natural = GridTablePrinter(grid, options: options, syntax: syntax).widths
        guard GridTablePrinter.tableWidth(natural) > maxWidth else { return (grid, true) }
        let texts = grid.cells.map { CellText($0.lines, syntax: syntax, contentDirectives: contentDirectives) }
        let widths = shrunk(natural, to: maxWidth, least: Least(grid: grid, texts: texts, measure: measure))
        let cells = grid.cells.enumerated().map { index, cell in
            var cell = cell
            let room = Least.room(widths, cell.columns)
            if cell.lines.contains(where: { measure($0) > room }) { cell.lines = texts[index].lines(wrappedTo: room, measure: measure) }
            return cell
        }
        let wrapped = (try? Grid(rowCount: grid.rowCount, columnCount: grid.columnCount, cells: cells, alignments: grid.alignments,
                                 headerRowCount: grid.headerRowCount, footerRowCount: grid.footerRowCount)) ?? grid
        let printed = GridTablePrinter(wrapped, options: options, syntax: syntax).widths
        return (wrapped, GridTablePrinter.tableWidth(printed) <= maxWidth)
    }

    /// `widths` made narrower, a column at a time, until the table is at most `maxWidth` wide: the widest
    /// column that can still give gives (the rightmost of equals). A column can give while it is wider than
    /// its unit cells' least and every cell spanning it has more room than it needs. The spanning cells
    /// count: were they left out, the loop would stop at widths the printer then widens for them, and a
    /// second fit, starting from those, would wrap the cells again otherwise.
    private func shrunk(_ widths: [Int], to maxWidth: Int, least: Least) -> [Int] {
        var widths = widths
        while GridTableFit.tableWidth(widths) > maxWidth {
            let giving = widths.indices.filter { least.canGive($0, widths) }
            guard let column = giving.max(by: { widths[$0] <= widths[$1] }) else { break }
            widths[column] -= 1
        }
        return widths
    }

    /// The narrowest the table can be: its widths shrunk as far as its cells let them.
    var minimumTableWidth: Int {
        let texts = grid.cells.map { CellText($0.lines, syntax: syntax, contentDirectives: contentDirectives) }
        let natural = GridTablePrinter(grid, options: options, syntax: syntax).widths
        return GridTableFit.tableWidth(shrunk(natural, to: 0, least: Least(grid: grid, texts: texts, measure: measure)))
    }
}

/// What a table's cells need: per column, the widest unbreakable word or kept line of its unit cells;
/// per run of columns that a cell spans, the most its spanning cells need.
private struct Least {
    var columns: [Int]
    var spans: [Range<Int>: Int] = [:]

    init(grid: Grid, texts: [CellText], measure: (String) -> Int) {
        columns = [Int](repeating: 1, count: grid.columnCount)
        for (cell, text) in zip(grid.cells, texts) {
            let least = text.minimumWidth(measure: measure)
            if cell.columns.count == 1 {
                columns[cell.columns.lowerBound] = max(columns[cell.columns.lowerBound], least)
            } else {
                spans[cell.columns] = max(spans[cell.columns] ?? 0, least)
            }
        }
    }

    /// The text width a cell spanning `columns` has: the columns and the borders between them.
    static func room(_ widths: [Int], _ columns: Range<Int>) -> Int {
        columns.reduce(0) { $0 + widths[$1] } + 3 * (columns.count - 1)
    }

    func canGive(_ column: Int, _ widths: [Int]) -> Bool {
        widths[column] > columns[column] && spans.allSatisfy { span, least in !span.contains(column) || Least.room(widths, span) > least }
    }
}

extension GridTablePrinter {
    static func tableWidth(_ widths: [Int]) -> Int { GridTableFit.tableWidth(widths) }
}
