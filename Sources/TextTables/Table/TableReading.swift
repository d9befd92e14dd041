import GridModel
import Synchronization

/// One table read once, and everything any layer asks of it: its diagnostics (with their quick fixes),
/// the edits that format it, its grid (or why it has none), the slot under a byte offset, which actions
/// apply at a slot and why one is refused, and doing one. The command line, the server's formatting,
/// diagnostics, code actions and commands all go through it; nothing else reads a table.
///
/// Invariants: the options are taken once, so nothing it prints goes without them; a table with an
/// error diagnostic has no grid and is never rewritten; reading costs the table, every answer after that
/// what it touches (an editor asks on every cursor move), and a pipe table's grid (which only actions
/// need) is made on first use, once.
package struct TableReading: Sendable {
    package let text: TextLines
    package let region: TableRegion
    package let options: FormatOptions
    let content: Content
    /// A grid table's column lines (x from each line's text start), unless it neither reads nor says why
    /// (`GridRowEdit` reads a row against them).
    package private(set) var gridColumnLines: [Int]?
    /// Made on the first action asked (formatting never needs it): one allocation per reading until then.
    private let lazily = LazyPartsCell()

    enum Content: Sendable {
        /// A pipe table, and its grid's shape (found with the reading: its grid is built only when an
        /// action is done).
        case pipe(PipeTable, GridShape)
        /// A grid table read into its grid, the map of its rows and column lines to place offsets on its
        /// lines, and the reading's diagnostics (no errors: warnings and information, with their fixes).
        case grid(Grid, GridTableMap, [Diagnostic])
        /// A simple table read into its grid, with what printing it keeps of its layout and where its rows
        /// and columns are.
        case simple(Grid, SimpleTableLayout, SimpleTableMap)
        /// A `list-table` directive read into its grid, with its title and options.
        case list(Grid, ListTableDirective)
        /// A pandoc simple or multiline table read into its grid, with its columns and the row of each line;
        /// its diagnostics (information only).
        case pandoc(Grid, PandocTableLayout, [Int?], [Diagnostic])
        /// A grid or simple table that cannot be read: every diagnostic, the errors among them, with their fixes.
        case unreadable([Diagnostic])
    }

    package init(_ text: TextLines, region: TableRegion, options: FormatOptions) {
        self.text = text
        self.region = region
        self.options = options
        switch region.kind {
        case .pipe:
            let table = PipeTable.parse(text, region: region)
            content = .pipe(table, TableConversion.shape(table))
        case .grid:
            var reader = GridTableReader(text: text, region: region, options: options.width)
            let grid = reader.read()
            if grid != nil || !reader.diagnostics.isEmpty { gridColumnLines = reader.columnLineX }
            content = grid.map { .grid($0, reader.map, reader.diagnostics + TableReading.widthDiagnostics($0, text: text, region: region, options: options)) }
                ?? .unreadable(reader.diagnostics)
        case .simple:
            let reading = SimpleTableReader(text: text, region: region).read()
            content = reading.grid.map { .simple($0, reading.layout, reading.map) } ?? .unreadable(reading.diagnostics)
        case .list:
            let reading = ListTableReader(text: text, region: region).read()
            content = reading.grid.map { .list($0, reading.directive) } ?? .unreadable(reading.diagnostics)
        case .pandocSimple, .multiline:
            let reading = PandocTableReader(text: text, region: region).read()
            content = reading.grid.map { grid in
                // A multiline table whose text no longer fits its columns, and whose widths no widening keeps.
                let kept = PandocTablePrinter(grid: grid, layout: reading.layout, keepsColumns: true).lines() != nil
                let notice = kept ? [] : [Diagnostic(code: .pandocWidthsNotKept, severity: .information, message: Diagnostic.Message.pandocWidthsNotKept,
                                                     range: region.contentStarts[0]..<text.contentEnd(region.firstLine))]
                return .pandoc(grid, reading.layout, reading.rowOfLine, reading.diagnostics + notice)
            } ?? .unreadable(reading.diagnostics)
        }
    }

    /// Information where a grid table cannot be made as narrow as `maxWidth`, on its top border.
    private static func widthDiagnostics(_ grid: Grid, text: TextLines, region: TableRegion, options: FormatOptions) -> [Diagnostic] {
        guard let maxWidth = options.maxWidth else { return [] }
        let least = GridTableFit(grid: grid, options: options.width, syntax: region.syntax, contentDirectives: options.scan.rstContentDirectives).minimumTableWidth
        guard least > maxWidth else { return [] }
        return [Diagnostic(code: .tableTooWide, severity: .information, message: Diagnostic.Message.tableTooWide(least: least, maxWidth: maxWidth),
                           range: region.contentStarts[0]..<text.contentEnd(region.firstLine))]
    }

    /// The table's diagnostics in reading order, without the pipe-table fixes (which cost a printing each:
    /// ask `diagnosticsWithFixes` where they are offered).
    package var diagnostics: [Diagnostic] {
        switch content {
        case .pipe(let table, _): PipeTableChecks.check(table)
        case .grid(_, _, let diagnostics), .unreadable(let diagnostics), .pandoc(_, _, _, let diagnostics): diagnostics
        case .simple, .list: []
        }
    }

    /// The diagnostics of the table at `region` without keeping a reading: a pipe table's rows are checked
    /// one at a time (what the server's index does for every table, on open too).
    package static func diagnostics(_ text: TextLines, region: TableRegion, options: FormatOptions) -> [Diagnostic] {
        region.kind == .pipe ? PipeTableChecks.check(text, region: region) : TableReading(text, region: region, options: options).diagnostics
    }

    /// The diagnostics, each with its quick fixes.
    package func diagnosticsWithFixes() -> [Diagnostic] {
        guard case .pipe(let table, _) = content else { return diagnostics }
        return PipeTableChecks.checkWithFixes(table, reading: self)
    }

    /// The errors that keep formatting and every action from rewriting the table, or nil when it is readable.
    package var errors: [Diagnostic]? {
        guard case .unreadable(let diagnostics) = content else { return nil }
        return diagnostics.filter { $0.severity == .error }
    }

    /// The table as a grid, or why it cannot be read.
    package var grid: Result<Grid, TableEditFailure> {
        switch content {
        case .pipe(let table, _): .success(parts.grid.value { TableConversion.grid(table) })
        case .grid(let grid, _, _), .simple(let grid, _, _), .list(let grid, _), .pandoc(let grid, _, _, _): .success(grid)
        case .unreadable: .failure(.unreadable(errors ?? []))
        }
    }

    /// The slot of each byte offset: between the `|` around it on a content line, inside a cell that spans
    /// across a border line; row 0 is a pipe table's header, and its delimiter row counts as the header.
    /// Nil on a rule or junction, outside the table, or anywhere in an unreadable table.
    package func slots(at offsets: [Int]) -> [Slot?] {
        offsets.map { offset in
            let line = text.line(containing: offset)
            guard region.lines.contains(line), offset <= text.contentEnd(line) else { return nil }
            switch content {
            case .pipe: return Optional(TableLocator.pipeSlot(at: offset, line: line, in: region, text: text))
            case .grid(_, let map, _): return map.slot(line: line - region.firstLine, offset: offset)
            case .simple(_, _, let map): return map.slot(line: line - region.firstLine, offset: offset, text: text, region: region)
            case .pandoc(_, let layout, let rowOfLine, _): return layout.slot(line: line - region.firstLine, offset: offset, rowOfLine: rowOfLine, text: text, region: region)
            case .list, .unreadable: return nil
            }
        }
    }

    /// Why `action` would be refused, or nil when `apply` would do it; decided without doing it.
    package func refusal(_ action: TableAction, syntax: DocumentSyntax) -> TableEditFailure? {
        if let refusal = listRefusal(action) { return .refused(refusal) }
        if let hidden = hiddenCells, let refusal = hiddenCellsRefusal(action, hidden) {
            return .refused(refusal)
        }
        if case .pipe(let table, let shape) = content {
            return TableEditor.refusal(action, shape: shape, spans: nil, grid: { parts.grid.value { TableConversion.grid(table) } }, kind: .pipe,
                                       syntax: syntax) { pipeToGridRefusal() }
        }
        switch grid {
        case .failure(let failure): return failure
        case .success(let grid):
            return TableEditor.refusal(action, on: grid, kind: region.kind, syntax: syntax,
                                       holdsSizedText: { parts.holdsSizedText.value { ReferenceReader.holdsSizedText(grid) } }) { pipeToGridRefusal() }
        }
    }

    /// The edits that carry out `action`.
    package func apply(_ action: TableAction, syntax: DocumentSyntax) -> Result<TableEditResult, TableEditFailure> {
        if let refusal = listRefusal(action) { return .failure(.refused(refusal)) }
        if case .pipe(let table, _) = content, let hidden = hiddenCells { return apply(action, keeping: hidden, of: table, syntax: syntax) }
        if case .fit(let width) = action, region.kind == .grid {
            return grid.map { grid in
                let fitted = GridTableFit(grid: grid, options: options.width, syntax: region.syntax, contentDirectives: options.scan.rstContentDirectives).fitted(to: width).grid
                return TableEditResult(edits: edits(printing: .grid(fitted), from: grid), convertedToGrid: false)
            }
        }
        return grid.flatMap { grid in
            TableEditor.outcome(action, on: grid, kind: region.kind, syntax: syntax) { pipeToGridRefusal() }.map { edited in
                let convertedToGrid: Bool
                if case .grid = edited { convertedToGrid = region.kind == .pipe } else { convertedToGrid = false }
                return TableEditResult(edits: edits(printing: edited, from: grid), convertedToGrid: convertedToGrid)
            }
        }
    }

    /// `apply` on a pipe table with cells GitHub hides: only the shown columns take part, and each row's
    /// hidden cells stay after them, as formatting keeps them (`HiddenCells`).
    private func apply(_ action: TableAction, keeping hidden: HiddenCells, of table: PipeTable, syntax: DocumentSyntax) -> Result<TableEditResult, TableEditFailure> {
        if let refusal = hiddenCellsRefusal(action, hidden) { return .failure(.refused(refusal)) }
        let tagged = hidden.taggedGrid(table)
        if let failure = TableEditor.refusal(action, on: tagged, kind: .pipe, syntax: syntax, pipeToGridRefusal: { nil }) { return .failure(failure) }
        do {
            let edited = try TableEditor.perform(action, on: tagged, syntax: syntax)
            return hidden.pipeTable(fromTagged: edited).map { TableEditResult(edits: edits(printingPipe: $0), convertedToGrid: false) }
                .mapError(TableEditFailure.refused)
        } catch {
            return .failure(.refused(.edit(error)))
        }
    }

    /// A pipe table's cells past its header's count, found once per reading (every action offered at a
    /// cursor asks); nil for other kinds and for a table without any.
    var hiddenCells: HiddenCells? {
        guard case .pipe(let table, _) = content else { return nil }
        return parts.hiddenCells.value { HiddenCells(table) }
    }

    /// A pipe table with hidden cells becomes no other kind of table, which would show them.
    private func hiddenCellsRefusal(_ action: TableAction, _ hidden: HiddenCells) -> TableEditRefusal? {
        TableEditor.target(of: action, kind: .pipe, syntax: region.syntax) == .pipe ? nil : .pipeHiddenCells(row: hidden.firstRow, shown: hidden.shown)
    }

    /// Why a conversion would lose what a directive says: a list-table's `:stub-columns:`, or the directive
    /// a table is the content of (a list-table cannot stand inside it).
    private func listRefusal(_ action: TableAction) -> TableEditRefusal? {
        if action == .convertToList && region.context.insideDirective { return .listInsideDirective }
        guard case .list(_, let directive) = content, directive.hasStubColumns, action != .format else { return nil }
        return .listStubColumns
    }

    /// For a pipe table: why its text cannot become a grid table for the document's reader (merging and
    /// converting make one), found once.
    private func pipeToGridRefusal() -> TableEditRefusal? {
        guard case .pipe(let table, _) = content else { return nil }
        let reader = ReferenceReader(region.syntax)
        return parts.pipeToGridRefusal.value {
            // A table of printable ASCII (line ends apart) reads alike everywhere: one pass over its bytes.
            let start = text.starts[region.firstLine], end = text.contentEnd(region.lines.upperBound - 1)
            let plain = text.bytes.withUnsafeBufferPointer { b in
                b[start..<end].allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D }
            }
            guard !plain else { return nil }
            guard reader == .pandoc else { return nil }  // docutils reads every layout gridls prints
            // Each row becomes one line of the grid table, under a header separator.
            let excess = (0..<table.rowCount).lazy.map { r in
                table.cells(ofRow: r).reduce(0) { $0 + ReferenceReader.pandocSizingExcess(String(decoding: table.bytes[$1], as: UTF8.self)) }
            }.max() ?? 0
            return ReferenceReader.pandocRefusal(excess: excess, hasHeaderFootOrAlignments: true, hasSpanUnderJunction: false).map(TableEditRefusal.readerWidth)
        }
    }
}

extension TableReading {
    private var parts: LazyParts { lazily.parts }
}

/// Where a reading keeps its `LazyParts`, shared by its copies, made on first use. Not a generic
/// `ComputedOnce`: freeing an instance of a generic class looks up its type's metadata, which cost a
/// thirtieth of formatting a document of many small tables (a reading each).
private final class LazyPartsCell: Sendable {
    private let kept = Mutex<LazyParts?>(nil)

    var parts: LazyParts {
        kept.withLock { kept in
            if let kept { return kept }
            let made = LazyParts()
            kept = made
            return made
        }
    }
}

/// What a reading makes only when asked, once: a pipe table's grid and why it cannot be a grid table.
private struct LazyParts: Sendable {
    let grid = ComputedOnce<Grid>()
    let pipeToGridRefusal = ComputedOnce<TableEditRefusal?>()
    let holdsSizedText = ComputedOnce<Bool>()
    let hiddenCells = ComputedOnce<HiddenCells?>()
}
