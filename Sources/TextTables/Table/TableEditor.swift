import GridModel

/// What a user asks of one table: format it, convert it, or an edit of its grid (rows and columns are the
/// grid's; row 0 is a pipe table's header).
package enum TableAction: Sendable, Hashable {
    case format
    case convertToGrid
    case convertToPipe
    case convertToSimple
    case convertToList
    /// To a pandoc multiline table (pandoc's Markdown).
    case convertToMultiline
    /// Fit a grid table to a width (re-wrapping as `maxWidth` does).
    case fit(width: Int)
    /// Join the lines of each paragraph of the cell at a slot.
    case unwrapCell(Slot)
    case edit(GridEdit)
}

/// Why an action was not done: the table could not be read, or the edit is refused.
package enum TableEditFailure: Error, Sendable, Hashable {
    case unreadable([Diagnostic])
    case refused(TableEditRefusal)

    package var reason: String {
        switch self {
        case .unreadable(let diagnostics): "the table cannot be read: \(diagnostics.first?.message ?? "it is malformed")"
        case .refused(let refusal): refusal.description
        }
    }
}

/// The edits that carry out an action, and whether a pipe table became a grid table on the way.
package struct TableEditResult: Sendable, Hashable {
    package var edits: [TextEdit]
    var convertedToGrid: Bool
}

extension Grid {
    /// The grid with no column aligned.
    var unaligned: Grid {
        (try? Grid(rowCount: rowCount, columnCount: columnCount, cells: cells, headerRowCount: headerRowCount, footerRowCount: footerRowCount)) ?? self
    }
}

/// A table after an edit, in the kind it is printed as: a pipe table exists only when the grid can be one.
enum EditedTable {
    case pipe(PipeTable)
    case grid(Grid)
    case simple(Grid)
    case list(Grid)
    case pandoc(Grid, PandocTableKind)

    var kind: TableRegion.Kind {
        switch self {
        case .pipe: .pipe
        case .grid: .grid
        case .simple: .simple
        case .list: .list
        case .pandoc(_, let kind): kind == .simple ? .pandocSimple : .multiline
        }
    }
}

/// The rules of table actions: which edit of the grid model an action is, and whether the table's kind
/// allows it (a merge turns a pipe table into a grid table; a pipe table keeps one header row). Reading
/// the table and printing it back are `TableReading`'s.
enum TableEditor {
    /// The table an action makes of a table's grid, or why it is refused: `refusal`, then the operation.
    /// `pipeToGridRefusal` says why the pipe table's text cannot become a grid table for the document's
    /// reader (asked only when an action would make one).
    static func outcome(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        pipeToGridRefusal: () -> TableEditRefusal?
    ) -> Result<EditedTable, TableEditFailure> {
        if let refusal = refusal(action, on: grid, kind: kind, syntax: syntax, holdsSizedText: { ReferenceReader.holdsSizedText(grid) },
                                 pipeToGridRefusal: pipeToGridRefusal) {
            return .failure(refusal)
        }
        let edited: Grid
        do {
            edited = try perform(action, on: grid, syntax: syntax)
        } catch {
            return .failure(.refused(.edit(error)))  // not reached: `refusal` asks the model's own rules
        }
        switch target(of: action, kind: kind, syntax: syntax) {
        // A simple table's right-aligned columns are how its text was drawn; a grid table of
        // reStructuredText says no alignment (its borders take no colons).
        case .grid: return .success(.grid(kind == .simple ? edited.unaligned : edited))
        case .simple: return .success(.simple(edited))  // `refusal` asked the printer
        case .list: return .success(.list(edited))
        case .pandocSimple: return .success(.pandoc(edited, .simple))
        case .multiline: return .success(.pandoc(edited, .multiline))
        case .pipe: return TableConversion.pipeTable(edited).map(EditedTable.pipe).mapError(TableEditFailure.refused)
        }
    }

    /// Why `action` would be refused on `grid`, or nil when `outcome` would succeed, without doing it: no
    /// sorting, copying or printing (asked on every cursor move, for every action offered there).
    /// `holdsSizedText` says whether the grid holds text pandoc sizes wider than it places it
    /// (`ReferenceReader.holdsSizedText`), asked only of a Markdown grid table that an action edits.
    static func refusal(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        holdsSizedText: () -> Bool = { true }, pipeToGridRefusal: () -> TableEditRefusal?
    ) -> TableEditFailure? {
        refusal(action, shape: grid.shape, spans: grid.hasOnlyUnitCells ? nil : grid, grid: { grid }, kind: kind, syntax: syntax,
                holdsSizedText: holdsSizedText, pipeToGridRefusal: pipeToGridRefusal)
    }

    /// `refusal` from the grid's shape and spans (nil: unit cells only), the grid itself asked for only
    /// where the rules of the kind an action makes read its cells (a simple or list table, a pipe table
    /// made of a grid table): a pipe table's actions are decided without building its grid.
    static func refusal(
        _ action: TableAction, shape: GridShape, spans: Grid?, grid: () -> Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        holdsSizedText: () -> Bool = { true }, pipeToGridRefusal: () -> TableEditRefusal?
    ) -> TableEditFailure? {
        if action == .convertToPipe && syntax == .restructuredText { return .refused(.noPipeTablesInReStructuredText) }
        if action == .convertToSimple && syntax == .markdown { return .refused(.noSimpleTablesInMarkdown) }
        if action == .convertToMultiline && syntax != .pandocMarkdown { return .refused(.noMultilineTables) }
        if action == .convertToList && syntax.isMarkdown { return .refused(.noListTablesInMarkdown) }
        if let edit = gridEdit(action), let refusal = shape.refusal(of: edit, spans: spans) { return .refused(.edit(refusal)) }
        switch target(of: action, kind: kind, syntax: syntax) {
        case .grid:
            // Merging and converting keep every line of text: the text decides, before or after the edit.
            // A table that becomes a grid table must read as one in the document's reader.
            switch kind {
            case .grid:
                // A Markdown grid table holding an emoji with U+FE0F can become one pandoc reads otherwise
                // (two on a line, a span under a junction: `ReferenceReader.pandocRefusal`): asked of the result.
                guard action != .format, ReferenceReader(syntax) == .pandoc, holdsSizedText() else { return nil }
                return (try? perform(action, on: grid(), syntax: syntax)).flatMap { ReferenceReader(syntax).refusal(for: $0) }.map { .refused(.readerWidth($0)) }
            case .pipe: return pipeToGridRefusal().map(TableEditFailure.refused)
            case .simple, .list: return ReferenceReader(syntax).refusal(for: grid()).map { .refused(.readerWidth($0)) }
            case .pandocSimple, .multiline:
                // A merge makes spans, which pandoc's reading of a grid table depends on: asked of the result.
                return ReferenceReader(syntax).refusal(for: (try? perform(action, on: grid(), syntax: syntax)) ?? grid()).map { .refused(.readerWidth($0)) }
            }
        case .pandocSimple, .multiline:
            let target: PandocTableKind = target(of: action, kind: kind, syntax: syntax) == .multiline ? .multiline : .simple
            // Only inserting and deleting change which rows are empty (a new row is, which these tables
            // cannot draw) or how many there are: other actions are asked of the grid as it is.
            let edited: Grid
            switch action {
            case .edit(.insertRow), .edit(.deleteRow), .edit(.deleteColumn): edited = (try? perform(action, on: grid(), syntax: syntax)) ?? grid()
            default: edited = grid()
            }
            if let refusal = PandocTablePrinter.refusal(edited, kind: target) { return .refused(refusal) }
            return ReferenceReader(syntax).refusal(for: grid()).map { .refused(.readerWidth($0)) }
        case .simple:
            return simpleRefusal(action, on: grid()).map(TableEditFailure.refused)
        case .list:
            return ListTablePrinter.refusal(grid()).map(TableEditFailure.refused)
        case .pipe:
            break
        }
        // A pipe table stays one only with one header row of unit, one-line cells. Edits that keep a pipe
        // table a pipe table change only its header row count; converting checks the whole grid once.
        if action == .convertToPipe { return TableConversion.pipeRefusal(grid()).map(TableEditFailure.refused) }
        var headerRows = shape.headerRowCount
        switch action {
        case .edit(.insertRow(let r)) where r < shape.headerRowCount: headerRows += 1
        case .edit(.deleteRow(let r)) where r < shape.headerRowCount: headerRows -= 1
        default: break
        }
        return TableConversion.headerRefusal(headerRows).map(TableEditFailure.refused)
    }

    /// Why a simple table cannot be what `action` makes of `grid`: the printer's rules, asked of the grid
    /// as it is where the action adds no span and no line to the first column, else of the edited grid
    /// (merging, moving, deleting or inserting a column: one pass over the cells, no sorting or printing).
    private static func simpleRefusal(_ action: TableAction, on grid: Grid) -> TableEditRefusal? {
        // A simple table that does not print as itself (a row that would read as a rule) takes no action.
        if action != .convertToSimple, let refusal = SimpleTablePrinter.refusal(grid) { return refusal }
        switch action {
        case .edit(.merge(let rect)) where rect.rows.count > 1: return .simpleRowSpan(rect)
        case .edit(.deleteRow(let r)) where r >= grid.headerRowCount && grid.headerRowCount > 0 && grid.rowCount - grid.headerRowCount == 1:
            return .simpleHeaderOnly
        case .convertToSimple, .edit(.merge), .edit(.moveColumn), .edit(.deleteColumn), .edit(.insertColumn), .edit(.split):
            guard let edited = try? perform(action, on: grid, syntax: .restructuredText) else { return nil }  // simple tables are docutils's
            return SimpleTablePrinter.refusal(edited)
        default: return nil
        }
    }

    /// The kind of table `action` leaves of a table of `kind` in a document of `syntax` (a simple table is
    /// pandoc's in pandoc's Markdown, docutils's in reStructuredText).
    static func target(of action: TableAction, kind: TableRegion.Kind, syntax: DocumentSyntax) -> TableRegion.Kind {
        switch action {
        case .convertToGrid: .grid
        case .edit(.merge): kind == .simple ? .simple : .grid
        case .convertToPipe: .pipe
        case .convertToSimple: syntax == .pandocMarkdown ? .pandocSimple : .simple
        case .convertToMultiline: .multiline
        case .convertToList: .list
        default: kind
        }
    }

    /// The edit of the grid model an action is; nil for formatting and converting, which keep the grid.
    static func gridEdit(_ action: TableAction) -> GridEdit? {
        if case .edit(let edit) = action { edit } else { nil }
    }

    static func perform(_ action: TableAction, on grid: Grid, syntax: DocumentSyntax) throws(GridEditError) -> Grid {
        if case .unwrapCell(let slot) = action { return unwrapping(slot, in: grid, syntax: syntax) }
        guard let edit = gridEdit(action) else { return grid }
        return try grid.applying(edit)
    }

    /// The grid with every block of words of the cell at `slot` on one line, as `syntax`'s reader reads it.
    static func unwrapping(_ slot: Slot, in grid: Grid, syntax: DocumentSyntax) -> Grid {
        guard let index = grid.cellIndex(row: slot.row, column: slot.column) else { return grid }
        var cells = grid.cells
        cells[index].lines = CellText(cells[index].lines, syntax: syntax, contentDirectives: []).unwrapped  // a project's own directives are kept as they are: the action has no settings
        return (try? Grid(rowCount: grid.rowCount, columnCount: grid.columnCount, cells: cells, alignments: grid.alignments,
                          headerRowCount: grid.headerRowCount, footerRowCount: grid.footerRowCount)) ?? grid
    }
}
