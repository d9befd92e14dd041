import GridModel

/// Why an edit of a table is not done, typed: each case's message is written once, in `description`.
package enum TableEditRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The grid model refuses the edit.
    case edit(GridEditError)
    /// A pipe table has exactly one header row; the edit (or conversion) would leave it `count`.
    case headerRows(count: Int)
    /// A pipe table has no foot.
    case pipeFoot(rows: Int)
    /// A pipe table cannot merge cells.
    case pipeMergedCell(SlotRect)
    /// A pipe-table cell holds one line.
    case pipeTallCell(SlotRect, lines: Int)
    /// A pipe table whose row `row` has cells past the header's `shown`, which GitHub hides and a table of
    /// another kind would show.
    case pipeHiddenCells(row: Int, shown: Int)
    /// A cell that starts with a form feed or vertical tab, which GitHub drops after a pipe.
    case pipeSkippedSpace(SlotRect)
    /// The document's reader would read the text as a grid table otherwise than drawn (`ReferenceReader`).
    case readerWidth(String)
    /// Converting to a pipe table in reStructuredText.
    case noPipeTablesInReStructuredText
    /// A simple table's cells span columns only.
    case simpleRowSpan(SlotRect)
    /// A simple table's first-column cells hold one line (a second would start a row).
    case simpleTallFirstCell(SlotRect, lines: Int)
    /// A simple-table row whose first line would print as a rule or an underline.
    case simpleRuleLikeRow(row: Int)
    /// A simple table needs a body row below its header rule.
    case simpleHeaderOnly
    /// A simple table has no foot.
    case simpleFoot(rows: Int)
    /// A simple table has two columns at least (docutils reads a one-column border as a title's overline).
    case simpleOneColumn
    /// A list-table's cells span nothing.
    case listMergedCell(SlotRect)
    /// A list-table has no foot.
    case listFoot(rows: Int)
    /// A grid or simple table has no stub columns (`:stub-columns:` of a list-table).
    case listStubColumns
    /// A table that is a directive's content cannot become a list-table (a directive of its own).
    case listInsideDirective
    /// List tables are reStructuredText's.
    case noListTablesInMarkdown
    /// Simple tables are reStructuredText's and pandoc's.
    case noSimpleTablesInMarkdown
    /// Multiline tables are pandoc's.
    case noMultilineTables
    /// pandoc's simple and multiline tables: no spans, one header row at most, no foot, no empty row, and
    /// in a simple table one line per cell.
    case pandocSpans
    case pandocHeaderOrFoot
    case pandocEmptyRow(row: Int)
    case pandocSimpleLines(row: Int)
    /// pandoc reads a one-column table's dashed line as a heading's underline or a list item.
    case pandocOneColumn
    /// A cell of several paragraphs: pandoc reads a multiline table's cell up to its first empty line.
    case pandocParagraphs(SlotRect)
    /// A column of the default alignment whose header (or first line) has text of no width, which no
    /// dashes can be as wide as.
    case pandocZeroWidthHeader(column: Int)
    /// A multiline table whose text no longer fits its columns, and no widening keeps its relative widths.
    case pandocWidthsNotKept

    package var description: String {
        switch self {
        case .edit(let error): error.description
        case .headerRows(let count):
            count == 0
                ? "a pipe table needs a header row: this table has none"
                : "a pipe table has exactly one header row: this table has \(count)"
        case .pipeFoot(let rows): "a pipe table has no foot: this table has \(rows) foot rows"
        case .pipeMergedCell(let rect): "the cell at \(rect) is merged: pipe tables cannot merge cells; split it first"
        case let .pipeTallCell(rect, lines): "the cell at \(rect) has \(lines) lines: pipe-table cells hold one line"
        case let .pipeHiddenCells(row, shown):
            "row \(row) has cells past the header's \(shown), which GitHub does not show and another kind of table would: "
                + "delete them, or add their columns to the header first"
        case .pipeSkippedSpace(let rect): "the cell at \(rect) starts with a form feed or vertical tab, which GitHub drops after a pipe"
        case .readerWidth(let reason): reason
        case .noPipeTablesInReStructuredText: "reStructuredText has no pipe tables"
        case .simpleRowSpan(let rect): "the cell at \(rect) spans rows: simple-table cells span columns only; split it first"
        case let .simpleTallFirstCell(rect, lines):
            "the cell at \(rect) has \(lines) lines: a simple table's first-column cells hold one line (a second starts a row)"
        case .simpleRuleLikeRow(let row):
            "row \(row + 1) would start with a line of only = or - runs, which docutils reads as a rule: the table is left as it is"
        case .simpleHeaderOnly: "a simple table needs a body row below its header"
        case .simpleFoot(let rows): "a simple table has no foot: this table has \(rows) foot rows"
        case .noSimpleTablesInMarkdown: "GitHub's Markdown has no simple tables (pandoc's has)"
        case .noMultilineTables: "only pandoc's Markdown has multiline tables"
        case .pandocSpans: "pandoc's simple and multiline tables cannot merge cells: split them first"
        case .pandocHeaderOrFoot: "pandoc's simple and multiline tables have one header row at most and no foot"
        case .pandocEmptyRow(let row): "row \(row + 1) is empty, and pandoc's simple and multiline tables cannot draw an empty row"
        case .pandocSimpleLines(let row): "row \(row + 1) has a cell of several lines: a simple table's cells hold one line (a multiline table's more)"
        case .pandocWidthsNotKept: Diagnostic.Message.pandocWidthsNotKept
        case .pandocOneColumn: "a table of one column is left as it is: pandoc reads its dashed line under text as a heading's underline"
        case .pandocZeroWidthHeader(let column):
            "column \(column + 1)'s header has text of no width (zero-width or combining characters only), so pandoc would read it left-aligned"
        case .pandocParagraphs(let rect):
            "the cell at \(rect) has several paragraphs, and pandoc reads a multiline table's cell up to its first empty line"
        case .listMergedCell(let rect): "the cell at \(rect) is merged: list-table cells span nothing; split it first"
        case .listFoot(let rows): "a list-table has no foot: this table has \(rows) foot rows"
        case .listStubColumns: "this list-table has :stub-columns:, which grid and simple tables cannot say: remove the option first"
        case .noListTablesInMarkdown: "Markdown has no list-table directive"
        case .listInsideDirective: "this table is the content of a directive (.. table:: or another), where a list-table cannot stand: take it out of the directive first"
        case .simpleOneColumn: "a simple table has two columns at least: docutils reads a border of one column as a section title's overline"
        }
    }
}
