import GridModel
import TestSupport
import Testing
@testable import TextTables

/// pandoc's simple and multiline tables edited: converted from kind to kind, widened and changed as a grid,
/// each keeping what pandoc reads, and refused where no dashes can say what the table holds.
extension PandocTableTests {
    @Test func convertsBetweenKinds() throws {
        let simple = """
            a      b
            ---  ---
            one    2

            """
        let multiline = try PandocTables.converted(simple, .convertToMultiline)
        #expect(multiline == """
            ------
            a    b
            --- --
            one  2
            ------

            """)
        let grid = try PandocTables.converted(simple, .convertToGrid)
        #expect(grid == """
            +-----+---+
            | a   | b |
            +:====+==:+
            | one | 2 |
            +-----+---+

            """)
        guard ReferenceReaders.run(in: #function) else { return }
        let original = try PandocTables.pandoc(simple)
        for converted in [multiline, grid, try PandocTables.converted(simple, .convertToPipe), try PandocTables.converted(multiline, .convertToSimple)] {
            #expect(try PandocTables.pandoc(converted) == original, "\(converted)")
        }
    }

    /// A column whose text fills the spaces after its dashes grows by what it needs, and pandoc's relative
    /// widths stay within 0.02.
    @Test func widensMultilineColumnsKeepingRelativeWidths() throws {
        let wide = """
            -----------------------------------------------------------------------------
            Name                          Description                               Size
            ----------------------------- ----------------------------------------- -----
            alpha                         text                                         12

            averyveryverylongname_abcdefgh text                                         1
            -----------------------------------------------------------------------------

            """
        let formatted = PandocTables.formatted(wide)
        #expect(formatted == """
            ------------------------------------------------------------------------------
            Name                           Description                               Size
            -----------------------------  ----------------------------------------- -----
            alpha                          text                                      12

            averyveryverylongname_abcdefgh text                                      1
            ------------------------------------------------------------------------------

            """)
        #expect(PandocTables.formatted(formatted) == formatted)
        let narrow = """
            ------------------
            Name     Size
            -------- ---------
            alpha         12

            longnamex  1
            ------------------

            """
        let narrowFormatted = PandocTables.formatted(narrow)
        #expect(narrowFormatted == """
            -------------------
            Name      Size
            --------  ---------
            alpha     12

            longnamex 1
            -------------------

            """)
        guard ReferenceReaders.run(in: #function) else { return }
        let before = try PandocTables.pandocTables(wide), after = try PandocTables.pandocTables(formatted)
        #expect(before.count == 1 && after.count == 1 && PandocTables.same(before[0], after[0], widths: true), "\(before) \(after)")
        let narrowBefore = try PandocTables.pandocTables(narrow), narrowAfter = try PandocTables.pandocTables(narrowFormatted)
        #expect(narrowBefore.count == 1 && narrowAfter.count == 1 && PandocTables.same(narrowBefore[0], narrowAfter[0], widths: true))
    }

    @Test func editsKeepTheKindAndItsLayout() throws {
        let simple = """
            Name    Size
            -----  -----
            beta       3
            alpha     12

            """
        #expect(try PandocTables.converted(simple, .edit(.sortBody(column: 0, order: .ascending))) == """
            Name    Size
            -----  -----
            alpha     12
            beta       3

            """)
        #expect(try PandocTables.converted(simple, .edit(.moveColumn(from: 1, to: 0))) == """
             Size  Name
            -----  -----
                3  beta
               12  alpha

            """)
        let multiline = """
            ----------------
            Name    Notes
            ------  --------
            beta    two
                    lines

            alpha   one
            ----------------

            """
        #expect(try PandocTables.converted(multiline, .edit(.sortBody(column: 0, order: .ascending)))
                == """
                    ----------------
                    Name    Notes
                    ------  --------
                    alpha   one

                    beta    two
                            lines
                    ----------------

                    """,
                "the columns keep their dashes, and pandoc its widths")
        let reading = try #require(PandocTables.readings(simple).first)
        #expect(reading.refusal(.edit(.insertRow(at: 1)), syntax: .pandocMarkdown) == .refused(.pandocEmptyRow(row: 1)))
        #expect(reading.refusal(.edit(.deleteColumn(0)), syntax: .pandocMarkdown) == .refused(.pandocOneColumn))
        #expect(reading.action(.convertToMultiline, from: nil, to: nil, syntax: .pandocMarkdown) == .convertToMultiline)
        #expect(reading.action(.convertToSimple, from: nil, to: nil, syntax: .pandocMarkdown) == nil)
        // Merging makes a grid table, which pandoc reads flush only.
        let merged = try PandocTables.converted(simple, .edit(.merge(SlotRect(rows: 1..<2, columns: 0..<2))))
        #expect(merged == """
            +-------+------+
            | Name  | Size |
            +:======+=====:+
            | beta         |
            | 3            |
            +-------+------+
            | alpha | 12   |
            +-------+------+

            """)
        let multilineReading = try #require(PandocTables.readings(multiline).first)
        #expect(multilineReading.refusal(.convertToSimple, syntax: .pandocMarkdown) == .refused(.pandocSimpleLines(row: 1)))
        guard ReferenceReaders.run(in: #function) else { return }
        for edited in [try PandocTables.converted(simple, .edit(.sortBody(column: 0, order: .ascending))), merged] {
            #expect(try PandocTables.pandocTables(edited).count == 1)
        }
    }

    @Test func refusesWhatNoDashesCanSay() throws {
        let text = TextLines("""
            | \u{200B} | b |
            |---|---|
            | 1 | 2 |

            """)
        let region = try #require(DocumentSyntax.pandocMarkdown.scan(text).tables.first)
        let reading = TableReading(text, region: region, options: FormatOptions())
        #expect(reading.refusal(.convertToSimple, syntax: .pandocMarkdown) == .refused(.pandocZeroWidthHeader(column: 0)))
        #expect(reading.refusal(.convertToMultiline, syntax: .pandocMarkdown) == .refused(.pandocZeroWidthHeader(column: 0)))
        #expect(reading.refusal(.convertToSimple, syntax: .markdown) == .refused(.noSimpleTablesInMarkdown))
    }
}
