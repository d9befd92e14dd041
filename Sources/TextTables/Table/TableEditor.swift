import GridModel

/// An edit a user asks for on one table; rows and columns are the grid's (row 0 is a pipe table's header).
public enum TableAction: Sendable, Hashable {
    case format
    case insertRow(at: Int)
    case insertColumn(at: Int)
    case deleteRow(Int)
    case deleteColumn(Int)
    case moveRow(from: Int, to: Int)
    case moveColumn(from: Int, to: Int)
    case sort(column: Int, order: SortOrder)
    case merge(SlotRect)
    case split(row: Int, column: Int)
    case convertToGrid
    case convertToPipe
}

/// Why an action was not done: the table could not be read, or the edit is refused (the reason says why).
public enum TableEditFailure: Error, Sendable, Hashable {
    case unreadable([Diagnostic])
    case refused(String)

    public var reason: String {
        switch self {
        case .unreadable(let diagnostics): "the table cannot be read: \(diagnostics.first?.message ?? "it is malformed")"
        case .refused(let reason): reason
        }
    }
}

/// The edits that carry out an action, and whether a pipe table became a grid table on the way.
public struct TableEditResult: Sendable, Hashable {
    public var edits: [TextEdit]
    public var convertedToGrid: Bool
}

/// Carries out table actions: read the table into the grid model, apply the pure operation, print it
/// in its own syntax (a merge turns a pipe table into a grid table), and return minimal line edits.
public enum TableEditor {
    public static func apply(
        _ action: TableAction, to region: TableRegion, in text: TextLines,
        syntax: DocumentSyntax = .markdown, options: FormatOptions
    ) -> Result<TableEditResult, TableEditFailure> {
        readGrid(region, in: text, options: options).flatMap { grid in
            apply(action, toGrid: grid, region: region, in: text, syntax: syntax, options: options)
        }
    }

    /// `apply` for a table already read into `grid` (several actions on one table read it once).
    public static func apply(
        _ action: TableAction, toGrid grid: Grid, region: TableRegion, in text: TextLines,
        syntax: DocumentSyntax = .markdown, options: FormatOptions
    ) -> Result<TableEditResult, TableEditFailure> {
        outcome(action, on: grid, kind: region.kind, syntax: syntax).map { edited, target in
            // A row or column line that every cell crosses is kept as the author drew it; one the edit
            // created (merging a whole row) is dropped, unless the table had such lines already.
            let edited = grid.normalized() == grid ? edited.normalized() : edited
            let indent = DocumentFormatter.tableIndentation(text, region: region)
            let lines: [[UInt8]]
            if target == .grid {
                lines = GridTablePrinter(edited, indent: Array(indent), options: options.width, syntax: syntax).lines()
            } else {
                let prefix = region.prefix(ofLine: 0, in: text)
                // Checked by `pipeRefusal` in `outcome`.
                let table = TableConversion.pipeTable(edited)!
                lines = PipeTablePrinter(
                    table, indent: indent.prefix(3), startColumn: PipeTableLayout.width(prefix, at: 0, options.width),
                    options: options
                ).lines()
            }
            return TableEditResult(
                edits: DocumentFormatter.lineEdits(text, region: region, lines: lines, printed: target),
                convertedToGrid: region.kind == .pipe && target == .grid)
        }
    }

    /// The grid an action makes of a table's grid and the kind of table it is printed as, or why the
    /// action is refused: `apply` without the printing.
    public static func outcome(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax = .markdown
    ) -> Result<(grid: Grid, kind: TableRegion.Kind), TableEditFailure> {
        if let refusal = refusal(action, on: grid, kind: kind, syntax: syntax) { return .failure(refusal) }
        let edited: Grid
        do {
            edited = try perform(action, on: grid)
        } catch {
            return .failure(.refused(error.description))  // not reached: `refusal` asks the model's own rules
        }
        return .success((edited, target(of: action, kind: kind)))
    }

    /// Why `action` would be refused on `grid`, or nil when `outcome` would succeed, without doing it: no
    /// sorting, copying or printing (asked on every cursor move, for every action offered there).
    public static func refusal(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax
    ) -> TableEditFailure? {
        refusal(action, on: grid, kind: kind, syntax: syntax) { GridReader(syntax).refusal(for: grid) }
    }

    /// `refusal`, with why the pipe table's text cannot become a grid table for the document's reader
    /// asked only when an action would make one (a reading of the table keeps the answer).
    static func refusal(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        pipeToGridRefusal: () -> String?
    ) -> TableEditFailure? {
        if action == .convertToPipe && syntax == .restructuredText { return .refused("reStructuredText has no pipe tables") }
        if let edit = gridEdit(action), let refusal = grid.refusal(of: edit) { return .refused(refusal.description) }
        if target(of: action, kind: kind) == .grid {
            // Merging and converting keep every line of text: the text decides, before or after the edit.
            return kind == .pipe ? pipeToGridRefusal().map(TableEditFailure.refused) : nil
        }
        // A pipe table stays one only with one header row of unit, one-line cells. Edits that keep a pipe
        // table a pipe table change only its header row count; converting checks the whole grid once.
        if action == .convertToPipe { return TableConversion.pipeRefusal(grid).map(TableEditFailure.refused) }
        var headerRows = grid.headerRowCount
        switch action {
        case .insertRow(let r) where r < grid.headerRowCount: headerRows += 1
        case .deleteRow(let r) where r < grid.headerRowCount: headerRows -= 1
        default: break
        }
        return TableConversion.headerRefusal(headerRows).map(TableEditFailure.refused)
    }

    static func target(of action: TableAction, kind: TableRegion.Kind) -> TableRegion.Kind {
        switch action {
        case .convertToGrid, .merge: .grid
        case .convertToPipe: .pipe
        default: kind
        }
    }

    static func gridEdit(_ action: TableAction) -> GridEdit? {
        switch action {
        case .format, .convertToGrid, .convertToPipe: nil
        case .insertRow(let r): .insertRow(at: r)
        case .insertColumn(let c): .insertColumn(at: c)
        case .deleteRow(let r): .deleteRow(r)
        case .deleteColumn(let c): .deleteColumn(c)
        case let .moveRow(from, to): .moveRow(from: from, to: to)
        case let .moveColumn(from, to): .moveColumn(from: from, to: to)
        case let .sort(column, order): .sortBody(column: column, order: order)
        case .merge(let rect): .merge(rect)
        case let .split(row, column): .split(row: row, column: column)
        }
    }

    /// The table as a grid, or why it cannot be read.
    public static func readGrid(_ region: TableRegion, in text: TextLines, options: FormatOptions) -> Result<Grid, TableEditFailure> {
        switch region.kind {
        case .pipe:
            return .success(TableConversion.grid(PipeTable.parse(text, region: region)))
        case .grid:
            let parsed = GridTableParser.parse(text, region: region, options: options.width)
            guard let grid = parsed.grid else { return .failure(.unreadable(parsed.diagnostics.filter { $0.severity == .error })) }
            return .success(grid)
        }
    }

    static func perform(_ action: TableAction, on grid: Grid) throws(GridEditError) -> Grid {
        guard let edit = gridEdit(action) else { return grid }  // formatting and converting keep the grid
        return try grid.applying(edit)
    }
}
