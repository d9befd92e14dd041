import Testing
@testable import TextTables

/// Documents written to tell gridls and pandoc apart, and the real documents that did (each expectation
/// read from `pandoc -f markdown -t native`, pandoc 3.9).
struct PandocAdversaryTests {
    static func scan(_ document: String) -> TableScan {
        DocumentSyntax.pandocMarkdown.scan(TextLines(Array(document.utf8)))
    }

    static func formatted(_ document: String) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .pandocMarkdown).output, as: UTF8.self)
    }

    /// pandoc splits a pipe table's row at a `|` outside raw HTML tags and raw LaTeX commands: there
    /// `<span title="a|b">x</span>` is one cell, a span. gridls would split it: the table is left alone.
    @Test(arguments: [#"<span title="a|b">x</span>"#, "<br title='a|b'>", "<!-- a|b -->", "<?php a|b ?>",
                      #"<span title="a>b|c">x</span>"#, #"\textbf{a|b}"#, #"\foo {a|b}"#, #"\foo[a|b]{c}"#, #"\verb|x|"#])
    func aPipeInsideARawTagOrCommandLeavesTheTableAlone(cell: String) {
        let document = "| a | b |\n|---|---|\n| \(cell) | y |\n"
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.scan(document).diagnostics.map(\.code) == [.ambiguousTable])
        #expect(Self.scan(document).diagnostics.map(\.message) == [Diagnostic.Message.pandocPipeInCode])
        #expect(Self.formatted(document) == document)
    }

    /// A comment with a `|` right under a table is one more row, which pandoc reads as one cell.
    @Test func aCommentWithAPipeUnderATableLeavesItAlone() {
        let document = "| a | bb |\n|---|--|\n| ccc | d |\n<!-- c | d -->\n"
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.scan(document).diagnostics.map(\.range) == [32..<46])
        #expect(Self.formatted(document) == document)
    }

    /// Where pandoc does split: an autolink's or a bare `<a|b>`'s `|`, one after a LaTeX command without
    /// arguments or after an escaped backslash, one between an element's tags.
    @Test func aPipeOutsideTagsAndCommandsSplitsCells() {
        let document = #"""
            | a | b | c |
            |---|---|---|
            | <http://a|b> | \alpha|x |
            | <b>x|y</b> | \\textbf{a|b} |

            """#
        #expect(Self.scan(document).diagnostics.isEmpty)
        #expect(Self.formatted(document) == #"""
            | a         | b     | c          |
            | --------- | ----- | ---------- |
            | <http://a | b>    | \alpha     | x   |
            | <b>x      | y</b> | \\textbf{a | b}  |

            """#)
    }

    /// A code span, `$` math, a comment or a LaTeX argument a row opens and a later row closes goes on over
    /// the line break: pandoc reads the rows as one (`Code "x | y | | z"`). Left alone.
    @Test(arguments: ["| `x | y |\n| z` | w |", "| x `y | z |\n| w ` | v |", "| $x | y |\n| z$ | w |",
                      "| <!-- x | y |\n| z --> | w |", #"| \textbf{x | y |"# + "\n| z} | w |", "| `x | y |\n|---|---|\n| z` | w |"])
    func aSpanOverTwoRowsLeavesTheTableAlone(rows: String) {
        let document = rows.hasPrefix("| `x | y |\n|---") ? rows + "\n" : "| a | b |\n|---|---|\n" + rows + "\n"
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.scan(document).diagnostics.map(\.message) == [Diagnostic.Message.pandocPipeInCode])
        #expect(Self.formatted(document) == document)
    }

    /// A span the last row opens goes on over the paragraph right under the table (`Code "x | y | para"`),
    /// and a comment or tag past blank lines too (`RawInline "<span class=\"x\"\n\n>"` takes a block
    /// quote's marker): left alone, a comment or tag even where nothing closes it, which would take reading
    /// the whole document below.
    @Test(arguments: ["| c `x | y |\npara`\n", "| c $x | y |\npara\nmore$\n", #"| c \textbf{x | y |"# + "\npara}\n",
                      "| c <!-- x | y |\n\npara -->\n", "| c <?x | y |\n\npara?>\n", "| c <!-- x | y |\n",
                      "| c | y <span class=\"x\"\n\n> quote\n", "| c | y <span\n\n> quote\n"])
    func aSpanGoingOnUnderTheTableLeavesItAlone(rows: String) {
        let document = "| a | b |\n|---|---|\n" + rows
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.scan(document).diagnostics.map(\.range) == [20..<(20 + rows.prefix { $0 != "\n" }.utf8.count)])
        #expect(Self.formatted(document) == document)
    }

    /// A header whose code span goes on over the delimiter row: pandoc reads no table, gridls leaves it.
    @Test func aHeaderWhoseCodeSpanGoesOnIsLeftAlone() {
        let document = "| a `b | c |\n|---|---|\nd`\n"
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.formatted(document) == document)
    }

    /// An opener no later row closes is text, as in pandoc: prices, an apostrophe in backticks, a `$`
    /// closer after a space (pandoc reads no math there).
    @Test func anOpenerNoRowClosesIsText() {
        let document = "| a | b |\n|---|---|\n| $5 | it`s |\n| $x | y |\n| z $ | w |\n"
        #expect(Self.scan(document).diagnostics.isEmpty)
        #expect(Self.formatted(document) == "| a   | b    |\n| --- | ---- |\n| $5  | it`s |\n| $x  | y    |\n| z $ | w    |\n")
    }

    /// pandoc keeps a form feed or vertical tab after a `|` in its cell (`Str "\fx"`); gridls, as GitHub,
    /// would skip it with the spaces there.
    @Test(arguments: ["| a | b |\n|---|---|\n| \u{0C}x | y |\n", "| a | b |\n|---|---|\n|\u{0B}x | y |\n", "\u{0C}a | b\n--|--\n"])
    func aFormFeedAfterAPipeLeavesTheTableAlone(document: String) {
        #expect(Self.scan(document).tables.isEmpty)
        #expect(Self.scan(document).diagnostics.map(\.message) == [Diagnostic.Message.pandocFormFeedInCell])
        #expect(Self.formatted(document) == document)
    }

    /// A form feed inside a cell's text, not after a pipe, stays where it is.
    @Test func aFormFeedInsideACellIsKept() {
        let document = "| a | b |\n|---|---|\n| x\u{0C}y | z |\n"
        #expect(Self.scan(document).tables.count == 1)
        #expect(Self.formatted(document) == "| a   | b   |\n| --- | --- |\n| x\u{0C}y  | z   |\n")
    }
}

extension PandocAdversaryTests {
    /// No attribute starts with `|`: pandoc reads `<divmath|block|` and `| <divmath | block |` alike, as a
    /// table whose first cell is the text `<divmath`. Formatting pads the one into the other, so both are
    /// formatted (found by Tests/Fuzz, markdown: the padded row was taken for an open tag).
    @Test(arguments: ["<divmath|block|\n|-|-|\n", "| <divmath | block |\n| -------- | ----- |\n"])
    func aTagNameBeforeAPipeIsText(_ table: String) {
        let document = "x\n\n" + table + "\nafter > here\n"
        #expect(Self.scan(document).tables.map(\.firstLine) == [2])
        #expect(Self.formatted(document) == "x\n\n| <divmath | block |\n| -------- | ----- |\n\nafter > here\n")
    }
}
