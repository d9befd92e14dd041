import Testing
@testable import TextTables

/// A table is found where docutils starts a body element, blank line above or not (the adversarial run's
/// missed tables: right under a section title, a list-table right after a comment or a directive), and
/// nowhere a line continues an element (a paragraph, a doctest block, a directive's title, an item's text).
/// Each document here was read with docutils: the tables are those it reads, the errors those it reports.
struct RSTBlockStartTests {
    static let grid = """
        +---+---+
        | a | b |
        +---+---+

        """
    static let simple = """
        ===  ===
        a    b
        ===  ===

        """
    static let list = """
        .. list-table::

           * - a
             - b

        """

    static func found(_ document: String) -> [String] {
        let text = TextLines(Array(document.utf8))
        let scan = RSTScanner.scan(text)
        return scan.tables.map { "\($0.kind) \($0.firstLine)" } + scan.diagnostics.map { "\($0.code.rawValue)" }
    }

    @Test(arguments: [
        ("""
            Title
            =====

            """ + grid, ["grid 2"]),
        ("""
            Title
            =====

            """ + simple, ["simple 2"]),
        ("""
            Title
            =====

            """ + list, ["list 2"]),
        ("""
            =======
             Title
            =======

            """ + list, ["list 3"]),
        ("""
            Title
            ====
            Sub
            ---

            """ + grid, ["grid 4"]),  // the underline of 4 marks under a longer title is one
        ("""
            1. Introduction
            ===============

            """ + simple, ["simple 2"]),
        ("Title\n=====\n  " + grid.replacingOccurrences(of: "\n+", with: "\n  +").replacingOccurrences(of: """

            |
            """, with: """

              |
            """), ["grid 2"]),
        (".. a comment\n" + list, ["list 1"]),
        ("..\n" + grid, ["grid 1"]),
        (".. note:: A note.\n   :class: aside\n" + list, ["list 2"]),
        (".. _target: https://example.org\n" + simple, ["simple 1"]),
        ("""
            .. |s| replace:: text
            __ https://example.org

            """ + list, ["list 2"]),
        (".. comment\n   on two lines\n" + grid, ["grid 2"]),
        ("- item\n" + grid, ["grid 1"]),
        (":Field: value\n" + simple, ["simple 1"]),
        ("| a line\n" + grid, ["grid 1"]),
        ("Code::\n\n    code\n" + simple, ["simple 3"]),
        ("  A block quote.\n" + list, ["list 1"]),
        (grid + simple, ["grid 0", "simple 3"]),
        (list + grid, ["list 0", "grid 4"]),
        ("A paragraph line\n  " + simple.replacingOccurrences(of: "\n", with: "\n  "), ["simple 1"]),  // a definition
        ("Two lines\nof text\n   " + grid.replacingOccurrences(of: "\n", with: "\n   "), ["grid 2"]),  // a block quote
        ("- item\n    " + grid.replacingOccurrences(of: "\n", with: "\n    "), ["grid 1"]),  // a definition in the item
    ])
    func aTableWhereDocutilsStartsAnElementIsFound(_ document: String, _ expected: [String]) {
        #expect(Self.found(document) == expected, "\(document)")
    }

    @Test(arguments: [
        "A paragraph line\n" + grid,
        "A paragraph line\n" + list,
        ">>> 1 + 1\n2\n" + simple,
        "1. item\n" + grid,
        """
            Short
            ===

            """ + grid,  // under 4 marks and shorter than the title: a paragraph
        ".. table:: A title\n   " + grid.replacingOccurrences(of: "\n", with: "\n   "),  // the title's lines
        "- item\n  " + grid.replacingOccurrences(of: "\n", with: "\n  "),  // the item's paragraph
        "| a line\n   " + grid.replacingOccurrences(of: "\n", with: "\n   "),  // the line's continuation
        // An item that is a simple table (which gridls does not read there), its rows of any indentation.
        """
            - ===  ===
              a    b
                   more
              ===  ===
            - item

            """,
    ])
    func linesThatContinueAnElementHoldNoTable(_ document: String) {
        #expect(Self.found(document) == [], "\(document)")
        #expect(DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText).output == Array(document.utf8))
    }

    /// What docutils reports about a table under a title, gridls reports: no bottom border, no blank line
    /// before a list-table's rows.
    @Test(arguments: [("""
        Title
        =====
        ===  ===
        a    b

        Done.

        """, ["unclosed-table 2"]),
                      ("""
                          More
                          ----
                          .. list-table::
                             * - a

                          """, ["malformed-list-table 3"])])
    func errorsUnderATitleAreReported(_ document: String, _ expected: [String]) {
        let text = TextLines(Array(document.utf8))
        let diagnostics = DocumentFormatter.diagnostics(text, scan: RSTScanner.scan(text))
        #expect(diagnostics.map { d in "\(d.code.rawValue) \(text.starts.lastIndex { $0 <= d.range.lowerBound }!)" } == expected)
    }

    /// An indented simple table whose block ends right below its bottom border (a less indented line) ends
    /// there; one without a second rule is taken to its first, and what follows is read on.
    @Test func aSimpleTableEndsWhereDocutilsEndsIt() throws {
        #expect(Self.found("""
            Text.

              ===  ===
              a    b
              ===  ===
            After.

            """) == ["simple 2"])
        let document = """
            ===  ===
            Item N
            ===  ===
            a    1


            """ + Self.grid
        #expect(Self.found(document) == ["grid 5", "unclosed-table"])
        let fix = try #require(RSTScanner.scan(TextLines(Array(document.utf8))).diagnostics.first?.fixes.first)
        #expect(String(decoding: TextEdit.apply(fix.edits, to: Array(document.utf8)), as: UTF8.self)
            == """
                ===  ===
                Item N
                ===  ===
                a    1
                ===  ===


                """ + Self.grid)
    }
}
