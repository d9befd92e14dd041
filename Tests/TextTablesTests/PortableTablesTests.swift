import Testing
@testable import TextTables

/// Where the common Markdown readers read a pipe table apart, a portable scan leaves it alone and says why
/// (`PortableTables`); a GitHub scan formats it as GitHub reads it. Each case is one the readers were seen
/// to read so (`MarkdownReaderOracleTests` and the random documents check them against the readers).
struct PortableTablesTests {
    static let portable = FormatOptions(scan: ScanOptions(markdownReaders: .portable))

    func scan(_ document: String, _ readers: MarkdownReaders = .portable) -> TableScan {
        MarkdownScanner.scan(TextLines(document), frontMatter: true, readers: readers).scan
    }

    func formatted(_ document: String, _ options: FormatOptions = portable) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .markdown, options: options).output, as: UTF8.self)
    }

    /// The lines of each diagnostic (from 0) with its code and first words.
    func reported(_ document: String) -> [String] {
        let text = TextLines(document)
        return scan(document).diagnostics.map { "\(text.line(containing: $0.range.lowerBound)) \($0.code.rawValue): \($0.message.prefix(24))" }
    }

    @Test func aTableWithBlankLinesAroundItIsFormatted() {
        #expect(formatted("intro\n\n|a|b|\n|-|-|\n|1|2|\n\nafter\n") == "intro\n\n| a   | b   |\n| --- | --- |\n| 1   | 2   |\n\nafter\n")
    }

    @Test(arguments: ["text\n|a|b|\n|-|-|\n|1|2|\n", "# Heading\n|a|b|\n|-|-|\n|1|2|\n", "```\nx\n```\n|a|b|\n|-|-|\n|1|2|\n",
                      "***\n|a|b|\n|-|-|\n|1|2|\n", "- item\n  |a|b|\n  |-|-|\n  |1|2|\n", "> text\n> |a|b|\n> |-|-|\n> |1|2|\n"])
    func aTableRightUnderAnotherBlockIsLeftAloneWithABlankLineOffered(_ document: String) throws {
        #expect(formatted(document) == document)
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.code == .ambiguousTable && diagnostic.severity == .warning)
        let underText = document.hasPrefix("text") || document.hasPrefix("- item") || document.hasPrefix("> text")
        #expect(diagnostic.message == (underText ? Diagnostic.Message.portableTextAbove : Diagnostic.Message.portableBlockAbove))
        let fix = try #require(diagnostic.fixes.only)
        #expect(fix.title == "Add a blank line above the table" && !fix.isSafe && fix.isPreferred)
        let fixed = String(decoding: TextEdit.apply(fix.edits, to: Array(document.utf8)), as: UTF8.self)
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.firstIndex { $0.contains("|a|b|") }!
        let blank = document.hasPrefix("> ") ? ">" : ""
        #expect(fixed == (lines[..<header] + [Substring(blank)] + lines[header...]).joined(separator: "\n"))
        #expect(scan(fixed).tables.count == 1 && scan(fixed).diagnostics.isEmpty)
    }

    @Test func aGitHubScanFormatsATableRightUnderText() {
        #expect(formatted("text\n|a|b|\n|-|-|\n", FormatOptions()) == "text\n| a   | b   |\n| --- | --- |\n")
        #expect(scan("text\n|a|b|\n|-|-|\n", .github).tables.count == 1)
    }

    @Test(arguments: [":::", "{{% /note %}}", "[^1]: a note", "/// caption", "plain text", "a \\| b", "{.striped}", "{{< /tab >}}"])
    func aLineWithoutAPipeUnderTheRowsLeavesTheTableAsWritten(_ line: String) throws {
        let document = "|a|b|\n|-|-|\n|1|2|\n\(line)\n\nafter\n"
        #expect(formatted(document) == document)
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.message == Diagnostic.Message.portableLineWithoutPipe)
        #expect(TextLines(document).line(containing: diagnostic.range.lowerBound) == 3)
        let fix = try #require(diagnostic.fixes.only)
        #expect(fix.title == "End the table above line 4 (GitHub then reads no row there)" && !fix.isSafe && !fix.isPreferred)
        #expect(String(decoding: TextEdit.apply(fix.edits, to: Array(document.utf8)), as: UTF8.self) == "|a|b|\n|-|-|\n|1|2|\n\n\(line)\n\nafter\n")
        // GitHub reads the line as a row: its own scan pads it into one.
        #expect(formatted(document, FormatOptions()).contains("| \(line)"))
    }

    @Test(arguments: ["{: .striped}", "{:.table-bordered}", "{: #id .class }  "] as [String])
    func anAttributeListUnderTheTableIsKeptAsWrittenAndTheRowsAboveFormatted(_ line: String) {
        let document = "|a|b|\n|-|-|\n|1|2|\n\(line)\n\nafter\n"
        #expect(formatted(document) == "| a   | b   |\n| --- | --- |\n| 1   | 2   |\n\(line)\n\nafter\n")
        #expect(scan(document).tables.map(\.lines) == [0..<3])
        #expect(scan(document).diagnostics.isEmpty)
    }

    @Test func rowsUnderAnAttributeListLeaveTheTableAlone() {
        let document = "|a|b|\n|-|-|\n{: .x}\n|1|2|\n"
        #expect(formatted(document) == document)
        #expect(reported(document) == ["2 ambiguous-table: this line has no |: GitH"])
    }

    @Test(arguments: ["# Next", "- item", "> quote", "```", "***", "1. one"])
    func aBlockRightUnderTheTableLeavesItAloneWithABlankLineOffered(_ line: String) throws {
        let document = "|a|b|\n|-|-|\n|1|2|\n\(line)\n"
        #expect(formatted(document) == document)
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.message == Diagnostic.Message.portableTextBelow)
        let fix = try #require(diagnostic.fixes.only)
        #expect(fix.title == "Add a blank line below the table" && !fix.isSafe && fix.isPreferred)
        let fixed = String(decoding: TextEdit.apply(fix.edits, to: Array(document.utf8)), as: UTF8.self)
        #expect(fixed == "|a|b|\n|-|-|\n|1|2|\n\n\(line)\n")
    }

    @Test(arguments: ["|`str | None`|b|\n|-|-|\n|1|2|\n", "|a|b|\n|-|-|\n|`x|y`|2|\n", "|a|``x ` | y``|\n|-|-|\n"])
    func aPipeInACodeSpanLeavesTheTableAlone(_ document: String) throws {
        #expect(formatted(document) == document)
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.code == .ambiguousTable && diagnostic.severity == .warning)
        #expect(diagnostic.message == Diagnostic.Message.portablePipeInCodeSpan)
        #expect(diagnostic.fixes.isEmpty)
    }

    @Test(arguments: ["|a|`x \\| y`|\n|-|-|\n|1|2|\n", "|a|`x`|`y`|\n|-|-|-|\n|1|2|3|\n", "|a|`` ` ``|\n|-|-|\n|1|2|\n"])
    func pipesOutsideCodeSpansAndEscapedOnesDoNot(_ document: String) {
        #expect(scan(document).tables.count == 1)
        #expect(scan(document).diagnostics.isEmpty)
    }

    @Test func aHeaderSplitInsideACodeSpanIsAWarningNotAnError() throws {
        let document = "|a|`x | y`|\n|-|-|\n|1|2|\n"
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.code == .ambiguousTable && diagnostic.severity == .warning)
        #expect(scan(document, .github).diagnostics.only?.code == .delimiterCountMismatch)
    }

    @Test func tablesStartingTheirContainerAreFormatted() {
        #expect(formatted("- |a|b|\n  |-|-|\n  |1|2|\n") == "- | a   | b   |\n  | --- | --- |\n  | 1   | 2   |\n")
        #expect(formatted("> |a|b|\n> |-|-|\n> |1|2|\n>\n> x\n") == "> | a   | b   |\n> | --- | --- |\n> | 1   | 2   |\n>\n> x\n")
        #expect(formatted("|a|b|\n|-|-|\n|1|2|") == "| a   | b   |\n| --- | --- |\n| 1   | 2   |")
    }

    @Test(arguments: [("a|b\n-|-\n|1|2|\n", 2), ("a|b\n|-|-|\n1|2\n", 1), ("a | b |\n--|--\n| 1 | 2 |\n", 2)])
    func anOuterPipeUnderAHeaderWithoutOneLeavesTheTableAlone(_ document: String, _ line: Int) throws {
        #expect(formatted(document) == document)
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.message == Diagnostic.Message.portableOuterPipeUnderBareHeader)
        #expect(TextLines(document).line(containing: diagnostic.range.lowerBound) == line)
        #expect(formatted("a|b\n-|-\n1|2\n") == "| a   | b   |\n| --- | --- |\n| 1   | 2   |\n")
        // A trailing `|` only adds an empty last cell, which every reader cuts or fills alike.
        #expect(formatted("a | b | c\n--|--|--\n1 | 2 |\n") == "| a   | b   | c   |\n| --- | --- | --- |\n| 1   | 2   |     |\n")
    }

    @Test func aOneColumnRowWithoutOuterPipesOrAnAttributeListLeavesTheTableAlone() {
        #expect(reported("|a|\n|-|\nb|c\n") == ["2 ambiguous-table: this line of a one-colum"])
        #expect(reported("|a|\n|-|\n|b|\n{: .x}\n") == ["3 ambiguous-table: this line of a one-colum"])
        #expect(formatted("|a|\n|-|\n|b\n") == "| a   |\n| --- |\n| b   |\n")
    }


    /// Each of the rules the readers themselves showed (`PortableTables`), as the first line it reports.
    @Test(arguments: [
        ("<div align=\"center\">\n\n|a|b|\n|-|-|\n|1|2|\n\n</div>\n", "2 ambiguous-table: this table is inside an "),
        ("<details>\n<summary>x</summary>\n\n|a|b|\n|-|-|\n|1|2|\n", "3 ambiguous-table: this table is inside an "),
        ("|a|b|\n|-|-|\n|1|2 \\||\n|3|4 \\|\n", "3 ambiguous-table: this row ends in \\| with"),
        (">\t|a|b|\n>\t|-|-|\n>\t|1|2|\n", "0 ambiguous-table: a tab is in this row's b"),
        ("|a|b|\n|-|-|\n|`1|2|\n|3|`4|\n", "2 ambiguous-table: a backtick in this row h"),
        ("|a|b|\n|-|-|\n|` mod vendor`|o|\n|`test `|o|\n", "2 ambiguous-table: a backtick in this row h"),
        ("|a|b|\n|-|-|\n|1\u{0C}|2|\n", "2 ambiguous-table: a form feed or vertical "),
        ("| a | b |\n| ---|---|\n| - | - |\n", "2 ambiguous-table: every row under the deli"),
        ("| a | b |\n|-|-|\n| 1 | 2 |\n| === | === |\n", "3 ambiguous-table: every row under the deli"),
        ("|a|b|\n|-|-|\n|`x\ty`|2|\n", "2 ambiguous-table: a tab is in a code span "),
        ("a|b|\n--|--|\n|0|1|\n", "2 ambiguous-table: this row starts with | a"),
        ("| a | b |\n|-|-|\n|1|2|\n: x | 2\n", "3 ambiguous-table: this row starts with `: "),
        ("|a|b|\n|-|-|\n|1|2|\u{A0}\n", "2 ambiguous-table: this row starts or ends "),
        ("|a|b|\n|-|-|\n\u{2003}|g\n", "2 ambiguous-table: this row starts or ends "),
        ("\u{FEFF}|a|b|\n|-|-|\n|1|2|\n", "0 ambiguous-table: a byte-order mark is rig"),
        ("> > - |a|b|\n> >   |-|-|\n> >   |1|2|\n", "0 ambiguous-table: this table is three or m"),
        ("- a | b\n  -|-\n  1 | 2\n", "0 ambiguous-table: this table's header is o"),
        ("+\n      \n    |a|b|\n    |-|-|\n    |1|2|\n", "2 ambiguous-table: this table is in a list "),
        ("text\n- item\n\n  |a|b|\n  |-|-|\n  |1|2|\n", "3 ambiguous-table: this table is in a list "),
    ])
    func eachReaderRuleLeavesItsTableAlone(_ document: String, _ first: String) {
        #expect(formatted(document) == document)
        #expect(reported(document).first == first)
    }

    /// The blank line above is offered only where GitHub then reads the same: not under a link or footnote
    /// definition (cmark-gfm reads one only in a paragraph of its own), nor over a header indented as code.
    @Test(arguments: ["[x]: /url\n|a|b|\n|-|-|\n|[x]|2|\n", "[^1]: note\n|a|b|\n|-|-|\n|1|2|\n", "text\n    |a|b|\n|-|-|\n|1|2|\n",
                      "`\\|`\n|a|b|\n|-|-|\n|1|2|\n", "*  *\n     t|||e\n     --|-|-|-\n     1|2|3|4\n"])
    func noBlankLineIsOfferedWhereGitHubWouldReadOtherwise(_ document: String) throws {
        let diagnostic = try #require(scan(document).diagnostics.only)
        #expect(diagnostic.message == (document.hasPrefix("*") ? Diagnostic.Message.portableBlockAbove : Diagnostic.Message.portableTextAbove))
        #expect(diagnostic.fixes.isEmpty)
    }

    @Test func aClosedHTMLBlockAboveATableLeavesItFormatted() {
        let document = "<details>\n<summary>x</summary>\n</details>\n\n|a|b|\n|-|-|\n|1|2|\n"
        #expect(formatted(document) == "<details>\n<summary>x</summary>\n</details>\n\n| a   | b   |\n| --- | --- |\n| 1   | 2   |\n")
        #expect(formatted("```\n<div>\n```\n\n|a|\n|-|\n|1|\n") == "```\n<div>\n```\n\n| a   |\n| --- |\n| 1   |\n")
    }

    /// A scan restarting where the index may restart one reads the same as one from the top: after a
    /// heading it restarts nowhere (a table right under it is left alone), after a blank line it does.
    @Test func aPortableScanRestartsOnlyAfterBlankLines() {
        let text = TextLines("# H\n|a|b|\n|-|-|\n\npara\n|c|d|\n|-|-|\n\n")
        let restartable = MarkdownScanner.scan(text, frontMatter: true, readers: .portable).restartable
        #expect(restartable.enumerated().filter(\.element).map(\.offset) == [3, 7, 8])
        #expect(MarkdownScanner.scan(text, frontMatter: true, readers: .github).restartable[0])
        // Inside a paragraph neither: the next line may become a delimiter row, its header then under text.
        let paragraph = TextLines("a\nb\nc\n")
        #expect(MarkdownScanner.scan(paragraph, frontMatter: true, readers: .portable).restartable == [false, false, false, true])
        #expect(MarkdownScanner.scan(paragraph, frontMatter: true, readers: .github).restartable[0])
    }
}

extension Collection {
    /// The one element, nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
