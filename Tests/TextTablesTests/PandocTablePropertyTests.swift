import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Random pandoc simple and multiline tables checked against pandoc: what gridls prints reads as the grid
/// it printed; gridls reads what pandoc reads; formatting a table drawn roomier keeps pandoc's cells,
/// alignments and (multiline) relative widths within 0.02, and is idempotent; every conversion keeps the
/// cells and alignments. The tables of each stage go to pandoc in one document (a paragraph between two).
/// `GRIDLS_PANDOC_TABLE_COUNT` sets how many (CI: 30).
@Suite(.enabled(if: ReferenceReaders.isAvailable, "needs python3 with pandoc"))
struct PandocTablePropertyTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_PANDOC_TABLE_COUNT"] ?? "") ?? 30

    static let separator = "\nbetween\n\n"

    /// pandoc's reading of each table of `tables`, as JSON objects: read in one document, or, where pandoc
    /// reads another number of tables there, one by one (an empty object where it reads no table).
    func pandoc(_ tables: [String], widths: Bool = false) throws -> [[String: Any]] {
        func read(_ document: String) throws -> [[String: Any]] {
            let json = try PandocTables.pandoc(document, widths: widths)
            return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        }
        let all = try read(tables.joined(separator: PandocTablePropertyTests.separator))
        if all.count == tables.count { return all }
        return try tables.map { table in try read(table).first ?? [:] }
    }

    /// The table pandoc should read of `grid`: its cells' lines joined by a space, its alignments (the
    /// default where the lines that say it are empty).
    func expected(_ grid: Grid) -> [String: Any] {
        func row(_ r: Int) -> [[Any]] {
            (0..<grid.columnCount).map { c in
                let lines = grid.cell(at: Slot(row: r, column: c))?.lines ?? []
                // White space collapsed, as `read_tables.py` collapses pandoc's.
                let text = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                return [1, 1, text, text.isEmpty ? "" : "Plain"]
            }
        }
        let names: [ColumnAlignment: String] = [.none: "AlignDefault", .left: "AlignLeft", .right: "AlignRight", .center: "AlignCenter"]
        let aligns = (0..<grid.columnCount).map { c -> String in
            let lines = grid.cell(at: Slot(row: 0, column: c))?.lines ?? []
            let says = grid.headerRowCount > 0 ? lines.contains { !$0.isEmpty } : lines.first?.isEmpty == false
            return says ? names[grid.alignments[c]]! : "AlignDefault"
        }
        return ["aligns": aligns, "head": grid.headerRowCount > 0 ? [row(0)] : [],
                "body": (grid.headerRowCount..<grid.rowCount).map(row), "foot": [[Any]]()]
    }

    func same(_ a: [String: Any], _ b: [String: Any], widths: Bool) -> Bool { PandocTables.same(a, b, widths: widths) }

    @Test func randomTablesReadAsPandocReadsThem() throws {
        var generator = RandomPandocTable(seed: 20_251_126)
        let tables = (0..<PandocTablePropertyTests.count).map { _ in generator.table() }
        // What gridls prints reads as its grid, to pandoc and to gridls.
        let printed = try pandoc(tables.map(\.printed))
        for (table, read) in zip(tables, printed) {
            #expect(same(read, expected(table.grid), widths: false), "\(table.printed)\npandoc: \(read)")
            let ours = PandocTables.readings(table.printed)
            #expect(ours.count == 1 && (try? ours[0].grid.get()) == said(table.grid),
                    "\(table.printed)\ngridls: \(ours.map { (try? $0.grid.get()).map(sketchCells) ?? "\($0.diagnostics)" })\nprinted: \(sketchCells(table.grid))")
            #expect(PandocTables.formatted(table.printed) == table.printed, "a printed table is formatted")
        }
        // Formatting a roomier drawing keeps pandoc's reading, widths too, and formats once.
        let roomy = try pandoc(tables.map(\.roomy), widths: true)
        let formatted = tables.map { PandocTables.formatted($0.roomy) }
        let reformatted = try pandoc(formatted, widths: true)
        for i in tables.indices {
            #expect(same(roomy[i], reformatted[i], widths: true), "\(tables[i].roomy)\nformatted:\n\(formatted[i])\n\(roomy[i])\n\(reformatted[i])")
            #expect(PandocTables.formatted(formatted[i]) == formatted[i], "idempotent:\n\(formatted[i])")
            #expect(!formatted[i].contains(" \n"), "no line ends in a space:\n\(formatted[i])")
        }
        // Every conversion keeps the cells and alignments.
        for action in [TableAction.convertToGrid, .convertToPipe, .convertToSimple, .convertToMultiline] {
            var sources: [Int] = [], converted: [String] = []
            for (i, table) in tables.enumerated() {
                guard let reading = PandocTables.readings(table.printed).first, reading.refusal(action, syntax: .pandocMarkdown) == nil,
                      let done = try? PandocTables.converted(table.printed, action) else { continue }
                sources.append(i)
                converted.append(done)
            }
            let read = try pandoc(converted)
            for (k, i) in sources.enumerated() {
                #expect(same(read[k], printed[i], widths: false), "\(action)\n\(tables[i].printed)\n→\n\(converted[k])\n\(read[k])\n\(printed[i])")
            }
            // A pipe or grid table made of one converts back to the kind it was, as pandoc reads it.
            guard action == .convertToGrid || action == .convertToPipe else { continue }
            var back: [String] = [], origins: [Int] = []
            for (k, i) in sources.enumerated() {
                let text = TextLines(converted[k])
                guard let region = DocumentSyntax.pandocMarkdown.scan(text).tables.first else { continue }
                let reading = TableReading(text, region: region, options: FormatOptions())
                let toKind: TableAction = tables[i].kind == .simple ? .convertToSimple : .convertToMultiline
                guard case .success(let result) = reading.apply(toKind, syntax: .pandocMarkdown) else { continue }
                back.append(String(decoding: TextEdit.apply(result.edits, to: text.bytes), as: UTF8.self))
                origins.append(i)
            }
            #expect(back.count * 2 >= sources.count, "most convert back (\(back.count) of \(sources.count))")
            let readBack = try pandoc(back)
            for (k, i) in origins.enumerated() {
                #expect(same(readBack[k], printed[i], widths: false), "\(action) and back\n\(tables[i].printed)\n→\n\(back[k])")
                #expect(PandocTables.formatted(back[k]) == back[k], "a converted table is formatted:\n\(back[k])")
            }
        }
    }

    /// The random tables drawn roomier in documents, at the top level and inside a list item, formatted as
    /// `gridls format` formats a `.qmd` file (the pandoc scanner finds them): pandoc reads the same cells,
    /// alignments and widths within 0.02, and a second formatting changes nothing.
    @Test func randomTablesInDocumentsFormatAsPandocReadsThem() throws {
        var generator = RandomPandocTable(seed: 4_242)
        let tables = (0..<PandocTablePropertyTests.count).map { _ in generator.table() }
        func nested(_ table: String) -> String {
            "- item\n\n" + table.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        }
        func format(_ document: String) -> String {
            String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .pandocMarkdown, options: FormatOptions()).output, as: UTF8.self)
        }
        let documents = tables.flatMap { [$0.roomy, nested($0.roomy)] }
        let formatted = documents.map(format)
        let before = try pandoc(documents, widths: true), after = try pandoc(formatted, widths: true)
        for i in documents.indices {
            #expect(same(before[i], after[i], widths: true), "\(documents[i])\nformatted:\n\(formatted[i])\n\(before[i])\n\(after[i])")
            #expect(format(formatted[i]) == formatted[i], "idempotent:\n\(formatted[i])")
        }
    }

    /// Text made longer in one cell of a column but the last (pushing the rest of its line right, as typing
    /// does): where gridls reports text across a column, pandoc reads the table otherwise than drawn (the
    /// error is real), and "Widen column", applied until no error is left (the pushed text may run across
    /// the next column), puts the text in its cell; wherever gridls reads the table, pandoc reads the same.
    /// (Text pushed wholly into the next column, across no column's start, reads there to both: nothing
    /// tells it from text written there.)
    @Test func textRunningIntoTheNextColumnIsReportedExactly() throws {
        var generator = RandomPandocTable(seed: 7_777)
        var random = SeededRandom(seed: 7_778)
        var cases: [(document: String, grid: Grid, read: Grid?, fixed: String?, fixedGrid: Grid?)] = []
        for _ in 0..<PandocTablePropertyTests.count * 2 {
            let table = generator.table()
            guard let reading = PandocTables.readings(table.printed).first, case .pandoc(_, let layout, let rowOfLine, _) = reading.content else { continue }
            let lines = table.printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let firstBodyRow = table.grid.headerRowCount == 0 ? 1 : 1
            let candidates = rowOfLine.indices.filter { rowOfLine[$0].map { $0 >= firstBodyRow } ?? false }
            guard let line = candidates.randomElement(using: &random) else { continue }
            let row = rowOfLine[line]!, k = line - rowOfLine.firstIndex(of: row)!
            let c = random.below(layout.dashes.count - 1)
            let parsed = PandocTableLine(Array(lines[line].utf8)[...])
            let pieces = parsed.pieces(at: layout.columnStarts)
            let text = pieces[c + 1].scalars
            guard let last = text.lastIndex(where: { $0 != " " }), var cell = table.grid.cell(at: Slot(row: row, column: c)), k < cell.lines.count else { continue }
            let at = last + 1 < parsed.byteStarts.count ? parsed.byteStarts[last + 1] : lines[line].utf8.count
            let added = random.pick(["XYZ", "東京", "X"])
            var bytes = Array(lines[line].utf8)
            bytes.insert(contentsOf: Array(added.utf8), at: at)
            var modified = lines
            modified[line] = String(decoding: bytes, as: UTF8.self)
            cell.lines[k] += added
            var cells = table.grid.cells
            cells[cells.firstIndex { $0.rect == cell.rect }!] = cell
            let grid = try Grid(rowCount: table.grid.rowCount, columnCount: table.grid.columnCount, cells: cells, alignments: table.grid.alignments,
                                headerRowCount: table.grid.headerRowCount)
            let document = modified.joined(separator: "\n")
            let ours = try #require(PandocTables.readings(document).first)
            if let errors = ours.errors {
                // Pushed text may also land under an empty line of its cell, which pandoc drops (no fix).
                #expect(errors.allSatisfy { $0.code == .pandocTextAcrossColumns || $0.code == .pandocDroppedText }, "\(document)")
                var fixed = document
                for _ in 0..<grid.columnCount {
                    guard let fix = PandocTables.readings(fixed).first?.errors?.lazy.compactMap(\.fixes.first).first else { break }
                    fixed = String(decoding: TextEdit.apply(fix.edits, to: Array(fixed.utf8)), as: UTF8.self)
                }
                let again = try #require(PandocTables.readings(fixed).first)
                if let left = again.errors {
                    #expect(left.allSatisfy { $0.code == .pandocDroppedText }, "fixed:\n\(fixed)")
                    continue
                }
                #expect((try? again.grid.get())?.cell(at: Slot(row: row, column: c))?.lines == cell.lines, "fixed:\n\(fixed)")
                cases.append((document, grid, nil, fixed, try? again.grid.get()))
            } else {
                cases.append((document, grid, try? ours.grid.get(), nil, nil))
            }
        }
        #expect(cases.contains { $0.fixed != nil } && cases.contains { $0.fixed == nil }, "both kinds of case are made")
        let asWritten = try pandoc(cases.map(\.document))
        let fixed = try pandoc(cases.compactMap(\.fixed))
        var f = 0
        for (i, item) in cases.enumerated() {
            if let read = item.read {
                #expect(same(asWritten[i], expected(read), widths: false), "gridls and pandoc read otherwise:\n\(item.document)")
            } else {
                #expect(!same(asWritten[i], expected(item.grid), widths: false), "pandoc reads as drawn what gridls reports:\n\(item.document)")
            }
            if let fixedText = item.fixed, let fixedGrid = item.fixedGrid {
                #expect(same(fixed[f], expected(fixedGrid), widths: false), "fixed:\n\(fixedText)")
                f += 1
            }
        }
    }

    /// Random runs of dashed lines (column lines, whole-width lines, short rules), text lines with words
    /// at the columns, blank lines and captions: the tables gridls finds at block starts are those pandoc
    /// reads, in order, with the same cells and alignments (each document after a paragraph and a blank
    /// line, so that its first line starts a block).
    @Test func tablesAreFoundWherePandocFindsThem() throws {
        var random = SeededRandom(seed: 31_337)
        var documents: [String] = []
        for _ in 0..<PandocTablePropertyTests.count * 2 {
            let starts = [0, random.int(6...8), random.int(13...15)].prefix(random.int(2...3))
            let widths = starts.indices.map { $0 + 1 < starts.count ? starts[$0 + 1] - starts[$0] - random.int(1...2) : random.int(3...6) }
            func dashes(_ runs: [Int]) -> String {
                var line = ""
                for c in runs {
                    line += String(repeating: " ", count: starts[c] - line.count) + String(repeating: "-", count: widths[c])
                }
                return line
            }
            var lines: [String] = []
            for k in 0..<random.int(3...9) {
                switch random.int(0...9) {
                case 0...3:
                    var line = ""
                    // The first column always has text: a line indented four columns at a block start is code.
                    for c in starts.indices where c == 0 || random.chance(0.8) {
                        let at = starts[c] + random.int(0...1)
                        guard at >= line.count + (line.isEmpty ? 0 : 1) else { continue }
                        line += String(repeating: " ", count: at - line.count) + random.pick(["ab", "x", "cd", "東", "xyz"])
                    }
                    lines.append(line.isEmpty ? "w" : line)
                case 4, 5: lines.append(dashes(Array(starts.indices)))
                case 6: lines.append(String(repeating: "-", count: starts.last! + widths.last!))
                case 7: lines.append(k == 0 ? "---  --" : "")
                case 8: lines.append(random.chance(0.5) ? "" : "Table: cap")
                default:
                    // "---" could open YAML metadata; a spaced rule over text is no table, nor a heading over dashes.
                    lines.append(random.pick(["--", "----", "--", "----", "- - -", "#  ab"]))
                }
            }
            documents.append(lines.joined(separator: "\n") + "\n")
        }
        let document = documents.map { "p\n\n" + $0 + "\n" }.joined()
        // Each table pandoc reads, as gridls reads it (nil where gridls reports text across a column);
        // a table reported unclosed counts too, and so must be one pandoc reads.
        func read(_ document: String) -> [[String: Any]?] {
            PandocTables.readings(document).map { (try? $0.grid.get()).map(expected) }
        }
        func agree(_ ours: [[String: Any]?], _ theirs: [[String: Any]]) -> Bool {
            ours.count == theirs.count && zip(ours, theirs).allSatisfy { mine, pandoc in mine.map { same($0, pandoc, widths: false) } ?? true }
        }
        let ours = read(document)
        // pandoc's smart punctuation makes `---` an em dash and `--` an en dash.
        func undashed(_ tables: [[String: Any]]) throws -> [[String: Any]] {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: tables), as: UTF8.self)
                .replacingOccurrences(of: "\u{2014}", with: "---").replacingOccurrences(of: "\u{2013}", with: "--")
            return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []).map { $0.filter { $0.key != "widths" } }
        }
        let theirs = try undashed(PandocTables.pandocTables(document))
        #expect(ours.count == theirs.count, "gridls finds \(ours.count) tables, pandoc \(theirs.count)")
        #expect(ours.contains { $0 != nil } && ours.contains { $0 == nil }, "tables that read and tables with errors are made")
        if agree(ours, theirs) { return }
        // Name the first documents read otherwise.
        var named = 0
        for one in documents where named < 3 {
            let mine = read("p\n\n" + one)
            let pandocs = try undashed(PandocTables.pandocTables("p\n\n" + one))
            if !agree(mine, pandocs) {
                Issue.record("read otherwise:\n\(one)\ngridls: \(mine)\npandoc: \(pandocs)")
                named += 1
            }
        }
    }

    func sketchCells(_ grid: Grid) -> String {
        "\(grid.alignments) " + grid.cells.map { "\($0.rows.lowerBound),\($0.columns.lowerBound):\($0.lines)" }.joined(separator: " ")
    }

    /// The grid with the default alignment in a column whose lines that say its alignment are empty.
    func said(_ grid: Grid) -> Grid {
        let alignments = (0..<grid.columnCount).map { c -> ColumnAlignment in
            let lines = grid.cell(at: Slot(row: 0, column: c))?.lines ?? []
            let says = grid.headerRowCount > 0 ? lines.contains { !$0.isEmpty } : lines.first?.isEmpty == false
            return says ? grid.alignments[c] : .none
        }
        return try! Grid(rowCount: grid.rowCount, columnCount: grid.columnCount, cells: grid.cells, alignments: alignments,
                         headerRowCount: grid.headerRowCount)
    }
}
