import TestSupport
import Testing
@testable import TextTables

/// The engine's promises, checked on random documents: formatting is idempotent, changes no line outside
/// tables, no container prefix, no line ending and no cell's text, and finds the same tables afterwards.
struct FormattingPropertyTests {
    static let seeds: [UInt64] = Array(1000..<1600)

    @Test(arguments: seeds)
    func formattingKeepsItsPromises(seed: UInt64) {
        var generator = RandomDocument(seed: seed)
        let input = Array(generator.make().utf8)
        let result = DocumentFormatter.format(input), output = result.output
        #expect(DocumentFormatter.format(output).output == output, "not idempotent")
        let inputText = TextLines.readerLines(input)
        let errors = DocumentFormatter.diagnostics(inputText, scan: MarkdownScanner.scan(inputText)).filter { $0.severity == .error }
        #expect(result.refused == errors, "format refuses other errors than check reports")

        let before = TextLines.readerLines(input), after = TextLines.readerLines(output)
        #expect(before.count == after.count, "line count changed")
        guard before.count == after.count else { return }
        let scanBefore = MarkdownScanner.scan(before), scanAfter = MarkdownScanner.scan(after)
        #expect(scanBefore.tables.map(\.lines) == scanAfter.tables.map(\.lines), "tables moved")

        var tableLines = Set<Int>()
        for region in scanBefore.tables { tableLines.formUnion(region.lines) }
        for line in 0..<before.count {
            #expect(Array(before.terminator(line)) == Array(after.terminator(line)), "line \(line) ending changed")
            if !tableLines.contains(line) {
                #expect(before.bytes[before.starts[line]..<before.fullEnd(line)]
                    .elementsEqual(after.bytes[after.starts[line]..<after.fullEnd(line)]), "line \(line) changed")
            }
        }
        for (old, new) in zip(scanBefore.tables, scanAfter.tables) {
            expectSameCells(old, before, new, after)
        }
    }

    private func expectSameCells(_ old: TableRegion, _ before: TextLines, _ new: TableRegion, _ after: TextLines) {
        for (offset, line) in old.lines.enumerated() {
            let oldPrefix = before.bytes[before.starts[line]..<old.contentStarts[offset]]
            let newPrefix = after.bytes[after.starts[line]..<new.contentStarts[offset]]
            // A `>` with no space after it gains one when the table's indentation follows (else the marker
            // would swallow a column of that indentation); nothing else in a prefix changes.
            let markerSpaced = oldPrefix.last == UInt8(ascii: ">") && newPrefix.elementsEqual(oldPrefix + [0x20])
            #expect(oldPrefix.elementsEqual(newPrefix) || markerSpaced, "prefix of line \(line) changed")
        }
        let oldTable = PipeTable.parse(before, region: old), newTable = PipeTable.parse(after, region: new)
        #expect(oldTable.alignments == newTable.alignments)
        if oldTable.cellUnprintableAfterPipe != nil {  // left as it is
            #expect(oldTable.texts == newTable.texts)
            return
        }
        for (oldRow, newRow) in zip(oldTable.texts, newTable.texts) {
            // A short row gains empty cells up to the header's count; nothing else may change.
            #expect(Array(newRow.prefix(oldRow.count)) == oldRow)
            #expect(newRow.dropFirst(oldRow.count).allSatisfy { $0.isEmpty })
            #expect(newRow.count == max(oldRow.count, oldTable.columnCount))
        }
    }

    @Test func trailingNewlineAndIndentationSurvive() {
        let input = "  |a|b|\r\n  |-|-|\r\n  |1|2|"
        let output = String(decoding: DocumentFormatter.format(Array(input.utf8)).output, as: UTF8.self)
        #expect(output == "  | a   | b   |\r\n  | --- | --- |\r\n  | 1   | 2   |")
    }
}
