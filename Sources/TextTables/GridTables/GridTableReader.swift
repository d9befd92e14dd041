import GridModel

/// The state of reading one grid table (the names of its parts: `GridTableMap`). Reading never fails: it
/// returns the grid when the table's structure is unambiguous, and leaves in `diagnostics` what is wrong
/// otherwise; a table with an error diagnostic has no grid and is never rewritten. `read()` takes the
/// steps, each in a file of its own: the edges and borders (`GridTableBorders`), the column lines of
/// each row (`GridTableRows`), the cells (`GridTableCells`), the widths the reader counts
/// (`GridTableReaderWidths`), the grid the cells make (`GridTableContent`); for a table that does not
/// read, the fixes that rewrite it (`GridTableFixes`) and the one slip that explains it (`GridSlipRepair`).
struct GridTableReader {
    typealias G = GridTableGeometry
    let text: TextLines
    let region: TableRegion
    /// The rows, column lines and cells found so far.
    var map: GridTableMap
    var diagnostics: [Diagnostic] = []
    /// Regions that are not rectangles, as lists of slots (row * columns + column) in reading order.
    var irregularRegions: [[Int]] = []
    /// Whether an unreadable table is searched for the one slip that explains it (`GridSlipRepair`) and its
    /// errors get fixes; off in the readings that search makes, which only tell whether a candidate reads.
    var searchesSlips = true

    init(text: TextLines, region: TableRegion, options: WidthOptions) {
        self.text = text
        self.region = region
        map = GridTableMap(geometry: GridTableGeometry(text, region: region, options: options))
    }

    var geometry: GridTableGeometry { map.geometry }
    var lines: [GridTextLine] { map.geometry.lines }
    var columnLineX: [Int] { map.geometry.columnLineX }
    var columnCount: Int { map.geometry.columnCount }
    var borders: [Int] { map.borders }
    var isBorderLine: [Bool] { map.isBorderLine }
    var rowColumnLines: [[Bool]] { map.rowColumnLines }
    /// Whether some content line's `|` were off the borders' column lines and were matched by their order
    /// (text typed into a cell): the table then reads as another one in pandoc and docutils.
    var isReLaid: Bool { !map.reLaidColumnLineX.isEmpty }

    func xOfColumnLine(_ k: Int, line i: Int) -> Int { map.xOfColumnLine(k, line: i) }

    /// The table's grid, or nil when it has an error diagnostic (then `diagnostics` say what is wrong, with
    /// their fixes).
    mutating func read() -> Grid? {
        if checkEdges(), findBorders(), findRowColumnLines() {
            checkRuleRunsInContent()
            let cells = findCells()
            checkJunctions()
            if let cells {
                checkReaderWidths(cells)
                keepReaderWidthErrorsAlone()
            }
            if !diagnostics.contains(where: { $0.severity == .error }), let cells {
                let grid = makeGrid(cells)
                // Lines whose `|` stand off the borders' column lines (text typed into a cell pushes them)
                // read as another table in pandoc and docutils: report them, and offer the table the cells mean.
                guard isReLaid, let grid else { return grid }
                // A reading that only tells whether a candidate repair reads needs no fixes.
                guard searchesSlips else {
                    report(.brokenBorder, Diagnostic.Message.drift(region.syntax), lineRange(0))
                    return nil
                }
                reportDrift(grid)
                // Unless one border slipped and moved the column lines the others are measured by.
                reportSlip(onBorderOnly: true)
                return nil
            }
            if searchesSlips, let cells, !irregularRegions.isEmpty, diagnostics.allSatisfy({ $0.code == .nonRectangularCell }) {
                let fix = splittingFix(cells)
                for index in diagnostics.indices { diagnostics[index].fixes = fix.map { [$0] } ?? [] }
            }
        }
        if searchesSlips {
            reportSlip(onBorderOnly: false)
            offerReLaying()
        }
        return nil
    }

    // MARK: Diagnostics

    func lineRange(_ i: Int) -> Range<Int> {
        region.contentStarts[i]..<text.contentEnd(region.firstLine + i)
    }

    func columnRange(_ i: Int, _ x: Int) -> Range<Int> {
        let start = lines[i].offset(x)
        return start..<min(lineRange(i).upperBound, lines[i].offset(x + 1))
    }

    mutating func report(_ code: Diagnostic.Code, _ message: String, _ range: Range<Int>, fix: Fix? = nil) {
        diagnostics.append(Diagnostic(code: code, severity: .error, message: message, range: range, fixes: fix.map { [$0] } ?? []))
    }

    /// A fix that writes `replacement` over the character at `x` on line `i`.
    func characterFix(_ kind: FixKind, line i: Int, x: Int, _ replacement: UInt8) -> Fix {
        Fix(kind, edits: [TextEdit(range: columnRange(i, x), newText: [replacement])])
    }
}
