@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// A fix's title is its name: `gridls.applyFix` finds the fix to make by it. Each kind has its own, and
/// the fixes offered for one diagnostic never share one.
struct FixKindTests {
    /// Every kind, those with values with two of them.
    static let kinds: [FixKind] = [
        .closeWithBottomBorder, .cutBorderAtRightEdge, .drawBorderToRightEdge, .makeOrdinaryBorder,
        .movePlus(toColumn: 3), .movePlus(toColumn: 12), .putPlusWhereBordersCross, .closeVerticalBorder,
        .splitRegion, .reLayTable, .restoreBorder,
        .writeBack(UInt8(ascii: "+")), .writeBack(UInt8(ascii: "|")), .writeMissing(UInt8(ascii: "-")), .writeMissing(UInt8(ascii: " ")),
        .writeHere(UInt8(ascii: "=")), .writeHere(UInt8(ascii: " ")), .removeStrayBar, .removeExtra(UInt8(ascii: "-")), .removeExtra(UInt8(ascii: "+")),
        .moveLineLeft, .moveLineRight, .widenColumn(1), .widenColumn(2), .addClosingLine,
        .drawRuleLikeTopBorder, .startRowWithEmptyCell, .lineUpRuns, .fillRow, .addHeaderCells, .deleteCellsPastHeader,
    ]

    @Test func eachKindHasItsOwnTitle() {
        let titles = Self.kinds.map(\.title)
        #expect(Set(titles).count == titles.count, "\(titles)")
        #expect(FixKind.writeHere(UInt8(ascii: " ")).title == "Write space here")
        #expect(FixKind.writeBack(UInt8(ascii: "+")).title == "Write the `+` back")
    }

    /// The fixes of every diagnostic of random broken tables (and of a slip with several readings, whose
    /// fixes are one kind at several places) have distinct titles.
    @Test(arguments: FixAllPropertyTests.syntaxes)
    func aDiagnosticsFixesHaveDistinctTitles(_ syntax: DocumentSyntax) {
        var offered = 0
        let tables = (UInt64(0)..<150).map { FixAllPropertyTests.brokenTable(syntax, seed: $0) }
            + [BrokenTables.slipWithChoices.split(separator: "\n").map { Array($0.utf8) }]
        for lines in tables {
            let text = TextLines.readerLines(lines.flatMap { $0 + [0x0A] })
            let scan = syntax.scan(text)
            let diagnostics = scan.diagnostics + scan.tables.flatMap { TableReading(text, region: $0, options: .init()).diagnosticsWithFixes() }
            for diagnostic in diagnostics {
                let titles = diagnostic.fixes.map(\.title)
                #expect(Set(titles).count == titles.count, "\(titles)")
                offered += titles.count
            }
        }
        #expect(offered > 100)
    }
}
