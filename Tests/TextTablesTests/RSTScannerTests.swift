import Testing
@testable import TextTables

struct RSTScannerTests {
    @Test func aGridTableRightAfterALiteralBlockIsFound() {
        // docutils reads it as a table; the blank line that ended the literal block was not counted.
        let text = TextLines(Array("""
            Example::

              +---+
              | x |
              +---+

            +---+
            | a |
            +---+

            """.utf8))
        #expect(RSTScanner.scan(text).tables.map(\.firstLine) == [6])
    }

    /// docutils starts a grid table only at `+-[-+]+-+`: colons, `=` or a column under 3 dashes make a paragraph,
    /// which formatting must leave one.
    @Test(arguments: ["""
        +:------+------:+
        | Fruit | Qty |
        +=======+=======+
        | apple | 3 |
        +-------+-------+

        """,
                      """
                          +--+
                          |a |
                          |  |
                          |b |
                          +--+

                          """, """
                          +=====+
                          | a |
                          +=====+

                          """, """
                          +-+
                          |a|
                          +-+

                          """])
    func bordersDocutilsDoesNotReadAreNoTables(_ table: String) {
        let document = "Prices\n\n" + table
        #expect(RSTScanner.scan(TextLines(Array(document.utf8))).tables.isEmpty)
        #expect(DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output == Array(document.utf8))
        #expect(RSTScanner.scan(TextLines(Array("""
            +---+
            | a |
            +---+

            """.utf8))).tables.count == 1)
    }

    /// Simple tables are isolated as docutils isolates them: from a top border of two `=` runs at least,
    /// blank lines included, to the second rule below it or the first rule followed by a blank line.
    @Test func simpleTablesEndWhereDocutilsEndsThem() {
        let document = """
            Text.

            =====  =====
            a      b

            c      d
            =====  =====
            e      f
            =====  =====
            After.

            ===  ===
            x    y
            ===  ===

            Done.
            """
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.map(\.kind) == [.simple, .simple])
        #expect(scan.tables.map(\.lines) == [2..<9, 11..<14])
        #expect(scan.diagnostics.isEmpty)
    }

    /// A title's overline and underline, a transition, a one-column border, a border after a paragraph
    /// line and one in a literal block are not tables.
    @Test(arguments: ["""
        =====
        Title
        =====

        """, """
        Title
        =====

        """, """
        Text.

        ----------

        More.

        """,
                      """
                          =====
                          x
                          =====

                          """, """
                          Text
                          ===  ===
                          a    b
                          ===  ===

                          """, """
                          Code::

                            ===  ===
                            a    b
                            ===  ===

                          """])
    func linesDocutilsDoesNotReadAsASimpleTableAreNone(_ document: String) {
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.isEmpty)
        #expect(DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output == Array(document.utf8))
    }

    @Test func aSimpleTableWithoutABottomBorderIsAnErrorWithAFix() throws {
        let document = """
            ===  ===
            a    b
            c    d

            """
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.isEmpty)
        let diagnostic = try #require(scan.diagnostics.first)
        #expect(diagnostic.code == .unclosedTable && diagnostic.range == 0..<8)
        let fixed = TextEdit.apply(try #require(diagnostic.fixes.first).edits, to: Array(document.utf8))
        #expect(String(decoding: fixed, as: UTF8.self) == """
            ===  ===
            a    b
            c    d
            ===  ===

            """)
    }

    static let grid = """
        +---+------+
        | a | bb   |
        +---+------+

        """
    static let simple = """
        ===  ======
        a    bb
        ===  ======

        """

    /// `directive` with a grid and a simple table in its body (indented 3, after a blank line), then a
    /// grid table after it at the margin.
    static func directiveBody(_ directive: String) -> String {
        let body = (grid + "\n" + simple).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "   " + $0 }.joined(separator: "\n")
        return "Text.\n\n" + directive + "\n\n" + body + "\n" + grid
    }

    /// A verbatim directive's body (doctest output, code, math...) and an unknown directive's are left
    /// alone, options and all: no table found there, none formatted; the table below them is found.
    @Test(arguments: [".. testoutput::", ".. code-block:: text", ".. foo::", ".. doctest::\n   :options: +NORMALIZE_WHITESPACE",
                      ".. ipython::", ".. jupyter-execute::", ".. Code-Block:: text", ".. sphinx-unknown:: arg", ".. py:foo::"])
    func aVerbatimOrUnknownDirectivesBodyIsLeftAlone(_ directive: String) {
        let document = Self.directiveBody(directive)
        let options = directive.filter { $0 == "\n" }.count
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.map(\.firstLine) == [12 + options])
        #expect(scan.tables.map(\.kind) == [.grid])
        #expect(scan.diagnostics.isEmpty)
        // Every table drawn roomier: formatting narrows the last one only.
        let roomy = document.replacingOccurrences(of: "bb   |", with: "bb     |").replacingOccurrences(of: "------", with: "--------")
        #expect(String(decoding: DocumentFormatter.format(Array(roomy.utf8), syntax: .restructuredText).output, as: UTF8.self)
            == roomy.replacingOccurrences(of: """

                +---+--------+
                | a | bb     |
                +---+--------+

                """, with: """

                +---+----+
                | a | bb |
                +---+----+

                """, options: [.anchored, .backwards]))
    }

    /// Every directive known to show its body as written is left alone.
    @Test(arguments: RSTDirectives.verbatimDirectives.sorted())
    func aKnownVerbatimDirectivesBodyIsLeftAlone(_ name: String) {
        let scan = RSTScanner.scan(TextLines(Array(Self.directiveBody(".. \(name)::").utf8)))
        #expect(scan.tables.map(\.firstLine) == [12])
    }

    /// A directive whose body is ordinary reStructuredText (an admonition, Sphinx's `only`, a tab, an
    /// object's description) has its tables found.
    @Test(arguments: [".. note::", ".. only:: html", ".. tab-item:: Label", ".. versionadded:: 2.0", ".. py:function:: f(x)",
                      ".. Note::", ".. admonition:: Title\n   :class: aside", ".. autoclass:: A"])
    func aContentDirectivesTablesAreFound(_ directive: String) {
        let document = Self.directiveBody(directive)
        let options = directive.filter { $0 == "\n" }.count
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)))
        #expect(scan.tables.map(\.firstLine) == [4, 8, 12].map { $0 + options })
        #expect(scan.tables.map(\.kind) == [.grid, .simple, .grid])
        #expect(scan.tables.map(\.context.insideDirective) == [true, true, false])
    }
}
