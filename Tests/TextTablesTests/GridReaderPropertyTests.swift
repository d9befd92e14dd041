import Foundation
@testable import GridModel
import Testing
@testable import TextTables

/// Random grids printed as reStructuredText and as Markdown read back unchanged in the reader that gives
/// them their meaning: pandoc for Markdown, docutils for reStructuredText. Unchanged: the same cells in
/// the same rows (head, body, foot), the same spans, alignments and words, and the same blocks in two
/// layouts of one grid. A grid gridls refuses must be one its reader misreads (no layout works: the
/// printed one is the only one its reader places as drawn). `pandoc -f rst`, reStructuredText's second
/// reader, must read the same exactly where gridls gives no warning, and other cells where it warns.
/// reStructuredText grids hold tabs between words and are indented (with tabs too) at random.
/// `GRIDLS_GRID_PROPERTY_COUNT` sets the number of grids (CI: 40, read in one batch per reader).
@Suite(.enabled(if: ReferenceReaders.isAvailable, "needs python3 with docutils and pypandoc-binary"))
struct GridReaderPropertyTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_GRID_PROPERTY_COUNT"] ?? "") ?? 40

    @Test(arguments: [DocumentSyntax.markdown, .restructuredText])
    func printedGridsReadBackUnchanged(_ syntax: DocumentSyntax) throws {
        var grids: [Grid] = [], tight: [[UInt8]] = [], roomy: [[UInt8]] = [], warned: [Bool] = [], warnedTight: [Bool] = []
        var refused: [(Grid, [UInt8])] = []
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomReaderGrid(seed: seed &* 7919 &+ (syntax == .markdown ? 1 : 2))
            generator.tabs = syntax == .restructuredText && generator.random.chance(0.5)
            let grid = generator.grid(foot: syntax == .markdown, aligned: syntax == .markdown)
            // A tab's width counts from the document line's start: reStructuredText tables are indented too.
            let indent = syntax == .restructuredText ? generator.random.pick(["", "", "  ", "\t", "   \t"]) : ""
            let printed = print(grid, syntax: syntax, indent: indent)
            let text = TextLines(printed)
            let parsed = TableReading(text, region: syntax.scan(text).tables[0], options: .init())
            let severities = Set(parsed.diagnostics.filter { $0.code == .readerWidth }.map(\.severity))
            if severities.contains(.error) {
                refused.append((grid, printed))  // its reader cannot read it as any layout draws it
                continue
            }
            #expect(parsed.grid == .success(grid), "gridls reads its own print back: \(String(decoding: printed, as: UTF8.self))")
            #expect(syntax == .restructuredText || !severities.contains(.warning), "Markdown has no second reader")
            let (widths, heights) = generator.roomy(grid)
            grids.append(grid)
            tight.append(printed)
            roomy.append(print(grid, syntax: syntax, indent: indent, widths: widths, heights: heights))
            // A tab's place differs between the layouts, and with it whether pandoc -f rst expands it apart.
            let roomyText = TextLines(roomy[roomy.count - 1])
            let roomyWarned = TableReading(roomyText, region: syntax.scan(roomyText).tables[0], options: .init()).diagnostics.contains {
                $0.code == .readerWidth && $0.severity == .warning
            }
            warned.append(severities.contains(.warning) || roomyWarned)
            warnedTight.append(severities.contains(.warning))
        }
        let ext = syntax == .markdown ? "md" : "rst"
        if let dump = ProcessInfo.processInfo.environment["GRIDLS_GRID_PROPERTY_DUMP"] {  // for a look at failures
            try Data(document(tight)).write(to: URL(fileURLWithPath: "\(dump).\(ext)"))
            try Data(document(roomy)).write(to: URL(fileURLWithPath: "\(dump)-roomy.\(ext)"))
            Swift.print("\(syntax): \(grids.count) grids read back, \(refused.count) refused, \(warned.filter { $0 }.count) warned")
        }
        let own = syntax == .markdown ? "pandoc-markdown" : "docutils"
        try expectReadAsDrawn(own, grids, tight, roomy, ext: ext)
        for (grid, printed) in refused {
            #expect(try !readsAsDrawn(own, grid, printed, ext: ext), "refused, yet \(own) reads it: \(String(decoding: printed, as: UTF8.self))")
        }
        if syntax == .restructuredText {
            #expect(refused.isEmpty, "docutils decides: nothing is refused for pandoc -f rst")
            let agreed = grids.indices.filter { !warned[$0] }
            try expectReadAsDrawn("pandoc-rst", agreed.map { grids[$0] }, agreed.map { tight[$0] }, agreed.map { roomy[$0] }, ext: ext)
            for i in grids.indices where warnedTight[i] {
                #expect(try !readsAsDrawn("pandoc-rst", grids[i], tight[i], ext: ext), "a warning, yet pandoc -f rst reads it: \(String(decoding: tight[i], as: UTF8.self))")
            }
        }
        #expect(grids.count + refused.count == Self.count)
        #expect(grids.count > Self.count / 2, "too few grids held for their reader")
    }

    /// The grids, printed tight and roomy, read as drawn by `reader`, in one batch per layout.
    func expectReadAsDrawn(_ reader: String, _ grids: [Grid], _ tight: [[UInt8]], _ roomy: [[UInt8]], ext: String) throws {
        let read = try ReferenceReaders.read(reader, document(tight), fileExtension: ext)
        #expect(try ReferenceReaders.read(reader, document(roomy), fileExtension: ext) == read, "\(reader): two layouts")
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String: Any]])
        try #require(tables.count == grids.count, "\(reader) found \(tables.count) of \(grids.count) tables")
        for (index, (grid, table)) in zip(grids, tables).enumerated() {
            #expect(cellsAndWords(table) == expected(grid, reader: reader), "\(reader): \(String(decoding: tight[index], as: UTF8.self))")
            if reader == "pandoc-markdown" { #expect(table["aligns"] as? [String] == grid.alignments.map(pandocName)) }
        }
    }

    /// Whether `reader` reads the one table `printed` as the cells, words (and in Markdown alignments) of `grid`.
    func readsAsDrawn(_ reader: String, _ grid: Grid, _ printed: [UInt8], ext: String) throws -> Bool {
        let read = try ReferenceReaders.read(reader, document([printed]), fileExtension: ext)
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String: Any]])
        guard tables.count == 1 else { return false }
        return cellsAndWords(tables[0]) == expected(grid, reader: reader)
            && (reader != "pandoc-markdown" || tables[0]["aligns"] as? [String] == grid.alignments.map(pandocName))
    }

    func print(_ grid: Grid, syntax: DocumentSyntax, indent: String = "", widths: [Int]? = nil, heights: [Int]? = nil) -> [UInt8] {
        GridTablePrinter(grid, indent: Array(indent.utf8), syntax: syntax, minimumWidths: widths, minimumHeights: heights)
            .lines().flatMap { $0 + [0x0A] }
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
