import Foundation
@testable import GridModel
import Testing
@testable import TextTables

/// Random grids printed as reStructuredText and as Markdown read back unchanged in the readers that give
/// them their meaning: pandoc for Markdown; docutils and pandoc -f rst for reStructuredText. Unchanged:
/// the same cells in the same rows (head, body, foot), the same spans, alignments and words, and the same
/// blocks in two layouts of one grid. A grid that cannot hold for a reader must be refused when read.
/// `GRIDLS_GRID_PROPERTY_COUNT` sets the number of grids (CI: 40, read in one batch per reader).
@Suite(.enabled(if: ReferenceReaders.isAvailable, "needs python3 with docutils and pypandoc-binary"))
struct GridReaderPropertyTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_GRID_PROPERTY_COUNT"] ?? "") ?? 40

    @Test(arguments: [DocumentSyntax.markdown, .restructuredText])
    func printedGridsReadBackUnchanged(_ syntax: DocumentSyntax) throws {
        var grids: [Grid] = [], tight: [[UInt8]] = [], roomy: [[UInt8]] = []
        var refused = 0
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomReaderGrid(seed: seed &* 7919 &+ (syntax == .markdown ? 1 : 2))
            let grid = generator.grid(foot: syntax == .markdown, aligned: syntax == .markdown)
            let printed = print(grid, syntax: syntax)
            let text = TextLines(printed)
            let parsed = GridTableParser.parse(text, region: syntax.scan(text).tables[0])
            if parsed.diagnostics.contains(where: { $0.code == .readerWidth && $0.severity == .error }) {
                refused += 1  // a reader cannot read it as printed (see GridReaderWidthTests)
                continue
            }
            #expect(parsed.grid == grid, "gridls reads its own print back: \(String(decoding: printed, as: UTF8.self))")
            let (widths, heights) = generator.roomy(grid)
            grids.append(grid)
            tight.append(printed)
            roomy.append(print(grid, syntax: syntax, widths: widths, heights: heights))
        }
        let ext = syntax == .markdown ? "md" : "rst"
        if let dump = ProcessInfo.processInfo.environment["GRIDLS_GRID_PROPERTY_DUMP"] {  // for a look at failures
            try Data(document(tight)).write(to: URL(fileURLWithPath: "\(dump).\(ext)"))
            Swift.print("\(syntax): \(grids.count) grids read back, \(refused) refused")
        }
        for reader in syntax == .markdown ? ["pandoc-markdown"] : ["docutils", "pandoc-rst"] {
            let read = try ReferenceReaders.read(reader, document(tight), fileExtension: ext)
            #expect(try ReferenceReaders.read(reader, document(roomy), fileExtension: ext) == read, "\(reader): two layouts")
            let tables = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String: Any]])
            try #require(tables.count == grids.count, "\(reader) found \(tables.count) of \(grids.count) tables")
            for (grid, table) in zip(grids, tables) {
                #expect(cellsAndWords(table) == expected(grid, reader: reader), "\(reader): \(String(decoding: print(grid, syntax: syntax), as: UTF8.self))")
                if reader == "pandoc-markdown" { #expect(table["aligns"] as? [String] == grid.alignments.map(pandocName)) }
            }
        }
        #expect(grids.count + refused == Self.count)
        #expect(grids.count > Self.count / 4, "too few grids held for every reader")
    }

    func print(_ grid: Grid, syntax: DocumentSyntax, widths: [Int]? = nil, heights: [Int]? = nil) -> [UInt8] {
        GridTablePrinter(grid, syntax: syntax, minimumWidths: widths, minimumHeights: heights).lines().flatMap { $0 + [0x0A] }
    }

    func document(_ tables: [[UInt8]]) -> [UInt8] {
        tables.enumerated().flatMap { index, table in Array("Table \(index)\n\n".utf8) + table + [0x0A] }
    }

    /// Per part (head, body, foot), per row, the cells that start in it: rowspan, colspan, words.
    func expected(_ grid: Grid, reader: String) -> [[[String]]] {
        let rows = (0..<grid.rowCount).map { r in
            grid.cells.filter { $0.rows.lowerBound == r }.map { cell in
                "\(cell.rows.count) \(cell.columns.count) " + cell.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
        let foot = grid.rowCount - grid.footerRowCount
        // pandoc's Markdown reader drops a one-row header of blank unit cells (a blank span, or two rows, it keeps).
        let blankHeader = reader == "pandoc-markdown" && grid.headerRowCount == 1 && grid.cells.allSatisfy { $0.rows.lowerBound >= grid.headerRowCount || ($0.isBlank && $0.isUnit) }
        return [blankHeader ? [] : Array(rows[..<grid.headerRowCount]), Array(rows[grid.headerRowCount..<foot]), Array(rows[foot...])]
    }

    func cellsAndWords(_ table: [String: Any]) -> [[[String]]] {
        ["head", "body", "foot"].map { part in
            (table[part] as? [[[Any]]] ?? []).map { row in
                row.map { cell in "\(cell[0]) \(cell[1]) \(cell[2])" }
            }
        }
    }

    func pandocName(_ alignment: ColumnAlignment) -> String {
        switch alignment {
        case .none: "AlignDefault"
        case .left: "AlignLeft"
        case .center: "AlignCenter"
        case .right: "AlignRight"
        }
    }
}
