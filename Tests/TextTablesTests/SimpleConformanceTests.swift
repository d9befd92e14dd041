import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// docutils must read from gridls's output exactly the cells, spans and text it reads from its input: for
/// every simple-table fixture, and for random tables converted between grid, simple and list tables.
/// pandoc's reStructuredText reader is asked too where it reads the input as docutils does.
@Suite(.enabled(if: ReferenceReaders.isAvailable, "python3 with docutils and pypandoc-binary is not installed (pip install pypandoc-binary docutils); CI=true runs it"))
struct SimpleConformanceTests {
    /// The cells of a reading, each reader's names of blocks put one way (docutils's `paragraph` and
    /// pandoc's `Plain` are both P, a list item's wrapper dropped), alignments left out.
    static func cells(_ json: String) throws -> String {
        guard let tables = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return json }
        return tables.map { table in
            ["head", "body", "foot"].map { part in
                ((table[part] as? [[[Any]]]) ?? []).map { row in
                    row.map { cell in (cell.prefix(3).map { "\($0)" } + [blocks("\(cell.last ?? "")")]).joined(separator: "·") }.joined(separator: " | ")
                }.joined(separator: "\n")
            }.joined(separator: "\n--\n")
        }.joined(separator: """

            ====

            """)
    }

    static func blocks(_ kinds: String) -> String {
        let names = ["paragraph": "P", "Plain": "P", "Para": "P", "bullet_list": "L", "BulletList": "L", "enumerated_list": "O",
                     "OrderedList": "O", "definition_list": "D", "DefinitionList": "D", "literal_block": "C", "CodeBlock": "C",
                     "block_quote": "Q", "BlockQuote": "Q", "transition": "R", "HorizontalRule": "R"]
        return kinds.split(whereSeparator: { "(),".contains($0) }).compactMap { word -> String? in
            word == "list_item" ? nil : names[String(word)] ?? String(word)
        }.joined(separator: " ")
    }

    static func read(_ reader: String, _ bytes: [UInt8]) throws -> String {
        try ReferenceReaders.read(reader, bytes, fileExtension: "rst")
    }

    @Test(arguments: FixtureTests.inputs(in: ["simple"]))
    func fixtureReadsTheSameAfterFormatting(_ name: String) throws {
        let input = try FixtureTests.read(name)
        let output = DocumentFormatter.format(input, syntax: .restructuredText).output
        let before = try Self.read("docutils", input)
        #expect(try Self.read("docutils", output) == before)
        #expect(before != "[]\n", "docutils found no table in \(name)")
        #expect(output != input, "\(name) is formatted already: it tests nothing")
        if try Self.cells(Self.read("pandoc-rst", input)) == Self.cells(before) {
            #expect(try Self.read("pandoc-rst", output) == Self.read("pandoc-rst", input), "pandoc-rst")
        }
    }

    /// A grid table in a reStructuredText document, converted to a simple table and back to a grid table,
    /// and the simple table to a list-table and that to a grid table: docutils reads the same table every way. Tables with row spans or a first-column cell that
    /// cannot be one are refused, with the printer's reason.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomGridsConvertToSimpleTablesAndBack(batch: UInt64) throws {
        var documents: [[UInt8]] = [[], [], [], [], []]
        var converted = 0, listed = 0
        for seed in 0..<UInt64(60) {
            var generator = RandomGridTable(seed: batch * 1000 + seed, combiningMarks: false)
            let grid = generator.grid()
            let gridText = Array((generator.text(grid) + "\n").utf8)
            let asGrid = try #require(TableReading.first(in: gridText), "\(String(decoding: gridText, as: UTF8.self))")
            let toSimple = asGrid.apply(.convertToSimple, syntax: .restructuredText)
            guard case .success(let done) = toSimple else {
                #expect(toSimple == .failure(.refused(SimpleTablePrinter.refusal(try asGrid.grid.get())!)))
                continue
            }
            let simpleText = TextEdit.apply(done.edits, to: gridText)
            let asSimple = try #require(TableReading.first(in: simpleText), "\(String(decoding: simpleText, as: UTF8.self))")
            #expect(asSimple.region.kind == .simple, "\(String(decoding: simpleText, as: UTF8.self))")
            #expect(asSimple.isFormatted, "a converted table formats as it was printed")
            let back = try asSimple.apply(.convertToGrid, syntax: .restructuredText).get()
            let gridAgain = TextEdit.apply(back.edits, to: simpleText)
            // And through a list-table (where no cell spans): simple → list-table → grid; a table with spans
            // stands as it is in those steps.
            var (listText, fromList) = (gridText, gridText)
            if try asSimple.grid.get().hasOnlyUnitCells {
                let toList = try asSimple.apply(.convertToList, syntax: .restructuredText).get()
                listText = TextEdit.apply(toList.edits, to: simpleText)
                let asList = try #require(TableReading.first(in: listText), "\(String(decoding: listText, as: UTF8.self))")
                #expect(asList.region.kind == .list && (try? asList.grid.get()) == (try? asSimple.grid.get()))
                fromList = TextEdit.apply(try asList.apply(.convertToGrid, syntax: .restructuredText).get().edits, to: listText)
                listed += 1
            } else {
                #expect(asSimple.refusal(.convertToList, syntax: .restructuredText) != nil)
            }
            for (n, text) in [gridText, simpleText, gridAgain, listText, fromList].enumerated() {
                documents[n] += Array("Table \(seed)\n\n".utf8) + text + [0x0A]
            }
            converted += 1
        }
        #expect(converted >= 15 && listed >= 10)
        let readings = try documents.map { try Self.tables(Self.read("docutils", $0)) }
        #expect(readings[0].count == converted)
        let steps = ["grid", "grid → simple", "simple → grid", "simple → list-table", "list-table → grid"]
        for (n, table) in readings[0].enumerated() {
            for step in 1..<steps.count {
                #expect(readings[step].count > n && readings[step][n] == table, "\(steps[step]), table \(n):\n\(Self.excerpt(documents[step], n))")
            }
        }
    }

    /// Each table of a reading, as JSON text. An empty first cell of a simple table is written `\\`, which
    /// docutils reads as an empty paragraph where a grid table's empty cell has none: both are an empty cell.
    static func tables(_ json: String) throws -> [String] {
        let tables = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] ?? []
        return try tables.map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
                .replacingOccurrences(of: ",\"\",\"paragraph\"]", with: ",\"\",\"\"]")
        }
    }

    /// The `n`th table of a document of tables joined by "Table N" paragraphs.
    static func excerpt(_ document: [UInt8], _ n: Int) -> String {
        let parts = String(decoding: document, as: UTF8.self).components(separatedBy: "\nTable ")
        return n < parts.count ? parts[n] : "(none)"
    }
}

extension TableReading {
    /// The reading of the first table of a reStructuredText document.
    static func first(in bytes: [UInt8]) -> TableReading? {
        let text = TextLines(bytes)
        return RSTScanner.scan(text).tables.first.map { TableReading(text, region: $0, options: FormatOptions()) }
    }
}

/// Found by the grid fuzz target: a row whose first cell is `===` indented inside its column reads as text,
/// and printed at the column's start it would read as a rule. Such a table is left as it is.
struct SimpleTableRuleLikeRowTests {
    @Test func aRowThatWouldPrintAsARuleKeepsTheTableAsItIs() throws {
        let table = """
            Text.

            ======  ====
            Option  Meaning
            ======  ====
            -v      Be
            --help  - a
              ===
            ======  ====

            """
        #expect(DocumentFormatter.format(Array(table.utf8), syntax: .restructuredText).output == Array(table.utf8))
        let reading = try #require(TableReading.first(in: Array(table.utf8)))
        let grid = try reading.grid.get()
        #expect(SimpleTablePrinter.refusal(grid) == .simpleRuleLikeRow(row: 3))
        #expect(reading.refusal(.edit(.insertRow(at: 1)), syntax: .restructuredText) == .refused(.simpleRuleLikeRow(row: 3)))
    }
}
