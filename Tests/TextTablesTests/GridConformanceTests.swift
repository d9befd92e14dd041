import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// pandoc 3 and docutils must read from gridls's output exactly the cells, spans and text they read from
/// its input: for every grid fixture, and for random tables with random merges.
@Suite(.enabled(if: ReferenceReaders.isAvailable, "python3 with docutils and pypandoc-binary is not installed (pip install pypandoc-binary docutils); CI=true runs it"))
struct GridConformanceTests {
    /// Every grid table of a document, alone, without its container prefixes.
    func standaloneTables(_ bytes: [UInt8], syntax: DocumentSyntax) -> [[UInt8]] {
        let text = TextLines(bytes)
        return syntax.scan(text).tables.filter { $0.kind == .grid }.map { region in
            region.lines.enumerated().flatMap { offset, line in
                Array(text.bytes[region.contentStarts[offset]..<text.contentEnd(line)]) + [0x0A]
            }
        }
    }

    /// Tables joined by paragraphs, so that one reader run reads them all.
    func document(_ tables: [[UInt8]]) -> [UInt8] {
        tables.enumerated().flatMap { index, table in Array("Table \(index)\n\n".utf8) + table + [0x0A] }
    }

    /// Fixtures whose input is off the grid (text typed into cells) are read differently by pandoc before
    /// formatting, by design: their expectation files say what they become.
    @Test(arguments: FixtureTests.inputs(in: ["grid"]).filter { !$0.contains("relay") })
    func fixtureReadsTheSameAfterFormatting(_ name: String) throws {
        let input = try FixtureTests.read(name)
        let syntax = DocumentSyntax(path: name)
        let output = DocumentFormatter.format(input, syntax: syntax).output
        let ext = syntax == .markdown ? "md" : "rst"
        let wholeReader = syntax == .markdown ? "pandoc-markdown" : "docutils"
        let before = try ReferenceReaders.read(wholeReader, input, fileExtension: ext)
        #expect(try ReferenceReaders.read(wholeReader, output, fileExtension: ext) == before)
        #expect(before != "[]\n", "\(wholeReader) found no table in \(name)")
        let tablesIn = document(standaloneTables(input, syntax: syntax))
        let tablesOut = document(standaloneTables(output, syntax: syntax))
        for reader in Self.readers(for: String(decoding: input, as: UTF8.self)) {
            let ext = reader == "pandoc-markdown" ? "md" : "rst"
            #expect(try ReferenceReaders.read(reader, tablesOut, fileExtension: ext)
                == ReferenceReaders.read(reader, tablesIn, fileExtension: ext), "\(reader)")
        }
    }

    /// `+`, `-` and `=` in the text of cells that span a column line, right on it (the `+` once taken for a
    /// junction: a row line was added, and the readers read one more row): never refused, and read the
    /// same after formatting. A `|` there is refused only where one border of its row has a junction on
    /// it (a slipped `+`, reported as missing); otherwise it reads the same too.
    @Test(arguments: [UInt64(1), 2, 3])
    func drawingCharactersInSpanningCellsReadTheSame(batch: UInt64) throws {
        var tables: [[UInt8]] = [], formatted: [[UInt8]] = [], injected = 0, refusedWithPipe = 0
        for seed in 0..<UInt64(150) {
            var generator = RandomGridTable(seed: 7_000 + batch * 1000 + seed, combiningMarks: false)
            let grid = generator.grid()
            guard grid.cells.contains(where: { $0.columns.count > 1 }) else { continue }
            let withPipes = batch == 3
            let printed = generator.text(grid)
            let text = generator.withDrawingInSpans(printed, characters: withPipes ? ["|", "+"] : ["+", "-", "=", "+"])
            guard text != printed else { continue }
            injected += 1
            let table = Array((text + "\n").utf8)
            for syntax in [DocumentSyntax.markdown, .restructuredText] {
                let result = DocumentFormatter.format(table, syntax: syntax)
                if !result.refused.isEmpty {
                    #expect(withPipes && result.refused.allSatisfy { $0.code == .brokenBorder }, "\(syntax): \(text)\n\(result.refused.map(\.message))")
                    refusedWithPipe += 1
                    continue
                }
                if syntax == .markdown {
                    tables.append(table)
                    formatted.append(result.output)
                } else {
                    #expect(try ReferenceReaders.read("docutils", result.output, fileExtension: "rst")
                        == ReferenceReaders.read("docutils", table, fileExtension: "rst"), "\(text)")
                }
            }
        }
        #expect(injected >= 20, "only \(injected) tables had a spanning cell to put drawing characters in")
        #expect(refusedWithPipe < injected)
        let before = try ReferenceReaders.read("pandoc-markdown", document(tables), fileExtension: "md")
        #expect(try ReferenceReaders.read("pandoc-markdown", document(formatted), fileExtension: "md") == before)
    }

    /// Alignment colons on a header separator whose runs cross column
    /// lines that no `|` meets there (`+======:+` over two columns): pandoc gives a run's alignment to the
    /// first column it covers, and so must gridls, or formatting moves the alignment to another column.
    @Test func alignmentColonsOnRunsAcrossColumnLinesReadTheSame() throws {
        var tables: [[UInt8]] = [], formatted: [[UInt8]] = [], merged = 0
        for seed in 0..<UInt64(200) {
            var generator = RandomReaderGrid(seed: seed &+ 12_000)
            generator.classes = [RandomReaderGrid.widthClasses[0]]
            var random = SeededRandom(seed: seed)
            var grid = generator.grid(foot: false, aligned: true)
            guard grid.headerRowCount > 0, grid.rowCount > grid.headerRowCount, grid.columnCount > 1 else { continue }
            // Cells that span columns right above and right below the header separator.
            let first = random.int(0...grid.columnCount - 2), span = first..<random.int(first + 2...grid.columnCount)
            for row in [grid.headerRowCount - 1, grid.headerRowCount] {
                if let merged = try? grid.merging(SlotRect(rows: row..<row + 1, columns: span)) { grid = merged }
            }
            var lines = GridTablePrinter(grid, syntax: .markdown).lines().map { Array($0) }
            // The header separator (the top border draws the column lines, which must stay drawn somewhere).
            guard grid.headerRowCount > 0, let rule = lines.firstIndex(where: { $0.contains(UInt8(ascii: "=")) }) else { continue }
            // Junctions that no column line meets from above or below become part of a longer run, whose
            // ends get random colons.
            var line = lines[rule]
            let meets = { (i: Int, x: Int) in i >= 0 && i < lines.count && x < lines[i].count && [UInt8(ascii: "|"), UInt8(ascii: "+")].contains(lines[i][x]) }
            let fill = line[1] == UInt8(ascii: ":") ? line[2] : line[1]
            var changed = false
            for x in 1..<line.count - 1 where line[x] == UInt8(ascii: "+") && !meets(rule - 1, x) && !meets(rule + 1, x) && random.chance(0.7) {
                line[x] = fill
                changed = true
            }
            guard changed else { continue }
            for x in 1..<line.count - 1 where line[x] == UInt8(ascii: ":") { line[x] = fill }
            let junctions = line.indices.filter { line[$0] == UInt8(ascii: "+") }
            for (a, b) in zip(junctions, junctions.dropFirst()) {
                if random.chance(0.4) { line[a + 1] = UInt8(ascii: ":") }
                if random.chance(0.4) && b - 1 > a + 1 { line[b - 1] = UInt8(ascii: ":") }
            }
            lines[rule] = line
            merged += 1
            let table: [UInt8] = lines.flatMap { Array($0) + [0x0A] }
            let result = DocumentFormatter.format(table)
            #expect(result.refused == [], "\(String(decoding: table, as: UTF8.self))")
            tables.append(table)
            formatted.append(result.output)
        }
        #expect(merged >= 20)
        if let dump = ProcessInfo.processInfo.environment["GRIDLS_DUMP"] {
            for (n, (a, b)) in zip(tables, formatted).enumerated() {
                try Data(a).write(to: URL(fileURLWithPath: "\(dump)/t\(n).md"))
                try Data(b).write(to: URL(fileURLWithPath: "\(dump)/t\(n)f.md"))
            }
        }
        let before = try ReferenceReaders.read("pandoc-markdown", document(tables), fileExtension: "md")
        #expect(try ReferenceReaders.read("pandoc-markdown", document(formatted), fileExtension: "md") == before)
    }

    /// reStructuredText has no alignment colons (docutils reads `+:===+` as cell text), and docutils cannot
    /// measure combining marks in grid tables: those tables are compared in pandoc's Markdown reader only.
    static func readers(for text: String) -> [String] {
        let rstSafe = !text.contains("+:") && !text.contains(":+")
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }
        return rstSafe ? ["pandoc-markdown", "pandoc-rst", "docutils"] : ["pandoc-markdown"]
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomMergedTablesReadTheSameAfterFormatting(batch: UInt64) throws {
        var tables: [[UInt8]] = []
        var formatted: [[UInt8]] = []
        for seed in 0..<UInt64(40) {
            // Odd batches hold combining marks, which only pandoc reads in grid tables.
            var generator = RandomGridTable(seed: batch * 1000 + seed, combiningMarks: batch % 2 == 1)
            let table = Array((generator.text(generator.grid()) + "\n").utf8)
            tables.append(table)
            let result = DocumentFormatter.format(table)
            #expect(result.refused == [], "\(String(decoding: table, as: UTF8.self))")
            formatted.append(result.output)
        }
        for reader in batch % 2 == 1 ? ["pandoc-markdown"] : ["pandoc-markdown", "docutils"] {
            let ext = reader == "docutils" ? "rst" : "md"
            let before = try ReferenceReaders.read(reader, document(tables), fileExtension: ext)
            let after = try ReferenceReaders.read(reader, document(formatted), fileExtension: ext)
            #expect(after == before, "\(reader)")
            #expect(before.components(separatedBy: "\"aligns\"").count - 1 >= 40, "\(reader) did not find every table")
        }
    }
}
