import Testing
@testable import TextTables

/// Grid tables are measured as their reader counts columns: pandoc for Markdown, docutils for
/// reStructuredText (where pandoc -f rst must agree, or the table is refused).
struct GridReaderWidthTests {
    @Test(arguments: [
        ("✔\u{FE0F}", 1, 2), ("❤\u{FE0F}", 1, 2), ("👍🏽", 4, 4), ("👨\u{200D}👩\u{200D}👧", 6, 8), ("1\u{FE0F}\u{20E3}", 1, 3),
        ("東京", 4, 4), ("a\u{200B}b", 2, 3), ("\u{AD}", 0, 1), ("e\u{301}", 1, 2), ("\u{1100}\u{1161}", 3, 3),
        ("a\u{200F}", 1, 2), ("\u{0}", 0, 1),
    ])
    func readersCountColumns(_ text: String, pandoc: Int, docutils: Int) {
        #expect(GridReader.pandoc.width(of: text) == pandoc)
        #expect(GridReader.docutils.width(of: text) == docutils)
    }

    func diagnostics(_ table: String, syntax: DocumentSyntax) -> [String] {
        let text = TextLines(table)
        return GridTableParser.parse(text, region: syntax.scan(text).tables[0]).diagnostics.map {
            "\($0.severity.rawValue) \($0.range): \($0.message) [\($0.code.rawValue)]"
        }
    }

    @Test func aCellThatLooksOffOnScreenSaysSo() {
        let table = "+------+---+\n| 👍🏽 | x |\n+------+---+\n"
        #expect(diagnostics(table, syntax: .markdown) == [
            "information 14..<24: lines up in pandoc, which counts this text as 4 columns; it may look 2 columns off on screen [reader-width]",
        ])
    }

    @Test func reStructuredTextThatDocutilsAndPandocCountApartIsRefused() throws {
        let table = "+-----+---+\n| a\u{AD}b | x |\n+-----+---+\n"
        #expect(diagnostics(table, syntax: .restructuredText) == [
            "error 13..<19: docutils counts this text 1 column wider than pandoc -f rst does (zero-width, combining or control "
                + "characters): no layout lines up for both readers [reader-width]",
        ])
        #expect(DocumentFormatter.format(Array(table.utf8), syntax: .restructuredText).output == Array(table.utf8))
    }

    @Test func aTabInAReStructuredTextCellIsRefused() throws {
        // Found by an adversarial run: gridls measured the tab with stops of 4 and rewrote the cell's text.
        let table = "+---------+---+\n| a\tb | x |\n+---------+---+\n"
        #expect(diagnostics(table, syntax: .restructuredText) == [
            "error 17..<22: docutils expands this tab to the next multiple of 8 columns and pandoc -f rst to the next of 4: "
                + "no layout lines up for both readers; write spaces instead [reader-width]",
        ])
        #expect(DocumentFormatter.format(Array(table.utf8), syntax: .restructuredText).output == Array(table.utf8))
    }

    @Test func wideTextIsPaddedForTheReader() {
        // docutils: 東京 is 4 columns; pandoc: é (e and a combining accent) is 1, a ZWJ family 6.
        // Drawn for the editor, these stand off the reader's columns: reported, and the fix re-lays them.
        let rst = reLaidIfDrifted("+---+\n| 東京 |\n+---+\n", syntax: .restructuredText)
        #expect(rst == "+------+\n| 東京 |\n+------+\n")
        let md = reLaidIfDrifted("+--+\n| e\u{301} |\n+--+\n| 👨\u{200D}👩\u{200D}👧 |\n+--+\n")
        #expect(md == "+--------+\n| e\u{301}      |\n+--------+\n| 👨\u{200D}👩\u{200D}👧 |\n+--------+\n")
    }

    @Test func anEmojiWithAPresentationSelectorIsRefusedInMarkdown() {
        // pandoc 3.9 reads this table with no alignment: it sizes its grid wider than its lines.
        let table = "+:-----+---+\n| ✔️    | x |\n+------+---+\n"
        #expect(diagnostics(table, syntax: .markdown).map { $0.prefix(35) } == ["error 14..<25: pandoc sizes a grid "])
        #expect(DocumentFormatter.format(Array(table.utf8)).refused.map(\.code) == [.readerWidth])
    }
}
