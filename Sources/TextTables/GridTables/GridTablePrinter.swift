import GridModel

/// Prints a grid as a grid table (the default style of README.md): every column as wide as its widest unit cell,
/// every row as tall as its tallest; spanning cells widen (heighten) what they cover when they need more,
/// the extra split evenly with the remainder to the last column (row). One space of padding, text kept
/// left-aligned so that relative indentation inside cells survives, `+` wherever a border crosses a
/// column line, `=` under the header, alignment colons on the header separator (or the top border).
/// It prints every row and column line the grid has, even one that every cell crosses (as the author
/// drew it): a column line as junctions on the top and bottom borders, a row line as `+` on the table's
/// edges (`+    +`), which pandoc and docutils read as a row boundary. Edits normalize what they create.
package struct GridTablePrinter {
    package let grid: Grid
    let indent: [UInt8]
    let widths: [Int]
    let heights: [Int]
    /// How the printed text is measured (a line's width is measured again where it is printed: keeping
    /// every line's width would cost an array per cell).
    let reader: ReferenceReader
    let owners: [Int]
    /// Per cell, the width of its widest line: that of its only line, which most cells have.
    private let contentWidths: [Int]
    /// `widthBefore[k]`: columns from the left edge's `|` to column line `k`'s (a region's width at once).
    private let widthBefore: [Int]
    /// A row border that rules every column (most of them), as printed after the indentation.
    private let plainBorder: [UInt8]
    /// `linesBefore[r]`: printed lines from the top border to row `r`'s border, so that where a cell's
    /// text stands in a row is known at once, however many rows the cell spans.
    private let linesBefore: [Int]

    /// Whether a cell holds a tab that docutils expands: its width depends on the column where it is
    /// printed, so its line is measured there (reStructuredText; `ReferenceReader.docutilsColumn`).
    private let tabbed: Bool

    /// `minimumWidths` and `minimumHeights` (one per column, row) make the table roomier than it needs.
    /// Text is measured as the reader of `syntax` counts columns (`ReferenceReader`). In reStructuredText a
    /// printed line starts the document's line (no container prefix), `indent` included.
    package init(
        _ grid: Grid, indent: [UInt8] = [], options: WidthOptions, syntax: DocumentSyntax,
        minimumWidths: [Int]? = nil, minimumHeights: [Int]? = nil
    ) {
        let reader = ReferenceReader(syntax)
        // The cells by index: a cell copied out of the array would retain and release its lines.
        let contentWidths = grid.cells.indices.map { c in grid.cells[c].lines.reduce(0) { max($0, reader.width(of: $1)) } }
        let minimumWidths = minimumWidths?.count == grid.columnCount ? minimumWidths : nil
        let minimumHeights = minimumHeights?.count == grid.rowCount ? minimumHeights : nil
        var widths = GridTablePrinter.separatingTextFromColumnLines(grid, reader: reader, widths: GridTablePrinter.sizes(
            minimums: minimumWidths ?? Array(repeating: 1, count: grid.columnCount), gap: 3,
            needs: grid.cells.indices.map { (grid.cells[$0].columns, contentWidths[$0]) }))
        let heights = GridTablePrinter.keepingRuleLikeTextOffBorders(grid, heights: GridTablePrinter.sizes(
            minimums: minimumHeights ?? Array(repeating: 1, count: grid.rowCount), gap: 1,
            needs: grid.cells.indices.map { (grid.cells[$0].rows, grid.cells[$0].lines.count) }))
        let tabs = reader == .docutils ? grid.cells.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.utf8.count(where: { $0 == 0x09 }) } } : 0
        self.init(grid, indent: indent, reader: reader, contentWidths: contentWidths, widths: widths, heights: heights, tabbed: tabs > 0)
        // Tabs: widen until every line fits its cell where it is printed. Widths only grow (each round's
        // are the next one's minimums), and a tab takes at most 8 columns, so each round adds a column
        // at least and the rounds are bounded by the tabs' columns.
        for _ in 0..<(tabs * 8 + 1) where tabs > 0 {
            let printed = printedWidths()
            let next = GridTablePrinter.separatingTextFromColumnLines(grid, reader: reader, widths: GridTablePrinter.sizes(
                minimums: widths, gap: 3, needs: grid.cells.indices.map { (grid.cells[$0].columns, printed[$0]) }))
            if next == widths { break }
            widths = next
            self.init(grid, indent: indent, reader: reader, contentWidths: contentWidths, widths: widths, heights: heights, tabbed: true)
        }
    }

    private init(_ grid: Grid, indent: [UInt8], reader: ReferenceReader, contentWidths: [Int], widths: [Int], heights: [Int], tabbed: Bool) {
        self.grid = grid
        self.indent = indent
        self.reader = reader
        self.contentWidths = contentWidths
        self.widths = widths
        self.heights = heights
        self.tabbed = tabbed
        owners = grid.slotOwners()
        widthBefore = widths.reduce(into: [0]) { $0.append($0.last! + $1 + 3) }
        linesBefore = heights.reduce(into: [0]) { $0.append($0.last! + $1 + 1) }
        plainBorder = widths.reduce(into: [UInt8(ascii: "+")]) { line, width in
            line.append(UInt8(ascii: "-"), count: width + 2)
            line.append(UInt8(ascii: "+"))
        }
    }

    /// Per cell, the columns of its widest line as docutils counts them where it is printed.
    private func printedWidths() -> [Int] {
        var widest = contentWidths
        var scratch: [UInt8] = []
        forEachLine(widest: &widest) { append in
            append(&scratch)
            scratch.removeAll(keepingCapacity: true)
        }
        return widest
    }

    /// Number of printed lines: one border above each row, each row's height, and the bottom border.
    package var lineCount: Int { heights.reduce(1) { $0 + $1 + 1 } }

    /// Every printed line, without terminators.
    package func lines() -> [[UInt8]] {
        var result: [[UInt8]] = []
        result.reserveCapacity(lineCount)
        forEachLine { append in
            var line: [UInt8] = []
            append(&line)
            result.append(line)
        }
        return result
    }

    /// Calls `body` once per printed line, top to bottom, with a function that appends that line.
    func forEachLine(_ body: ((inout [UInt8]) -> Void) -> Void) {
        var widest: [Int] = []
        forEachLine(widest: &widest, body)
    }

    /// `forEachLine`, noting in `widest` (per cell, unless empty) how wide a line holding a tab prints.
    private func forEachLine(widest: inout [Int], _ body: ((inout [UInt8]) -> Void) -> Void) {
        for b in 0...grid.rowCount {
            body { appendBorderLine(b, widest: &widest, to: &$0) }
            if b < grid.rowCount {
                for j in 0..<heights[b] { body { appendContentLine(row: b, offset: j, widest: &widest, to: &$0) } }
            }
        }
    }

    /// Where docutils counts a printed line's columns, followed as the line is printed (only for tabs).
    private struct TabColumn {
        /// How far `column` has counted into the output, and the docutils column there.
        var scanned: Int, column = 0
    }

    private func owner(_ r: Int, _ k: Int) -> Int { owners[r * grid.columnCount + k] }

    /// Whether column line `k` (0…columnCount) runs through row `r`.
    private func hasVerticalLine(row r: Int, at k: Int) -> Bool {
        k == 0 || k == grid.columnCount || owner(r, k - 1) != owner(r, k)
    }

    private func appendContentLine(row r: Int, offset j: Int, widest: inout [Int], to out: inout [UInt8]) {
        var tabColumn = TabColumn(scanned: out.count)
        out.append(contentsOf: indent)
        var k = 0
        while k < grid.columnCount {
            let c = owner(r, k)
            out.append(UInt8(ascii: "|"))
            appendRegion(of: c, line: lineOffset(of: c, row: r) + j, tabColumn: &tabColumn, widest: &widest, to: &out)
            k = grid.cells[c].columns.upperBound
        }
        out.append(UInt8(ascii: "|"))
    }

    /// Border `b` lies above row `b` (the bottom border is `b == rowCount`).
    private func appendBorderLine(_ b: Int, widest: inout [Int], to out: inout [UInt8]) {
        var tabColumn = TabColumn(scanned: out.count)
        let columns = grid.columnCount
        let isHeader = (b == grid.headerRowCount && b > 0)
            || (grid.footerRowCount > 0 && (b == grid.rowCount - grid.footerRowCount || b == grid.rowCount))
        let colons = (b == grid.headerRowCount && b > 0) || (b == 0 && grid.headerRowCount == 0)
        let ruled = (0..<columns).map { k in b == 0 || b == grid.rowCount || owner(b - 1, k) != owner(b, k) }
        if !isHeader && !colons && !ruled.contains(false) {
            out.append(contentsOf: indent)
            out.append(contentsOf: plainBorder)
            return
        }
        // A row line that every cell crosses is drawn with `+` on the edges alone.
        let unruled = !ruled.contains(true)
        out.append(contentsOf: indent)
        var k = 0
        while k < columns {
            let touchesRule = ruled[k] || (k > 0 && ruled[k - 1])
            let up = b > 0 && hasVerticalLine(row: b - 1, at: k), down = b < grid.rowCount && hasVerticalLine(row: b, at: k)
            if ruled[k] {
                out.append(UInt8(ascii: "+"))
                appendRule(width: widths[k] + 2, alignment: colons ? grid.alignments[k] : .none, header: isHeader, to: &out)
                k += 1
                continue
            }
            // A cell spanning across this border: its text continues on this line.
            let c = owner(b, k)
            out.append(touchesRule || (k == 0 && unruled) ? UInt8(ascii: "+") : (up || down) ? UInt8(ascii: "|") : UInt8(ascii: " "))
            appendRegion(of: c, line: lineOffset(of: c, row: b) - 1, tabColumn: &tabColumn, widest: &widest, to: &out)
            k = grid.cells[c].columns.upperBound
        }
        out.append(ruled[columns - 1] || unruled ? UInt8(ascii: "+") : UInt8(ascii: "|"))
    }

    /// Index of the cell's first line in row `r`, counting its lines from its top row.
    private func lineOffset(of c: Int, row r: Int) -> Int {
        linesBefore[r] - linesBefore[grid.cells[c].rows.lowerBound]
    }

    /// The cell's text for line `line`, padded to the cell's full width between its column lines.
    private func appendRegion(of c: Int, line: Int, tabColumn: inout TabColumn, widest: inout [Int], to out: inout [UInt8]) {
        let columns = grid.cells[c].columns
        let width = widthBefore[columns.upperBound] - widthBefore[columns.lowerBound] - 3
        out.append(0x20)
        var used = 0
        if line < grid.cells[c].lines.count {
            let text = grid.cells[c].lines[line]
            if tabbed && text.utf8.contains(0x09) {
                // Each byte of the line is counted once, however many of its cells hold a tab.
                tabColumn.column = ReferenceReader.docutilsColumn(after: out[tabColumn.scanned...], from: tabColumn.column)
                tabColumn.scanned = out.count
                used = reader.width(of: text, at: tabColumn.column)
                if !widest.isEmpty { widest[c] = max(widest[c], used) }
            } else {
                used = grid.cells[c].lines.count == 1 ? contentWidths[c] : reader.width(of: text)
            }
            out.append(contentsOf: text.utf8)
        }
        out.appendSpaces(width - used + 1)
    }

    private func appendRule(width: Int, alignment: ColumnAlignment, header: Bool, to out: inout [UInt8]) {
        let fill = header ? UInt8(ascii: "=") : UInt8(ascii: "-")
        let left = alignment.colonAtStart, right = alignment.colonAtEnd
        out.append(left ? UInt8(ascii: ":") : fill)
        out.append(fill, count: width - 2)
        out.append(right ? UInt8(ascii: ":") : fill)
    }
}
