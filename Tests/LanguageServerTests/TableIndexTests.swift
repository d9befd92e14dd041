import Foundation
import TestSupport
import Testing
@testable import TextTables
@testable import LanguageServer

/// The table index re-reads only around a change, and agrees with a full scan after it.
struct TableIndexTests {
    func document(tables: Int) -> String {
        (0..<tables).map {
            """
            Paragraph \($0) with | a pipe.

            | n | \($0) |
            |---|---|
            | x | y |

            """
        }.joined(separator: "\n")
    }

    @Test func aKeystrokeInADocumentWithoutBlankLinesRescansItsNeighbourhoodOnly() {
        let text = String(repeating: "A line of prose | with a pipe, and no blank line after it.\n", count: 20_000) + """
            | a |
            |---|

            """
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        open.replace(from: LinePosition(10_000, 3), to: LinePosition(10_000, 3), with: Array("z".utf8))
        #expect(open.index.lastScannedLines < 150)
        #expect(open.index.tables.map(\.lines) == [20_000..<20_002])
    }

    @Test func aKeystrokeInATableRescansItsNeighbourhoodOnly() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(document(tables: 1000).utf8), options: FormatOptions())
        #expect(open.index.tables.count == 1000)
        let line = 500 * 6 + 4  // the last row of table 500
        open.replace(from: LinePosition(line, 3), to: LinePosition(line, 3), with: Array("z".utf8))
        #expect(open.index.lastScannedLines < 150)
        #expect(open.index.tables.count == 1000)
    }

    /// An edit says whether it may have changed the diagnostics: typing in prose or in a table whose
    /// diagnostics stay does not; breaking a row, mending it, or moving a diagnostic to another line does.
    @Test func anEditSaysWhetherTheDiagnosticsMayHaveChanged() {
        let text = """
            Prose.

            | a | b |
            |---|---|
            | 1 | 2 | 3 |

            More prose.

            """
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        #expect(open.index.tables.first?.diagnostics.count == 1)  // the extra cell
        func change(_ line: Int, _ byte: Int, through end: Int? = nil, _ new: String) -> Bool {
            open.replace(from: LinePosition(line, byte), to: LinePosition(line, end ?? byte), with: Array(new.utf8))
            return open.index.diagnosticsChanged
        }
        #expect(!change(6, 4, "x"))  // prose below
        #expect(!change(0, 2, "y"))  // prose above, same line count
        #expect(!change(2, 3, "z"))  // a header cell's text: the table is read again, its diagnostic the same
        #expect(change(0, 0, "New line.\n"))  // the table moves down: so does its diagnostic
        #expect(!change(8, 0, "\nAfter.\n"))  // lines added below: nothing moves
        #expect(change(5, 9, through: 13, ""))  // the extra cell goes: the diagnostic too
        #expect(!change(5, 0, "  "))  // a row indented, still without a diagnostic
        #expect(change(4, 0, "|---"))  // a delimiter row of three cells under a header of two: no table, but a warning
    }

    /// Tables with each kind of diagnostic between good ones: look-alikes (a delimiter row with another
    /// cell count, ambiguous headers) and broken grid tables, so that edits move, break and mend them.
    static let blocks = [
        """
            | n | b |
            |---|---|
            | x | y |

            """,
        """
            | a | b |
            |---|

            """,
        """
            > quote
              a | b
            > --|--

            """,
        """
            para
                |---|
            |---|

            """,
        """
            +---+
            | a |
            +---+
            b | c
            -|-

            """,
        """
            +---+---+
            | a | b |
            +-------+
            | c | d |
            +---+---+

            """,
        """
            +---+---+
            | a | b |
            +---+---+
            | c | d |

            """,
        """
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """,
        """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +===+===+
            | e | f |
            +---+---+

            """,
        """
            | a | b |
            |-|-|
            | 1 |
            | 1 | 2 | 3 |

            """,
        """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +---+---+

            """,
    ]

    func mixedDocument(tables: Int) -> String {
        (0..<tables).map { "Paragraph \($0) with | a pipe.\n\n" + Self.blocks[$0 % Self.blocks.count] }.joined(separator: "\n")
    }

    /// `GRIDLS_INDEX_SEEDS` sets how many seeded edit sequences run (CI: 100).
    static let seeds = Int(ProcessInfo.processInfo.environment["GRIDLS_INDEX_SEEDS"] ?? "") ?? 100

    @Test(arguments: 0..<seeds)
    func incrementalAndFullScansAgree(seed: Int) {
        // Every fourth seed is reStructuredText, where only grid tables count.
        let uri = seed % 4 == 3 ? "file:///x.rst" : "file:///x.md"
        // Two chunks of the server's text; some with front matter, whose closer edits can make and take.
        let frontMatter = ["", """
            ---
            title: | a |
            ---

            """, "+++\n+++\n", "---\n"][seed / 2 % 4]
        let text = frontMatter + (seed % 2 == 0 ? document(tables: 60) : mixedDocument(tables: 60))
        var open = OpenDocument(uri: uri, version: 1, bytes: Array(text.utf8), options: FormatOptions())
        // Also lines that read one way continuing a paragraph and another starting a block: indented
        // code, ordered lists from 2, HTML, math, grid borders, setext underlines; and lines that make
        // look-alikes and break grid tables.
        let inserts = ["|", "\n", "```", "\n\n", "> ", "- ", "x", "|-|\n", "", "    ", "\n2. ", "<div>\n", "$$\n", "+--+\n", "===\n", """

            word | word

            """,
                       "|---|\n", "| a | b |\n", "+---+---+\n", "| c     |\n", "+===+===+\n", "    |-|\n", "+", "-|-\n", "---\n", "...\n", "+++\n", "-", "---", "..."]
        var state = UInt64(seed + 1)
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for step in 0..<25 {
            let line = next(8) == 0 ? 0 : next(open.text.lineCount)  // the first line opens front matter
            let column = next(open.text.line(line).count + 1)
            let endLine = min(open.text.lineCount - 1, line + next(2))
            let endColumn = endLine == line ? max(column, min(open.text.line(endLine).count, column + next(3))) : next(open.text.line(endLine).count + 1)
            open.replace(from: LinePosition(line, column), to: LinePosition(endLine, endColumn), with: Array(inserts[next(inserts.count)].utf8))
            let reread = open.reread  // a full scan of the same text
            #expect(open.index.tables.map(\.lines) == reread.index.tables.map(\.lines), "seed \(seed) step \(step)")
            let fresh = reread.diagnosticLines, incremental = open.diagnosticLines
            #expect(incremental == fresh, "seed \(seed) step \(step)")
            if incremental != fresh { return }
        }
    }

    /// Lines of every block kind the scanner knows, look-alikes and broken grid lines among them, so that
    /// short documents built from them meet every way one line changes how the next ones read.
    static let vocabulary = [
        "", "", "text | pipe", "| a | b |", "|---|---|", "|---|", "| 1 | 2 | 3 |", "| 1 |", "a | b", "-|-", "    |---|",
        "> | q | r |", "> |---|---|", "> quote", "  a | b", "- item", "  | in | list |", "  |---|---|", "2. two",
        "```", "~~~", "    code | x", "<div>", "</div>", "<!--", "-->", "$$", "---", "...", "+++", "===", "# h | x",
        "+---+---+", "| a | b |", "+===+===+", "+-------+", "| c     |", "+---+   |", "+--+", "| x |",
        "literal::", ".. code:: text", ".. comment", "    +---+---+", "    | a | b |",  // reStructuredText
    ]

    @Test(arguments: 0..<seeds)
    func shortDocumentsOfEveryBlockKindAgreeWithAFreshReading(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 1000)
        func lines(_ count: Int) -> String { (0..<count).map { _ in random.pick(Self.vocabulary) + "\n" }.joined() }
        let uri = seed % 5 == 4 ? "file:///x.rst" : "file:///x.md"
        var open = OpenDocument(uri: uri, version: 1, bytes: Array(lines(random.int(1...200)).utf8), options: FormatOptions())
        for step in 0..<40 {
            let line = random.below(open.text.lineCount), endLine = min(open.text.lineCount - 1, line + random.below(3))
            let from = (line, random.below(open.text.line(line).count + 1))
            let to = endLine == line ? (line, max(from.1, random.below(open.text.line(line).count + 1))) : (endLine, random.below(open.text.line(endLine).count + 1))
            let replacement = random.chance(0.7) ? lines(random.below(4)) : random.pick(["|", "-", "+", " ", "x", ">", "`"])
            open.replace(from: from, to: to, with: Array(replacement.utf8))
            let reread = open.reread
            #expect(open.index.tables.map(\.lines) == reread.index.tables.map(\.lines), "seed \(seed) step \(step)")
            #expect(open.diagnosticLines == reread.diagnosticLines, "seed \(seed) step \(step): \(String(decoding: open.text.bytes, as: UTF8.self).debugDescription)")
            if open.diagnosticLines != reread.diagnosticLines { return }
        }
    }
}
