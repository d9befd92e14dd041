@testable import GridModel

/// A grid drawn as text for readable expectations: one line per row, each slot the first line of its cell,
/// with `<` where a slot continues the cell to its left and `^` where it continues the cell above.
func sketch(_ grid: Grid) -> String {
    let owners = grid.slotOwners()
    var lines: [String] = []
    for r in 0..<grid.rowCount {
        var slots: [String] = []
        for c in 0..<grid.columnCount {
            let cell = grid.cells[owners[r * grid.columnCount + c]]
            if cell.rows.lowerBound < r {
                slots.append("^")
            } else if cell.columns.lowerBound < c {
                slots.append("<")
            } else {
                slots.append(cell.lines.isEmpty ? "." : cell.lines.joined(separator: "/"))
            }
        }
        lines.append(slots.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
}

/// A 3×3 grid of unit cells a1…c3 (row letter, column number), one header row.
func abc() throws -> Grid {
    try Grid.units([["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]], headerRowCount: 1)
}

func rect(_ rows: Range<Int>, _ columns: Range<Int>) -> SlotRect { SlotRect(rows: rows, columns: columns) }
