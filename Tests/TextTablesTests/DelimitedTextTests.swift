@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// Lines of delimited text read as rows, rows printed as a pipe table or as CSV.
struct DelimitedTextTests {
    @Test(arguments: [
        ("a\tb\nc\td\n", DelimitedText.Separator.tab),
        ("a,b\nc,d\n", .comma),
        ("a,b\tc\nd\te\n", .tab),
        ("name  age\nAda Lovelace  36\n", .spaces),
        ("a,b\nno comma\n", .spaces),
        ("a,b\n\n c,d\n", .comma),
    ])
    func theSeparatorIsChosenAsOrgDoes(_ text: String, _ separator: DelimitedText.Separator) {
        #expect(DelimitedText.separator(of: text) == separator)
    }

    @Test func csvFollowsRFC4180() {
        let text = "name,quote\r\n\"Lovelace, Ada\",\"She said \"\"hi\"\"\"\n  padded  , \"  kept  \" \n\"two\nlines\",x\n"
        #expect(DelimitedText.rows(text, separator: .comma) == [
            ["name", "quote"], ["Lovelace, Ada", "She said \"hi\""], ["padded", "  kept  "], ["two\nlines", "x"],
        ])
    }

    @Test func spacesSplitAtRunsOfTwoAndTabsAtEachTab() {
        #expect(DelimitedText.rows("  New York   8.3\nOslo  0.7\n", separator: .spaces) == [["New York", "8.3"], ["Oslo", "0.7"]])
        #expect(DelimitedText.rows("a\t\tb \n", separator: .tab) == [["a", "", "b"]])
    }

    @Test func csvQuotesOnlyWhatNeedsIt() {
        #expect(DelimitedText.csv([["a", "b,c", "say \"x\""], [" lead", "two\nlines", ""]])
            == "a,\"b,c\",\"say \"\"x\"\"\"\n\" lead\",\"two\nlines\",\n")
    }

    @Test func rowsBecomeAPipeTableWithEscapedPipes() throws {
        let rows = [["name", "cmd"], ["Ada", "a | b"], ["Grace, Hopper"], ["x", "two\nlines"]]
        let lines = try #require(DelimitedTable.pipeTableLines(rows, options: FormatOptions()))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == [
            "| name          | cmd          |",
            "| ------------- | ------------ |",
            "| Ada           | a \\| b       |",
            "| Grace, Hopper |              |",
            "| x             | two<br>lines |",
        ])
    }

    @Test func anEmptyTableHasTheAskedShape() throws {
        let lines = try #require(DelimitedTable.emptyPipeTableLines(rows: 2, columns: 3, options: FormatOptions()))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["|     |     |     |", "| --- | --- | --- |", "|     |     |     |"])
        #expect(DelimitedTable.emptyPipeTableLines(rows: 0, columns: 3, options: FormatOptions()) == nil)
    }

    @Test func aGridTableReadsOutWithSpansInTheirFirstSlot() throws {
        let grid = try Grid(
            rowCount: 2, columnCount: 2, cells: [
                GridCell(rows: 0..<1, columns: 0..<2, lines: ["wide | head"]),
                GridCell(rows: 1..<2, columns: 0..<1, lines: ["a", "b"]),
                GridCell(rows: 1..<2, columns: 1..<2, lines: ["c\\|d"]),
            ],
            headerRowCount: 1)
        #expect(DelimitedTable.rows(of: grid, kind: .grid) == [["wide | head", ""], ["a\nb", "c\\|d"]])
        #expect(DelimitedTable.rows(of: grid, kind: .pipe) == [["wide | head", ""], ["a\nb", "c|d"]])
    }

    /// What cmark-gfm reads from the table made of random CSV is the CSV's fields, cell for cell.
    @Test(.enabled(if: Cmark.isAvailable, "cmark-gfm is not installed"))
    func cmarkReadsTheFieldsBack() throws {
        var random = SeededRandom(seed: 4180)
        let pieces = ["a", "b c", "|", ",", "\"", "x|y", "1.5", "é", "東京", "  ", "\\"]
        for _ in 0..<40 {
            let width = Int.random(in: 1...4, using: &random)
            let rows = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<width).map { _ in (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
                    .map { $0.trimmingBlanks() }
            }
            let read = DelimitedText.rows(DelimitedText.csv(rows), separator: .comma)
            #expect(read == rows.filter { $0 != [""] })
            let lines = try #require(DelimitedTable.pipeTableLines(rows, options: FormatOptions()))
            let html = try Cmark.html(Array(lines.joined(separator: [0x0A])) + [0x0A])
            #expect(cellTexts(html) == rows.flatMap { $0 }, "\(rows)")
        }
    }

    /// The text of every th and td element, HTML entities read back.
    private func cellTexts(_ html: String) -> [String] {
        var texts: [String] = []
        var rest = Substring(html)
        while let open = rest.firstRange(of: "<t"), let close = rest[open.upperBound...].firstIndex(of: ">") {
            let tag = rest[open.upperBound..<close]
            rest = rest[rest.index(after: close)...]
            guard tag == "h" || tag == "d" || tag.hasPrefix("h ") || tag.hasPrefix("d "), let end = rest.firstRange(of: "</t") else { continue }
            texts.append(String(rest[..<end.lowerBound]).replacing("&quot;", with: "\"").replacing("&lt;", with: "<")
                .replacing("&gt;", with: ">").replacing("&amp;", with: "&"))
            rest = rest[end.upperBound...]
        }
        return texts
    }
}

private extension String {
    func trimmingBlanks() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
