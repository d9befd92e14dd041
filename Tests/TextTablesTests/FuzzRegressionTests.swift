import Foundation
@testable import GridModel
import Testing
@testable import TextTables

/// A fuzzer's input kept in the seed corpus (Tests/Fuzz/corpus), which the fuzzers start from again.
enum FuzzCorpus {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    /// The bytes of `name` (`target/file`).
    static func input(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}

/// Inputs the fuzzers found, kept as regression tests.
struct FuzzRegressionTests {
    @Test func aKeycapAfterAnASCIIDigitIsMeasuredAsOneCluster() throws {
        // Found by Tests/Fuzz (grid): "1️⃣" was measured as 1 + 2 columns when read, 2 when printed. pandoc
        // places it in 1 + 0 + 0 columns: this table, drawn as an editor draws it, stands off pandoc's
        // columns (the two lines below the top border); the keycap without U+FE0F ("1⃣") is one column.
        let table = "+----+----+\n| 1️⃣ | é |\n+----+----+\n|東京|x|\n+----+----+\n"
        let text = TextLines(table)
        let diagnostics = TableReading(text, region: MarkdownScanner.scan(text).tables[0], options: .init()).diagnostics
        #expect(diagnostics.map { "\($0.severity) \($0.code.rawValue)" } == ["information reader-width", "error broken-border", "error broken-border"])
        let (grid, printed, again) = try readPrintReread(String(String.UnicodeScalarView(table.unicodeScalars.filter { $0 != "\u{FE0F}" })))
        #expect(again.grid == .success(grid))
        #expect(printed == "+------+---+\n| 1\u{20E3}    | é |\n+------+---+\n| 東京 | x |\n+------+---+\n")
    }
}

extension FuzzRegressionTests {
    @Test func controlCharactersTakeNoColumnInGridTables() throws {
        // Found by Tests/Fuzz (grid): NUL bytes in a cell counted one column when read, none when printed.
        let table = "+---+---+\n| a\u{0}\u{0} | b |\n+---+---+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(again.grid == .success(grid))
    }
}

extension FuzzRegressionTests {
    @Test func tabsInsideGridCellsBecomeTheSpacesTheyCover() throws {
        // Found by Tests/Fuzz (grid): a tab's width depends on where it is printed.
        let table = "+-------+---+\n| a\tb  | c |\n+-------+---+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(grid.cells[0].lines == ["a b"])  // the tab at column 3 reaches the stop at 4
        #expect(again.grid == .success(grid))
    }

    @Test func aPipeTableRightUnderAGridBorderIsLeftAlone() {
        // Found by Tests/Fuzz (markdown): with outer pipes added, the table joined the grid border above.
        let document = "+:---+---:+\nname | value\n--- | ---:\n"
        let text = TextLines(document)
        let scan = MarkdownScanner.scan(text)
        #expect(scan.tables.filter { $0.kind == .pipe }.isEmpty)
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
        let once = DocumentFormatter.format(Array(document.utf8)).output
        #expect(once == Array(document.utf8))
    }
}

extension FuzzRegressionTests {
    @Test func aPipeTableRightUnderGridContentIsLeftAlone() {
        // Found by Tests/Fuzz (markdown): the grid region's last line sat right above the header.
        let document = "+---------+\n| left   h at once:\nname | value\n--- | ---:\n"
        let once = DocumentFormatter.format(Array(document.utf8)).output
        #expect(DocumentFormatter.format(once).output == once)
        #expect(MarkdownScanner.scan(TextLines(document)).diagnostics.map(\.code) == [.ambiguousTable])
    }

    @Test func textLikeABorderInsideASpanningCellIsText() throws {
        // Found by Tests/Fuzz (grid): "---+---+" in a cell spanning two columns touched the column line.
        let table = "+---------------------+-------+\n| outer          ---+---+   s |\n+=====================+=======+\n| x                   | y     |\n+---------------------+-------+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(again.grid == .success(grid))
    }
}

extension FuzzRegressionTests {
    @Test func aPipeInTheTextOfASpanningCellNeverLandsOnAColumnLine() throws {
        // Found by Tests/Fuzz (grid): "b   c|" in a cell spanning two columns put its | on the line.
        let table = "+-----+-----+-----+\n| a   | b   c|    |\n+-----+-----+-----+\n| d   | e   | f   |\n+-----+-----+-----+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(grid.cells[1].lines == ["b   c|"])
        #expect(again.grid == .success(grid))
    }

    @Test func aHeaderIndentedAsCodeThatReadsAsADelimiterRowIsLeftAlone() {
        // Found by Tests/Fuzz (markdown): printed without its indentation it became the delimiter above it.
        let document = "| crl\r\n\t|-|\n|-|\r"
        let once = DocumentFormatter.format(Array(document.utf8)).output
        #expect(once == Array(document.utf8))
        #expect(MarkdownScanner.scan(TextLines(document)).diagnostics.map(\.code) == [.ambiguousTable])
    }
}

extension FuzzRegressionTests {
    @Test func aLazyHeaderRowAfterSpacesIsLeftAloneAndSaidSo() {
        // Found by Tests/Fuzz (markdown, after 633,721 executions): the header continued a block quote
        // without its > and after spaces; printed with a leading pipe it was no table to GitHub any more,
        // and the delimiter row under it moved a column on every formatting.
        let document = ">-~+--\r\t-  ]\t\tB\t\t\t\t\u{01}\0\0\n  +--\n>----|\n\0\0ji \n\n\t"
        #expect(DocumentFormatter.format(Array(document.utf8)).output == Array(document.utf8))
        let scan = MarkdownScanner.scan(TextLines(document))
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
    }

    @Test func aQuoteMarkerWithoutItsSpaceKeepsTheTablesIndentation() {
        let document = ">  | a |\n>|-|\n"
        let once = DocumentFormatter.format(Array(document.utf8)).output
        #expect(String(decoding: once, as: UTF8.self) == ">  | a   |\n>  | --- |\n")
        #expect(DocumentFormatter.format(once).output == once)
        let edits = DocumentFormatter.edits(TextLines(document))
        #expect(TextEdit.apply(edits, to: Array(document.utf8)) == once)
    }
}

extension FuzzRegressionTests {
    @Test func gridTablesThatChangeHeightKeepTheLinesAroundThemInOrder() throws {
        // Found by Tests/Fuzz (markdown, after 551,312 executions): two grid tables, one printed taller and
        // one shorter, left the line count as it was, and the target compared lines by index. The target
        // now compares the lines outside tables in order; so does this test.
        let input = try FuzzCorpus.input("markdown/regression-grid-heights-shift-lines")
        let output = DocumentFormatter.format(input).output
        func outside(_ text: TextLines) -> [[UInt8]] {
            let inTable = Set(MarkdownScanner.scan(text).tables.flatMap(\.lines))
            return (0..<text.count).filter { !inTable.contains($0) }.map { Array(text.bytes[text.starts[$0]..<text.fullEnd($0)]) }
        }
        #expect(TextLines(output).count == TextLines(input).count)
        #expect(outside(TextLines(output)) == outside(TextLines(input)))
        #expect(MarkdownScanner.scan(TextLines(output)).tables.count == 8)
    }
}

extension FuzzRegressionTests {
    @Test func aDeleteCharacterBeforeAnEmojiTakesNoColumn() throws {
        // Found by Tests/Fuzz (grid): DEL measured with the emoji after it counted one column.
        let table = "+----+----+\n| a  | \u{7F}😀 |\n+----+----+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(again.grid == .success(grid))
    }
}

extension FuzzRegressionTests {
    @Test func borderLikeTextInACellSpanningRowsIsNotABorder() throws {
        // Found by Tests/Fuzz (grid, after 518,230 executions): "Range-----+-----+" in a cell spanning
        // rows was printed on the border line it crosses, where its + were read as junctions.
        let table = "+-----+-----------------------+\n| a   | b                     |\n+-----+ Range-----+-----+     |\n| c   |                       |\n+-----+-----------------------+\n"
        let (grid, _, again) = try readPrintReread(table)
        #expect(grid.cells.map(\.lines) == [["a"], ["b", "Range-----+-----+"], ["c"]])
        #expect(again.grid == .success(grid))
    }

    @Test func borderLikeTextBetweenPipesIsPrintedOffTheBorderLine() throws {
        // The same text with | right above and below its + would read as a border drawn inside a ring.
        let column = GridCell(rows: 0..<2, columns: 1..<2, lines: ["x  |  |", "b  +--+", "y  |  |"])
        let grid = try Grid(rowCount: 2, columnCount: 2, cells: [
            GridCell(rows: 0..<1, columns: 0..<1, lines: ["a"]), column, GridCell(rows: 1..<2, columns: 0..<1, lines: ["c"]),
        ])
        let printed = GridTablePrinter(grid, syntax: .restructuredText).lines().map { String(decoding: $0, as: UTF8.self) }
        #expect(printed == [
            "+---+---------+",
            "| a | x  |  | |",
            "|   | b  +--+ |",
            "+---+ y  |  | |",
            "| c |         |",
            "+---+---------+",
        ])
        let text = TextLines(printed.joined(separator: "\n") + "\n")
        #expect(TableReading(text, region: RSTScanner.scan(text).tables[0], options: .init()).grid == .success(grid))
    }

    @Test func theWholeFuzzerInputRoundTrips() throws {
        var text = TextLines(try FuzzCorpus.input("grid/border-like-text-in-spanning-cells"))
        var checked = 0
        for index in RSTScanner.scan(text).tables.indices {
            var parsed = TableReading(text, region: RSTScanner.scan(text).tables[index], options: .init())
            // A table whose | stand off the borders' columns is read once re-laid by its quick fix.
            if parsed.errors != nil, let fix = parsed.diagnostics.flatMap(\.fixes).first(where: { $0.title == "Re-lay the table from its cells" }) {
                text = TextLines(TextEdit.apply(fix.edits, to: text.bytes))
                parsed = TableReading(text, region: RSTScanner.scan(text).tables[index], options: .init())
            }
            guard case .success(let grid) = parsed.grid else { continue }
            let (printed, again) = try printAndReread(grid, syntax: .restructuredText)
            #expect(again.grid == .success(grid), "\(printed)")
            checked += 1
        }
        #expect(checked > 0)
    }
}

extension FuzzRegressionTests {
    @Test func aCellOpeningWithAnEmojiModifierIsMeasuredWithTheSpaceBeforeIt() throws {
        // Found by Tests/Fuzz (grid) when tables were measured as editors draw them (" 🏽" one cluster of 2
        // columns). pandoc counts code points: the space 1, 🏽 2, wherever they stand.
        let table = "+---------+----+\n| 👨\u{201D}👩\u{200D}👧 | ❤ |\n+---------+----+\n| 1❤\u{FE23} | 🏽 |\n+---------+----+\n"
        let (grid, printed, again) = try readPrintReread(table)
        #expect(again.grid == .success(grid))
        // As pandoc counts: 2 + 1 + 2 + 0 + 2 for the family, 1 for ❤, 2 for 🏽 alone.
        #expect(printed == "+---------+----+\n| 👨\u{201D}👩\u{200D}👧 | ❤  |\n+---------+----+\n| 1❤\u{FE23}      | 🏽 |\n+---------+----+\n")
    }

    @Test func aPipeAfterALeadingEmojiModifierInASpanningCellStaysOffTheColumnLine() throws {
        // pandoc counts " 🏽" as 3 columns: the "|" of "🏽x|" must stay off the column line it would meet.
        let table = "+--------+---+\n| 🏽x|y  | z |\n+--------+---+\n| a      | b |\n+--------+---+\n"
        let text = TextLines(table)
        let parsed = try TableReading(text, region: MarkdownScanner.scan(text).tables[0], options: .init()).grid.get()
        let grid = try parsed.merging(SlotRect(rows: 0..<1, columns: 0..<2))
        let (printed, again) = try printAndReread(grid)
        #expect(again.grid == .success(grid), "\(printed)")
    }
}

extension FuzzRegressionTests {
    @Test func aTabBeforeNonASCIITextCoversItsColumns() throws {
        // Found by Tests/Fuzz (grid): a tab right before a non-ASCII character was measured as the start
        // of a cluster with it and took no column, so the cell's line was read a column short.
        let table = "+--------+---+\n| a\té    | c |\n+--------+---+\n"
        let (grid, printed, again) = try readPrintReread(table)
        #expect(grid.cells[0].lines == ["a é"])  // the tab at column 3 reaches the stop at 4
        #expect(again.grid == .success(grid))
        #expect(printed == "+-----+---+\n| a é | c |\n+-----+---+\n")
    }
}

extension FuzzRegressionTests {
    @Test func controlCharactersAfterTabsInAReStructuredTextCellAreRefused() throws {
        // Found by Tests/Fuzz (grid): tabs, a vertical tab, NUL and group separators in a cell that spans
        // rows; docutils counts the controls, pandoc does not: the line with tabs went unchecked.
        let input = try FuzzCorpus.input("grid/tabs-and-controls-in-rst-spanning-cell")
        let text = TextLines(input)
        let regions = RSTScanner.scan(text).tables
        // With docutils's tabs (stops of 8 from the line's start) the line's `|` stand off the borders:
        // docutils reports "Malformed table." on it (scripts/read_tables.py docutils-errors), gridls a drift.
        #expect(TableReading(text, region: regions[0], options: .init()).diagnostics.map { "\($0.severity) \($0.code.rawValue)" } == [
            "warning reader-width", "information reader-width", "error broken-border",
        ])
        for region in regions {
            guard case .success(let grid) = TableReading(text, region: region, options: .init()).grid else { continue }
            let printed = GridTablePrinter(grid, syntax: .restructuredText).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
            let reread = TextLines(printed)
            let again = TableReading(reread, region: try #require(RSTScanner.scan(reread).tables.first), options: .init())
            #expect(again.grid == .success(grid), "\(printed) \(again.diagnostics)")
        }
    }
}

extension FuzzRegressionTests {
    @Test func aSlipIsSoughtInAGridTableWhoseLinesEndInALoneCarriageReturn() {
        // Found by Tests/Fuzz (markdown): the command line ends a line at a lone `\r`, and the slip search
        // read its candidates with lines ended at `\n` only, so the table's second line ran into its third.
        let document = "- item\n\n  +------+------------+\n  | in   | a list  %   |\r  +------+------------+\n"
        let result = DocumentFormatter.format(Array(document.utf8), syntax: .markdown, options: .init())
        #expect(result.output == Array(document.utf8))
        #expect(result.refused.map(\.code) == [.brokenBorder])
        // A slip in such a table is found and repaired as in any other.
        let slipped = "+----+----+\r| ab | cd |\r+----+---+\r"
        let text = TextLines.readerLines(Array(slipped.utf8))
        let reading = TableReading(text, region: MarkdownScanner.scan(text).tables[0], options: .init())
        let fix = reading.diagnosticsWithFixes().first?.fixes.first
        #expect(fix?.isPreferred == true)
        #expect(fix.map { String(decoding: TextEdit.apply($0.edits, to: text.bytes), as: UTF8.self) } == "+----+----+\r| ab | cd |\r+----+----+\r")
    }
}

extension FuzzRegressionTests {
    @Test func aPandocTableWhosePrintWouldMakeAYAMLBlockIsLeftAlone() {
        // Found by Tests/Fuzz (markdown, pandoc's reading): pandoc reads a headerless multiline table from
        // `---` to `-`; printed, its closing line became `---`, and the two lines made a YAML block.
        let document = "x\n\n---\nt: 0\n    |-|\n\n> a\n-\n"
        let text = TextLines(document)
        #expect(DocumentSyntax.pandocMarkdown.scan(text).tables.map(\.kind) == [.multiline])
        let once = DocumentFormatter.format(Array(document.utf8), syntax: .pandocMarkdown).output
        #expect(String(decoding: once, as: UTF8.self) == document)
    }
}

extension FuzzRegressionTests {
    @Test(arguments: [DocumentSyntax.markdown, .pandocMarkdown], [
        "markdown/deep-quote-list-hang.md", "markdown/quoted-tables-list-border-lookalike.md", "markdown/cr-item-tab-lazy-rows.md",
        "markdown/yaml-fence-quotes-math-lazy.md", "markdown/tab-item-quote-lazy-rows.md",
        "markdown/front-matter-code-span-html-math.md",
    ])
    func quotesListsAndLazyRowsKeepTheirTables(_ syntax: DocumentSyntax, _ file: String) throws {
        // Found by Tests/Fuzz (markdown): formatting changed the number of tables.
        let input = try FuzzCorpus.input(file)
        let once = DocumentFormatter.format(input, syntax: syntax, options: FormatOptions())
        #expect(DocumentFormatter.format(once.output, syntax: syntax, options: FormatOptions()).output == once.output)
        let text = TextLines.readerLines(input)
        let errors = DocumentFormatter.diagnostics(text, scan: syntax.scan(text, options: ScanOptions()), options: FormatOptions()).filter { $0.severity == .error }
        #expect(once.refused == errors, "format refuses other errors than check reports")
        let after = TextLines.readerLines(once.output)
        #expect(syntax.scan(after, options: ScanOptions()).tables.count == syntax.scan(text, options: ScanOptions()).tables.count,
                "formatting changed the number of tables:\n\(String(decoding: once.output, as: UTF8.self))")
    }
}
