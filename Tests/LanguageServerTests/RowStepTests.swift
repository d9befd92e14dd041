import Testing
import TestSupport
@testable import TextTables
@testable import LanguageServer

/// A table key on the row typed in since the pipe table was formatted reads that row and its neighbours,
/// not the table, and answers exactly as a fresh reading of the whole table does.
struct RowStepTests {
    /// The step as an editor sees it: each edit as `line:byte-line:byte text`, then the cursor.
    static func shown(_ step: TableStep?) -> [String] {
        guard let step else { return ["none"] }
        return step.edits.finished().map { "\($0.start.line):\($0.start.byte)-\($0.end.line):\($0.end.byte) \(String(decoding: $0.newText, as: UTF8.self))" }
            + ["cursor \(step.line):\(step.byte) \(String(decoding: step.lineText, as: UTF8.self))"]
    }

    static func step(_ open: OpenDocument, _ position: LinePosition, _ direction: NavigationDirection) -> TableStep? {
        guard let table = open.index.table(at: position.line) else { return nil }
        return open.step(table, at: position, direction, options: open.index.options)
    }

    static func apply(_ step: TableStep, to open: inout OpenDocument) {
        for edit in step.edits.finished().reversed() { open.replace(from: edit.start, to: edit.end, with: edit.newText) }
    }

    @Test func tabAfterACharacterThatKeepsTheWidthsReadsTheRow() {
        let rows = 20_000
        var open = OpenDocument(uri: "file:///x.md", version: 1,
                                bytes: Array(("Prose.\n\n| a   | b   |\n| --- | --- |\n" + String(repeating: "| 1   | 22  |\n", count: rows)).utf8),
                                options: FormatOptions())
        // Typed before the table's formatting is known: the first Tab reads the table, and formats the row.
        open.replace(from: LinePosition(500, 3), to: LinePosition(500, 3), with: Array("x".utf8))
        let first = Self.step(open, LinePosition(500, 2), .nextCell)
        #expect(first?.linesRead == rows + 2)
        #expect(Self.shown(first) == ["500:0-500:14 | 1x  | 22  |", "cursor 500:8 | 1x  | 22  |"])
        // The editor applies it; typing on in the row, each Tab reads five lines.
        Self.apply(first!, to: &open)
        open.replace(from: LinePosition(500, 4), to: LinePosition(500, 4), with: Array("y".utf8))
        #expect(open.index.lastScannedLines == 1)
        let second = Self.step(open, LinePosition(500, 4), .nextCell)
        #expect(second?.linesRead == 5)
        #expect(Self.shown(second) == ["500:0-500:14 | 1xy | 22  |", "cursor 500:8 | 1xy | 22  |"])
        #expect(Self.shown(second) == Self.shown(Self.step(open.reread, LinePosition(500, 4), .nextCell)))
        #expect(open.index.table(at: 500)?.memo.keptReading == nil)  // the table was not read
        // The last cell's Tab goes to the next row, Shift-Tab back, Enter down: five lines each.
        for (direction, cursor) in [(NavigationDirection.nextCell, "cursor 501:2 | 1   | 22  |"), (.previousCell, "cursor 500:2 | 1xy | 22  |"),
                                    (.nextRow, "cursor 501:8 | 1   | 22  |")] {
            let step = Self.step(open, LinePosition(500, 10), direction)
            #expect(step?.linesRead == 5)
            #expect(Self.shown(step).last == cursor)
            #expect(Self.shown(step) == Self.shown(Self.step(open.reread, LinePosition(500, 10), direction)))
        }
        // A character that widens the column: the table is read.
        Self.apply(second!, to: &open)
        open.replace(from: LinePosition(500, 5), to: LinePosition(500, 5), with: Array("z".utf8))
        let widened = Self.step(open, LinePosition(500, 4), .nextCell)
        #expect(widened?.linesRead == rows + 2)
        #expect(Self.shown(widened) == Self.shown(Self.step(open.reread, LinePosition(500, 4), .nextCell)))
    }

    /// A table formatted on open is known formatted once a key asks: a character typed then costs the row.
    @Test func aTableKnownFormattedKeepsThatAcrossARowEdit() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array("| a   | b   |\n| --- | --- |\n| 1   | 22  |\n| 3   | 4   |\n".utf8),
                                options: FormatOptions())
        #expect(Self.step(open, LinePosition(2, 2), .nextCell)?.edits.finished().isEmpty == true)
        open.replace(from: LinePosition(3, 3), to: LinePosition(3, 3), with: Array("é".utf8))
        let step = Self.step(open, LinePosition(3, 2), .nextCell)
        #expect(step?.linesRead == 4)
        #expect(Self.shown(step) == ["3:0-3:15 | 3é  | 4   |", "cursor 3:9 | 3é  | 4   |"])
    }

    /// An edit of another row makes the table unformatted there too: the next key reads the table.
    @Test func anEditOfAnotherRowForgetsTheRow() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array("| a   | b   |\n| --- | --- |\n| 1   | 22  |\n| 3   | 4   |\n".utf8),
                                options: FormatOptions())
        #expect(Self.step(open, LinePosition(2, 2), .nextCell)?.edits.finished().isEmpty == true)
        open.replace(from: LinePosition(3, 3), to: LinePosition(3, 3), with: Array("x".utf8))
        open.replace(from: LinePosition(2, 3), to: LinePosition(2, 3), with: Array("y".utf8))
        let step = Self.step(open, LinePosition(3, 2), .nextCell)
        #expect(step?.linesRead == 4)
        #expect(Self.shown(step) == ["2:0-2:14 | 1y  | 22  |", "3:0-3:14 | 3x  | 4   |", "cursor 3:8 | 3x  | 4   |"])
        #expect(Self.shown(step) == Self.shown(Self.step(open.reread, LinePosition(3, 2), .nextCell)))
    }

    static let cells = ["a", "bb", "", "ccc", "dddd", "é", "日本", "`c`", "x\\|y", "<b>", "$$"]
    static let typed = ["x", "y", "", " ", "é", "日", "ab", "|", "\\", "`", "<", "\t", ":", "-"]

    /// Random pipe tables, formatted, in block quotes and lists too; typing, deleting and table keys on
    /// one row, the keys' edits applied or not, and now and then an edit elsewhere.
    func randomDocument(_ random: inout SeededRandom) -> String {
        let prefix = random.pick(["", "", "> ", "- ", "  "])
        let columns = random.int(1...3)
        var out = random.pick(["", "Text.\n\n"])
        out += prefix + "|" + (0..<columns).map { _ in " " + random.pick(["h", "head", "日"]) + " " }.joined(separator: "|") + "|\n"
        out += (prefix == "- " ? "  " : prefix) + "|" + (0..<columns).map { _ in random.pick(["---", ":--", "--:", ":-:"]) }.joined(separator: "|") + "|\n"
        for _ in 0..<random.int(1...8) {
            let count = random.chance(0.9) ? columns : random.int(1...columns + 1)
            out += (prefix == "- " ? "  " : prefix) + "|" + (0..<count).map { _ in " " + random.pick(Self.cells) + " " }.joined(separator: "|") + "|\n"
        }
        return out + random.pick(["", "\nAfter.\n"])
    }

    /// `GRIDLS_INDEX_SEEDS` sets how many seeded documents are edited (CI: 100).
    @Test func keysAfterRowEditsAnswerAsAFreshReading() {
        var fast = 0
        for seed in 0..<max(TableIndexTests.seeds, 40) {
            var random = SeededRandom(seed: UInt64(seed) &+ 9_100)
            let written = Array(randomDocument(&random).utf8)
            for options in [FormatOptions(), FormatOptions(delimiterRow: .compact)] {
                let formatted = DocumentFormatter.format(written, syntax: .markdown, options: options).output
                var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: formatted, options: options)
                guard let table = open.index.tables.first, table.lines.count > 2 else { continue }
                // Two rows typed in by turns (a key on one while the other is unformatted must read the table).
                let hot = (0..<2).map { _ in random.int(table.firstLine + 2...table.lines.upperBound - 1) }
                var row = hot[0]
                for step in 0..<24 {
                    let context = "seed \(seed) step \(step): \(String(decoding: open.text.bytes, as: UTF8.self).debugDescription)"
                    if random.chance(0.3) { row = random.pick(hot) }
                    if random.chance(0.05) { row = random.int(0...open.text.lineCount - 1) }
                    guard row < open.text.lineCount else { break }
                    let length = open.text.line(row).count
                    if random.chance(0.7) {
                        // Mostly inside the cells (past the row's first pipe), mostly plain characters.
                        let bar = open.text.line(row).firstIndex(of: UInt8(ascii: "|")).map { $0 - open.text.line(row).startIndex + 1 } ?? 0
                        let from = random.chance(0.8) ? random.int(min(bar, length)...length) : random.below(length + 1)
                        let to = min(length, from + random.below(3))
                        let typed = random.chance(0.7) ? random.pick(Array(Self.typed.prefix(7))) : random.pick(Self.typed)
                        open.replace(from: LinePosition(row, from), to: LinePosition(row, to), with: Array(typed.utf8))
                    }
                    // The key on the row typed in, or on the other one.
                    let keyRow = random.chance(0.7) ? row : random.pick(hot)
                    let at = LinePosition(keyRow, random.below(open.text.line(keyRow).count + 1))
                    let direction = random.pick(NavigationDirection.allCases)
                    let answer = Self.step(open, at, direction)
                    #expect(Self.shown(answer) == Self.shown(Self.step(open.reread, at, direction)), "\(context) at \(at) \(direction)")
                    if let answer, answer.linesRead < open.index.table(at: keyRow)?.lines.count ?? 0 { fast += 1 }
                    if let answer, random.chance(0.5) { Self.apply(answer, to: &open) }
                }
            }
        }
        #expect(fast > 100)  // the row's steps were taken
    }
}
