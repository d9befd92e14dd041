@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// Cells past a pipe table's header count, which GitHub does not show: every action keeps them after
/// their row's shown cells, as formatting does, and no action turns them into a visible column.
struct HiddenCellsTests {
    func edit(_ document: String, _ action: TableAction) -> String? {
        let text = TextLines(document)
        guard case .success(let done) = TableEditor.apply(action, to: DocumentSyntax.markdown.scan(text).tables[0], in: text, syntax: .markdown) else {
            return nil
        }
        return String(decoding: TextEdit.apply(done.edits, to: text.bytes), as: UTF8.self)
    }

    func refusal(_ document: String, _ action: TableAction) -> String? {
        let text = TextLines(document)
        guard case .failure(.refused(let refusal)) = TableEditor.apply(action, to: DocumentSyntax.markdown.scan(text).tables[0], in: text, syntax: .markdown) else {
            return nil
        }
        return refusal.description
    }

    func formatted(_ document: String) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8)).output, as: UTF8.self)
    }

    let table = """
        | a | b |
        |---|--:|
        | 1 | 2 | extra |
        | 3 | 4 |

        """

    @Test func formatTableIsFormatting() {
        #expect(edit(table, .format) == formatted(table))
        #expect(formatted(table) == """
            | a   |   b |
            | --- | --: |
            | 1   |   2 | extra |
            | 3   |   4 |

            """)
    }

    @Test func rowActionsCarryTheHiddenCellsWithTheirRow() {
        #expect(edit(table, .edit(.moveRow(from: 1, to: 2))) == """
            | a   |   b |
            | --- | --: |
            | 3   |   4 |
            | 1   |   2 | extra |

            """)
        #expect(edit(table, .edit(.insertRow(at: 2))) == """
            | a   |   b |
            | --- | --: |
            | 1   |   2 | extra |
            |     |     |
            | 3   |   4 |

            """)
        #expect(edit(table, .edit(.sortBody(column: 0, order: .descending)))
            == """
                | a   |   b |
                | --- | --: |
                | 3   |   4 |
                | 1   |   2 | extra |

                """)
        #expect(edit(table, .edit(.deleteRow(1))) == """
            | a   |   b |
            | --- | --: |
            | 3   |   4 |

            """)
    }

    @Test func columnActionsTakeOnlyTheShownColumns() {
        #expect(edit(table, .edit(.insertColumn(at: 2))) == """
            | a   |   b |     |
            | --- | --: | --- |
            | 1   |   2 |     | extra |
            | 3   |   4 |     |

            """)
        #expect(edit(table, .edit(.moveColumn(from: 1, to: 0))) == """
            |   b | a   |
            | --: | --- |
            |   2 | 1   | extra |
            |   4 | 3   |

            """)
        #expect(edit(table, .edit(.deleteColumn(0))) == """
            |   b |
            | --: |
            |   2 | extra |
            |   4 |

            """)
    }

    @Test func noOtherKindOfTableShowsThem() {
        let reason = "row 2 has cells past the header's 2, which GitHub does not show and another kind of table would: delete them, or add their columns to the header first"
        #expect(refusal(table, .convertToGrid) == reason)
        #expect(refusal(table, .edit(.merge(SlotRect(rows: 1..<3, columns: 0..<1)))) == reason)
    }

    /// On random pipe tables with rows longer than their header: every row, column, sort and format action
    /// keeps each row's hidden cells with it, and leaves a table that formatting does not change.
    @Test func randomTablesKeepTheirHiddenCells() throws {
        var checked = 0
        for seed in 0..<UInt64(400) {
            var generator = RandomDocument(seed: seed &+ 90_000)
            var random = SeededRandom(seed: seed)
            let document = generator.table() + "\n"
            let text = TextLines(document)
            guard let region = DocumentSyntax.markdown.scan(text).tables.first, region.firstLine == 0,
                  case .pipe(let table, _) = TableReading(text, region: region, options: .init()).content,
                  let hidden = HiddenCells(table), table.rowCount > 2 else { continue }
            let body = random.int(1...table.rowCount - 1), column = random.int(0...hidden.shown - 1)
            let actions: [TableAction] = [
                .format, .edit(.insertRow(at: body)), .edit(.deleteRow(body)), .edit(.moveRow(from: body, to: body == 1 ? 2 : body - 1)),
                .edit(.sortBody(column: column, order: .ascending)), .edit(.insertColumn(at: column)), .edit(.moveColumn(from: 0, to: hidden.shown - 1)),
            ] + (hidden.shown > 1 ? [.edit(.deleteColumn(column))] : [])
            for action in actions {
                guard let after = edit(document, action) else { continue }
                #expect(formatted(after) == after, "\(action) of \(document.debugDescription)")
                let afterText = TextLines(after)
                let afterRegion = try #require(DocumentSyntax.markdown.scan(afterText).tables.first, "\(action) of \(document.debugDescription)")
                guard case .pipe(let result, _) = TableReading(afterText, region: afterRegion, options: .init()).content else { continue }
                let kept = HiddenCells(result)?.hidden.filter { !$0.isEmpty } ?? []
                var expected = hidden.hidden.filter { !$0.isEmpty }
                if case .edit(.deleteRow(let r)) = action, !hidden.hidden[r].isEmpty { expected.remove(at: expected.firstIndex(of: hidden.hidden[r])!) }
                #expect(kept.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) },
                        "\(action) of \(document.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}

/// The table keys step through the shown cells only; a row added past the last keeps the header's count.
struct HiddenCellsKeysTests {
    let table = """
        | x | y |
        | - | - |
        | 1 | 2 | 3 |
        | 4 | 5 |
        | 6 | 7 |

        """

    @Test func tabAndEnterStepOverHiddenCells() {
        let keys = CellNavigationTests()
        #expect(keys.step(table.replacingOccurrences(of: "| 4 | 5 |", with: "| 4 | 5‸ |"), .nextCell)
            == """
                | x   | y   |
                | --- | --- |
                | 1   | 2   | 3   |
                | 4   | 5   |
                | ‸6   | 7   |

                """)
        #expect(keys.step(table.replacingOccurrences(of: "| 1 | 2 | 3 |", with: "| 1 | 2‸ | 3 |"), .nextCell)
            == """
                | x   | y   |
                | --- | --- |
                | 1   | 2   | 3   |
                | ‸4   | 5   |
                | 6   | 7   |

                """)
        #expect(keys.step(table.replacingOccurrences(of: "| 6 | 7 |", with: "| 6 | 7‸ |"), .nextRow)
            == """
                | x   | y   |
                | --- | --- |
                | 1   | 2   | 3   |
                | 4   | 5   |
                | 6   | 7   |
                |     | ‸    |

                """)
    }
}
