import Testing
@testable import TextTables
@testable import LanguageServer

/// After any edit the index's diagnostics are those of a fresh reading of the same text: the look-alikes
/// the scanner reports (anchored at a line, so they move with it) and each table's own.
struct IncrementalDiagnosticsTests {
    static let mismatch = "not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells"

    @Test func aLineInsertedAboveALookAlikeMovesItsDiagnosticDown() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array("""
            intro

            | a | b |
            |---|

            """.utf8), options: FormatOptions())
        open.replace(from: LinePosition(0, 0), to: LinePosition(0, 0), with: Array("new line\n".utf8))
        #expect(open.diagnosticLines == ["4:0-4:5 error delimiter-count-mismatch: \(Self.mismatch)"])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }

    /// A byte-order mark before `---` on a later line is text (fresh readings say so): typing the
    /// opener on the first line must not take that line for the closer.
    @Test func aByteOrderMarkOnALaterLineClosesNoFrontMatter() {
        var open = OpenDocument(uri: "file:///f.md", version: 1, bytes: Array("""

            | a | b |
            |---|
            \u{FEFF}---
            x

            """.utf8), options: FormatOptions())
        open.replace(from: LinePosition(0, 0), to: LinePosition(0, 0), with: Array("---".utf8))
        #expect(open.index.frontMatter.end == 0)
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        #expect(open.diagnosticLines.count == 1)
    }

    @Test func anEditBelowALookAlikeKeepsItsDiagnostic() {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array("""
            | a | b |
            |---|

            """.utf8), options: FormatOptions())
        open.replace(from: LinePosition(2, 0), to: LinePosition(2, 0), with: Array("x".utf8))
        #expect(open.diagnosticLines == ["1:0-1:5 error delimiter-count-mismatch: \(Self.mismatch)"])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }

    /// (document, the codes a fresh reading reports with their first lines) for every kind of diagnostic.
    static let broken: [(String, [String])] = [
        ("""
            intro

            | a | b |
            |---|

            """, ["3 delimiter-count-mismatch"]),
        ("""
            > quote
              a | b
            > --|--

            """, ["1 ambiguous-table"]),
        ("""
            para
                |---|
            |---|

            """, ["1 ambiguous-table"]),
        ("""
            +---+
            | a |
            +---+
            b | c
            -|-

            """, ["3 ambiguous-table"]),
        ("""
            +---+---+
            | a | b |
            +-------+
            | c | d |
            +---+---+

            """, ["2 broken-border"]),
        ("""
            +---+---+
            | a | b |
            +---+---+
            | c | d |

            After.

            """, ["3 unclosed-table"]),
        ("""
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """, ["1 non-rectangular-cell"]),
        ("""
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +===+===+
            | e | f |
            +---+---+

            """, ["4 multiple-header-separators"]),
        ("""
            | a | b |
            |-|-|
            | 1 |
            | 1 | 2 | 3 |

            """, ["2 missing-cells", "3 extra-cells"]),
    ]

    @Test(arguments: broken)
    func freshReadingsFindEachKind(_ document: String, _ expected: [String]) {
        let open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(document.utf8), options: FormatOptions())
        #expect(open.index.allDiagnostics.map { "\($0.start.line) \($0.diagnostic.code.rawValue)" } == expected)
    }

    /// Every one-line edit around and inside each broken table: typing at a line's start or end, a line
    /// break, deleting the line or its break, in a document with text above and below.
    @Test(arguments: broken.map(\.0))
    func everyEditAroundABrokenTableLeavesFreshDiagnostics(_ table: String) {
        let text = """
            Intro | text.
            more


            """ + table + """

            Outro.
            end | x

            """
        let original = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        for line in 0..<original.text.lineCount {
            let length = original.text.line(line).count
            let nextLine = min(line + 1, original.text.lineCount - 1)
            let edits: [(from: (Int, Int), to: (Int, Int), text: String)] = [
                ((line, 0), (line, 0), "x"), ((line, 0), (line, 0), "| "), ((line, length), (line, length), " |"),
                ((line, 0), (line, 0), "\n"), ((line, 0), (line, 0), "new line\n"), ((line, 0), (nextLine, 0), ""),
                ((line, length), (nextLine, 0), ""), ((line, 0), (line, 0), "\n\n"), ((line, 0), (line, min(length, 2)), ""),
            ]
            for edit in edits {
                var open = original
                open.replace(from: edit.from, to: edit.to, with: Array(edit.text.utf8))
                #expect(open.diagnosticLines == open.reread.diagnosticLines, "\(edit) in \(text.debugDescription)")
            }
        }
    }
}

extension IncrementalDiagnosticsTests {
    /// Front matter ends at a closer anywhere below its first line: far from a change that makes or takes it.
    static let farBelow = String(repeating: """
        Text | with a pipe.


        """, count: 100)
    static let lookAlike = """
        | a | b |
        |---|

        """
    static let readingsDisagree = "GitHub (with its $$ math, front matter and CommonMark 0.31 HTML blocks) and cmark-gfm read these lines differently: one sees a table here and the other does not, so it is left as it is"

    func edited(_ text: String, _ from: (Int, Int), _ to: (Int, Int), _ replacement: String) -> OpenDocument {
        var open = OpenDocument(uri: "file:///x.md", version: 1, bytes: Array(text.utf8), options: FormatOptions())
        open.replace(from: from, to: to, with: Array(replacement.utf8))
        return open
    }

    @Test func aCloserTypedFarBelowMakesFrontMatterOfEverythingAbove() {
        let open = edited("---\n" + Self.lookAlike + """

            | c | d |
            |---|---|

            """ + Self.farBelow + "end\n", (206, 0), (206, 3), "...")
        // The tables in it are GitHub's front matter, and a table to cmark-gfm: left alone, reported.
        #expect(open.diagnosticLines == ["4:0-4:9 warning ambiguous-table: \(Self.readingsDisagree)"])
        #expect(open.index.tables.isEmpty)
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }

    @Test func aFirstLineTypedIntoAnOpenerMakesFrontMatterDownToAFarCloser() {
        let open = edited("--\n" + Self.lookAlike + """

            | c | d |
            |---|---|

            """ + Self.farBelow + """
            ---


            """ + Self.lookAlike, (0, 2), (0, 2), "-")
        #expect(open.diagnosticLines == ["4:0-4:9 warning ambiguous-table: \(Self.readingsDisagree)", "209:0-209:5 error delimiter-count-mismatch: \(Self.mismatch)"])
        #expect(open.index.tables.isEmpty)
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }

    @Test func aCloserTakenAwayExtendsFrontMatterToTheNextOne() {
        let text = "+++\ntitle = 1\n+++\n" + Self.lookAlike + Self.farBelow + "+++\n\n" + Self.lookAlike
        let open = edited(text, (2, 0), (2, 1), "")
        #expect(open.diagnosticLines == ["208:0-208:5 error delimiter-count-mismatch: \(Self.mismatch)"])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }

    @Test func deletingFrontMatterWithItsCloserAndAllBelowIt() {
        // Found by 20,000 random documents: the old closer lay past the shortened document's end, and the
        // rescan built a range from past the end (a trap in the server).
        let open = edited("""
            ---
            a
            ---

            """, (1, 0), (3, 0), "")
        #expect(open.text.lineCount == 2)
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
        let far = edited("---\n" + Self.farBelow + """
            ---


            """ + Self.lookAlike, (1, 0), (204, 0), "")
        #expect(far.diagnosticLines == far.reread.diagnosticLines)
    }

    @Test func typingInLongFrontMatterKeepsIt() {
        let text = "---\n" + String(repeating: "key: | a |\n", count: 100) + "...\n" + Self.lookAlike
        let open = edited(text, (2, 0), (2, 0), "|---|\n")
        #expect(open.diagnosticLines == ["104:0-104:5 error delimiter-count-mismatch: \(Self.mismatch)"])
        #expect(open.diagnosticLines == open.reread.diagnosticLines)
    }
}

extension OpenDocument {
    /// A fresh reading of the same text.
    var reread: OpenDocument { OpenDocument(uri: uri, version: version, bytes: text.bytes, options: index.options) }

    /// Expects the index to hold what a fresh reading of the same text finds: the tables, their prefixes,
    /// the diagnostics, and each kept reading's text and region. Whether the diagnostics agree, and each
    /// kept reading beside the fresh one, for more checks.
    func expectFreshReading(_ context: String) -> (sameDiagnostics: Bool, readings: [(kept: TableReading, read: TableReading)]) {
        let fresh = reread
        #expect(index.tables.map(\.lines) == fresh.index.tables.map(\.lines), "\(context)")
        #expect(index.tables.map { Array($0.prefixLengths) } == fresh.index.tables.map { Array($0.prefixLengths) }, "\(context)")
        #expect(diagnosticLines == fresh.diagnosticLines, "\(context)")
        let readings = index.tables.compactMap { table -> (kept: TableReading, read: TableReading)? in
            guard let kept = table.memo.keptReading else { return nil }
            let local = fresh.local(table)
            let read = TableReading(local.text, region: local.region, options: fresh.index.options)
            #expect(kept.text.bytes == read.text.bytes && kept.region == read.region, "\(context)")
            return (kept, read)
        }
        return (diagnosticLines == fresh.diagnosticLines, readings)
    }

    /// Each diagnostic as `line:byte-line:byte severity code: message`, to compare readings.
    var diagnosticLines: [String] {
        index.allDiagnostics.map { placed in
            let d = placed.diagnostic
            return "\(placed.start.line):\(placed.start.byte)-\(placed.end.line):\(placed.end.byte) \(d.severity) \(d.code.rawValue): \(d.message)"
        }
    }
}
