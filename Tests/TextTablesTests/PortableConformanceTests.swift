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
        guard MarkdownReaderOracle.isAvailable(reader) else {
            print(MarkdownReaderOracle.skipped("everyReaderShowsASitePageTheSameAfterPortableFormatting", reader))
            return
        }
        var changed = 0
        for seed in Self.seeds {
            var generator = RandomSiteDocument(seed: seed)
            let document = Array(generator.make().utf8)
            try expectSameReading(document, reader, changed: &changed)
        }
        // The pages hold tables every reader reads alike too: formatting must not have left them all alone.
        #expect(Self.seeds.isEmpty || changed > Self.seeds.count / 8, "only \(changed) of \(Self.seeds.count) pages changed")
    }

    @Test(arguments: MarkdownReaderOracle.portable)
    func everyReaderShowsARandomDocumentTheSameAfterPortableFormatting(_ reader: MarkdownReaderOracle.Reader) throws {
        guard MarkdownReaderOracle.isAvailable(reader) else {
            print(MarkdownReaderOracle.skipped("everyReaderShowsARandomDocumentTheSameAfterPortableFormatting", reader))
            return
        }
        var changed = 0
        for seed in Self.seeds {
            var generator = RandomDocument(seed: seed &+ 70_000)
            let document = Array(generator.make().utf8)
            // A carriage return alone ends a line for some readers and not others (`LoneCarriageReturn`).
            guard !document.contains(0x0D) else { continue }
            try expectSameReading(document, reader, changed: &changed)
        }
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
