import GridModel
import Testing
@testable import TextTables

/// A `list-table`'s title and options, split from the directive's block as docutils splits it: the title
/// runs on to the first option or blank line, the options to the first blank line, and the rows follow
/// that blank line.
struct ListTableDirectiveTests {
    static func reading(_ document: String) throws -> TableReading {
        try #require(TableReading.first(in: Array(document.utf8)))
    }

    static func report(_ document: String) -> [String] {
        let text = TextLines(Array(document.utf8))
        return DocumentFormatter.diagnostics(text, scan: RSTScanner.scan(text)).map { d in
            let line = text.starts.lastIndex { $0 <= d.range.lowerBound }!
            return "\(line + 1): \(d.code.rawValue): \(d.message)"
        }
    }

    /// The adversarial run's false `malformed-list-table`: a title on two lines (docutils reads it whole).
    @Test func aTitleOnTwoLinesIsTheTitle() throws {
        let document = """
            .. list-table:: Frozen delights of
               the season
               :header-rows: 1

               * - Treat
                 - Price
               * - Albatross
                 - 2.99

            """
        let reading = try Self.reading(document)
        guard case .list(let grid, let directive) = reading.content else {
            Issue.record("not read: \(Self.report(document))")
            return
        }
        #expect(directive.title == Array("Frozen delights of".utf8) && directive.titleLines == [Array("the season".utf8)])
        #expect(directive.options == [Array(":header-rows: 1".utf8)] && directive.headerRows == 1)
        #expect(grid.rowCount == 2 && grid.headerRowCount == 1)
        #expect(Self.report(document) == [])
        let formatted = DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText)
        #expect(formatted.refused == [] && formatted.output == Array(document.utf8))
        // Converted, the `.. table::` directive keeps both lines of the title.
        let done = try reading.apply(.convertToSimple, syntax: .restructuredText).get()
        #expect(String(decoding: TextEdit.apply(done.edits, to: Array(document.utf8)), as: UTF8.self) == """
            .. table:: Frozen delights of
               the season

               =========  =====
               Treat      Price
               =========  =====
               Albatross  2.99
               =========  =====

            """)
    }

    /// The title may start below the directive line, run on further indented, and options may continue
    /// on lines indented under them.
    @Test func aTitleBelowTheDirectiveAndAnOptionOnTwoLines() throws {
        let document = """
            .. list-table::
               Title on the second line
                  and further in
               :widths: 10
                  20
               :header-rows: 1

               * - a
                 - b
               * - c
                 - d

            """
        guard case .list(let grid, let directive) = try Self.reading(document).content else {
            Issue.record("not read: \(Self.report(document))")
            return
        }
        #expect(directive.title == [] && directive.titleLines == ["Title on the second line", "   and further in"].map { Array($0.utf8) })
        #expect(directive.options == [":widths: 10", "   20", ":header-rows: 1"].map { Array($0.utf8) })
        #expect(directive.keptOptions == [":widths: 10", "   20"].map { Array($0.utf8) })
        #expect(grid.rowCount == 2 && grid.columnCount == 2 && grid.headerRowCount == 1)
    }

    /// What docutils refuses: rows with no blank line above them (it takes them for the title), a line
    /// among the options that is none, an option's value broken by a line under it.
    @Test(arguments: [
        (".. list-table::\n   * - a\n     - b\n", "2: malformed-list-table: " + Diagnostic.Message.listTableNoBlankLine),
        (".. list-table:: T\n   :header-rows: 1\n   * - a\n   * - b\n", "3: malformed-list-table: " + Diagnostic.Message.listTableOptionBlock),
        (".. list-table:: T\n   :header-rows: 1\n   more title\n\n   * - a\n   * - b\n", "3: malformed-list-table: " + Diagnostic.Message.listTableOptionBlock),
        (".. list-table:: T\n   :header-rows: 1\n      2\n\n   * - a\n   * - b\n", "1: malformed-list-table: " + Diagnostic.Message.listTableHeaderRows(2)),
        // Found by the random documents: widths and stub columns the rows do not have.
        (".. list-table::\n   :widths: 1 2 3\n\n   * - a\n     - b\n", "1: malformed-list-table: " + Diagnostic.Message.listTableWidths(3, columns: 2)),
        (".. list-table::\n   :widths: 1, x\n\n   * - a\n     - b\n", "1: malformed-list-table: " + Diagnostic.Message.listTableWidths(0, columns: 2)),
        (".. list-table::\n   :stub-columns: 2\n\n   * - a\n     - b\n", "1: malformed-list-table: " + Diagnostic.Message.listTableStubColumns(2)),
    ])
    func whatDocutilsRefusesIsReported(_ document: String, _ expected: String) {
        #expect(Self.report(document) == [expected])
    }

    @Test(arguments: [":widths: auto", ":widths: 10,20", ":widths: 10 20", ":stub-columns: 1"])
    func optionsThatFitTheRowsRead(_ option: String) {
        #expect(Self.report(".. list-table::\n   \(option)\n\n   * - a\n     - b\n") == [])
    }

    /// A row right below the directive line, then a blank line and another: the first is the title, as
    /// docutils reads it, and the table has one row.
    @Test func aRowRightBelowTheDirectiveIsTitleText() throws {
        guard case .list(let grid, let directive) = try Self.reading(".. list-table:: T\n   * - a\n\n   * - b\n").content else {
            Issue.record("not read")
            return
        }
        #expect(directive.titleLines == [Array("* - a".utf8)])
        #expect(grid.rowCount == 1 && grid.cell(at: Slot(row: 0, column: 0))?.lines == ["b"])
    }

    /// docutils's field marker: a colon, a name not starting with a blank or colon (escapes allowed), and a
    /// colon followed by a blank or the line's end, no blank before it.
    @Test(arguments: [(":a: 1", true), (":header-rows:", true), (":a\\: b: c", true), (":a:b: c", true), (": a: 1", false),
                      ("::", false), (":a :", false), (":a:`x`", false), (":a", false), ("title: x", false)])
    func optionLinesAreFieldMarkers(_ line: String, _ isOption: Bool) {
        let bytes = Array(line.utf8)
        #expect(ListTableSyntax.isOption(bytes, 0, bytes.count) == isOption)
    }
}
