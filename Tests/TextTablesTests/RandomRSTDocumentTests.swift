import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Random reStructuredText documents (`RandomRSTDocument`: tables right under titles, right after
/// explicit markup, lists, fields, paragraphs, literal blocks, other tables...) read by docutils and by
/// gridls: gridls finds exactly the tables docutils reads (each one it reads, alone in a document of its
/// own, reads in docutils as the same table at the same place in the list), formatting changes nothing
/// docutils reads and keeps every simple table's `-` lines and right-aligned columns, and where gridls
/// reports a table error docutils reports one; a directive that shows its body as written (or that
/// docutils does not know) keeps its bytes. `GRIDLS_RST_DOCUMENTS` sets how many (default 240).
@Suite(.enabled(if: ReferenceReaders.isAvailable, "python3 with docutils and pypandoc-binary is not installed (pip install pypandoc-binary docutils); CI=true runs it"))
struct RandomRSTDocumentTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_RST_DOCUMENTS"] ?? "") ?? 240
    static let batchSize = 40

    static func docutils(_ bytes: [UInt8]) throws -> [String] {
        try SimpleConformanceTests.tables(ReferenceReaders.read("docutils", bytes, fileExtension: "rst"))
    }

    /// Each table gridls finds and reads, alone after a paragraph of its own, its lines without the first
    /// one's indentation.
    static func isolated(_ bytes: [UInt8]) -> [UInt8] {
        let text = TextLines(bytes)
        var document: [UInt8] = []
        for region in RSTScanner.scan(text).tables where (try? TableReading(text, region: region, options: FormatOptions()).grid.get()) != nil {
            let (_, indentEnd) = BlockSyntax.indentation(text.bytes, text.starts[region.firstLine], text.contentEnd(region.firstLine))
            let indent = Array(text.bytes[text.starts[region.firstLine]..<indentEnd])
            document += Array("Table.\n\n".utf8)
            for line in region.lines {
                let content = Array(text.bytes[text.starts[line]..<text.contentEnd(line)])
                document += (content.starts(with: indent) ? Array(content.dropFirst(indent.count)) : content) + [0x0A]
            }
            document.append(0x0A)
        }
        return document
    }

    /// Per simple table that reads: its `-` lines, and its right-aligned columns (whose cells differ in width).
    static func drawings(_ bytes: [UInt8]) -> [String] {
        let text = TextLines(bytes)
        return RSTScanner.scan(text).tables.filter { $0.kind == .simple }.compactMap { region in
            guard let grid = try? TableReading(text, region: region, options: FormatOptions()).grid.get() else { return nil }
            let rules = region.lines.dropFirst().filter { line in
                let (_, p) = BlockSyntax.indentation(text.bytes, text.starts[line], text.contentEnd(line))
                return SimpleTableSyntax.isSpanLine(text.bytes, p, text.contentEnd(line))
            }
            // A column whose cells are all as wide shows no alignment.
            let right = grid.alignments.indices.filter { c in
                let widths = Set(grid.cells.filter { $0.columns == c..<c + 1 && !$0.lines.isEmpty }.map { cell in
                    cell.lines.map { SimpleTablePrinter.width(of: $0) }.max() ?? 0
                })
                return grid.alignments[c] == .right && widths.count > 1
            }
            return "\(rules.count) - lines, columns \(right) right-aligned"
        }
    }

    /// The errors gridls reports, and those docutils reports about tables.
    static func errors(_ bytes: [UInt8]) throws -> (gridls: [Diagnostic], docutils: String) {
        let text = TextLines(bytes)
        let gridls = DocumentFormatter.diagnostics(text, scan: RSTScanner.scan(text)).filter { $0.severity == .error }
        return (gridls, try ReferenceReaders.read("docutils-errors", bytes, fileExtension: "rst"))
    }

    static func errorCount(_ json: String) throws -> Int {
        (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])?.count ?? 0
    }

    @Test(arguments: 0..<(count + batchSize - 1) / batchSize)
    func gridlsFindsTheTablesDocutilsReads(batch: Int) throws {
        try check(Array((batch * Self.batchSize)..<min(Self.count, (batch + 1) * Self.batchSize)), broken: false)
    }

    /// Documents with tables docutils does not read (no bottom border, no blank line before a list-table's
    /// rows, rows of different lengths), a few to a batch: a simple table without its bottom border takes
    /// every line below it.
    @Test(arguments: 0..<count / 20)
    func gridlsReportsTheTablesDocutilsDoesNotRead(batch: Int) throws {
        try check(Array((batch * 5)..<(batch + 1) * 5), broken: true)
    }

    func check(_ seeds: [Int], broken: Bool) throws {
        var verbatim: [String] = []
        let documents = seeds.map { seed in
            var generator = RandomRSTDocument(seed: UInt64(seed) &+ (broken ? 20_000 : 10_000), broken: broken)
            let document = Array(("Document \(seed).\n\n" + generator.make() + "\n\n").utf8)
            verbatim += generator.verbatim
            return document
        }
        let joined = documents.flatMap { $0 }
        // The first document that tells gridls and docutils apart, if any.
        func differing(_ differ: ([UInt8]) throws -> Bool) throws -> String {
            for (seed, document) in zip(seeds, documents) where try differ(document) {
                return "seed \(seed):\n\(String(decoding: document, as: UTF8.self))"
            }
            return "only together"
        }
        if try Self.docutils(Self.isolated(joined)) != Self.docutils(joined) {
            Issue.record("gridls finds other tables than docutils reads, \(try differing { try Self.docutils(Self.isolated($0)) != Self.docutils($0) })")
        }
        let errors = try Self.errors(joined)
        if try errors.gridls.count != Self.errorCount(errors.docutils) {
            Issue.record("gridls reports \(errors.gridls.count) errors, docutils \(errors.docutils), \(try differing { let e = try Self.errors($0); return try e.gridls.count != Self.errorCount(e.docutils) })")
        }
        let formatted = DocumentFormatter.format(joined, syntax: .restructuredText)
        #expect(formatted.refused.count == errors.gridls.count)
        // The command line prints each table into one buffer, the server answers with edits: both alike.
        let edits = DocumentFormatter.edits(TextLines.readerLines(joined), syntax: .restructuredText, options: FormatOptions())
        #expect(TextEdit.apply(edits, to: joined) == formatted.output, "formatting's edits make another document than its buffer")
        func readsAlike(_ document: [UInt8]) throws -> Bool {
            let output = DocumentFormatter.format(document, syntax: .restructuredText).output
            return try ReferenceReaders.read("docutils", output, fileExtension: "rst") == ReferenceReaders.read("docutils", document, fileExtension: "rst")
        }
        if try !readsAlike(joined) {
            Issue.record("docutils reads the formatted document otherwise, \(try differing { try !readsAlike($0) })")
        }
        #expect(DocumentFormatter.format(formatted.output, syntax: .restructuredText).output == formatted.output, "formatting twice changes more")
        let output = String(decoding: formatted.output, as: UTF8.self)
        for block in verbatim where !output.contains(block) {
            Issue.record("formatting changed a directive's body it must leave alone:\n\(block)")
        }
        let drawn = Self.drawings(joined), kept = Self.drawings(formatted.output)
        #expect(kept == drawn, "\(zip(drawn, kept).first { $0.0 != $0.1 }.map { "\($0.0) became \($0.1)" } ?? "tables lost")")
    }
}
