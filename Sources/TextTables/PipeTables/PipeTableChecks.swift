import GridModel

/// Checks on pipe tables, each giving a diagnostic with a stable code.
package enum PipeTableChecks {
    /// Rows with more cells than the header (their extra cells are never rendered) and rows with fewer.
    package static func check(_ table: PipeTable) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let cell = table.cellUnprintableAfterPipe {
            diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning,
                message: Diagnostic.Message.unprintableAfterPipe,
                range: cell))
        }
        let expected = table.columnCount
        for r in 1..<max(1, table.rowCount) {
            let cells = Array(table.cells(ofRow: r))
            guard !cells.isEmpty else { continue }
            if cells.count > expected {
                diagnostics.append(Diagnostic(
                    code: .extraCells, severity: .warning, message: Diagnostic.Message.extraCells(cells.count, header: expected),
                    range: cells[expected].lowerBound..<cells[cells.count - 1].upperBound))
            } else if cells.count < expected {
                diagnostics.append(Diagnostic(
                    code: .missingCells, severity: .information, message: Diagnostic.Message.missingCells(cells.count, header: expected),
                    range: cells[0].lowerBound..<cells[cells.count - 1].upperBound))
            }
        }
        return diagnostics
    }

    /// The diagnostics of a pipe table with their quick fixes: fill short rows with empty cells; for extra
    /// cells, give the header cells for them or delete them. Each fix prints the table through `reading`.
    static func checkWithFixes(_ table: PipeTable, reading: TableReading) -> [Diagnostic] {
        var diagnostics = check(table)
        guard !diagnostics.isEmpty, table.cellUnprintableAfterPipe == nil else { return diagnostics }
        func edits(_ texts: [[String]], _ alignments: [ColumnAlignment]) -> [TextEdit] {
            reading.edits(printingPipe: PipeTable(texts: texts, alignments: alignments))
        }
        let texts = table.texts
        let width = texts.map(\.count).max() ?? 0
        for index in diagnostics.indices {
            switch diagnostics[index].code {
            case .missingCells:
                diagnostics[index].fixes = [Fix(title: "Fill the row with empty cells", edits: edits(texts, table.alignments))]
            case .extraCells:
                let widened = [texts[0] + Array(repeating: "", count: width - texts[0].count)] + texts.dropFirst()
                let cut = texts.map { Array($0.prefix(table.columnCount)) }
                diagnostics[index].fixes = [
                    Fix(title: "Add header cells for the extra cells", edits: edits(widened, table.alignments + Array(repeating: .none, count: width - table.columnCount))),
                    Fix(title: "Delete the cells past the header", edits: edits(cut, table.alignments)),
                ]
            default:
                break
            }
        }
        return diagnostics
    }

    /// A delimiter row under a header with another number of cells: not a table, though one was meant.
    static func delimiterMismatch(headerCells: Int, delimiterCells: Int, range: Range<Int>) -> Diagnostic {
        Diagnostic(
            code: .delimiterCountMismatch, severity: .error,
            message: Diagnostic.Message.delimiterMismatch(header: headerCells, delimiter: delimiterCells),
            range: range)
    }
}
