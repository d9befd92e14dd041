@testable import GridModel
import Testing
@testable import TextTables

/// Actions on tables: the document text after each, exactly, and the reasons for refusals.
struct TableEditorTests {
    /// The document after the action, or the reason it was refused, as the user reads it.
    func edit(_ document: String, _ action: TableAction, syntax: DocumentSyntax = .markdown) -> Outcome {
        let text = TextLines(document)
        let region = syntax.scan(text).tables[0]
        switch TableEditor.apply(action, to: region, in: text, syntax: syntax) {
        case .success(let done): return .success(String(decoding: TextEdit.apply(done.edits, to: text.bytes), as: UTF8.self))
        case .failure(.refused(let refusal)): return .refused(refusal.description)
        case .failure(let failure): return .unreadable(failure.reason)
        }
    }

    enum Outcome: Equatable {
        case success(String)
        case refused(String)
        case unreadable(String)
    }

    let pipe = """
        Intro

        | a | b |
        |:--|--:|
        | 1 | 2 |
        | 3 | 4 |

        Outro

        """

    @Test func insertRowBelowTheHeaderOfAPipeTable() {
        #expect(edit(pipe, .edit(.insertRow(at: 1))) == .success(
            """
                Intro

                | a   |   b |
                | :-- | --: |
                |     |     |
                | 1   |   2 |
                | 3   |   4 |

                Outro

                """))
    }

    @Test func deleteAndMoveColumnsKeepAlignments() {
        #expect(edit(pipe, .edit(.deleteColumn(0))) == .success("""
            Intro

            |   b |
            | --: |
            |   2 |
            |   4 |

            Outro

            """))
        #expect(edit(pipe, .edit(.moveColumn(from: 1, to: 0))) == .success(
            """
                Intro

                |   b | a   |
                | --: | :-- |
                |   2 | 1   |
                |   4 | 3   |

                Outro

                """))
    }

    @Test func sortByAColumn() {
        #expect(edit(pipe, .edit(.sortBody(column: 1, order: .descending))) == .success(
            """
                Intro

                | a   |   b |
                | :-- | --: |
                | 3   |   4 |
                | 1   |   2 |

                Outro

                """))
    }

    @Test func aPipeTableKeepsItsHeader() {
        #expect(edit(pipe, .edit(.deleteRow(0))) == .refused("a pipe table needs a header row: this table has none"))
        #expect(edit(pipe, .edit(.moveRow(from: 1, to: 0))) == .refused("a row cannot move between the header and the body"))
    }

    @Test func mergeTurnsAPipeTableIntoAGridTable() {
        let text = TextLines(pipe)
        let result = TableEditor.apply(.edit(.merge(SlotRect(rows: 1..<3, columns: 0..<1))), to: MarkdownScanner.scan(text).tables[0], in: text)
        guard case .success(let done) = result else { Issue.record("refused: \(result)"); return }
        #expect(done.convertedToGrid)
        #expect(String(decoding: TextEdit.apply(done.edits, to: text.bytes), as: UTF8.self) == """
            Intro

            +---+---+
            | a | b |
            +:==+==:+
            | 1 | 2 |
            | 3 +---+
            |   | 4 |
            +---+---+

            Outro

            """)
    }

    let grid = """
        +-----+-----+-----+
        | a   | b   | c   |
        +=====+=====+=====+
        | d         | e   |
        +-----+-----+-----+
        | f   | g   | h   |
        +-----+-----+-----+

        """

    @Test func mergeRefusesACellThatSticksOut() {
        #expect(edit(grid, .edit(.merge(SlotRect(rows: 1..<3, columns: 1..<3)))) == .refused(
            "the cell at row 2, columns 1–2 sticks out of the selection: extend the selection to cover it, or split it first"))
    }

    @Test func insertingAColumnInsideASpanWidensIt() {
        #expect(edit(grid, .edit(.insertColumn(at: 1))) == .success("""
            +---+---+---+---+
            | a |   | b | c |
            +===+===+===+===+
            | d         | e |
            +---+---+---+---+
            | f |   | g | h |
            +---+---+---+---+

            """))
    }

    @Test func splitGivesTheTextToTheTopLeft() {
        #expect(edit(grid, .edit(.split(row: 1, column: 1))) == .success("""
            +---+---+---+
            | a | b | c |
            +===+===+===+
            | d |   | e |
            +---+---+---+
            | f | g | h |
            +---+---+---+

            """))
    }

    @Test func gridToPipeNeedsUnitSingleLineCells() {
        #expect(edit(grid, .convertToPipe) == .refused(
            "the cell at row 2, columns 1–2 is merged: pipe tables cannot merge cells; split it first"))
        let plain = """
            +---+------+
            | a | b    |
            +===+======+
            | x | y\\|z |
            +---+------+

            """
        #expect(edit(plain, .convertToPipe) == .success("""
            | a   | b    |
            | --- | ---- |
            | x   | y\\|z |

            """))
        #expect(edit(plain, .convertToPipe, syntax: .restructuredText) == .refused("reStructuredText has no pipe tables"))
    }

    @Test func pipeToGridAlways() {
        #expect(edit("""
            |a|b|
            |-|-|
            |1|

            """, .convertToGrid) == .success("""
            +---+---+
            | a | b |
            +===+===+
            | 1 |   |
            +---+---+

            """))
    }

    @Test func pipeToGridIsRefusedOnlyWherePandocCouldNotReadTheGrid() {
        // pandoc reads one emoji with U+FE0F on a line of a grid table as drawn, two lose the header
        // whatever the layout (GridReaderWidthTests).
        #expect(edit("""
            |a|b|
            |-|-|
            |❤️|

            """, .convertToGrid) == .success("""
            +---+---+
            | a | b |
            +===+===+
            | ❤️ |   |
            +---+---+

            """))
        guard case .refused(let reason) = edit("""
            |a|b|
            |-|-|
            |❤️|✔️|

            """, .convertToGrid) else {
            Issue.record("converted")
            return
        }
        #expect(reason.hasPrefix("pandoc sizes this line 2 columns wider than the table's borders"))
    }

    @Test func anEditThatMakesATablePandocCannotReadIsRefused() {
        // One ✔️ on a line reads as drawn; a merge that spans the column line under a junction makes pandoc
        // read a column of its own, whatever the layout (GridReaderWidthTests).
        let table = """
            +----+---+
            | ✔️  | b |
            +====+===+
            | c  | d |
            +----+---+
            | e  | f |
            +----+---+

            """
        guard case .refused(let reason) = edit(table, .edit(.merge(SlotRect(rows: 1..<2, columns: 0..<2)))) else {
            Issue.record("merged")
            return
        }
        #expect(reason.hasPrefix("pandoc sizes this line 1 column wider than the table's borders"))
        // Merging the header leaves no span under a junction: pandoc reads this as drawn.
        #expect(edit(table, .edit(.merge(SlotRect(rows: 0..<1, columns: 0..<2))))
            == .success("""
                +---+---+
                | ✔️     |
                | b     |
                +===+===+
                | c | d |
                +---+---+
                | e | f |
                +---+---+

                """))
    }

    @Test func anUnreadableTableIsNotEdited() {
        let broken = """
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """
        let text = TextLines(broken)
        guard case .failure(.unreadable(let diagnostics)) = TableEditor.apply(.edit(.insertRow(at: 0)), to: MarkdownScanner.scan(text).tables[0], in: text) else {
            Issue.record("an L-shaped table was edited")
            return
        }
        #expect(diagnostics.map(\.code) == [.nonRectangularCell])
    }

    @Test func theCursorFindsItsSlot() {
        let text = TextLines(grid)
        let region = MarkdownScanner.scan(text).tables[0]
        func slot(_ line: Int, _ column: Int) -> [Int]? {
            TableLocator.slot(at: text.starts[line] + column, in: region, text: text).map { [$0.row, $0.column] }
        }
        #expect(slot(1, 2) == [0, 0])
        #expect(slot(1, 8) == [0, 1])
        #expect(slot(3, 10) == [1, 0])
        #expect(slot(3, 14) == [1, 2])
        #expect(slot(4, 3) == nil)
        let pipeText = TextLines(pipe)
        let pipeRegion = MarkdownScanner.scan(pipeText).tables[0]
        #expect(TableLocator.slot(at: pipeText.starts[4] + 6, in: pipeRegion, text: pipeText).map { [$0.row, $0.column] } == [1, 1])
        #expect(TableLocator.slot(at: pipeText.starts[3] + 1, in: pipeRegion, text: pipeText).map { [$0.row, $0.column] } == [0, 0])
    }
}
