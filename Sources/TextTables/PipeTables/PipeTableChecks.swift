import GridModel

/// Checks on pipe tables, each giving a diagnostic with a stable code.
enum PipeTableChecks {
    /// Rows with more cells than the header (their extra cells are never rendered) and rows with fewer,
    /// and a cell GitHub would read otherwise after a pipe.
    package static func check(_ table: PipeTable) -> [Diagnostic] {
        var checker = RowChecker(bytes: table.bytes, columnCount: table.columnCount)
        for r in 0..<table.rowCount { checker.visit(row: r, cells: table.cells(ofRow: r)) }
        return checker.diagnostics
    }

    /// `check` of the table at `region`, reading its rows one at a time without keeping them (the index
    /// checks every table of a 100 MB document when it opens, and keeps only the diagnostics).
    package static func check(_ text: TextLines, region: TableRegion) -> [Diagnostic] {
        var checker = RowChecker(bytes: text.bytes, columnCount: PipeTable.alignments(text, region: region).count)
        PipeTable.forEachRow(text, region: region) { row, cells in checker.visit(row: row, cells: cells) }
        return checker.diagnostics
    }

    /// The checks, row by row.
    private struct RowChecker {
        let bytes: [UInt8]
        let columnCount: Int
        private var unprintable: Range<Int>?
        private var rows: [Diagnostic] = []

        init(bytes: [UInt8], columnCount: Int) {
            self.bytes = bytes
            self.columnCount = columnCount
        }

        var diagnostics: [Diagnostic] {
            let ambiguous = unprintable.map {
                Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.unprintableAfterPipe, range: $0)
            }
            return (ambiguous.map { [$0] } ?? []) + rows
        }

        mutating func visit(row: Int, cells: some BidirectionalCollection<Range<Int>>) {
            if unprintable == nil { unprintable = cells.first { PipeRowSyntax.startsWithSkippedSpace(bytes[$0]) } }
            guard row > 0, let first = cells.first, let last = cells.last else { return }
            if cells.count > columnCount {
                let extra = cells[cells.index(cells.startIndex, offsetBy: columnCount)]
                rows.append(Diagnostic(
                    code: .extraCells, severity: .warning, message: Diagnostic.Message.extraCells(cells.count, header: columnCount),
                    range: extra.lowerBound..<last.upperBound))
            } else if cells.count < columnCount {
                rows.append(Diagnostic(
                    code: .missingCells, severity: .information, message: Diagnostic.Message.missingCells(cells.count, header: columnCount),
                    range: first.lowerBound..<last.upperBound))
            }
        }
    }

    /// The diagnostics of a pipe table with their quick fixes: fill short rows with empty cells; for extra
    /// cells, give the header cells for them or delete them. Each fix prints the table through `reading`,
    /// when its edits are asked for.
    static func checkWithFixes(_ table: PipeTable, reading: TableReading) -> [Diagnostic] {
        var diagnostics = check(table)
        guard !diagnostics.isEmpty, table.cellUnprintableAfterPipe == nil else { return diagnostics }
        func fix(_ kind: FixKind, _ texts: [[String]], _ alignments: [ColumnAlignment]) -> Fix {
            Fix(kind) { reading.edits(printingPipe: PipeTable(texts: texts, alignments: alignments)) }
        }
        let texts = table.texts
        let width = texts.map(\.count).max() ?? 0
        for index in diagnostics.indices {
            switch diagnostics[index].code {
            case .missingCells:
                diagnostics[index].fixes = [fix(.fillRow, texts, table.alignments)]
            case .extraCells:
                let widened = [texts[0] + Array(repeating: "", count: width - texts[0].count)] + texts.dropFirst()
                let cut = texts.map { Array($0.prefix(table.columnCount)) }
                diagnostics[index].fixes = [
                    fix(.addHeaderCells, widened, table.alignments + Array(repeating: .none, count: width - table.columnCount)),
                    fix(.deleteCellsPastHeader, cut, table.alignments),
                ]
            default:
                break
            }
        }
        return diagnostics
    }

    /// A delimiter row under a header with another number of cells: not a table to GitHub, markdown-it and
    /// Python-Markdown, though one was meant (kramdown, and goldmark for a longer delimiter row, read one).
    static func delimiterMismatch(headerCells: Int, delimiterCells: Int, range: Range<Int>) -> Diagnostic {
        Diagnostic(
            code: .delimiterCountMismatch, severity: .error,
            message: Diagnostic.Message.delimiterMismatch(header: headerCells, delimiter: delimiterCells),
            range: range)
    }
}
