import Foundation
@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// The table keys on random documents (the conformance generator's pipe tables in block quotes and list
/// items, with wide characters, escapes and ragged rows): every step lands on a cell of a readable table,
/// touches no line outside its table, and a second step in the table it left aligned edits nothing but a
/// new row.
struct CellNavigationPropertyTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_RANDOM_DOCUMENTS"] ?? "") ?? 300

    @Test func everyStepLandsOnACellAndKeepsTheRestOfTheDocument() throws {
        var steps = 0
        for seed in 0..<UInt64(Self.count) {
            var generator = RandomDocument(seed: seed &+ 70_000)
            var random = SeededRandom(seed: seed)
            let text = TextLines(generator.make())
            for region in DocumentSyntax.markdown.scan(text).tables {
                let reading = TableReading(text, region: region, options: .init())
                guard case .success = reading.grid else { continue }
                let line = region.firstLine + random.below(region.contentStarts.count)
                let offset = text.starts[line] + random.below(text.contentEnd(line) - text.starts[line] + 1)
                let direction = random.pick(NavigationDirection.allCases)
                let table = String(decoding: text.bytes[text.starts[region.firstLine]..<text.fullEnd(region.lines.upperBound - 1)], as: UTF8.self)
                guard let step = reading.navigate(from: offset, direction, syntax: .markdown, isFormatted: nil) else {
                    // Only where the step needs a new row and the table cannot take one (a cell it cannot print).
                    guard case .success(let grid) = reading.grid, case .failure = reading.apply(.edit(.insertRow(at: grid.rowCount)), syntax: .markdown) else {
                        Issue.record("seed \(seed): no step \(direction) from line \(line - region.firstLine) byte \(offset - text.starts[line]) of \(table.debugDescription)")
                        continue
                    }
                    continue
                }
                steps += 1
                let after = TextLines(TextEdit.apply(step.edits, to: text.bytes))
                // Nothing outside the table changed.
                let tableStart = text.starts[region.firstLine], tableEnd = text.fullEnd(region.lines.upperBound - 1)
                #expect(after.bytes.prefix(tableStart).elementsEqual(text.bytes.prefix(tableStart)), "seed \(seed)")
                #expect(after.bytes.suffix(text.bytes.count - tableEnd).elementsEqual(text.bytes.suffix(text.bytes.count - tableEnd)), "seed \(seed)")
                // The cursor is on a cell of the table the edits made.
                let target = region.firstLine + step.line
                #expect(Array(after.bytes[after.starts[target]..<after.contentEnd(target)]) == step.lineText, "seed \(seed)")
                let moved = try #require(DocumentSyntax.markdown.scan(after).tables.first { $0.lines.contains(target) }, "seed \(seed)")
                let again = TableReading(after, region: moved, options: .init())
                #expect(again.slots(at: [after.starts[target] + step.byte])[0] != nil, "seed \(seed)")
                // The table is aligned now: another step edits only to add a row.
                let next = try #require(again.navigate(from: after.starts[target] + step.byte, .previousCell, syntax: .markdown, isFormatted: nil))
                #expect(next.edits.isEmpty, "seed \(seed): \(String(decoding: after.bytes[after.starts[moved.firstLine]..<after.fullEnd(moved.lines.upperBound - 1)], as: UTF8.self))")
            }
        }
        #expect(steps > Self.count / 2)
    }

    /// On random grid tables with spans and multi-line cells, in both syntaxes: <Tab> from the first cell
    /// visits every cell once, in reading order, then adds a row; <S-Tab> from there comes back the same way.
    @Test(arguments: [DocumentSyntax.markdown, .restructuredText])
    func tabVisitsEveryGridCellOnceInReadingOrder(_ syntax: DocumentSyntax) throws {
        var walked = 0
        for seed in 0..<UInt64(Self.count / 3) {
            var generator = RandomReaderGrid(seed: seed &+ 31)
            let grid = generator.grid(foot: false, aligned: syntax == .markdown)
            var text = TextLines(GridTablePrinter(grid, syntax: syntax).lines().flatMap { $0 + [0x0A] })
            guard let region = syntax.scan(text).tables.first, TableReading(text, region: region, options: .init()).errors == nil else { continue }
            var offset = text.starts[1] + 2  // the first cell
            var visited: [Int] = []
            for _ in 0..<grid.cells.count {
                let reading = TableReading(text, region: syntax.scan(text).tables[0], options: .init())
                let slot = try #require(reading.slots(at: [offset])[0], "seed \(seed)")
                visited.append(try #require(grid.cellIndex(row: slot.row, column: slot.column)))
                let step = try #require(reading.navigate(from: offset, .nextCell, syntax: syntax, isFormatted: nil), "seed \(seed)")
                if visited.count < grid.cells.count { #expect(step.edits.isEmpty, "seed \(seed): an aligned table is not edited") }
                text = TextLines(TextEdit.apply(step.edits, to: text.bytes))
                offset = text.starts[step.line] + step.byte
            }
            #expect(visited == Array(grid.cells.indices), "seed \(seed)")
            // The last <Tab> added a row whose first cell has the cursor.
            let grown = TableReading(text, region: syntax.scan(text).tables[0], options: .init())
            #expect(try grown.grid.get().rowCount == grid.rowCount + 1, "seed \(seed)")
            #expect(grown.slots(at: [offset])[0] == Slot(row: grid.rowCount, column: 0), "seed \(seed)")
            walked += 1
        }
        #expect(walked > Self.count / 12)  // the rest hold text their reader cannot read as drawn: refused
    }
}

/// The table keys on random reStructuredText simple tables (random grids with blank cells, converted):
/// <Tab> from the first cell visits every cell once, in reading order, blank cells at a row's end too
/// (once stuck there), then opens a line of spaces above the bottom border; text typed there is a row,
/// and <Tab> goes on into its next cell.
struct SimpleTableKeysPropertyTests {
    @Test func tabVisitsEverySimpleCellOnceThenOpensARow() throws {
        var walked = 0
        for seed in 0..<UInt64(CellNavigationPropertyTests.count / 2) {
            var generator = RandomGridTable(seed: seed &+ 5_000, combiningMarks: false)
            let gridText = Array((generator.text(generator.grid()) + "\n").utf8)
            guard let asGrid = TableReading.first(in: gridText), case .success(let done) = asGrid.apply(.convertToSimple, syntax: .restructuredText) else { continue }
            var text = TextLines(TextEdit.apply(done.edits, to: gridText))
            guard let region = DocumentSyntax.restructuredText.scan(text).tables.first, region.kind == .simple,
                  case .success(let grid) = TableReading(text, region: region, options: .init()).grid else { continue }
            var offset = text.starts[1]  // the header's first cell
            var visited: [Int] = []
            for _ in 0..<grid.cells.count {
                let reading = TableReading(text, region: DocumentSyntax.restructuredText.scan(text).tables[0], options: .init())
                let slot = try #require(reading.slots(at: [offset])[0], "seed \(seed): \(String(decoding: text.bytes, as: UTF8.self))")
                visited.append(try #require(grid.cellIndex(row: slot.row, column: slot.column)))
                let step = try #require(reading.navigate(from: offset, .nextCell, syntax: .restructuredText, isFormatted: nil), "seed \(seed)")
                text = TextLines(TextEdit.apply(step.edits, to: text.bytes))
                offset = text.starts[step.line] + step.byte
            }
            #expect(visited == Array(grid.cells.indices), "seed \(seed): \(String(decoding: text.bytes, as: UTF8.self))")
            // The cursor is on a line of spaces right above the bottom border; the table reads as before.
            let line = text.line(containing: offset)
            #expect(text.bytes[text.starts[line]..<text.contentEnd(line)].allSatisfy { $0 == 0x20 }, "seed \(seed)")
            #expect(text.bytes[text.starts[line + 1]] == UInt8(ascii: "="), "seed \(seed)")
            // Text typed there is a row, and <Tab> goes on into its second cell.
            text = TextLines(Array(text.bytes[..<offset]) + Array("X".utf8) + Array(text.bytes[offset...]))
            let grown = TableReading(text, region: DocumentSyntax.restructuredText.scan(text).tables[0], options: .init())
            guard grown.errors == nil else { Issue.record("seed \(seed): \(String(decoding: text.bytes, as: UTF8.self).debugDescription)"); continue }
            #expect(try grown.grid.get().rowCount == grid.rowCount + 1, "seed \(seed)")
            if grid.columnCount > 1 {
                let step = try #require(grown.navigate(from: offset + 1, .nextCell, syntax: .restructuredText, isFormatted: nil))
                let after = TextLines(TextEdit.apply(step.edits, to: text.bytes))
                let moved = TableReading(after, region: DocumentSyntax.restructuredText.scan(after).tables[0], options: .init())
                #expect(moved.slots(at: [after.starts[step.line] + step.byte])[0] == Slot(row: grid.rowCount, column: 1), "seed \(seed)")
            }
            walked += 1
        }
        #expect(walked > CellNavigationPropertyTests.count / 8)
    }
}

/// `TableReading.isFormatted` (one buffer, compared) says what the formatting edits say (none), for the
/// tables of random documents before and after formatting, and for random grid tables with spans as
/// printed and with a cell's padding widened.
struct IsFormattedPropertyTests {
    @Test func isFormattedIsHavingNoFormattingEdits() throws {
        var formattedSeen = 0, unformattedSeen = 0
        func check(_ text: TextLines, _ syntax: DocumentSyntax, _ context: String) {
            for region in syntax.scan(text).tables {
                let reading = TableReading(text, region: region, options: .init())
                let edits = (try? reading.formattingEdits().get()) ?? []
                #expect(reading.isFormatted == edits.isEmpty, "\(context)")
                if reading.errors == nil { if edits.isEmpty { formattedSeen += 1 } else { unformattedSeen += 1 } }
            }
        }
        for seed in 0..<UInt64(CellNavigationPropertyTests.count) {
            var generator = RandomDocument(seed: seed &+ 90_000)
            let bytes = Array(generator.make().utf8)
            check(TextLines(bytes), .markdown, "document \(seed)")
            check(TextLines(DocumentFormatter.format(bytes, options: .init()).output), .markdown, "document \(seed) formatted")
        }
        for seed in 0..<UInt64(100) {
            for syntax in [DocumentSyntax.markdown, .restructuredText] {
                var generator = RandomReaderGrid(seed: seed &+ 90_000)
                let printed = GridTablePrinter(generator.grid(foot: false, aligned: syntax == .markdown), syntax: syntax).lines()
                check(TextLines(printed.flatMap { $0 + [0x0A] }), syntax, "grid \(seed)")
                // The last column one wider on every line (its padding or rule doubled before the right
                // edge, before an alignment colon there): the same table, not formatted.
                let widened = printed.map { line -> [UInt8] in
                    var line = line
                    let at = line.count - (line[line.count - 2] == UInt8(ascii: ":") ? 2 : 1)
                    line.insert(line[at - 1], at: at)
                    return line
                }
                check(TextLines(widened.flatMap { $0 + [0x0A] }), syntax, "widened grid \(seed)")
            }
        }
        #expect(formattedSeen > 100 && unformattedSeen > 100, "\(formattedSeen) formatted, \(unformattedSeen) not")
    }
}
