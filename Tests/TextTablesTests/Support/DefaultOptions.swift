@testable import GridModel
@testable import TextTables

// The engine takes its width and printing options explicitly everywhere, so that no caller in Sources can
// drop the user's settings on the way to a printer (a defaulted parameter once did: quick fixes printed
// without the server's ambiguous width). Tests mostly want the defaults; these overloads give them.

extension GridTablePrinter {
    init(
        _ grid: Grid, indent: [UInt8] = [], syntax: DocumentSyntax = .markdown,
        minimumWidths: [Int]? = nil, minimumHeights: [Int]? = nil
    ) {
        self.init(grid, indent: indent, options: .init(), syntax: syntax, minimumWidths: minimumWidths, minimumHeights: minimumHeights)
    }
}

extension PipeTablePrinter {
    init(_ table: PipeTable, indent: ArraySlice<UInt8> = [], startColumn: Int = 0) {
        self.init(table, indent: indent, startColumn: startColumn, options: .init())
    }
}

extension DocumentFormatter {
    static func format(_ bytes: [UInt8], syntax: DocumentSyntax = .markdown) -> FormatResult {
        format(bytes, syntax: syntax, options: .init())
    }

    static func edits(_ text: TextLines, syntax: DocumentSyntax = .markdown) -> [TextEdit] {
        edits(text, syntax: syntax, options: .init())
    }

    static func edits(_ text: TextLines, scan: TableScan) -> (edits: [TextEdit], refused: [Diagnostic]) {
        edits(text, scan: scan, options: .init())
    }

    static func diagnostics(_ text: TextLines, scan: TableScan) -> [Diagnostic] {
        diagnostics(text, scan: scan, options: .init())
    }
}

extension TableEditor {
    /// The action done on the table at `region`, read with the default options.
    static func apply(
        _ action: TableAction, to region: TableRegion, in text: TextLines, syntax: DocumentSyntax = .markdown
    ) -> Result<TableEditResult, TableEditFailure> {
        TableReading(text, region: region, options: .init()).apply(action, syntax: syntax)
    }

    static func readGrid(_ region: TableRegion, in text: TextLines) -> Result<Grid, TableEditFailure> {
        TableReading(text, region: region, options: .init()).grid
    }

    /// `refusal` with the document reader's verdict on the grid's text asked directly.
    static func refusal(_ action: TableAction, on grid: Grid, kind: TableRegion.Kind, syntax: DocumentSyntax) -> TableEditFailure? {
        refusal(action, on: grid, kind: kind, syntax: syntax) { ReferenceReader(syntax).refusal(for: grid).map(TableEditRefusal.readerWidth) }
    }
}

extension PipeTableChecks {
    static func checkWithFixes(_ text: TextLines, region: TableRegion) -> [Diagnostic] {
        TableReading(text, region: region, options: .init()).diagnosticsWithFixes()
    }
}

extension TableLocator {
    static func slot(at offset: Int, in region: TableRegion, text: TextLines) -> Slot? {
        slot(at: offset, in: region, text: text, options: .init())
    }
}

extension DocumentSyntax {
    func scan(_ text: TextLines) -> TableScan {
        scan(text, options: ScanOptions())
    }

    func scanRestartable(_ text: TextLines, startsDocument: Bool) -> (scan: TableScan, restartable: [Bool]) {
        scanRestartable(text, startsDocument: startsDocument, options: ScanOptions())
    }
}

extension RSTScanner {
    static func scan(_ text: TextLines) -> TableScan {
        scan(text, options: ScanOptions())
    }

    static func scanRestartable(_ text: TextLines) -> (scan: TableScan, restartable: [Bool]) {
        scanRestartable(text, options: ScanOptions())
    }
}
