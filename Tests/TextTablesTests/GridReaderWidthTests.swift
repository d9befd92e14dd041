import Testing
@testable import TextTables

/// Grid tables are measured as their reader counts columns: pandoc for Markdown, docutils for
/// reStructuredText (where pandoc -f rst, a second reader, gets a warning when it counts apart).
struct GridReaderWidthTests {
    @Test(arguments: [
        ("✔\u{FE0F}", 1, 2), ("❤\u{FE0F}", 1, 2), ("👍🏽", 4, 4), ("👨\u{200D}👩\u{200D}👧", 6, 8), ("1\u{FE0F}\u{20E3}", 1, 3),
        ("東京", 4, 4), ("a\u{200B}b", 2, 3), ("\u{AD}", 0, 1), ("e\u{301}", 1, 1), ("\u{1100}\u{1161}", 3, 3),
        ("a\u{200F}", 1, 2), ("\u{0}", 0, 1),
    ])
    func readersCountColumns(_ text: String, pandoc: Int, docutils: Int) {
        #expect(ReferenceReader.pandoc.width(of: text) == pandoc)
        #expect(ReferenceReader.docutils.width(of: text) == docutils)
    }

    func diagnostics(_ table: String, syntax: DocumentSyntax) -> [String] {
        let text = TextLines(table)
        return TableReading(text, region: syntax.scan(text).tables[0], options: .init()).diagnostics.map {
            "\($0.severity.rawValue) \($0.range): \($0.message) [\($0.code.rawValue)]"
        }
    }

    @Test func aCellThatLooksOffOnScreenSaysSo() {
        let table = """
            +------+---+
            | 👍🏽 | x |
            +------+---+

            """
        #expect(diagnostics(table, syntax: .markdown) == [
            "information 14..<24: lines up in pandoc, which counts this text as 4 columns; it may look 2 columns off on screen [reader-width]",
        ])
    }

    @Test(arguments: [("a\u{AD}b", 1), ("a\u{200B}b", 1), ("✔\u{FE0F}", 1), ("w\u{2060}\u{2060}j", 2)])
    func reStructuredTextThatPandocCountsNarrowerIsFormattedForDocutilsWithAWarning(_ word: String, narrower: Int) {
        // docutils, reStructuredText's own reader, decides; pandoc -f rst reads other cells (GridReaderPropertyTests).
        let columns = ReferenceReader.docutils.width(of: word), drawn = DisplayWidth.of(word, options: .init())
        func table(_ width: Int) -> String {
            let rule = String(repeating: "-", count: width + 2), pad = String(repeating: " ", count: width - columns)
            return "+\(rule)+---+\n| \(word)\(pad) | x |\n+\(rule.replacingOccurrences(of: "-", with: "="))+===+\n"
                + "| y\(String(repeating: " ", count: width - 1)) | z |\n+\(rule)+---+\n"
        }
        let result = DocumentFormatter.format(Array(table(columns + 6).utf8), syntax: .restructuredText)
        #expect(result.refused.isEmpty)
        #expect(String(decoding: result.output, as: UTF8.self) == table(columns))
        let cell = "\(columns + 10)..<\(columns + 12 + word.utf8.count)"
        #expect(diagnostics(table(columns), syntax: .restructuredText) == [
            "warning \(cell): docutils reads this table as drawn, but pandoc -f rst counts this text \(narrower) "
                + "column\(narrower == 1 ? "" : "s") narrower (zero-width or control characters, U+FE0F) and reads other cells [reader-width]",
        ] + (drawn == columns ? [] : [
            "information \(cell): lines up in docutils, which counts this text as \(columns) columns; "
                + "it may look \(abs(drawn - columns)) column\(abs(drawn - columns) == 1 ? "" : "s") off on screen [reader-width]",
        ]))
    }

    /// Loose tables docutils reads, each formatted as docutils reads it (`scripts/read_tables.py docutils`
    /// reads the same cells in both), with the lines where `pandoc -f rst` reads other cells.
    static let tabbedTables: [(loose: String, formatted: String, pandocWarnings: [String])] = [
        // A tab 3 columns in: docutils expands it to 5 spaces (pandoc -f rst to 1).
        ("""
            +------------+------+
            | a\tb    | x    |
            +------------+------+
            | y          | z    |
            +------------+------+

            """,
         """
             +---------+---+
             | a\tb | x |
             +---------+---+
             | y       | z |
             +---------+---+

             """, ["2:2"]),
        // Behind a column that narrows by 3: the tab, at column 14, takes 2 columns, not the 5 it took at 17.
        ("""
            +---------------+------------+
            | abcdefghij    | k\tl    |
            +---------------+------------+
            | m             | n          |
            +---------------+------------+

            """,
         """
             +------------+------------+
             | abcdefghij | k\tl |
             +------------+------------+
             | m          | n          |
             +------------+------------+

             """, ["2:15"]),
        // docutils counts a tab's stop in code points: 東京 (4 columns, 2 code points) leaves the tab 4.
        // Both tabs stand 4 or more past a multiple of 8, where pandoc's stop is docutils's: no warning.
        ("""
            +--------------+-------------+
            | 東京\tb    | x           |
            +--------------+-------------+
            | y            | z\tw    |
            +--------------+-------------+

            """,
         """
             +-----------+--------+
             | 東京\tb | x      |
             +-----------+--------+
             | y         | z\tw    |
             +-----------+--------+

             """, []),
        // Indentation counts: the stops are the document line's.
        ("""
              +------+-----------+
              | p    | a\tb    |
              +------+-----------+

            """,
         """
               +---+-----------+
               | p | a\tb |
               +---+-----------+

             """, ["2:8"]),
        // Indented by a tab and by 8 spaces: each line keeps its own, docutils's 8 columns alike.
        ("""
            \t+------+-------------+
                    | p    | a\tb    |
            \t+------+-------------+
                    | q    | r           |
            \t+------+-------------+

            """,
         """
             \t+---+-----+
                     | p | a\tb |
             \t+---+-----+
                     | q | r   |
             \t+---+-----+

             """, ["2:1 indentation"]),
        // A cell spanning both columns.
        ("""
            +--------+----------+
            | ab\tcdefghijk   |
            +--------+----------+
            | x      | y        |
            +--------+----------+

            """,
         """
             +-------+---------+
             | ab\tcdefghijk |
             +-------+---------+
             | x     | y       |
             +-------+---------+

             """, []),
    ]

    @Test(arguments: tabbedTables.indices)
    func aTabInAReStructuredTextCellIsLaidOutWhereDocutilsExpandsIt(_ index: Int) throws {
        let (loose, formatted, pandocWarnings) = Self.tabbedTables[index]
        let result = DocumentFormatter.format(Array(loose.utf8), syntax: .restructuredText)
        #expect(result.refused.isEmpty)
        #expect(String(decoding: result.output, as: UTF8.self) == formatted)
        #expect(DocumentFormatter.format(Array(formatted.utf8), syntax: .restructuredText).output == Array(formatted.utf8))
        let text = TextLines(formatted)
        let warnings = TableReading(text, region: DocumentSyntax.restructuredText.scan(text).tables[0], options: .init()).diagnostics.map { d in
            let line = text.line(containing: d.range.lowerBound)
            return "\(d.severity.rawValue) \(line + 1):\(d.range.lowerBound - text.starts[line] + 1) \(d.message)"
        }
        #expect(warnings == pandocWarnings.map {
            $0.hasSuffix(" indentation") ? "warning \($0.dropLast(12)) \(Diagnostic.Message.pandocRSTIndentsApart)"
                : "warning \($0) \(Diagnostic.Message.pandocRSTExpandsTabsApart)"
        })
        if ReferenceReaders.isAvailable {
            let drawn = try ReferenceReaders.read("docutils", Array(loose.utf8), fileExtension: "rst")
            #expect(drawn.contains("\"body\""), "docutils reads the loose table")
            #expect(try ReferenceReaders.read("docutils", Array(formatted.utf8), fileExtension: "rst") == drawn)
            // pandoc -f rst reads the table as drawn where it reads it as docutils does, its tabs expanded.
            let pandoc = try ReferenceReaders.read("pandoc-rst", Array(formatted.utf8), fileExtension: "rst")
            let asDrawn = try ReferenceReaders.read("pandoc-rst", Array(Self.expandingTabsAsDocutils(formatted).utf8), fileExtension: "rst")
            #expect((pandoc == asDrawn) == pandocWarnings.isEmpty)
        }
    }

    /// `text` as docutils reads it first (`string2lines`: Python's `expandtabs(8)`, per code point).
    static func expandingTabsAsDocutils(_ text: String) -> String {
        var out = "", column = 0
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                out += String(repeating: " ", count: 8 - column % 8)
                column += 8 - column % 8
            } else {
                out.unicodeScalars.append(scalar)
                column = scalar == "\n" ? 0 : column + 1
            }
        }
        return out
    }

    @Test func theWarningNamesTheCellWhoseTabPandocExpandsApart() {
        // pandoc -f rst expands the tab at column 3 to 4 (docutils to 8): its `|` after it stand 4 columns
        // left. The tab at column 13 (docutils's count) pandoc meets at 9: both expand it to 3 columns.
        let table = """
            +---------+---------+
            | a\tb | c\td   |
            +---------+---------+

            """
        #expect(diagnostics(table, syntax: .restructuredText) == [
            "warning 23..<28: \(Diagnostic.Message.pandocRSTExpandsTabsApart) [reader-width]",
        ])
    }

    @Test func wideTextIsPaddedForTheReader() {
        // docutils: 東京 is 4 columns; pandoc: é (e and a combining accent) is 1, a ZWJ family 6.
        // Drawn for the editor, these stand off the reader's columns: reported, and the fix re-lays them.
        let rst = reLaidIfDrifted("""
            +---+
            | 東京 |
            +---+

            """, syntax: .restructuredText)
        #expect(rst == """
            +------+
            | 東京 |
            +------+

            """)
        let md = reLaidIfDrifted("""
            +--+
            | e\u{301} |
            +--+
            | 👨\u{200D}👩\u{200D}👧 |
            +--+

            """)
        #expect(md == """
            +--------+
            | e\u{301}      |
            +--------+
            | 👨\u{200D}👩\u{200D}👧 |
            +--------+

            """)
    }

    @Test func anEmojiWithAPresentationSelectorThatPandocReadsAsDrawnIsFormatted() {
        // pandoc 3.9 reads this table as drawn, header and alignments included: it sizes the ✔️ line one
        // column wider than its borders, and only two or more columns lose them.
        let loose = """
            +--------+-----+
            | ✔️ ok   | x   |
            +:=======+====:+
            | y      | z   |
            +--------+-----+

            """
        let table = """
            +------+---+
            | ✔️ ok | x |
            +:=====+==:+
            | y    | z |
            +------+---+

            """
        let result = DocumentFormatter.format(Array(loose.utf8), syntax: .pandocMarkdown)
        #expect(result.refused.isEmpty)
        #expect(String(decoding: result.output, as: UTF8.self) == table)
        for syntax in [DocumentSyntax.markdown, .pandocMarkdown] {
            #expect(diagnostics(table, syntax: syntax) == [
                "information 14..<25: lines up in pandoc, which counts this text as 4 columns; it may look 1 column off on screen [reader-width]",
            ])
        }
    }

    @Test func twoEmojiWithPresentationSelectorsOnALineOfAMarkedTableAreRefused() {
        // pandoc 3.9 reads this table with no header and no alignments whatever its layout: the ✔️✔️
        // line is sized two columns past the borders. Without colons and header separator it reads as drawn.
        let table = """
            +------+---+
            | ✔️✔️ a | x |
            +:=====+===+
            | y    | z |
            +------+---+

            """
        let message = "error 13..<35: pandoc sizes this line 2 columns wider than the table's borders (it counts an emoji with U+FE0F, "
            + "such as ✔️ or 1️⃣, 2 columns wide there and 1 in the cell) and then loses the table's header, foot and alignments; "
            + "no layout helps, since spaces widen both counts alike: keep at most one such emoji on a line, or drop their U+FE0F [reader-width]"
        #expect(diagnostics(table, syntax: .pandocMarkdown) == [message])
        let formatted = DocumentFormatter.format(Array(table.utf8), syntax: .pandocMarkdown)
        #expect(formatted.refused.map(\.code) == [.readerWidth])
        #expect(formatted.output == Array(table.utf8))
        let plain = table.replacingOccurrences(of: ":", with: "-").replacingOccurrences(of: "=", with: "-")
        #expect(diagnostics(plain, syntax: .pandocMarkdown).allSatisfy { $0.hasPrefix("information") })
        // A wide emoji sequence on the line makes up for them (pandoc sizes 👍🏽 two columns, places it in four).
        let madeUp = """
            +---------+---+
            | ✔️✔️ 👍🏽 | x |
            +:========+===+
            | y       | z |
            +---------+---+

            """
        #expect(diagnostics(madeUp, syntax: .pandocMarkdown).allSatisfy { $0.hasPrefix("information") })
    }

    @Test(arguments: [("✔\u{FE0F}", 1), ("✔\u{FE0F}✔\u{FE0F}", 2), ("1\u{FE0F}\u{20E3}", 1), ("⌚\u{FE0F}", 0), ("a\u{FE0F}", 0),
                      ("👍🏽", -2), ("👨\u{200D}👩\u{200D}👧", -4), ("a\u{200B}\u{200B}b", 0), ("e\u{301}", 0), ("東京", 0)])
    func pandocSizesEmojiSequencesAsOneGlyph(_ text: String, excess: Int) {
        #expect(ReferenceReader.pandocSizingExcess(text) == excess)
    }
}
