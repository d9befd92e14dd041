import Testing
import TestSupport
@testable import TextTables
@testable import LanguageServer

/// A keystroke inside the cells of a grid table's row re-reads that row between its borders, not the
/// table, and leaves the index (tables, prefixes, diagnostics) and the kept readings as a fresh reading
/// of the same text makes them, drifted `|` included.
struct GridRowEditIndexTests {
    func bigTable(rows: Int, prefix: String) -> String {
        ["+-----+----+", "| a   | b  |", "+=====+====+"].map { prefix + $0 + "\n" }.joined()
            + String(repeating: prefix + "| 1   | 22 |\n" + prefix + "+-----+----+\n", count: rows)
    }

    @Test(arguments: [("x.rst", ".. note::\n\n", "   "), ("x.qmd", "", "> "), ("x.md", "- item\n\n", "  ")])
    func typingInACellOfABigGridTableReadsOneRow(name: String, above: String, prefix: String) {
        let text = above + bigTable(rows: 2_000, prefix: prefix)
        let first = above.filter { $0 == "\n" }.count
        var open = OpenDocument(uri: "file:///" + name, version: 1, bytes: Array(text.utf8), options: FormatOptions())
        #expect(open.diagnosticLines.isEmpty)
        let row = first + 3 + 2 * 700, at = prefix.utf8.count + 3
        open.replace(from: LinePosition(row, at), to: LinePosition(row, at), with: Array("x".utf8))
        #expect(open.index.lastScannedLines == 3)  // the row and its two borders
        #expect(open.index.diagnosticsChanged)
        // A reStructuredText table's indentation in a directive is its text, not a prefix.
        let start = name == "x.rst" ? 0 : prefix.utf8.count
        let drift = "\(row):\(start)-\(row):\(prefix.utf8.count + 13) error broken-border: "
            + Diagnostic.Message.drift(open.syntax)
        #expect(open.diagnosticLines == [drift])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        // Another row drifts too, then the first is mended: each keystroke reads its own row.
        open.replace(from: LinePosition(row + 10, at), to: LinePosition(row + 10, at), with: Array("yz".utf8))
        #expect(open.index.lastScannedLines == 3)
        #expect(open.diagnosticLines.count == 2 && open.diagnosticLines == open.reread.diagnosticLines)
        open.replace(from: LinePosition(row, at), to: LinePosition(row, at + 1), with: [])
        #expect(open.index.lastScannedLines == 3)
        #expect(open.diagnosticLines.map { $0.prefix { $0 != ":" } } == ["\(row + 10)"])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        // Typing a character the width of the one it replaces keeps the row on its column lines.
        open.replace(from: LinePosition(row + 10, at), to: LinePosition(row + 10, at + 2), with: [])
        open.replace(from: LinePosition(row + 20, at - 1), to: LinePosition(row + 20, at), with: Array("q".utf8))
        #expect(open.index.lastScannedLines == 3)
        #expect(open.diagnosticLines.isEmpty && open.reread.diagnosticLines.isEmpty)
    }

    /// Edits that may change more than the row read the table whole: a `|` or `+` typed, an edit before
    /// the first `|`, a wide character, a border's edit, a table short enough for the slip search. A
    /// deletion and the header row (under a header separator) are read alone.
    @Test func editsThatMayChangeMoreReadTheTableWhole() {
        let text = bigTable(rows: 100, prefix: "")
        for (line, from, to, new, alone) in [(5, 3, 3, "|", false), (5, 3, 3, "+", false), (5, 0, 0, " ", false), (5, 3, 3, "日", false),
                                             (4, 3, 3, "-", false), (5, 2, 3, "", true), (1, 3, 3, "x", true)] {
            var open = OpenDocument(uri: "file:///x.qmd", version: 1, bytes: Array(text.utf8), options: FormatOptions())
            open.replace(from: LinePosition(line, from), to: LinePosition(line, to), with: Array(new.utf8))
            #expect((open.index.lastScannedLines == 3) == alone, "\(line):\(from) \(new.debugDescription)")
            #expect(open.index.tables.map(\.lines) == open.reread.index.tables.map(\.lines))
            #expect(open.diagnosticLines == open.reread.diagnosticLines)
        }
        var short = OpenDocument(uri: "file:///x.qmd", version: 1, bytes: Array(bigTable(rows: 20, prefix: "").utf8), options: FormatOptions())
        short.replace(from: LinePosition(5, 3), to: LinePosition(5, 3), with: Array("x".utf8))
        #expect(short.index.lastScannedLines > 3)
        #expect(short.diagnosticLines == short.reread.diagnosticLines)
    }

    /// Mostly plain text (the first eight), now and then what breaks a row or reads apart.
    static let cells = ["a", "bb", "", "ccc", "a b", "-", "=", "`c`", "日本", "é", "\t", "x|y", "1+2", "--"]
    static let typed = ["x", "y", " ", "", "", "ab", "日", "é", "\t", "|", "+", "-", "=", ":"]

    /// A grid table of `rows` rows (two lines each, now and then a cell spanning two columns, or a row
    /// spanning two), its widths fitted to the cells' text as an editor draws it.
    func randomTable(_ random: inout SeededRandom, prefix: String, spans: Double = 0.1) -> [String] {
        let widths = (0..<random.int(1...3)).map { _ in random.int(3...6) }
        let border = { (fill: String) in "+" + widths.map { String(repeating: fill, count: $0) }.joined(separator: "+") + "+" }
        func cell(_ width: Int) -> String {
            var text = random.chance(0.97) ? random.pick(Array(Self.cells.prefix(8))) : random.pick(Self.cells)
            var drawn = text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) }
            if drawn > width - 2 { (text, drawn) = ("a", 1) }
            return " " + text + String(repeating: " ", count: max(0, width - 1 - drawn))
        }
        func line() -> String {
            var out = "|"
            for (k, width) in widths.enumerated() {
                out += cell(width)
                // A cell spanning this column and the next: a space where their column line would be.
                out += k + 1 < widths.count && random.chance(spans) ? " " : "|"
            }
            return out
        }
        var lines = [border("-"), line()]
        if random.chance(0.5) { lines.append(border("=")) } else { lines += [border("-"), line()] }
        for _ in 0..<random.int(31...36) {
            if random.chance(spans / 2), widths.count > 1 {
                // A first-column cell spanning two rows.
                let partial = "|" + String(repeating: " ", count: widths[0]) + "+" + widths.dropFirst().map { String(repeating: "-", count: $0) }.joined(separator: "+") + "+"
                lines += [line(), partial, line()]
            } else {
                lines += [line()]
            }
            lines.append(border("-"))
        }
        return lines.map { prefix + $0 }
    }

    /// Documents of one or two grid tables; `spans`: how often a line of cells leaves out a column line.
    func randomDocument(_ random: inout SeededRandom, rst: Bool, spans: Double = 0.1) -> String {
        var out = ""
        for _ in 0..<random.int(1...2) {
            let prefix = rst ? random.pick(["", "   "]) : random.pick(["", "> ", "  "])
            if prefix == "   " { out += ".. note::\n\n" }
            if prefix == "  " { out += "- item\n\n" }
            out += randomTable(&random, prefix: prefix, spans: spans).joined(separator: "\n") + "\n\ntext\n\n"
        }
        return out
    }

    /// `GRIDLS_INDEX_SEEDS` sets how many seeded documents are edited (CI: 100): three documents a seed,
    /// ten edits each, most of them a keystroke in a line of cells (what may be read as a row alone).
    @Test(arguments: 0..<TableIndexTests.seeds)
    func gridRowEditsLeaveWhatAFreshReadingFinds(seed: Int) {
        _ = editRandomly(seed: seed)
    }

    /// Enough of the random edits above take the row's way for the test above to check it.
    @Test func randomEditsAreMostlyReadAsARow() {
        let rowReads = (0..<10).map { editRandomly(seed: $0) }
        #expect(rowReads.reduce(0, +) > 10 * 30 / 10, "\(rowReads)")  // a fifth when written
    }

    /// Edits three documents of the seed, checking the index against a fresh reading after every edit;
    /// how many edits were read as a row alone.
    func editRandomly(seed: Int) -> Int {
        var random = SeededRandom(seed: UInt64(seed) &+ 9_000)
        let name = ["x.rst", "x.qmd", "x.md"][seed % 3]
        var rowReads = 0
        for round in 0..<3 {
            var open = OpenDocument(uri: "file:///" + name, version: 1, bytes: Array(randomDocument(&random, rst: name == "x.rst").utf8), options: FormatOptions())
            for step in 0..<10 {
                if let table = open.index.tables.randomElement(using: &random), random.chance(0.3) { _ = open.reading(table, options: open.index.options) }
                let (line, from, to, typed) = randomEdit(open, &random)
                open.replace(from: LinePosition(line, from), to: LinePosition(line, to), with: Array(typed.utf8))
                if open.index.lastScannedLines < 10 { rowReads += 1 }
                let context = "seed \(seed) round \(round) step \(step): \(String(decoding: open.text.bytes, as: UTF8.self).debugDescription)"
                let fresh = open.expectFreshReading(context)
                for (kept, read) in fresh.readings { #expect(kept.diagnostics == read.diagnostics, "\(context)") }
                if !fresh.sameDiagnostics { return rowReads }
            }
        }
        return rowReads
    }

    /// An edit: mostly a keystroke (or a deletion of up to two bytes) between the first and last `|` of
    /// a line of cells in a table, else anything anywhere.
    func randomEdit(_ open: OpenDocument, _ random: inout SeededRandom) -> (line: Int, from: Int, to: Int, typed: String) {
        let bar = UInt8(ascii: "|")
        let cellLines = open.index.tables.randomElement(using: &random).map { table in
            table.lines.filter { open.text.line($0).contains(bar) && !open.text.line($0).contains(UInt8(ascii: "+")) }
        } ?? []
        if random.chance(0.85), let line = cellLines.randomElement(using: &random) {
            let bytes = open.text.line(line)
            let first = bytes.firstIndex(of: bar)! - bytes.startIndex, last = bytes.lastIndex(of: bar)! - bytes.startIndex
            let from = first + 1 + random.below(max(1, last - first - 1))
            let to = random.chance(0.7) ? from : min(last, from + 1 + random.below(2))
            return (line, from, to, random.pick(random.chance(0.9) ? Self.typed.filter { $0 != "|" && $0 != "+" } : Self.typed))
        }
        let line = random.below(open.text.lineCount), length = open.text.line(line).count
        let from = random.below(length + 1)
        return (line, from, min(length, from + random.below(3)), random.pick(Self.typed))
    }
}
