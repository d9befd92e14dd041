import GridModel

/// Which columns of a simple table the author drew flush right (a column of numbers): those whose every
/// cell with text (spanning no other column) ends at the column's right edge on each of its lines, one of
/// them at least narrower than the column (starting right of its left edge). The right edge of the last
/// column is the top border's end. Readers take no alignment from a simple table; the printer keeps
/// these columns' cells flush right.
struct SimpleTableAlignment {
    private var flushRight: [Bool]
    private var narrower: [Bool]
    private var hasText: [Bool]

    init(columns: Int) {
        flushRight = Array(repeating: true, count: columns)
        narrower = Array(repeating: false, count: columns)
        hasText = narrower
    }

    /// Notes the cell of column `column` whose text is what starts in columns `range` of `lines`, the
    /// column's right edge at `edge`.
    mutating func note(_ lines: ArraySlice<SimpleTableLine>, column: Int, range: Range<Int>, edge: Int) {
        for k in lines.indices {  // by index: a line copied out is retained and released
            guard let extent = lines[k].textExtent(starting: range) else { continue }
            hasText[column] = true
            flushRight[column] = flushRight[column] && extent.upperBound == edge
            narrower[column] = narrower[column] || extent.lowerBound > range.lowerBound
        }
    }

    var alignments: [ColumnAlignment] {
        flushRight.indices.map { hasText[$0] && flushRight[$0] && narrower[$0] ? .right : .none }
    }
}
