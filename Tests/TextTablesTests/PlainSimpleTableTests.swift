import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Formatting prints a simple table of one-line ASCII rows from its bytes (`PlainSimpleTable`), without
/// the grid that reading and printing it the general way make: the two print the same bytes and report the
/// same errors, on random tables (`RandomRSTDocument.oneLineRowsSimpleTable`), and the tables the bytes
/// alone cannot print (wide or combining characters, tabs, a row going on, a rule-like row, a header rule
/// with a span...) go the general way.
struct PlainSimpleTableTests {
    /// The document formatted with every table read into its grid, as `DocumentFormatter.format` did
    /// before simple tables printed from their bytes; and the errors of the tables left alone.
    static func formattedTheGeneralWay(_ bytes: [UInt8]) -> (output: [UInt8], refused: [Diagnostic]) {
        let text = TextLines.readerLines(bytes)
        let scan = RSTScanner.scan(text)
        var refused = scan.diagnostics.filter { $0.severity == .error }
        var out: [UInt8] = []
        var copied = 0
        for region in scan.tables {
            let reading = TableReading(text, region: region, options: FormatOptions())
            if let errors = reading.errors {
                refused += errors
                continue
            }
            reading.appendFormatted(to: &out, copied: &copied)
        }
        out.append(contentsOf: bytes[copied...])
        return (out, refused.sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) })
    }

    static func document(seed: UInt64) -> [UInt8] {
        var generator = RandomRSTDocument(seed: seed)
        let tables = (0..<generator.random.int(1...3)).map { _ in
            let table = generator.oneLineRowsSimpleTable()
            // In a block quote now and then (its indentation goes before every printed line).
            let indent = String(repeating: " ", count: generator.random.pick([0, 0, 0, 2, 3]))
            return table.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        }
        return Array(("Text.\n\n" + tables.joined(separator: "\n\nText.\n\n") + "\n").utf8)
    }

    @Test func bytesAndGridPrintTheSameOnRandomTables() {
        var plain = 0, general = 0
        for seed in 0..<3000 as Range<UInt64> {
            let bytes = Self.document(seed: seed)
            let text = TextLines.readerLines(bytes)
            for region in RSTScanner.scan(text).tables where region.kind == .simple {
                let reading = TableReading(text, region: region, options: FormatOptions())
                guard let table = PlainSimpleTable(text, region: region) else { general += 1; continue }
                plain += 1
                #expect(reading.diagnostics == [], "seed \(seed): a table with diagnostics printed from its bytes")
                var fromBytes: [UInt8] = [], fromGrid: [UInt8] = []
                var copiedFromBytes = 0, copiedFromGrid = 0
                table.appendFormatted(to: &fromBytes, copied: &copiedFromBytes)
                reading.appendFormatted(to: &fromGrid, copied: &copiedFromGrid)
                #expect(fromBytes == fromGrid && copiedFromBytes == copiedFromGrid,
                        "seed \(seed):\n\(String(decoding: fromGrid, as: UTF8.self))\nfrom the bytes:\n\(String(decoding: fromBytes, as: UTF8.self))")
            }
            let formatted = DocumentFormatter.format(bytes, syntax: .restructuredText), expected = Self.formattedTheGeneralWay(bytes)
            #expect(formatted.output == expected.output, "seed \(seed)")
            #expect(formatted.refused == expected.refused, "seed \(seed)")
        }
        // Both ways are taken often (the generator's odd lines send about half of the tables the general way).
        #expect(plain > 1500 && general > 1500, "\(plain) tables from their bytes, \(general) the general way")
    }

    @Test func aTableOfOneLineRowsPrintsFromItsBytes() throws {
        let document = """
            Text.

              ==========  =======  ======
              Name            Qty  Note
              ==========  =======  ======
              apple             3  a note running past
              pear             12
              fig               1  x
              ==========  =======  ======

            """
        let text = TextLines.readerLines(Array(document.utf8))
        let region = try #require(RSTScanner.scan(text).tables.first)
        let table = try #require(PlainSimpleTable(text, region: region))
        var out: [UInt8] = []
        var copied = 0
        table.appendFormatted(to: &out, copied: &copied)
        out.append(contentsOf: text.bytes[copied...])
        #expect(String(decoding: out, as: UTF8.self) == """
            Text.

              =====  ===  ===================
              Name   Qty  Note
              =====  ===  ===================
              apple    3  a note running past
              pear    12
              fig      1  x
              =====  ===  ===================

            """)
    }

    /// What the bytes alone do not say how to print, or what is an error: each such table goes the
    /// general way.
    @Test(arguments: [
        "東京  b\n",  // a wide character
        "e\u{301}   b\n",  // a combining one
        "a\t    b\n",  // a tab
        "a     b\n      c\n",  // a row going on
        "a     b\n\nc     d\n",  // a blank line
        "a     b\n----  ---\nc     d\n",  // a `-` line
        "===   b\n",  // a row that might print as a rule
        "abcde b\n",  // text in a gap
        "====  ===\na     b\n",  // an empty row (a header rule right below the top border)
    ])
    func otherTablesGoTheGeneralWay(rows: String) throws {
        let document = "====  ===\n" + rows + "====  ===\n"
        let text = TextLines.readerLines(Array(document.utf8))
        let region = try #require(RSTScanner.scan(text).tables.first)
        #expect(PlainSimpleTable(text, region: region) == nil)
    }

    @Test func aHeaderRuleWithASpanGoesTheGeneralWay() throws {
        let document = "===  ===  ===\nab   cd   ef\n========  ===\ngh   ij   kl\n===  ===  ===\n"
        let text = TextLines.readerLines(Array(document.utf8))
        let region = try #require(RSTScanner.scan(text).tables.first)
        #expect(PlainSimpleTable(text, region: region) == nil)
        let unspanned = "===  ===  ===\nab   cd   ef\n===  ===  ===\ngh   ij   kl\n===  ===  ===\n"
        #expect(PlainSimpleTable(TextLines.readerLines(Array(unspanned.utf8)), region: region) != nil)
    }
}
