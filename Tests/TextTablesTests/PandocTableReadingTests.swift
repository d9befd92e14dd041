import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Documents whose simple and multiline tables gridls once read, printed or fixed otherwise than pandoc
/// reads them: each formats to exact text that pandoc reads as it read the original (cells, alignments,
/// widths within 0.02), and formats once.
struct PandocTableReadingTests {
    func format(_ document: String) -> (output: String, errors: [Diagnostic.Code]) {
        let result = DocumentFormatter.format(Array(document.utf8), syntax: .pandocMarkdown, options: FormatOptions())
        return (String(decoding: result.output, as: UTF8.self), result.refused.map(\.code))
    }

    /// Formats `document` to `expected`, once, without errors, and pandoc reads both alike.
    func expectFormats(_ document: String, to expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let first = format(document)
        #expect(first.output == expected, sourceLocation: sourceLocation)
        #expect(first.errors.isEmpty, "\(first.errors)", sourceLocation: sourceLocation)
        #expect(format(first.output).output == first.output, "idempotent", sourceLocation: sourceLocation)
        guard ReferenceReaders.isAvailable else { return }
        let before = try PandocTables.pandocTables(document), after = try PandocTables.pandocTables(first.output)
        #expect(before.count == after.count && zip(before, after).allSatisfy { PandocTables.same($0, $1, widths: true) },
                "\(before)\n\(after)", sourceLocation: sourceLocation)
    }

    /// A simple table's header may be indented 4 or more (a right-aligned first column's often is): pandoc
    /// tries a table before an indented code block.
    @Test func headersIndentedFourOrMoreAreHeaders() throws {
        try expectFormats("""
                 Amount  Name
            -----------  ----
                      1  pear

            """, to: """
             Amount  Name
            -------  ----
                  1  pear

            """)
        try expectFormats("""
              Qty  Name
            -----  ----
            1234567  apple
                1  pear

            """, to: """
                Qty Name
            ------- ----
            1234567 apple
                  1 pear

            """)
        try expectFormats("""
                Qty Name
            ------- ----
            1234567 apple
                  1 pear

            """, to: """
                Qty Name
            ------- ----
            1234567 apple
                  1 pear

            """)
        try expectFormats("""
            Intro.

                Name    Qty
            ----------  -----
            apple       1
            ----------  -----

            """,
                          to: """
                              Intro.

                               Name   Qty
                              ------  ----
                              apple   1
                              ------  ----

                              """)
        try expectFormats("""
            Intro.

                    X  bb
              ------- --
              1       2

            """, to: """
            Intro.

               X  bb
              -- ---
               1   2

            """)
        // Less indented, a header starting `- ` would be a list item: such a table is left as it is.
        let listLike = """
                 -   é
              ----  ---
                 é    日本
              ----  ---

            """
        #expect(format(listLike) == (listLike, []))
    }

    /// A multiline table without a header and with one row keeps the blank line before its closing line,
    /// without which pandoc reads a simple table (a row per line, no widths).
    @Test func oneRowHeaderlessMultilineTablesKeepTheirBlankLine() throws {
        try expectFormats("""
            ----------- --------
            first row   text

            ----------- --------

            After.

            """,
                          to: """
                              ----------- --------
                              first row   text

                              ----------- --------

                              After.

                              """)
        try expectFormats("""
            ---------  --------
              first    text
              second   more

            ---------  --------

            """,
                          to: """
                              ---------  --------
                                first    text
                               second    more

                              ---------  --------

                              """)
        try expectFormats("""
            - item

              ---------  --------
                first    text
                second   more

              ---------  --------

            """,
                          to: """
                              - item

                                ---------  --------
                                  first    text
                                 second    more

                                ---------  --------

                              """)
    }

    /// A multiline table with a header and rows but no closing line reads to pandoc as a one-column table
    /// of its header: reported, and left as it is.
    @Test func multilineTablesWithoutClosingLineAreReported() throws {
        let document = """
            -------------------
              h1      h2
            -------- ----------
            first    a

            second   b

            """
        let result = format(document)
        #expect(result.output == document)
        #expect(result.errors == [.pandocUnclosedTable])
        // Rows go on after the blank line: the closing line could go after either, so no fix is made unasked.
        let fixed = DocumentFixer.fixAll(Array(document.utf8), syntax: .pandocMarkdown, options: FormatOptions())
        #expect(fixed.fixed == 0 && String(decoding: fixed.output, as: UTF8.self) == document)
    }

    /// `format --fix` adds the closing line where it can go in one place only.
    @Test func theClosingLineIsAddedWhereItHasOnePlace() throws {
        let multiline = """
            -------------------
              h1      h2
            -------- ----------
            first    a

            """
        let fixed = DocumentFixer.fixAll(Array(multiline.utf8), syntax: .pandocMarkdown, options: FormatOptions())
        let output = String(decoding: fixed.output, as: UTF8.self)
        #expect(fixed.fixed == 1 && fixed.refused.isEmpty)
        #expect(output == """
            -------------------
               h1        h2
            -------- ----------
             first       a
            -------------------

            """)
        // Without a header the top line is a horizontal rule to pandoc, with a paragraph under it: no table to
        // close, and no fix turns the rule into one.
        let simple = """
            -----  ----
            one    x

            after

            """
        let fixedSimple = DocumentFixer.fixAll(Array(simple.utf8), syntax: .pandocMarkdown, options: FormatOptions())
        #expect(fixedSimple.fixed == 0 && String(decoding: fixedSimple.output, as: UTF8.self) == simple)
        // A lone dash may be a spaced rule or a list marker: no fix unasked.
        let rule = "- - -\nnext\n\n"
        #expect(DocumentFixer.fixAll(Array(rule.utf8), syntax: .pandocMarkdown, options: FormatOptions()).fixed == 0)
        guard ReferenceReaders.run(in: #function) else { return }
        let tables = try PandocTables.pandocTables(output)
        #expect(tables.count == 1 && (tables[0]["head"] as? [Any])?.count == 1)
        let closed = try PandocTables.pandocTables("""
            -------------------
              h1      h2
            -------- ----------
            first    a
            -------------------

            """)
        #expect(closed.count == 1 && PandocTables.same(tables[0], closed[0], widths: true))
        #expect(try PandocTables.pandocTables(simple).isEmpty)
    }
}
