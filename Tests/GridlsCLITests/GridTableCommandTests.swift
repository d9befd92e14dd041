import Testing

/// Grid tables from the command line: formatted in Markdown and reStructuredText, refused when broken.
struct GridTableCommandTests {
    static let loose = "+------+------+\n| a    | b    |\n+======+======+\n| 1    | 2    |\n+------+------+\n"
    static let tight = "+---+---+\n| a | b |\n+===+===+\n| 1 | 2 |\n+---+---+\n"
    static let lShape = "+---+---+\n| a | b |\n+---+   |\n| c     |\n+---+---+\n"

    @Test func formatsGridTablesInMarkdownAndRestructuredText() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let rst = try folder.write("doc.rst", "Title\n=====\n\n" + Self.loose)
        let run = try Gridls.run(["format", rst])
        #expect(run.status == 0)
        #expect(run.stdout == "Title\n=====\n\n" + Self.tight)
        #expect(try Gridls.run(["format", "--assume-filename", "x.rst"], stdin: Self.loose).stdout == Self.tight)
    }

    @Test func aBrokenTableIsLeftByteForByteAndReported() throws {
        let document = "| p | q |\n|-|-|\n\n" + Self.lShape
        let run = try Gridls.run(["format"], stdin: document)
        #expect(run.status == 1)
        #expect(run.stdout == "| p   | q   |\n| --- | --- |\n\n" + Self.lShape)
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
}
