import Testing
import TestSupport
@testable import TextTables
@testable import LanguageServer

/// A keystroke inside the cells of a pipe table's row re-reads that row, not the table, and leaves the
/// index (tables, prefixes, diagnostics) and the kept reading (formatting, cell steps) as a fresh reading
/// of the same text makes them.
struct RowEditIndexTests {
    func bigTable(rows: Int) -> String {
        "Prose.\n\n| a   | b  |\n| --- | -- |\n" + (0..<rows).map { $0 % 97 == 5 ? "| 1 |\n" : "| 1   | 22 |\n" }.joined() + "\nAfter.\n"
    }

    @Test func typingInACellOfABigTableReadsOneRow() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(bigTable(rows: 20_000).utf8), options: FormatOptions())
        let before = open.diagnosticLines
        #expect(before.count == 207)  // the short rows
        open.replace(from: LinePosition(5_000, 3), to: LinePosition(5_000, 3), with: Array("x".utf8))
        #expect(open.index.lastScannedLines == 1)
        #expect(!open.index.diagnosticsChanged)
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        // A cell typed into a short row, and a third cell typed into it: its diagnostic changes, on its line.
        let short = 4 + 97 * 3 + 5
        open.replace(from: LinePosition(short, 5), to: LinePosition(short, 5), with: Array(" 9 | 9 |".utf8))
        #expect(open.index.lastScannedLines > 1)  // a pipe typed: the table is read again
        open.replace(from: LinePosition(short, 10), to: LinePosition(short, 11), with: Array("10".utf8))  // "| 1 | 9 | 10 |"
        #expect(open.index.lastScannedLines == 1)
        #expect(open.index.diagnosticsChanged)  // the extra cell's range grew
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        #expect(open.diagnosticLines.filter { $0.hasPrefix("\(short):") } == ["\(short):10-\(short):12 warning extra-cells: " + Diagnostic.Message.extraCells(3, header: 2)])
    }

    /// Edits that may change more than the row are read the whole way: a pipe, a backslash before a
    /// pipe, a row emptied to a lone pipe, the header, text before the row's first pipe.
    @Test func editsThatMayChangeTheTablesShapeReadItWhole() {
        let text = "| a | b |\n|---|---|\n| 1 | 2 |\n|x\n| 3\\| 4 |\n"
        for (line, from, to, new) in [(2, 4, 4, "|"), (3, 1, 2, ""), (4, 4, 4, "y"), (0, 3, 3, "z"), (2, 0, 0, "w"), (2, 3, 3, "<p>"), (2, 3, 3, "\t")] {
            var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
            open.replace(from: LinePosition(line, from), to: LinePosition(line, to), with: Array(new.utf8))
            #expect(open.index.lastScannedLines > 1, "\(line):\(from) \(new.debugDescription)")
            #expect(open.index.tables.map(\.lines) == open.reread.index.tables.map(\.lines))
            #expect(open.diagnosticLines == open.reread.diagnosticLines)
        }
    }

    static let cells = ["a", "bb", " ", "", "\\|", "`c`", "é", "日本", "\u{0B}", "<b>", "x\\", "1 | 2", "  ", "$$"]
    static let typed = ["x", "y", " ", "|", "\\", "`", "<", ">", "é", "日", "\t", "$", "~", "--", ":", "ab"]

    func randomDocument(_ random: inout SeededRandom) -> String {
        var out = ""
        for _ in 0..<random.int(1...4) {
            let prefix = random.pick(["", "", "> ", "- ", "  "])
            let columns = random.int(1...3)
            out += prefix + "|" + (0..<columns).map { _ in " h " }.joined(separator: "|") + "|\n"
            out += (prefix == "- " ? "  " : prefix) + "|" + Array(repeating: "---", count: columns).joined(separator: "|") + "|\n"
            for _ in 0..<random.int(0...12) {
                let count = random.int(max(1, columns - 1)...columns + 1)
                let row = (0..<count).map { _ in " " + random.pick(Self.cells) + " " }.joined(separator: "|")
                out += (prefix == "- " ? "  " : prefix) + (random.chance(0.9) ? "|" : "") + row + (random.chance(0.8) ? "|" : "") + "\n"
            }
            out += random.pick(["\n", "text\n\n", ""])
        }
        return out
    }

    /// `GRIDLS_INDEX_SEEDS` sets how many seeded documents are edited (CI: 100).
    @Test(arguments: 0..<TableIndexTests.seeds)
    func rowEditsLeaveWhatAFreshReadingFinds(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 7_000)
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(randomDocument(&random).utf8), options: FormatOptions())
        for step in 0..<30 {
            // Keep a reading of a table, as a code action or a table key does.
            if let table = open.index.tables.randomElement(using: &random) { _ = open.reading(table, options: open.index.options) }
            let line = random.below(open.text.lineCount), length = open.text.line(line).count
            let from = random.below(length + 1), to = min(length, from + random.below(3))
            open.replace(from: LinePosition(line, from), to: LinePosition(line, to), with: Array(random.pick(Self.typed).utf8))
            let context = "seed \(seed) step \(step): \(String(decoding: open.text.bytes, as: UTF8.self).debugDescription)"
            let fresh = open.expectFreshReading(context)
            for (kept, read) in fresh.readings {
                #expect(kept.diagnostics.map(\.range) == read.diagnostics.map(\.range), "\(context)")
                #expect(kept.isFormatted == read.isFormatted && kept.formattedWhole() == read.formattedWhole(), "\(context)")
                for offset in stride(from: 0, to: read.text.bytes.count, by: 3) {
                    #expect(kept.navigate(from: offset, .nextCell, syntax: .markdown, isFormatted: nil)
                            == read.navigate(from: offset, .nextCell, syntax: .markdown, isFormatted: nil), "\(context) offset \(offset)")
                }
            }
            if !fresh.sameDiagnostics { return }
        }
    }
}
