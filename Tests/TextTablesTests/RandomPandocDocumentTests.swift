import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Random Quarto-style documents (`RandomPandocDocument`) read by pandoc and by gridls: gridls finds
/// exactly the tables pandoc reads (each one, alone in a document of its own, reads as the same table at
/// the same place in the list), and after formatting pandoc reads every block of the document as before,
/// tables' column widths aside (README.md, "pandoc's Markdown"); captions, their attributes and div
/// fences keep their bytes. `GRIDLS_PANDOC_DOCUMENTS` sets how many (default 40); `GRIDLS_DUMP` names a
/// folder where a document that tells gridls and pandoc apart is written, with the tables gridls isolates.
@Suite(.enabled(if: ReferenceReaders.isAvailable, "python3 with docutils and pypandoc-binary is not installed (pip install pypandoc-binary docutils); CI=true runs it"))
struct RandomPandocDocumentTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_PANDOC_DOCUMENTS"] ?? "") ?? 40
    static let batchSize = 20

    static func pandoc(_ bytes: [UInt8], whole: Bool = false) throws -> String {
        try ReferenceReaders.read(whole ? "pandoc-markdown-document" : "pandoc-markdown", bytes, fileExtension: "qmd")
    }

    /// What pandoc 3.6 reads: definition lists read otherwise before pandoc 3.8. `whole`: which blocks
    /// hold which, tables' content left out.
    static func pandocBefore38(_ bytes: [UInt8], whole: Bool = false) throws -> String {
        try ReferenceReaders.read(whole ? "pandoc-3.6-markdown-blocks" : "pandoc-3.6-markdown", bytes, fileExtension: "qmd")
    }

    /// Each table gridls finds and reads, alone after a paragraph of its own: its lines from where their
    /// text starts (after block quote markers and list indentation). Found as the pandoc installed (3.8 or
    /// later) reads definitions, or (`versions: .before38`) as pandoc 3.6 does: where the two read one
    /// otherwise, gridls leaves it alone.
    static func isolated(_ bytes: [UInt8], versions: PandocVersions.Choice = .since38) -> [UInt8] {
        let text = TextLines(bytes)
        var document: [UInt8] = []
        for region in PandocMarkdownScanner.scan(text, versions: versions).scan.tables
        where (try? TableReading(text, region: region, options: FormatOptions()).grid.get()) != nil {
            document += Array("Table.\n\n".utf8)
            for (offset, line) in region.lines.enumerated() {
                document += text.bytes[region.contentStarts[offset]..<text.contentEnd(line)] + [0x0A]
            }
            document.append(0x0A)
        }
        return document
    }

    @Test(arguments: 0..<(count + batchSize - 1) / batchSize)
    func gridlsFindsAndKeepsWhatPandocReads(batch: Int) throws {
        let seeds = Array((batch * Self.batchSize)..<min(Self.count, (batch + 1) * Self.batchSize))
        var kept: [String] = []
        let documents = seeds.map { seed in
            var generator = RandomPandocDocument(seed: UInt64(seed) &+ 30_000)
            let document = Array(("Document \(seed).\n\n" + generator.make() + "\n").utf8)
            kept += generator.kept
            return document
        }
        let joined = documents.flatMap { $0 }
        func differing(_ differ: ([UInt8]) throws -> Bool) throws -> String {
            for (seed, document) in zip(seeds, documents) where try differ(document) {
                if let dump = ProcessInfo.processInfo.environment["GRIDLS_DUMP"] {
                    try Data(document).write(to: URL(fileURLWithPath: dump + "/\(seed).qmd"))
                    try Data(Self.isolated(document)).write(to: URL(fileURLWithPath: dump + "/\(seed).isolated.qmd"))
                }
                return "seed \(seed):\n\(String(decoding: document, as: UTF8.self))"
            }
            if let dump = ProcessInfo.processInfo.environment["GRIDLS_DUMP"] {
                try Data(joined).write(to: URL(fileURLWithPath: dump + "/joined\(seeds[0]).qmd"))
                try Data(Self.isolated(joined)).write(to: URL(fileURLWithPath: dump + "/joined\(seeds[0]).isolated.qmd"))
            }
            return "only together"
        }
        if try Self.pandoc(Self.isolated(joined)) != Self.pandoc(joined) {
            Issue.record("gridls finds other tables than pandoc reads, \(try differing { try Self.pandoc(Self.isolated($0)) != Self.pandoc($0) })")
        }
        let formatted = DocumentFormatter.format(joined, syntax: .pandocMarkdown)
        #expect(formatted.refused.isEmpty, "\(formatted.refused.map(\.message))")
        func readsAlike(_ document: [UInt8]) throws -> Bool {
            let output = DocumentFormatter.format(document, syntax: .pandocMarkdown).output
            return try Self.pandoc(output, whole: true) == Self.pandoc(document, whole: true)
        }
        if try !readsAlike(joined) {
            Issue.record("pandoc reads the formatted document otherwise, \(try differing { try !readsAlike($0) })")
        }
        #expect(DocumentFormatter.format(formatted.output, syntax: .pandocMarkdown).output == formatted.output, "formatting twice changes more")
        let before = String(decoding: joined, as: UTF8.self).split(separator: "\n"), after = String(decoding: formatted.output, as: UTF8.self).split(separator: "\n")
        for line in Set(kept) where before.filter({ $0.hasSuffix(line) }).count != after.filter({ $0.hasSuffix(line) }).count {
            Issue.record("formatting changed a line it must keep byte for byte: \(line)")
        }
    }

    /// Containers that go on after the ones they hold, definitions among them, for the tests against each
    /// pandoc below: the batch's documents, and the first that `differs` (or "only together").
    /// Only these blocks, and pipe tables without ragged rows: pandoc 3.6 reads some others (nested fenced
    /// divs, ragged rows' alignments) otherwise, and gridls reads those as pandoc 3.9 does.
    static func containerDocuments(batch: Int) -> (joined: [UInt8], first: (([UInt8]) throws -> Bool) throws -> String) {
        let seeds = (batch * batchSize)..<min(count, (batch + 1) * batchSize)
        let documents = seeds.map { seed in
            var generator = RandomPandocDocument(seed: UInt64(seed) &+ 60_000)
            generator.evenRows = true
            let blocks = (0..<generator.random.int(1...3)).map { _ in generator.containersGoingOn() }
            return Array(("Document \(seed).\n\n" + blocks.joined(separator: "\n\nText.\n\n") + "\n\n").utf8)
        }
        return (documents.flatMap { $0 }, { differs in
            try zip(seeds, documents).first { try differs($0.1) }.map { "seed \($0.0):\n" + String(decoding: $0.1, as: UTF8.self) } ?? "only together"
        })
    }

    /// gridls's reading as pandoc 3.8 and later finds the tables pandoc 3.9 reads, and formatting changes
    /// nothing it reads (column widths aside).
    @Test(arguments: 0..<(count + batchSize - 1) / batchSize)
    func containersAreReadAsPandoc39ReadsThem(batch: Int) throws {
        let (joined, first) = Self.containerDocuments(batch: batch)
        if try Self.pandoc(Self.isolated(joined)) != Self.pandoc(joined) {
            Issue.record("gridls finds other tables than pandoc 3.9 reads, \(try first { try Self.pandoc(Self.isolated($0)) != Self.pandoc($0) })")
        }
        func readsAlike(_ document: [UInt8]) throws -> Bool {
            try Self.pandoc(DocumentFormatter.format(document, syntax: .pandocMarkdown).output, whole: true) == Self.pandoc(document, whole: true)
        }
        if try !readsAlike(joined) {
            Issue.record("pandoc 3.9 reads the formatted document otherwise, \(try first { try !readsAlike($0) })")
        }
    }

    /// gridls's reading as pandoc before 3.8 finds the tables pandoc 3.6 reads, and formatting changes
    /// nothing of which blocks hold which for it (it measures simple tables' text otherwise than 3.9:
    /// `café` with a combining accent is five, so alignments may differ).
    @Test(.enabled(if: ReferenceReaders.hasPandocBefore38, "pandoc 3.6 is not installed beside pandoc (pip install --target <venv>/pandoc-3.6 pypandoc-binary==1.15, see scripts/read_tables.py); CI=true runs it"),
          arguments: 0..<(count + batchSize - 1) / batchSize)
    func containersAreReadAsPandoc36ReadsThem(batch: Int) throws {
        let (joined, first) = Self.containerDocuments(batch: batch)
        if try Self.pandocBefore38(Self.isolated(joined, versions: .before38)) != Self.pandocBefore38(joined) {
            Issue.record("gridls finds other tables than pandoc 3.6 reads, \(try first { try Self.pandocBefore38(Self.isolated($0, versions: .before38)) != Self.pandocBefore38($0) })")
        }
        func readsAlike(_ document: [UInt8]) throws -> Bool {
            try Self.pandocBefore38(DocumentFormatter.format(document, syntax: .pandocMarkdown).output, whole: true) == Self.pandocBefore38(document, whole: true)
        }
        if try !readsAlike(joined) {
            Issue.record("pandoc 3.6 reads the formatted document's blocks otherwise, \(try first { try !readsAlike($0) })")
        }
    }

    /// Simple tables on list items' marker lines, one to six spaces after the marker: formatting changes
    /// nothing pandoc 3.9 reads (column widths aside), where five spaces or more make gridls leave them alone.
    @Test(arguments: 0..<(count + batchSize - 1) / batchSize)
    func tablesOnMarkerLinesKeepTheirReading(batch: Int) throws {
        let seeds = (batch * Self.batchSize)..<min(Self.count, (batch + 1) * Self.batchSize)
        let documents = seeds.map { seed in
            var generator = RandomPandocDocument(seed: UInt64(seed) &+ 90_000)
            return Array(("Document \(seed).\n\n" + generator.tableOnMarkerLine(spaces: 1...6) + "\n\nText.\n").utf8)
        }
        for (seed, document) in zip(seeds, documents) {
            let output = DocumentFormatter.format(document, syntax: .pandocMarkdown).output
            #expect(try Self.pandoc(output, whole: true) == Self.pandoc(document, whole: true), "seed \(seed):\n\(String(decoding: document, as: UTF8.self))")
        }
    }

    /// Grid tables without a closing border over a simple table's lines: gridls finds no table where pandoc
    /// reads a paragraph (reporting the grid table unclosed), and formatting changes nothing pandoc reads.
    @Test(arguments: 0..<(count + batchSize - 1) / batchSize)
    func unclosedGridTablesStartAParagraph(batch: Int) throws {
        let seeds = (batch * Self.batchSize)..<min(Self.count, (batch + 1) * Self.batchSize)
        for seed in seeds {
            var generator = RandomPandocDocument(seed: UInt64(seed) &+ 120_000)
            let document = Array(("Document \(seed).\n\n" + generator.unclosedGridOverTable() + "\n\nText.\n").utf8)
            let output = DocumentFormatter.format(document, syntax: .pandocMarkdown).output
            #expect(try Self.pandoc(Self.isolated(document)) == Self.pandoc(document), "seed \(seed):\n\(String(decoding: document, as: UTF8.self))")
            #expect(try Self.pandoc(output, whole: true) == Self.pandoc(document, whole: true), "seed \(seed):\n\(String(decoding: document, as: UTF8.self))")
        }
    }
}
