import Testing
import TextTables
@testable import LanguageServer

/// The table index re-reads only around a change, and agrees with a full scan after it.
struct TableIndexTests {
    func document(tables: Int) -> String {
        (0..<tables).map { "Paragraph \($0) with | a pipe.\n\n| n | \($0) |\n|---|---|\n| x | y |\n" }.joined(separator: "\n")
    }

    @Test func aKeystrokeInADocumentWithoutBlankLinesRescansItsNeighbourhoodOnly() {
        let text = String(repeating: "A line of prose | with a pipe, and no blank line after it.\n", count: 20_000) + "| a |\n|---|\n"
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        open.replace(from: (10_000, 3), to: (10_000, 3), with: Array("z".utf8))
        #expect(open.index.lastScannedLines < 150)
        #expect(open.index.tables.map(\.lines) == [20_000..<20_002])
    }

    @Test func aKeystrokeInATableRescansItsNeighbourhoodOnly() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(document(tables: 1000).utf8), options: FormatOptions())
        #expect(open.index.tables.count == 1000)
        let line = 500 * 6 + 4  // the last row of table 500
        open.replace(from: (line, 3), to: (line, 3), with: Array("z".utf8))
        #expect(open.index.lastScannedLines < 150)
        #expect(open.index.tables.count == 1000)
    }

    @Test(arguments: 0..<100)
    func incrementalAndFullScansAgree(seed: Int) {
        let text = document(tables: 60)  // 360 lines: two chunks of the server's text
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        // Also lines that read one way continuing a paragraph and another starting a block: indented
        // code, ordered lists from 2, HTML, math, grid borders, setext underlines.
        let inserts = ["|", "\n", "```", "\n\n", "> ", "- ", "x", "|-|\n", "", "    ", "\n2. ", "<div>\n", "$$\n", "+--+\n", "===\n", "\nword | word\n"]
        var state = UInt64(seed + 1)
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<25 {
            let line = next(open.text.lineCount)
            let column = next(open.text.line(line).count + 1)
            let endLine = min(open.text.lineCount - 1, line + next(2))
            let endColumn = endLine == line ? max(column, min(open.text.line(endLine).count, column + next(3))) : next(open.text.line(endLine).count + 1)
            open.replace(from: (line, column), to: (endLine, endColumn), with: Array(inserts[next(inserts.count)].utf8))
            let full = MarkdownScanner.scan(TextLines(open.text.bytes)).tables
            #expect(open.index.tables.map(\.lines) == full.map(\.lines))
        }
    }
}
