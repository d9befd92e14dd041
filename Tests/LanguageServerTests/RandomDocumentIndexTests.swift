import Foundation
import Testing
import TestSupport
@testable import JSONRPC
@testable import TextTables
@testable import LanguageServer

/// The random documents the cmark-gfm conformance test formats (byte-order marks, tabs in container
/// prefixes, form feeds, `$$` lines, front matter, look-alikes), edited at random: after every edit the
/// server's tables and diagnostics are those of a fresh reading of the same text.
struct RandomDocumentIndexTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_RANDOM_DOCUMENTS"] ?? "") ?? 300

    @Test func editsLeaveWhatAFreshReadingFinds() {
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomDocument(seed: seed &+ 50_000)
            var random = SeededRandom(seed: seed)
            let text = generator.make()
            var open = OpenDocument(uri: "file:///r.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
            for step in 0..<8 {
                let lines = open.text.lineCount
                let from = random.below(lines), to = min(lines - 1, from + random.below(3))
                let start = (from, random.chance(0.7) ? 0 : min(1, open.text.line(from).count))
                let end = (to, random.chance(0.5) ? open.text.line(to).count : 0)
                let ordered = start <= end ? (start, end) : (end, start)
                // A block from another random document, a fragment of a line, or nothing (a deletion).
                let replacement = random.chance(0.4) ? generator.make() : random.chance(0.5) ? random.pick(["|", "---", "$$", "\n", "\u{FEFF}", "\t", "> "]) : ""
                open.replace(from: ordered.0, to: ordered.1, with: Array(replacement.utf8))
                let fresh = open.reread
                #expect(open.diagnosticLines == fresh.diagnosticLines, "seed \(seed) step \(step)")
                #expect(open.index.tables.map(\.lines) == fresh.index.tables.map(\.lines), "seed \(seed) step \(step)")
                if open.diagnosticLines != fresh.diagnosticLines { return }
            }
        }
    }

    /// The same documents read as pandoc's Markdown (`.qmd`), edited with what opens and closes pandoc's
    /// blocks (div fences, captions with attributes, fences, YAML lines, `<div>`, list items): after every
    /// edit the index finds what a fresh reading does.
    @Test func pandocEditsLeaveWhatAFreshReadingFinds() {
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomDocument(seed: seed &+ 110_000)
            var random = SeededRandom(seed: seed)
            var open = OpenDocument(uri: "file:///r.qmd", version: 1, bytes: Array(generator.make().utf8), options: FormatOptions())
            for step in 0..<8 {
                let lines = open.text.lineCount
                let from = random.below(lines), to = min(lines - 1, from + random.below(3))
                let start = LinePosition(from, random.chance(0.7) ? 0 : min(1, open.text.line(from).count))
                let end = LinePosition(to, random.chance(0.5) ? open.text.line(to).count : 0)
                let replacement = random.chance(0.3) ? generator.make()
                    : random.pick(["::: {.note}\n", ":::\n", ":::", ": Caption {#tbl-a}\n", "Table: cap\n\n", "```\n", "~~~", "---\n",
                                   "...\n", "<div>\n", "</div>\n", "- ", "  ", "\n", """
                                       | a | b |
                                       |---|---|

                                       """, "|", "<!--\n", "-->"])
                open.replace(from: min(start, end), to: max(start, end), with: Array(replacement.utf8))
                let fresh = open.reread
                #expect(open.diagnosticLines == fresh.diagnosticLines, "seed \(seed) step \(step)")
                #expect(open.index.tables.map(\.lines) == fresh.index.tables.map(\.lines), "seed \(seed) step \(step)")
                if open.index.tables.map(\.lines) != fresh.index.tables.map(\.lines) { return }
            }
        }
    }

    /// Several changes in one `didChange` (an editor applying a realigned table's edits line by line)
    /// update the index once, over the lines they touched together: it still finds what a fresh reading does.
    @Test func batchesOfChangesLeaveWhatAFreshReadingFinds() {
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomDocument(seed: seed &+ 90_000)
            var random = SeededRandom(seed: seed)
            var open = OpenDocument(uri: "file:///b.md", version: 1, bytes: Array(generator.make().utf8), options: FormatOptions())
            for step in 0..<4 {
                let count = 1 + random.below(12)
                open.replace(count) { _, text in
                    let from = random.below(text.lineCount), to = min(text.lineCount - 1, from + random.below(2))
                    let start = LinePosition(from, random.chance(0.6) ? 0 : min(1, text.line(from).count))
                    let end = LinePosition(to, random.chance(0.5) ? text.line(to).count : 0)
                    let replacement = random.chance(0.2) ? generator.make() : random.pick(["|", "| x |", "---", "\n", "", "a\nb", "+---+"])
                    return (min(start, end), max(start, end), Array(replacement.utf8))
                }
                let fresh = open.reread
                #expect(open.diagnosticLines == fresh.diagnosticLines, "seed \(seed) step \(step)")
                #expect(open.index.tables.map(\.lines) == fresh.index.tables.map(\.lines), "seed \(seed) step \(step)")
                if open.diagnosticLines != fresh.diagnosticLines { return }
            }
        }
    }

    /// reStructuredText documents of grid and simple tables and list-tables (the soak's blocks), edited at
    /// random as the soak edits them: after every edit the index's tables, their contexts and diagnostics
    /// are those of a fresh reading, without a client in the way, so that a failure replays from its seed
    /// (the soak found a list-table that an indented line typed below its blank lines extended, and that the
    /// index did not read again: it restarted after those blank lines).
    @Test func reStructuredTextEditsLeaveWhatAFreshReadingFinds() {
        for seed in 0..<UInt64(Self.count) {
            var random = SeededRandom(seed: seed &+ 70_000)
            var model = ModelDocument(encoding: "utf-8", text: ModelDocument.startRST, rst: true)
            var open = OpenDocument(uri: "file:///r.rst", version: 1, bytes: model.bytes, options: FormatOptions())
            for step in 0..<60 {
                let edit = model.randomEdit(&random, crlf: false)
                let (a, b) = (model.position(edit["range"]!["start"]!), model.position(edit["range"]!["end"]!))
                let (start, end) = (b.line, b.byte) < (a.line, a.byte) ? (b, a) : (a, b)
                open.replace(from: LinePosition(start.line, start.byte), to: LinePosition(end.line, end.byte), with: Array(edit["newText"]!.string!.utf8))
                model.apply(edit)
                let fresh = open.reread
                #expect(open.text.bytes == model.bytes, "seed \(seed) step \(step): text")
                #expect(open.diagnosticLines == fresh.diagnosticLines, "seed \(seed) step \(step): \(model.string.debugDescription)")
                #expect(open.index.tables.map(\.lines) == fresh.index.tables.map(\.lines), "seed \(seed) step \(step)")
                // What the neighbours say (inside a directive, text right below) decides the conversions offered.
                #expect(open.index.tables.map(\.context) == fresh.index.tables.map(\.context), "seed \(seed) step \(step): context")
                if open.diagnosticLines != fresh.diagnosticLines { return }
            }
        }
    }
}
