import GridModel

/// Where a grid table's rows, column lines and cells stand on its text: what `GridTableReader` finds, and
/// all a readable table's `TableReading` keeps to place offsets (as a simple table keeps `SimpleTableMap`).
///
/// One name for each thing, in the code, its comments and ARCHITECTURE.md:
/// - *line* `i`: a line of the table's text, counted from its first; *x*: a display column on a line.
/// - *column line* `k`: a vertical line of the grid, drawn with `+` and `|`, from 0 (the left edge) to
///   `columnCount` (the right edge); `columnLineX[k]` is its x.
/// - *column* `k`: what lies between column lines `k` and `k + 1`.
/// - *border*: a line that rules at least one column with a run like `+---+` or `+===+`; the *rule* of a
///   column is that run over it.
/// - *row* `r`: the lines between two borders, `borders[r]` and `borders[r + 1]`.
/// - *slot*: a row and a column; a *cell* covers a rectangle of slots.
struct GridTableMap {
    typealias G = GridTableGeometry
    var geometry: GridTableGeometry
    /// The borders (indices into `geometry.lines`), top to bottom.
    var borders: [Int] = []
    var isBorderLine: [Bool] = []
    /// Per row, per column line: whether the column line runs through the row.
    var rowColumnLines: [[Bool]] = []
    /// Per re-laid content line (its `|` off the borders' column lines, matched in order): the x of each
    /// column line of its row, -1 where none. Lines on the grid are absent: their column lines stand at
    /// `columnLineX`. Empty in a readable table.
    var reLaidColumnLineX: [Int: [Int]] = [:]

    var lines: [GridTextLine] { geometry.lines }
    var columnLineX: [Int] { geometry.columnLineX }
    var columnCount: Int { geometry.columnCount }

    /// The x of column line `k` on line `i`.
    func xOfColumnLine(_ k: Int, line i: Int) -> Int {
        reLaidColumnLineX[i]?[k] ?? columnLineX[k]
    }

    /// The slot at byte `offset` of line `i`.
    func slot(line i: Int, offset: Int) -> Slot? {
        guard let found = (0..<lines[i].width).last(where: { lines[i].offset($0) <= offset }) ?? (offset <= lines[i].start ? 0 : nil) else { return nil }
        // On the left edge (or before it), the cursor is at the first cell, as in a pipe table.
        let x = max(found, geometry.left + 1)
        guard let below = borders.firstIndex(where: { $0 > i }) else { return nil }
        let row = below - 1
        if isBorderLine[i] {
            // Only the open part of a border, inside a cell spanning across it.
            guard let k = (0..<columnCount).first(where: { columnLineX[$0] < x && x < columnLineX[$0 + 1] }),
                  !geometry.isRule(line: i, column: k), row >= 0 else { return nil }
            return Slot(row: row, column: k)
        }
        let columnLines = (0..<columnLineX.count).filter { rowColumnLines[row][$0] }
        guard let right = columnLines.firstIndex(where: { xOfColumnLine($0, line: i) >= x }), right > 0 else { return nil }
        return Slot(row: row, column: columnLines[right - 1])
    }

    /// The column whose column lines enclose byte `offset` of line `i`, whatever cell spans it.
    func column(line i: Int, offset: Int) -> Int? {
        guard let x = (0..<lines[i].width).last(where: { lines[i].offset($0) <= offset }) else { return nil }
        return (0..<columnCount).first { columnLineX[$0] <= x && x < columnLineX[$0 + 1] }
    }
}
