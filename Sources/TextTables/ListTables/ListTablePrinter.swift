import GridModel

/// Prints a grid of unit cells as a `.. list-table::` directive: its title and options (a table made from
/// a grid or simple table gets `:header-rows:` and `:widths:`), a blank line, then one item (`*`) per row
/// holding one item (`-`) per cell, the cell's later lines indented under its text.
struct ListTablePrinter {
    let grid: Grid
    let directive: ListTableDirective

    /// Why `grid` cannot be a list-table, or nil: a list-table's cells span nothing and it has no foot.
    static func refusal(_ grid: Grid) -> TableEditRefusal? {
        if !grid.hasOnlyUnitCells, let merged = grid.cells.first(where: { !$0.isUnit }) { return .listMergedCell(merged.rect) }
        if grid.footerRowCount > 0 { return .listFoot(rows: grid.footerRowCount) }
        return nil
    }

    /// The directive of a list-table made from a grid table or simple table indented by `indent`, whose
    /// columns print `widths` wide.
    static func directive(for grid: Grid, indent: [UInt8], widths: [Int]) -> ListTableDirective {
        var options: [[UInt8]] = []
        if grid.headerRowCount > 0 { options.append(Array(":header-rows: \(grid.headerRowCount)".utf8)) }
        options.append(Array((":widths: " + widths.map(String.init).joined(separator: " ")).utf8))
        return ListTableDirective(indent: indent, title: [], options: options, headerRows: grid.headerRowCount, hasStubColumns: false)
    }

    func lines() -> [[UInt8]] {
        let body = directive.indent + Array("   ".utf8)
        var out = directive.head(ListTableSyntax.marker, options: directive.options)
        out.append([])
        for r in 0..<grid.rowCount {
            for c in 0..<grid.columnCount {
                let lines = grid.cell(at: Slot(row: r, column: c))?.lines ?? []
                let bullet = Array((c == 0 ? "* - " : "  - ").utf8)
                out.append(trimmed(body + bullet + Array((lines.first ?? "").utf8)))
                for line in lines.dropFirst() { out.append(line.isEmpty ? [] : body + Array("    ".utf8) + Array(line.utf8)) }
            }
        }
        return out
    }

    private func trimmed(_ line: [UInt8]) -> [UInt8] { Array(line.trimmingEnd(Blank.isSpace)) }
}
