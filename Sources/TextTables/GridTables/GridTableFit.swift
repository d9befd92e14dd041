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
        let minimums = minimumWidths(texts)
        var widths = natural
        while GridTableFit.tableWidth(widths) > maxWidth {
            // The widest column that can still give a column gives it (the rightmost of equals).
            guard let column = widths.indices.filter({ widths[$0] > minimums[$0] }).max(by: { widths[$0] <= widths[$1] }) else { break }
            widths[column] -= 1
        }
        let cells = grid.cells.enumerated().map { index, cell in
            var cell = cell
            let room = cell.columns.reduce(0) { $0 + widths[$1] } + 3 * (cell.columns.count - 1)
            if cell.lines.contains(where: { measure($0) > room }) { cell.lines = texts[index].lines(wrappedTo: room, measure: measure) }
            return cell
        }
        let wrapped = (try? Grid(rowCount: grid.rowCount, columnCount: grid.columnCount, cells: cells, alignments: grid.alignments,
                                 headerRowCount: grid.headerRowCount, footerRowCount: grid.footerRowCount)) ?? grid
        let printed = GridTablePrinter(wrapped, options: options, syntax: syntax).widths
        return (wrapped, GridTablePrinter.tableWidth(printed) <= maxWidth)
    }

    /// Per column, the least its unit cells need: their widest unbreakable word or kept line.
    private func minimumWidths(_ texts: [CellText]) -> [Int] {
        var minimums = [Int](repeating: 1, count: grid.columnCount)
        for (index, cell) in grid.cells.enumerated() where cell.columns.count == 1 {
            minimums[cell.columns.lowerBound] = max(minimums[cell.columns.lowerBound], texts[index].minimumWidth(measure: measure))
        }
        return minimums
    }

    /// The narrowest the table can be: every column at its least.
    var minimumTableWidth: Int { GridTableFit.tableWidth(minimumWidths(grid.cells.map { CellText($0.lines, syntax: syntax, contentDirectives: contentDirectives) })) }
}

extension GridTablePrinter {
    static func tableWidth(_ widths: [Int]) -> Int { GridTableFit.tableWidth(widths) }
}
