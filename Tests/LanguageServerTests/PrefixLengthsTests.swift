import Testing
@testable import LanguageServer
import TextTables

/// The index's per-line container prefixes, read from the scanner's regions: exact lengths, and no array
/// for a table that stands in no container.
struct PrefixLengthsTests {
    static func lengths(_ text: String) -> [PrefixLengths] {
        let lines = TextLines(text)
        return DocumentSyntax.markdown.scanRestartable(lines, startsDocument: true, options: ScanOptions()).scan.tables.map {
            PrefixLengths(contentStarts: $0.contentStarts, lineStarts: lines.starts, firstLine: $0.firstLine)
        }
    }

    @Test func aTableInNoContainerKeepsOnlyItsLineCount() {
        let found = Self.lengths("Text\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(found.count == 1)
        #expect(found[0].isBare && Array(found[0]) == [0, 0, 0])
    }

    @Test func tablesInQuotesAndItemsKeepEachLinesPrefix() {
        let found = Self.lengths("> | a | b |\n>|---|---|\n> | 1 | 2 |\n\n- item\n\n  | a |\n  |---|\n")
        #expect(found.map { Array($0) } == [[2, 1, 2], [2, 2]])
        #expect(found.allSatisfy { !$0.isBare })
    }
}
