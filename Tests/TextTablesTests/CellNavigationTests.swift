import Testing
@testable import TextTables

/// Org-style cell navigation: the document after each step, with `‸` where the cursor goes.
struct CellNavigationTests {
    static let caret = "‸"

    /// The document after one step from the `‸` in `marked`, with `‸` at the new cursor; nil when the
    /// step does not apply (outside tables, unreadable tables).
    func step(_ marked: String, _ direction: NavigationDirection, syntax: DocumentSyntax = .markdown) -> String? {
        let caretRange = marked.range(of: Self.caret)!
        let offset = marked.utf8.distance(from: marked.startIndex, to: caretRange.lowerBound)
        let text = TextLines(marked.replacingCharacters(in: caretRange, with: ""))
        guard let region = syntax.scan(text).tables.first(where: { $0.lines.contains(text.line(containing: offset)) }) else { return nil }
        let reading = TableReading(text, region: region, options: .init())
        guard let step = reading.navigate(from: offset, direction, syntax: syntax, isFormatted: nil) else { return nil }
        let after = TextLines(DocumentFormatter.apply(step.edits, to: text.bytes))
        let line = region.firstLine + step.line
        #expect(Array(after.bytes[after.starts[line]..<after.contentEnd(line)]) == step.lineText)
        var bytes = after.bytes
        bytes.insert(contentsOf: Array(Self.caret.utf8), at: after.starts[line] + step.byte)
        return String(decoding: bytes, as: UTF8.self)
    }

    let pipe = "Intro\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\nOutro\n"

    @Test func tabRealignsAndGoesToTheNextCell() {
        #expect(step("Intro\n\n| a‸ | b |\n|---|--:|\n| 1 | 2 |\n\nOutro\n", .nextCell)
            == "Intro\n\n| a   |   ‸b |\n| --- | --: |\n| 1   |   2 |\n\nOutro\n")
    }

    @Test func tabFromTheLastHeaderCellSkipsTheDelimiterRow() {
        #expect(step("| a | b‸ |\n|---|---|\n| 1 | 2 |\n", .nextCell) == "| a   | b   |\n| --- | --- |\n| ‸1   | 2   |\n")
    }

    @Test func tabFromTheLastCellOpensARow() {
        #expect(step("| a | b |\n| --- | --- |\n| 1 | 2‸ |\n", .nextCell)
            == "| a   | b   |\n| --- | --- |\n| 1   | 2   |\n| ‸    |     |\n")
        // A header alone gets its first body row.
        #expect(step("| a | b‸ |\n|---|---|\n", .nextCell) == "| a   | b   |\n| --- | --- |\n| ‸    |     |\n")
    }

    @Test func shiftTabGoesBackAndStopsAtTheFirstCell() {
        #expect(step("| a   | b   |\n| --- | --- |\n| ‸1   | 2   |\n", .previousCell) == "| a   | ‸b   |\n| --- | --- |\n| 1   | 2   |\n")
        #expect(step("| a‸ | b |\n|---|---|\n", .previousCell) == "| ‸a   | b   |\n| --- | --- |\n")
    }

    @Test func enterGoesToTheSameColumnBelowAndOpensARowAtTheEnd() {
        #expect(step("| a | b‸ |\n|---|---|\n| 1 | 2 |\n", .nextRow) == "| a   | b   |\n| --- | --- |\n| 1   | ‸2   |\n")
        #expect(step("| a | b |\n|---|---|\n| 1 | 2‸ |\n", .nextRow) == "| a   | b   |\n| --- | --- |\n| 1   | 2   |\n|     | ‸    |\n")
    }

    @Test func anAlignedTableIsNotEdited() throws {
        let text = TextLines("| a   | b   |\n| --- | --- |\n| 1   | 2   |\n")
        let reading = TableReading(text, region: DocumentSyntax.markdown.scan(text).tables[0], options: .init())
        let step = try #require(reading.navigate(from: 2, .nextCell, syntax: .markdown, isFormatted: nil))
        #expect(step.edits.isEmpty)
        #expect((step.line, step.byte) == (0, 8))
    }

    @Test func containersKeepTheirPrefixesOnTheNewRow() {
        #expect(step("> | a | b |\n> |---|---|\n> | 1 | 2‸ |", .nextCell)
            == "> | a   | b   |\n> | --- | --- |\n> | 1   | 2   |\n> | ‸    |     |")
        #expect(step("- item\n\n  | é | 表 |\n  |---|---|\n  | 1 | 2‸ |\n", .nextRow)
            == "- item\n\n  | é   | 表  |\n  | --- | --- |\n  | 1   | 2   |\n  |     | ‸    |\n")
    }

    let spanning = """
        +---+---+---+
        | a | b     |
        +---+---+---+
        | c | d | e |
        |   |   | f |
        +---+---+---+

        """

    @Test func aSpanningCellIsOneStop() {
        #expect(step(spanning.replacingOccurrences(of: "| a |", with: "| a‸ |"), .nextCell)
            == spanning.replacingOccurrences(of: "| b ", with: "| ‸b "))
        #expect(step(spanning.replacingOccurrences(of: "| b ", with: "| b‸ "), .nextCell)
            == spanning.replacingOccurrences(of: "| c |", with: "| ‸c |"))
        // Enter from the right half of the spanning cell goes to the column it is in.
        #expect(step(spanning.replacingOccurrences(of: "b     |", with: "b    ‸ |"), .nextRow)
            == spanning.replacingOccurrences(of: "| e |", with: "| ‸e |"))
    }

    @Test func aMultiLineCellIsOneStopAndTheLastOpensARow() {
        let from = spanning.replacingOccurrences(of: "| f |", with: "| f‸ |")
        #expect(step(from, .nextCell) == spanning + "| ‸  |   |   |\n+---+---+---+\n")
        #expect(step(spanning.replacingOccurrences(of: "| e |", with: "| e‸ |"), .previousCell)
            == spanning.replacingOccurrences(of: "| d |", with: "| ‸d |"))
    }

    @Test func aRuleLineStandsForTheCellBelowIt() {
        let from = "+---+---+\n| a | b |\n+===+===+\n| c‸| d |\n+---+---+\n".replacingOccurrences(of: "+===+===+\n| c‸", with: "+=‸==+===+\n| c ")
        #expect(step(from, .nextCell) == "+---+---+\n| a | b |\n+===+===+\n| c | ‸d |\n+---+---+\n")
    }

    @Test func textTypedIntoAGridCellIsReLaidOnTheWayOut() {
        #expect(step("+---+---+---+\n| a | bcd‸ | c |\n+---+---+---+\n| d | e | f |\n+---+---+---+\n", .nextCell)
            == "+---+-----+---+\n| a | bcd | ‸c |\n+---+-----+---+\n| d | e   | f |\n+---+-----+---+\n")
        #expect(step("+---+---+\n| a | b |\n+===+===+\n| 表‸ |   |\n+---+---+\n", .nextRow)
            == "+----+---+\n| a  | b |\n+====+===+\n| 表 |   |\n+----+---+\n| ‸   |   |\n+----+---+\n")
    }

    /// Found by the fuzzer: a cursor in the list indentation of a grid table whose text was pushed out of line.
    @Test func aCursorInTheContainerPrefixOfADriftedGridTable() {
        #expect(step("- item\n\n  +------+-----+\n‸  | in   | a list  |\n  +------+-----+\n", .nextCell)
            == "- item\n\n  +----+--------+\n  | in | ‸a list |\n  +----+--------+\n")
    }

    @Test func outsideTablesAndInUnreadableTablesNothingHappens() {
        #expect(step("Intro‸\n\n| a | b |\n|---|---|\n", .nextCell) == nil)
        #expect(step("+---+---+\n| a‸ | b |\n+---+--+\n", .nextCell) == nil)
    }
}

/// A table begun on one line with <Tab> or <Enter>, as in Org.
struct TableBegunTests {
    func begun(_ marked: String, _ direction: NavigationDirection) -> String? {
        let caretRange = marked.range(of: "‸")!
        let offset = marked.utf8.distance(from: marked.startIndex, to: caretRange.lowerBound)
        let line = Array(marked.replacingCharacters(in: caretRange, with: "").utf8)
        guard let made = TablesFromText.tableBegun(on: line, at: offset, direction, terminator: [0x0A], options: .init()) else { return nil }
        let text = TextLines(made.newText)
        var bytes = made.newText
        bytes.insert(contentsOf: Array("‸".utf8), at: text.starts[made.line] + made.byte)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aHeaderLineBecomesATable() {
        #expect(begun("| Name‸ | Age", .nextCell) == "| Name | ‸Age |\n| ---- | --- |")
        #expect(begun("|Name|Age‸", .nextCell) == "| Name | Age |\n| ---- | --- |\n| ‸     |     |")
        #expect(begun("  | Name | Age‸ |", .nextRow) == "  | Name | Age |\n  | ---- | --- |\n  |      | ‸    |")
    }

    @Test func otherLinesAreLeftAlone() {
        #expect(begun("Name | Age‸", .nextCell) == nil)
        #expect(begun("    | code‸ |", .nextCell) == nil)
        #expect(begun("| Name‸ |", .previousCell) == nil)
    }
}
