import GridModel

/// A pipe table's cells past its header's count, which GitHub does not show. Formatting keeps them after
/// the row's other cells; an action keeps them too, with their row: only the shown columns take part in
/// it. The shown cells go through the grid model with one more column that holds each row's index, which
/// follows the row through any edit (inserted, deleted, moved, sorted) and says whose hidden cells come
/// back after it. A table of another kind would show them, so no action makes one of such a table.
struct HiddenCells: Sendable {
    /// The header's count: the columns GitHub shows.
    let shown: Int
    /// Per row, its cells past `shown`.
    let hidden: [[String]]
    /// The first row (1-based, as the user counts them) holding some.
    let firstRow: Int

    /// Nil when no row has a cell past the header's count.
    init?(_ table: PipeTable) {
        let shown = table.cellCount(ofRow: 0)
        guard let first = (0..<table.rowCount).first(where: { table.cellCount(ofRow: $0) > shown }) else { return nil }
        self.shown = shown
        firstRow = first + 1
        hidden = (0..<table.rowCount).map { r in
            (shown..<max(shown, table.cellCount(ofRow: r))).map { table.text(row: r, column: $0) }
        }
    }

    /// The shown cells, and a last column holding each row's index.
    func taggedGrid(_ table: PipeTable) -> Grid {
        let texts = (0..<table.rowCount).map { r in
            (0..<shown).map { table.text(row: r, column: $0) } + [String(r)]
        }
        // One header row and unit cells: this cannot fail.
        return (try? Grid.units(texts, alignments: Array(table.alignments.prefix(shown)) + [.none], headerRowCount: 1))!
    }

    /// The pipe table an edited `taggedGrid` stands for: the shown cells, and after them the hidden cells
    /// of the row whose index it holds (a new row has none).
    func pipeTable(fromTagged grid: Grid) -> Result<PipeTable, TableEditRefusal> {
        let untagged: Grid
        do {
            untagged = try grid.applying(.deleteColumn(grid.columnCount - 1))
        } catch {
            return .failure(.edit(error))
        }
        return TableConversion.pipeTable(untagged).map { table in
            let owners = grid.slotOwners()
            let texts = table.texts.enumerated().map { r, row in
                let tag = grid.cells[owners[r * grid.columnCount + grid.columnCount - 1]].lines.first ?? ""
                return row + (Int(tag).map { hidden[$0].map(TableConversion.escapingPipes) } ?? [])
            }
            return PipeTable(texts: texts, alignments: table.alignments)
        }
    }
}
