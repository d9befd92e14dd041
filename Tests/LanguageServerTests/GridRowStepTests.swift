import Testing
import TestSupport
@testable import TextTables
@testable import LanguageServer

/// A table key on the row typed in since a grid table was formatted reads that row and the rows above and
/// below it, not the table, and answers exactly as a fresh reading of the whole table does.
struct GridRowStepTests {
    typealias Keys = RowStepTests

    func bigTable(rows: Int, prefix: String) -> String {
        ["+-----+----+", "| abc | b  |", "+=====+====+"].map { prefix + $0 + "\n" }.joined()
            + String(repeating: prefix + "| 1   | 22 |\n" + prefix + "+-----+----+\n", count: rows)
    }

    @Test(arguments: [("x.rst", ".. note::\n\n", "   "), ("x.qmd", "", "> "), ("x.md", "- item\n\n", "  ")])
    func tabAfterACharacterThatKeepsTheWidthsReadsTheRow(name: String, above: String, prefix: String) {
        let rows = 2_000, first = above.filter { $0 == "\n" }.count
        var open = OpenDocument(uri: "file:///" + name, version: 1, bytes: Array((above + bigTable(rows: rows, prefix: prefix)).utf8), options: FormatOptions())
        let row = first + 3 + 2 * 700, at = prefix.utf8.count + 3, lines = 3 + 2 * rows
        // Typed before the table's formatting is known: the first Tab reads the table, and formats the row.
        open.replace(from: LinePosition(row, at), to: LinePosition(row, at), with: Array("x".utf8))
        let first1 = Keys.step(open, LinePosition(row, at - 1), .nextCell)
        #expect(first1?.linesRead == lines)
        // The space the keystroke pushed past the cell's end taken out (an edit inside the cells, as a keystroke).
        let line = prefix + "| 1x  | 22 |", space = "\(row):\(prefix.utf8.count + 6)-\(row):\(prefix.utf8.count + 7) "
        #expect(Keys.shown(first1) == [space, "cursor \(row):\(prefix.utf8.count + 8) \(line)"])
        // The editor applies it; typing on in the row, each key reads the row and its neighbours.
        Keys.apply(first1!, to: &open)
        open.replace(from: LinePosition(row, at + 1), to: LinePosition(row, at + 1), with: Array("y".utf8))
        #expect(open.index.lastScannedLines == 3)
        let second = Keys.step(open, LinePosition(row, at + 1), .nextCell)
        #expect(second?.linesRead == 7)
        let typed = prefix + "| 1xy | 22 |"
        #expect(Keys.shown(second) == [space, "cursor \(row):\(prefix.utf8.count + 8) \(typed)"])
        #expect(Keys.shown(second) == Keys.shown(Keys.step(open.reread, LinePosition(row, at + 1), .nextCell)))
        #expect(open.index.table(at: row)?.memo.keptReading == nil)  // the table was not read
        // The last cell's Tab goes to the next row, Shift-Tab back, Enter down: seven lines each.
        let next = prefix + "| 1   | 22 |"
        for (direction, cursor) in [(NavigationDirection.nextCell, "cursor \(row + 2):\(prefix.utf8.count + 2) \(next)"),
                                    (.previousCell, "cursor \(row):\(prefix.utf8.count + 2) \(typed)"),
                                    (.nextRow, "cursor \(row + 2):\(prefix.utf8.count + 8) \(next)")] {
            let step = Keys.step(open, LinePosition(row, prefix.utf8.count + 10), direction)
            #expect(step?.linesRead == 7)
            #expect(Keys.shown(step).last == cursor)
            #expect(Keys.shown(step) == Keys.shown(Keys.step(open.reread, LinePosition(row, prefix.utf8.count + 10), direction)))
        }
        // A character that widens the column: the table is read.
        Keys.apply(second!, to: &open)
        open.replace(from: LinePosition(row, at + 2), to: LinePosition(row, at + 2), with: Array("z".utf8))
        let widened = Keys.step(open, LinePosition(row, at), .nextCell)
        #expect(widened?.linesRead == lines)
        #expect(Keys.shown(widened) == Keys.shown(Keys.step(open.reread, LinePosition(row, at), .nextCell)))
    }

    /// A table known formatted (a key asked) keeps that across a keystroke: the next Tab costs the row.
    @Test func aTableKnownFormattedKeepsThatAcrossARowEdit() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(bigTable(rows: 40, prefix: "").utf8), options: FormatOptions())
        #expect(Keys.step(open, LinePosition(5, 2), .nextCell)?.edits.finished().isEmpty == true)
        open.replace(from: LinePosition(7, 3), to: LinePosition(7, 3), with: Array("q".utf8))
        let step = Keys.step(open, LinePosition(7, 2), .nextCell)
        #expect(step?.linesRead == 7)
        #expect(Keys.shown(step) == ["7:6-7:7 ", "cursor 7:8 | 1q  | 22 |"])
    }

    /// Random grid tables, formatted (reStructuredText in directives, pandoc Markdown in block quotes,
    /// GitHub Markdown in lists; spans, tabs, wide characters): keystrokes in the cells of a row, table
    /// keys on it, their edits applied or not, now and then an edit elsewhere.
    @Test(arguments: 0..<max(TableIndexTests.seeds / 4, 12))
    func keysAfterRowEditsAnswerAsAFreshReading(seed: Int) {
        #expect(keysAfterRowEdits(seed: seed).mismatches == 0)
    }

    /// Enough of the steps above take the row's way for the test above to check it.
    @Test func randomKeysAreOftenTakenOnTheRow() {
        let fast = (0..<12).map { keysAfterRowEdits(seed: $0).fast }
        #expect(fast.reduce(0, +) > 24, "\(fast)")  // 2 a seed (most keystrokes here widen their column)
    }

    func keysAfterRowEdits(seed: Int) -> (fast: Int, mismatches: Int) {
        let edits = GridRowEditIndexTests()
        var random = SeededRandom(seed: UInt64(seed) &+ 9_300)
        let name = ["x.rst", "x.qmd", "x.md"][seed % 3]
        var fast = 0, mismatches = 0
        for _ in 0..<3 {
            // Spans now and then (a table with one is read whole; its rows' keys are checked all the same).
            let written = Array(edits.randomDocument(&random, rst: name == "x.rst", spans: random.pick([0, 0, 0.002, 0.05])).utf8)
            let syntax = OpenDocument(uri: "file:///" + name, version: 1, bytes: [], options: FormatOptions()).syntax
            let formatted = DocumentFormatter.format(written, syntax: syntax, options: FormatOptions()).output
            var open = OpenDocument(uri: "file:///" + name, version: 1, bytes: formatted, options: FormatOptions())
            guard let table = open.index.tables.first(where: { $0.kind == .grid }) else { continue }
            let cellLines = table.lines.filter { open.text.line($0).contains(UInt8(ascii: "|")) && !open.text.line($0).contains(UInt8(ascii: "+")) }
            guard !cellLines.isEmpty else { continue }
            var row = random.pick(cellLines), typedAt: Int?
            for step in 0..<24 {
                if random.chance(0.15) { (row, typedAt) = (random.pick(cellLines), nil) }
                guard row < open.text.lineCount else { break }
                let bytes = open.text.line(row), bar = UInt8(ascii: "|")
                if let at = typedAt, random.chance(0.8), at < bytes.count {
                    // The character typed last taken out again (the column neither widens nor narrows).
                    open.replace(from: LinePosition(row, at), to: LinePosition(row, at + 1), with: [])
                    typedAt = nil
                } else if random.chance(0.9), let first = bytes.firstIndex(of: bar), let last = bytes.lastIndex(of: bar), first < last {
                    let from = first - bytes.startIndex + 1 + random.below(max(1, last - first - 1))
                    let to = random.chance(0.8) ? from : min(last - bytes.startIndex, from + 1)
                    let typed = random.chance(0.85) ? random.pick(["x", "y", "", "x", "ab"]) : random.pick(GridRowEditIndexTests.typed)
                    open.replace(from: LinePosition(row, from), to: LinePosition(row, to), with: Array(typed.utf8))
                    typedAt = from == to && typed.utf8.count == 1 ? from : nil
                } else {
                    let (line, from, to, typed) = edits.randomEdit(open, &random)
                    open.replace(from: LinePosition(line, from), to: LinePosition(line, to), with: Array(typed.utf8))
                }
                guard row < open.text.lineCount else { break }
                let at = LinePosition(row, random.below(open.text.line(row).count + 1))
                let direction = random.pick(NavigationDirection.allCases)
                let answer = Keys.step(open, at, direction), fresh = Keys.step(open.reread, at, direction)
                let context = "seed \(seed) step \(step): \(String(decoding: open.text.bytes, as: UTF8.self).debugDescription)"
                #expect(Keys.shown(answer) == Keys.shown(fresh), "\(context) at \(at) \(direction)")
                if Keys.shown(answer) != Keys.shown(fresh) { mismatches += 1 }
                if let answer, answer.linesRead < open.index.table(at: row)?.lines.count ?? 0 { fast += 1 }
                if let answer, random.chance(0.5) { Keys.apply(answer, to: &open); typedAt = nil }
            }
        }
        return (fast, mismatches)
    }
}
