import GridModel

/// What printing a simple table keeps of its text besides the cells: its indentation, the blank lines
/// that close each row (writers put one between rows of several lines) and the `-` lines between rows
/// that span nothing (groups of rows, which docutils reads as row boundaries only). (Right-aligned
/// columns are the grid's alignments: `SimpleTableAlignment`.)
struct SimpleTableLayout: Sendable, Hashable {
    /// The top border's leading white space, put before every printed line.
    var indent: [UInt8]
    /// Per row: the blank lines at the end of its lines.
    var blankLinesAfter: [Int]
    /// Per row: whether it is only an underline (below another underline, a rule or the top border), which
    /// docutils reads as a row of empty cells with no paragraph in them. Other rows without text are
    /// written with `\` in the first column, which a writer can type over.
    var underlineRows: [Bool] = []
    /// Per row: whether a `-` line closes it: one is printed below it (where no `=` rule is), whether or
    /// not its cells span.
    var ruledRows: [Bool] = []
    /// Whether a `-` line closes every row that an `=` rule does not.
    var ruledThroughout = false

    /// The layout of a table an action made with `rowCount` rows: a blank line after every row where the
    /// table had one after every row but its last, else none; a `-` line below every row where the table
    /// had one below every row that no `=` rule closes, else none; empty rows written with `\`.
    func edited(rowCount: Int) -> SimpleTableLayout {
        let spaced = blankLinesAfter.count > 1 && blankLinesAfter.dropLast().allSatisfy { $0 > 0 }
        return SimpleTableLayout(indent: indent, blankLinesAfter: Array(repeating: spaced ? 1 : 0, count: rowCount),
                                 ruledRows: Array(repeating: ruledThroughout, count: rowCount), ruledThroughout: ruledThroughout)
    }
}

/// Where a simple table's rows and columns are, to find the slot under the cursor.
struct SimpleTableMap: Sendable, Hashable {
    var indentWidth = 0
    var columnStarts: [Int] = []
    /// Per line of the table: the row whose lines it is among (nil on a rule or underline).
    var rowOfLine: [Int?] = []

    /// The slot at byte `offset` of the table's line `line`: the row of the line, the last column that
    /// starts at or left of the offset's column (a gap counts with the column on its left).
    func slot(line: Int, offset: Int, text: TextLines, region: TableRegion) -> Slot? {
        guard line < rowOfLine.count, let row = rowOfLine[line] else { return nil }
        let start = min(region.contentStarts[line] + indentWidth, text.contentEnd(region.firstLine + line))
        let end = text.contentEnd(region.firstLine + line)
        let pieces = SimpleTableLine(text.bytes, start, end).pieces
        // At the line's end the cursor stands past its last character: where a line padded up to a blank
        // cell (by the table keys) ends, that cell starts.
        let x = offset >= end ? pieces.last.map { $0.column + $0.width } ?? 0 : pieces.last { $0.bytes.lowerBound <= offset }.map { $0.column } ?? 0
        let column = columnStarts.lastIndex { $0 <= x } ?? 0
        return Slot(row: row, column: column)
    }

    /// Where the text of the cell at `rect` starts: its first non-blank character on the row's first line
    /// that has one, or its first column on the row's first line (the line's end when it is shorter).
    func textStart(of rect: SlotRect, text: TextLines, region: TableRegion) -> Int? {
        let lines = rowOfLine.indices.filter { rowOfLine[$0] == rect.rows.lowerBound }
        guard let first = lines.first else { return nil }
        let from = columnStarts[rect.columns.lowerBound]
        let to = rect.columns.upperBound < columnStarts.count ? columnStarts[rect.columns.upperBound] : Int.max
        func start(_ line: Int) -> Int { min(region.contentStarts[line] + indentWidth, text.contentEnd(region.firstLine + line)) }
        for line in lines {
            let pieces = SimpleTableLine(text.bytes, start(line), text.contentEnd(region.firstLine + line)).pieces
            if let piece = pieces.first(where: { !$0.isSpace && (from..<to).contains($0.column) }) { return piece.bytes.lowerBound }
        }
        let pieces = SimpleTableLine(text.bytes, start(first), text.contentEnd(region.firstLine + first)).pieces
        return pieces.first { $0.column >= from }?.bytes.lowerBound ?? text.contentEnd(region.firstLine + first)
    }
}
