/// Horizontal alignment of a column, as an alignment row or a grid table's header separator states it.
public enum ColumnAlignment: Sendable, Hashable {
    case none, left, center, right

    /// The alignment a delimiter or border segment marks with colons at its ends (`:--`, `:-:`, `--:`).
    public init(colonAtStart: Bool, colonAtEnd: Bool) {
        self = colonAtStart && colonAtEnd ? .center : colonAtStart ? .left : colonAtEnd ? .right : .none
    }

    /// Whether its segment starts with a colon.
    public var colonAtStart: Bool { self == .left || self == .center }
    /// Whether its segment ends with a colon.
    public var colonAtEnd: Bool { self == .right || self == .center }
}

/// One slot of a grid: a row and a column.
public struct Slot: Sendable, Hashable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public var description: String { "row \(row + 1), column \(column + 1)" }
}

/// A rectangle of slots: `rows` × `columns`, both half-open.
public struct SlotRect: Sendable, Hashable, CustomStringConvertible {
    public var rows: Range<Int>
    public var columns: Range<Int>

    public init(rows: Range<Int>, columns: Range<Int>) {
        self.rows = rows
        self.columns = columns
    }

    public var isEmpty: Bool { rows.isEmpty || columns.isEmpty }

    public func contains(_ other: SlotRect) -> Bool {
        rows.lowerBound <= other.rows.lowerBound && other.rows.upperBound <= rows.upperBound
            && columns.lowerBound <= other.columns.lowerBound
            && other.columns.upperBound <= columns.upperBound
    }

    /// The smallest rectangle holding both.
    public func union(_ other: SlotRect) -> SlotRect {
        SlotRect(
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound),
            columns: min(columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound))
    }

    func intersects(_ other: SlotRect) -> Bool {
        rows.overlaps(other.rows) && columns.overlaps(other.columns)
    }

    /// One-based, inclusive, as a person reads it: "rows 2–3, columns 1–4".
    public var description: String {
        func span(_ name: String, _ r: Range<Int>) -> String {
            r.count == 1 ? "\(name) \(r.lowerBound + 1)" : "\(name)s \(r.lowerBound + 1)–\(r.upperBound)"
        }
        return "\(span("row", rows)), \(span("column", columns))"
    }
}

/// One cell of a grid: the rectangle of slots it covers and its content, one string per line.
/// A cell never stores its size; layout derives it from what the cell covers.
public struct GridCell: Sendable, Hashable {
    public var rect: SlotRect
    public var lines: [String]

    public init(rows: Range<Int>, columns: Range<Int>, lines: [String] = []) {
        self.rect = SlotRect(rows: rows, columns: columns)
        self.lines = lines
    }

    public var rows: Range<Int> { rect.rows }
    public var columns: Range<Int> { rect.columns }
    public var isUnit: Bool { rect.rows.count == 1 && rect.columns.count == 1 }

    /// True when the cell holds no visible text.
    public var isBlank: Bool { lines.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
}

/// A table as a grid of slots tiled by cells. Invariants (checked by `init`):
/// every cell covers a non-empty rectangle inside the grid and every slot belongs to exactly one cell.
/// Cells are kept in reading order: by top row, then by left column.
public struct Grid: Sendable, Hashable {
    public let rowCount: Int
    public let columnCount: Int
    public let cells: [GridCell]
    /// One per column.
    public let alignments: [ColumnAlignment]
    /// The first `headerRowCount` rows are the header.
    public let headerRowCount: Int
    /// The last `footerRowCount` rows are the foot (pandoc's table foot); a foot comes with a header.
    public let footerRowCount: Int

    /// The rows between header and foot.
    var bodyRows: Range<Int> { headerRowCount..<max(headerRowCount, rowCount - footerRowCount) }

    public init(
        rowCount: Int, columnCount: Int, cells: [GridCell],
        alignments: [ColumnAlignment]? = nil, headerRowCount: Int = 0, footerRowCount: Int = 0
    ) throws(GridError) {
        guard rowCount > 0, columnCount > 0 else { throw .emptyGrid }
        let alignments = alignments ?? Array(repeating: .none, count: columnCount)
        guard alignments.count == columnCount else {
            throw .alignmentCount(expected: columnCount, found: alignments.count)
        }
        guard (0...rowCount).contains(headerRowCount) else { throw .headerRowCount(headerRowCount) }
        guard footerRowCount == 0 || (headerRowCount > 0 && headerRowCount + footerRowCount <= rowCount) else {
            throw .footerRowCount(footerRowCount)
        }
        let sorted = Grid.inReadingOrder(cells)
        try Grid.checkTiling(sorted, rowCount: rowCount, columnCount: columnCount)
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.cells = sorted
        self.alignments = alignments
        self.headerRowCount = headerRowCount
        self.footerRowCount = footerRowCount
    }

    /// A grid of unit cells, one per slot, from rows of single-line texts. Short rows are padded with empty cells.
    public static func units(
        _ rows: [[String]], alignments: [ColumnAlignment]? = nil, headerRowCount: Int = 0
    ) throws(GridError) -> Grid {
        let columnCount = max(rows.map(\.count).max() ?? 0, alignments?.count ?? 0)
        var cells: [GridCell] = []
        cells.reserveCapacity(rows.count * columnCount)
        for (r, row) in rows.enumerated() {
            for c in 0..<columnCount {
                let text = c < row.count ? row[c] : ""
                cells.append(GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: text.isEmpty ? [] : [text]))
            }
        }
        return try Grid(
            rowCount: rows.count, columnCount: columnCount, cells: cells,
            alignments: alignments, headerRowCount: headerRowCount)
    }

    /// Builds a grid from cells an operation produced; operations keep the tiling by construction,
    /// and `checkInvariants()` lets tests prove it.
    init(
        unchecked cells: [GridCell], rowCount: Int, columnCount: Int,
        alignments: [ColumnAlignment], headerRowCount: Int, footerRowCount: Int
    ) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.cells = Grid.inReadingOrder(cells)
        self.alignments = alignments
        self.headerRowCount = headerRowCount
        self.footerRowCount = footerRowCount
    }

    /// The cells sorted by top row, then left column (without sorting when they already are).
    static func inReadingOrder(_ cells: [GridCell]) -> [GridCell] {
        // By index and rectangle: pairs of cells copied would retain and release every cell's text.
        let ordered = cells.indices.dropFirst().allSatisfy { !readingOrder(cells[$0].rect, cells[$0 - 1].rect) }
        return ordered ? cells : cells.sorted(by: readingOrder)
    }

    /// Whether no cell spans rows or columns: in a tiling, exactly when there is one cell per slot (O(1)).
    public var hasOnlyUnitCells: Bool { cells.count == rowCount * columnCount }

    /// Throws when the cells do not tile the grid or the alignments do not match the columns.
    func checkInvariants() throws(GridError) {
        _ = try Grid(
            rowCount: rowCount, columnCount: columnCount, cells: cells,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }

    static func readingOrder(_ a: GridCell, _ b: GridCell) -> Bool { readingOrder(a.rect, b.rect) }

    static func readingOrder(_ a: SlotRect, _ b: SlotRect) -> Bool {
        (a.rows.lowerBound, a.columns.lowerBound) < (b.rows.lowerBound, b.columns.lowerBound)
    }

    private static func checkTiling(_ cells: [GridCell], rowCount: Int, columnCount: Int) throws(GridError) {
        var owner = [Int](repeating: -1, count: rowCount * columnCount)
        let bounds = SlotRect(rows: 0..<rowCount, columns: 0..<columnCount)
        for index in cells.indices {
            let rect = cells[index].rect  // the rectangle alone: copying the cell would retain its text
            guard !rect.isEmpty else { throw .emptyCell(rect) }
            guard bounds.contains(rect) else { throw .cellOutsideGrid(rect) }
            for r in rect.rows {
                for c in rect.columns {
                    let slot = r * columnCount + c
                    guard owner[slot] < 0 else { throw .overlap(row: r, column: c) }
                    owner[slot] = index
                }
            }
        }
        if let gap = owner.firstIndex(of: -1) {
            throw .uncoveredSlot(row: gap / columnCount, column: gap % columnCount)
        }
    }

    /// The index in `cells` of the cell covering each slot, row by row.
    public func slotOwners() -> [Int] {
        var owner = [Int](repeating: 0, count: rowCount * columnCount)
        for index in cells.indices {
            let rect = cells[index].rect
            for r in rect.rows {
                for c in rect.columns { owner[r * columnCount + c] = index }
            }
        }
        return owner
    }

    /// The index in `cells` of the cell covering `(row, column)`, or nil outside the grid.
    public func cellIndex(row: Int, column: Int) -> Int? {
        guard (0..<rowCount).contains(row), (0..<columnCount).contains(column) else { return nil }
        // Cells are in reading order: the owner is among those starting at or above `row`, most often one
        // of the last of them (an editor asks at every cursor move, in tables of any length).
        var low = 0, high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].rows.lowerBound <= row { low = middle + 1 } else { high = middle }
        }
        return cells[..<low].lastIndex { $0.rows.contains(row) && $0.columns.contains(column) }
    }

    /// The cell covering `slot`, or nil outside the grid.
    public func cell(at slot: Slot) -> GridCell? {
        cellIndex(row: slot.row, column: slot.column).map { cells[$0] }
    }
}
