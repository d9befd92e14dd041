import GridModel

/// One table read once, for everything an editor asks of it at the cursor: its grid (or why it has
/// none), the slot under a byte offset, whether an action can be done and doing it. The options are
/// taken once, so nothing it prints can go without them. Reading costs the table; every answer after
/// that costs what it touches (an editor asks on every cursor move).
public struct TableReading: Sendable {
    public let text: TextLines
    public let region: TableRegion
    public let options: FormatOptions
    /// The table as a grid, or why it cannot be read.
    public let grid: Result<Grid, TableEditFailure>
    /// For a readable grid table: the reading, kept to place offsets on its lines without reading again.
    private let gridReader: GridTableReader?
    /// For a pipe table: why its text cannot become a grid table for the document's reader (merging and
    /// converting make one), found once.
    private let pipeToGridRefusal: String?

    public init(_ text: TextLines, region: TableRegion, options: FormatOptions) {
        self.text = text
        self.region = region
        self.options = options
        switch region.kind {
        case .pipe:
            let pipeGrid = TableConversion.grid(PipeTable.parse(text, region: region))
            grid = .success(pipeGrid)
            gridReader = nil
            pipeToGridRefusal = GridReader(region.syntax).refusal(for: pipeGrid)
        case .grid:
            pipeToGridRefusal = nil
            var reader = GridTableReader(text: text, region: region, geometry: GridTableGeometry(text, region: region, options: options.width))
            let parsed = reader.read()
            if let readGrid = parsed.grid {
                grid = .success(readGrid)
                gridReader = reader
            } else {
                grid = .failure(.unreadable(parsed.diagnostics.filter { $0.severity == .error }))
                gridReader = nil
            }
        }
    }

    /// The slot (row, column) of each byte offset, as `TableLocator.slots` finds it.
    public func slots(at offsets: [Int]) -> [(row: Int, column: Int)?] {
        guard let gridReader else {
            return region.kind == .pipe ? TableLocator.slots(at: offsets, in: region, text: text, options: options.width) : offsets.map { _ in nil }
        }
        return offsets.map { offset in
            let line = text.line(containing: offset)
            guard region.lines.contains(line), offset <= text.contentEnd(line) else { return nil }
            return gridReader.slot(line: line - region.firstLine, offset: offset)
        }
    }

    /// Why `action` would be refused, or nil when `apply` would do it; decided without doing it.
    public func refusal(_ action: TableAction, syntax: DocumentSyntax) -> TableEditFailure? {
        switch grid {
        case .failure(let failure): failure
        case .success(let grid):
            TableEditor.refusal(action, on: grid, kind: region.kind, syntax: syntax) { pipeToGridRefusal }
        }
    }

    /// The edits that carry out `action`.
    public func apply(_ action: TableAction, syntax: DocumentSyntax) -> Result<TableEditResult, TableEditFailure> {
        grid.flatMap { TableEditor.apply(action, toGrid: $0, region: region, in: text, syntax: syntax, options: options) }
    }
}
