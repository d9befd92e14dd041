import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Every common Markdown reader shows a page the same after `portable` formatting as before it, and GitHub
/// shows it the same after `github` formatting: random site pages (`RandomSiteDocument`: MyST fences,
/// pymdownx blocks, attribute lists, shortcodes, footnotes, code spans with pipes, tables under text...)
/// and the main random documents, each read by the readers themselves (`MarkdownReaderOracle`).
struct PortableConformanceTests {
    /// `GRIDLS_SITE_DOCUMENTS=N` reads N pages (seeds 0..<N) instead of 300 (3,000 pass locally).
    static let seeds = 0..<(UInt64(ProcessInfo.processInfo.environment["GRIDLS_SITE_DOCUMENTS"] ?? "") ?? 300)

    static let portable = FormatOptions(scan: ScanOptions(markdownReaders: .portable))

    @Test(arguments: MarkdownReaderOracle.portable)
    func everyReaderShowsASitePageTheSameAfterPortableFormatting(_ reader: MarkdownReaderOracle.Reader) throws {
        let changed = try expectSameReadings(reader, in: #function) { seed in
            var generator = RandomSiteDocument(seed: seed)
            return Array(generator.make().utf8)
        }
        // The pages hold tables every reader reads alike too: formatting must not have left them all alone.
        #expect(changed.map { Self.seeds.isEmpty || $0 > Self.seeds.count / 8 } ?? true, "only \(changed ?? 0) of \(Self.seeds.count) pages changed")
    }

    @Test(arguments: MarkdownReaderOracle.portable)
    func everyReaderShowsARandomDocumentTheSameAfterPortableFormatting(_ reader: MarkdownReaderOracle.Reader) throws {
        _ = try expectSameReadings(reader, in: #function) { seed in
            var generator = RandomDocument(seed: seed &+ 70_000)
            let document = Array(generator.make().utf8)
            // A carriage return alone ends a line for some readers and not others (`LoneCarriageReturn`).
            return document.contains(0x0D) ? nil : document
        }
    }

    /// Each seed's document (nil: none) read by `reader` before and after formatting; how many changed,
    /// nil when the reader is missing (the test then says so in one line).
    private func expectSameReadings(_ reader: MarkdownReaderOracle.Reader, in test: String, _ document: (UInt64) -> [UInt8]?) throws -> Int? {
        guard MarkdownReaderOracle.isAvailable(reader) else {
            print(MarkdownReaderOracle.skipped(test, reader))
            return nil
        }
        var changed = 0
        for seed in Self.seeds {
            guard let text = document(seed) else { continue }
            try expectSameReading(text, reader, changed: &changed)
        }
        return changed
    }

    private func expectSameReading(_ document: [UInt8], _ reader: MarkdownReaderOracle.Reader, changed: inout Int) throws {
        let output = DocumentFormatter.format(document, syntax: .markdown, options: Self.portable).output
        guard output != document else { return }
        // kramdown reads a table without body rows as a paragraph, which portable formatting keeps on purpose
        // (every table being typed is one: `PortableTables`).
        if reader == .kramdown, DocumentSyntax.markdown.scan(TextLines(document), options: Self.portable.scan).tables.contains(where: { $0.lines.count == 2 }) {
            return
        }
        changed += 1
        #expect(DocumentFormatter.format(output, syntax: .markdown, options: Self.portable).output == output, "not idempotent")
        let before = try MarkdownReaderOracle.visible(reader, document), after = try MarkdownReaderOracle.visible(reader, output)
        // goldmark 1.5.4 panics on some rows of escaped pipes (so would Hugo 0.111): no reading to keep.
        guard !before.contains("goldmark panicked") else { return }
        #expect(before == after, "\(reader) reads otherwise after formatting:\n\(String(decoding: document, as: UTF8.self))\n---\n\(String(decoding: output, as: UTF8.self))")
    }

    /// GitHub's own reading: a `github` scan formats more (a line without a `|` becomes a row), and
    /// cmark-gfm must read that the same.
    @Test func gitHubShowsASitePageTheSameAfterGitHubFormatting() throws {
        guard MarkdownReaderOracle.isAvailable(.github) else {
            print(MarkdownReaderOracle.skipped("gitHubShowsASitePageTheSameAfterGitHubFormatting", .github))
            return
        }
        for seed in Self.seeds {
            var generator = RandomSiteDocument(seed: seed &+ 1_000)
            let document = Array(generator.make().utf8)
            let output = DocumentFormatter.format(document, syntax: .markdown, options: FormatOptions()).output
            #expect(try MarkdownReaderOracle.visible(.github, document) == MarkdownReaderOracle.visible(.github, output),
                    "\(String(decoding: document, as: UTF8.self))")
        }
    }
}
