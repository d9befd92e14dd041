import TextTables

/// The index's diagnostics: placed by line and byte, their lines counted from their table's first line
/// (or the scan's line), so that they move with it.
extension TableIndex {
    /// A diagnostic placed by (line, byte in line); quick fixes are recomputed when asked for.
    struct LineDiagnostic: Sendable, Equatable {
        var diagnostic: Diagnostic
        var start: LinePosition
        var end: LinePosition

        /// The same diagnostic with its lines counted from `lines` earlier.
        func shifted(by lines: Int) -> LineDiagnostic {
            LineDiagnostic(diagnostic: diagnostic, start: start.shifted(by: lines), end: end.shifted(by: lines))
        }

        /// What a client is shown of it: not the byte range of the text it was read from, which is the
        /// document on open and a window around the change after an edit.
        struct Shown: Equatable, Comparable {
            var start: LinePosition, end: LinePosition
            var code: String, severity: Int, message: String

            static func < (a: Shown, b: Shown) -> Bool {
                (a.start, a.end, a.code, a.severity, a.message) < (b.start, b.end, b.code, b.severity, b.message)
            }
        }

        var shown: Shown {
            Shown(start: start, end: end, code: diagnostic.code.rawValue, severity: Server.severity(diagnostic.severity), message: diagnostic.message)
        }
    }

    /// A diagnostic found while scanning (not inside a table): anchored at its first line, its positions
    /// counted from that line, so that moving the anchor moves the whole diagnostic.
    struct ScanDiagnostic: Sendable {
        var line: Int
        var diagnostic: LineDiagnostic
    }

    static func diagnostics(of region: TableRegion, in lines: TextLines, options: FormatOptions) -> [LineDiagnostic] {
        TableReading.diagnostics(lines, region: region, options: options).map { place($0, in: lines, firstLine: region.firstLine) }
    }

    /// The diagnostics of the pipe table's body row `row`, read with its header and delimiter row as a
    /// table of three lines, lines counted from the table's first; nil when only the whole table can say.
    static func rowDiagnostics(_ text: DocumentText, of table: Table, row: Int) -> [LineDiagnostic]? {
        let (local, region) = table.piece([0, 1, row], of: text, syntax: .markdown)
        return PipeRowEdit.rowDiagnostics(local, region: region)?.map { place($0, in: local, firstLine: 2 - row) }
    }

    /// A diagnostic's byte range as (line, byte) pairs, lines counted from `firstLine`; fixes dropped.
    static func place(_ diagnostic: Diagnostic, in lines: TextLines, firstLine: Int) -> LineDiagnostic {
        func position(_ offset: Int) -> LinePosition {
            let line = lines.line(containing: offset)
            return LinePosition(line - firstLine, offset - lines.starts[line])
        }
        var plain = diagnostic
        plain.fixes = []
        return LineDiagnostic(diagnostic: plain, start: position(diagnostic.range.lowerBound), end: position(diagnostic.range.upperBound))
    }

    /// What a table is called in a document symbol's detail.
    static func kindName(_ kind: TableRegion.Kind) -> String {
        switch kind {
        case .pipe: "pipe table"
        case .grid: "grid table"
        case .simple: "simple table"
        case .list: "list-table"
        case .pandocSimple: "simple table"
        case .multiline: "multiline table"
        }
    }
}
