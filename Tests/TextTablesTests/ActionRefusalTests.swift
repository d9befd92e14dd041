@testable import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Whether an action can be done is decided without doing it (an editor asks on every cursor move); the
/// shortcut must agree with doing it, reason for reason, on every kind of table and action.
struct ActionRefusalTests {
    /// The action done the long way: the model's operation, then the pipe-table check of what it made.
    func refusalByDoing(_ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax) -> TableEditFailure? {
        if action == .convertToPipe && syntax == .restructuredText { return .refused(.noPipeTablesInReStructuredText) }
        if action == .convertToSimple && syntax == .markdown { return .refused(.noSimpleTablesInMarkdown) }
        if action == .convertToList && syntax.isMarkdown { return .refused(.noListTablesInMarkdown) }
        if action == .convertToMultiline && syntax != .pandocMarkdown { return .refused(.noMultilineTables) }
        let edited: Grid
        do { edited = try TableEditor.perform(action, on: grid, syntax: syntax) } catch { return .refused(.edit(error)) }
        switch TableEditor.target(of: action, kind: kind, syntax: syntax) {
        case .pipe: return TableConversion.pipeRefusal(edited).map(TableEditFailure.refused)
        case .grid: return action != .format || kind != .grid ? ReferenceReader(syntax).refusal(for: edited).map { .refused(.readerWidth($0)) } : nil
        case .simple: return SimpleTablePrinter.refusal(edited).map(TableEditFailure.refused)
        case .list: return ListTablePrinter.refusal(edited).map(TableEditFailure.refused)
        case .pandocSimple, .multiline:
            let target: PandocTableKind = TableEditor.target(of: action, kind: kind, syntax: syntax) == .multiline ? .multiline : .simple
            return PandocTablePrinter.refusal(edited, kind: target).map(TableEditFailure.refused)
                ?? ReferenceReader(syntax).refusal(for: edited).map { .refused(.readerWidth($0)) }
        }
    }

    func actions(_ grid: Grid, _ random: inout SeededRandom) -> [TableAction] {
        let r = random.int(0...grid.rowCount), c = random.int(0...grid.columnCount)
        let r2 = random.int(0...grid.rowCount), c2 = random.int(0...grid.columnCount)
        return [
            .format, .convertToGrid, .convertToPipe, .convertToSimple, .convertToMultiline, .convertToList, .edit(.insertRow(at: r)), .edit(.insertColumn(at: c)), .edit(.deleteRow(r)), .edit(.deleteColumn(c)),
            .edit(.moveRow(from: r, to: r2)), .edit(.moveColumn(from: c, to: c2)), .edit(.sortBody(column: c, order: .ascending)),
            .edit(.merge(SlotRect(rows: min(r, r2)..<max(r, r2), columns: min(c, c2)..<max(c, c2)))), .edit(.split(row: r, column: c)),
        ]
    }

    /// Odd seeds put emoji with U+FE0F in the cells: an edit of a Markdown grid table holding them may make
    /// one pandoc cannot read (`ReferenceReader.pandocRefusal`).
    @Test(arguments: 0..<300)
    func refusalAgreesWithDoingIt(seed: UInt64) {
        var tables = RandomGridTable(seed: seed, sizedEmoji: seed % 2 == 1)
        var random = SeededRandom(seed: seed &+ 1_000)
        let grid = tables.grid()
        // The same grid as a grid table, and (when it is one) as a pipe and a simple table, in both syntaxes.
        var kinds: [TableRegion.Kind] = [.grid]
        if TableConversion.pipeRefusal(grid) == nil { kinds.append(.pipe) }
        if SimpleTablePrinter.refusal(grid) == nil { kinds.append(.simple) }
        // And as pandoc's simple and multiline tables, in pandoc's Markdown.
        var pairs = kinds.flatMap { kind in [DocumentSyntax.markdown, .restructuredText].map { (kind, $0) } }
        if PandocTablePrinter.refusal(grid, kind: .multiline) == nil { pairs += [(.multiline, .pandocMarkdown), (.grid, .pandocMarkdown)] }
        if PandocTablePrinter.refusal(grid, kind: .simple) == nil { pairs.append((.pandocSimple, .pandocMarkdown)) }
        for (kind, syntax) in pairs {
            do {
                for action in actions(grid, &random) {
                    let quick = TableEditor.refusal(action, on: grid, kind: kind, syntax: syntax,
                                                    holdsSizedText: { ReferenceReader.holdsSizedText(grid) }) {
                        ReferenceReader(syntax).refusal(for: grid).map(TableEditRefusal.readerWidth)
                    }
                    #expect(quick == refusalByDoing(action, on: grid, kind: kind, syntax: syntax), "\(action) on a \(kind) table")
                }
            }
        }
    }

    @Test func pipeTableHeaderRowsCannotComeOrGo() throws {
        let grid = try Grid.units([["a", "b"], ["1", "2"]], headerRowCount: 1)
        #expect(TableEditor.refusal(.edit(.insertRow(at: 0)), on: grid, kind: .pipe, syntax: .markdown)
            == .refused(.headerRows(count: 2)))
        #expect(TableEditFailure.refused(.headerRows(count: 2)).reason == "a pipe table has exactly one header row: this table has 2")
        #expect(TableEditor.refusal(.edit(.deleteRow(0)), on: grid, kind: .pipe, syntax: .markdown)
            == .refused(.headerRows(count: 0)))
        #expect(TableEditFailure.refused(.headerRows(count: 0)).reason == "a pipe table needs a header row: this table has none")
        #expect(TableEditor.refusal(.edit(.insertRow(at: 1)), on: grid, kind: .pipe, syntax: .markdown) == nil)
        #expect(TableEditor.refusal(.edit(.insertRow(at: 0)), on: grid, kind: .grid, syntax: .markdown) == nil)
    }

    @Test func editsThatMakeAGridTablePandocCannotReadAreFound() {
        // The random actions above do meet the refusal: without this, they could agree by never refusing.
        var refused = 0
        for seed in stride(from: UInt64(1), to: 300, by: 2) {
            var tables = RandomGridTable(seed: seed, sizedEmoji: true)
            var random = SeededRandom(seed: seed &+ 1_000)
            let grid = tables.grid()
            for action in actions(grid, &random) {
                if case .refused(.readerWidth) = TableEditor.refusal(action, on: grid, kind: .grid, syntax: .markdown) { refused += 1 }
            }
        }
        #expect(refused >= 10, "only \(refused) edits refused")
    }

    @Test func aGridAnEditMakesIsRefusedExactlyWhenItsPrintIsRefusedWhenRead() throws {
        // `ReferenceReader.refusal(for:)` judges a grid before it is printed; reading the print must agree.
        var checked = 0
        for seed in stride(from: UInt64(1), to: 400, by: 2) {
            var tables = RandomGridTable(seed: seed, sizedEmoji: true)
            var random = SeededRandom(seed: seed &+ 1_000)
            let grid = tables.grid()
            for action in actions(grid, &random) where TableEditor.target(of: action, kind: .grid, syntax: .markdown) == .grid {
                guard let edited = try? TableEditor.perform(action, on: grid, syntax: .markdown) else { continue }
                let printed: [UInt8] = GridTablePrinter(edited, syntax: .markdown).lines().flatMap { Array($0) + [0x0A] }
                let text = TextLines(printed)
                let read = TableReading(text, region: try #require(MarkdownScanner.scan(text).tables.first), options: .init())
                let refusedWhenRead = read.diagnostics.contains { $0.code == .readerWidth && $0.severity == .error }
                #expect((ReferenceReader.pandoc.refusal(for: edited) != nil) == refusedWhenRead, "\(String(decoding: printed, as: UTF8.self))")
                checked += refusedWhenRead ? 1 : 0
            }
        }
        #expect(checked >= 10)
    }
}
