import GridModel

/// What a user asks of one table: format it, convert it, or an edit of its grid (rows and columns are the
/// grid's; row 0 is a pipe table's header).
package enum TableAction: Sendable, Hashable {
    case format
    case convertToGrid
    case convertToPipe
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

/// A table after an edit, in the kind it is printed as: a pipe table exists only when the grid can be one.
enum EditedTable {
    case pipe(PipeTable)
    case grid(Grid)
}

/// The rules of table actions: which edit of the grid model an action is, and whether the table's kind
/// allows it (a merge turns a pipe table into a grid table; a pipe table keeps one header row). Reading
/// the table and printing it back are `TableReading`'s.
package enum TableEditor {
    /// The table an action makes of a table's grid, or why it is refused: `refusal`, then the operation.
    /// `pipeToGridRefusal` says why the pipe table's text cannot become a grid table for the document's
    /// reader (asked only when an action would make one).
    static func outcome(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        pipeToGridRefusal: () -> TableEditRefusal?
    ) -> Result<EditedTable, TableEditFailure> {
        if let refusal = refusal(action, on: grid, kind: kind, syntax: syntax, pipeToGridRefusal: pipeToGridRefusal) {
            return .failure(refusal)
        }
        let edited: Grid
        do {
            edited = try perform(action, on: grid)
        } catch {
            return .failure(.refused(.edit(error)))  // not reached: `refusal` asks the model's own rules
        }
        guard target(of: action, kind: kind) == .pipe else { return .success(.grid(edited)) }
        return TableConversion.pipeTable(edited).map(EditedTable.pipe).mapError(TableEditFailure.refused)
    }

    /// Why `action` would be refused on `grid`, or nil when `outcome` would succeed, without doing it: no
    /// sorting, copying or printing (asked on every cursor move, for every action offered there).
    static func refusal(
        _ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax,
        pipeToGridRefusal: () -> TableEditRefusal?
    ) -> TableEditFailure? {
        if action == .convertToPipe && syntax == .restructuredText { return .refused(.noPipeTablesInReStructuredText) }
        if let edit = gridEdit(action), let refusal = grid.refusal(of: edit) { return .refused(.edit(refusal)) }
        if target(of: action, kind: kind) == .grid {
            // Merging and converting keep every line of text: the text decides, before or after the edit.
            return kind == .pipe ? pipeToGridRefusal().map(TableEditFailure.refused) : nil
        }
        // A pipe table stays one only with one header row of unit, one-line cells. Edits that keep a pipe
        // table a pipe table change only its header row count; converting checks the whole grid once.
        if action == .convertToPipe { return TableConversion.pipeRefusal(grid).map(TableEditFailure.refused) }
        var headerRows = grid.headerRowCount
        switch action {
        case .edit(.insertRow(let r)) where r < grid.headerRowCount: headerRows += 1
        case .edit(.deleteRow(let r)) where r < grid.headerRowCount: headerRows -= 1
        default: break
        }
        return TableConversion.headerRefusal(headerRows).map(TableEditFailure.refused)
    }

    static func target(of action: TableAction, kind: TableRegion.Kind) -> TableRegion.Kind {
        switch action {
        case .convertToGrid, .edit(.merge): .grid
        case .convertToPipe: .pipe
        default: kind
        }
    }

    /// The edit of the grid model an action is; nil for formatting and converting, which keep the grid.
    static func gridEdit(_ action: TableAction) -> GridEdit? {
        if case .edit(let edit) = action { edit } else { nil }
    }

    static func perform(_ action: TableAction, on grid: Grid) throws(GridEditError) -> Grid {
        guard let edit = gridEdit(action) else { return grid }
        return try grid.applying(edit)
    }
}
