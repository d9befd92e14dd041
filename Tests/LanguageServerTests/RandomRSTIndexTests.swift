import Foundation
import Testing
import TestSupport
@testable import JSONRPC
@testable import TextTables
@testable import LanguageServer

/// reStructuredText documents of grid and simple tables and list-tables (the soak's blocks), edited at
/// random as the soak edits them: after every edit the index's tables, their contexts and diagnostics are
/// those of a fresh reading of the same text. Without a client in the way, so that a failure replays from
/// its seed (the soak found a list-table that an indented line typed below its blank lines extended, and
/// the index did not read again: it restarted after those blank lines).
struct RandomRSTIndexTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_RANDOM_DOCUMENTS"] ?? "") ?? 300

    @Test func editsLeaveWhatAFreshReadingFinds() {
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
