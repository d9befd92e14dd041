import Testing

/// Grid tables from the command line: formatted in Markdown and reStructuredText, refused when broken.
struct GridTableCommandTests {
    static let loose = """
        +------+------+
        | a    | b    |
        +======+======+
        | 1    | 2    |
        +------+------+

        """
    static let tight = """
        +---+---+
        | a | b |
        +===+===+
        | 1 | 2 |
        +---+---+

        """
    static let lShape = """
        +---+---+
        | a | b |
        +---+   |
        | c     |
        +---+---+

        """

    @Test func formatsGridTablesInMarkdownAndRestructuredText() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let rst = try folder.write("doc.rst", """
            Title
            =====


            """ + Self.loose)
        let run = try Gridls.run(["format", rst])
        #expect(run.status == 0)
        #expect(run.stdout == """
            Title
            =====


            """ + Self.tight)
        #expect(try Gridls.run(["format", "--assume-filename", "x.rst"], stdin: Self.loose).stdout == Self.tight)
    }

    @Test func aBrokenTableIsLeftByteForByteAndReported() throws {
        let document = """
            | p | q |
            |-|-|


            """ + Self.lShape
        let run = try Gridls.run(["format"], stdin: document)
        #expect(run.status == 1)
        #expect(run.stdout == """
            | p   | q   |
            | --- | --- |


            """ + Self.lShape)
        #expect(run.stderr == "<stdin>:5:1: error: the borders enclose a region that is not a rectangle: it covers 3 of the 4 slots of rows 1–2, columns 1–2, not row 1, column 1; close its borders so that it splits into rectangles [non-rectangular-cell] (table left as it was)\n")
    }

    @Test func checkAndCheckModeReportBrokenGridTables() throws {
        let check = try Gridls.run(["check"], stdin: Self.lShape)
        #expect(check.status == 1)
        #expect(check.stdout.hasSuffix("[non-rectangular-cell]\n"))
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("broken.md", Self.lShape)
        let formatCheck = try Gridls.run(["format", "--check", path])
        #expect(formatCheck.status == 1)
        #expect(formatCheck.stdout == "")
        #expect(formatCheck.stderr.contains("[non-rectangular-cell] (table left as it was)"))
        #expect(try folder.read("broken.md") == Self.lShape)
    }

    /// A grid table its own reader reads as drawn is formatted; a second reader that counts it apart gets a
    /// warning; only a table no layout lets its reader read is left alone (GridReaderWidthTests).
    @Test func zeroWidthTextInReStructuredTextIsFormattedForDocutilsAndWarnsOfPandoc() throws {
        let loose = """
            +-----------+-------+
            | a\u{200B}b       | x     |
            +===========+=======+
            | y         | z     |
            +-----------+-------+

            """
        let tight = """
            +-----+---+
            | a\u{200B}b | x |
            +=====+===+
            | y   | z |
            +-----+---+

            """
        let format = try Gridls.run(["format", "--assume-filename", "doc.rst"], stdin: loose)
        #expect(format.status == 0)
        #expect(format.stdout == tight)
        let check = try Gridls.run(["check", "--assume-filename", "doc.rst"], stdin: tight)
        #expect(check.status == 0)
        #expect(check.stdout == "<stdin>:2:2: warning: docutils reads this table as drawn, but pandoc -f rst counts this text 1 column narrower "
            + "(zero-width or control characters, U+FE0F) and reads other cells [reader-width]\n"
            + "<stdin>:2:2: information: lines up in docutils, which counts this text as 3 columns; it may look 1 column off on screen [reader-width]\n")
    }

    @Test func anEmojiWithU_FE0FThatPandocReadsAsDrawnIsFormatted() throws {
        let loose = """
            +---------+------+
            | ✔️ done  | x    |
            +:========+=====:+
            | y       | z    |
            +---------+------+

            """
        let tight = """
            +--------+---+
            | ✔️ done | x |
            +:=======+==:+
            | y      | z |
            +--------+---+

            """
        for name in ["doc.md", "doc.qmd"] {
            let format = try Gridls.run(["format", "--assume-filename", name], stdin: loose)
            #expect(format.status == 0)
            #expect(format.stdout == tight)
            let check = try Gridls.run(["check", "--assume-filename", name], stdin: tight)
            #expect(check.status == 0)
            #expect(!check.stdout.contains("error") && !check.stdout.contains("warning"), "\(check.stdout)")
        }
        let two = """
            +----------+---+
            | ✔️✔️ done | x |
            +:=========+==:+
            | y        | z |
            +----------+---+

            """
        let refused = try Gridls.run(["format", "--assume-filename", "doc.qmd"], stdin: two)
        #expect(refused.status == 1)
        #expect(refused.stdout == two)
        #expect(refused.stderr.hasPrefix("<stdin>:2:1: error: pandoc sizes this line 2 columns wider than the table's borders"))
    }
}
