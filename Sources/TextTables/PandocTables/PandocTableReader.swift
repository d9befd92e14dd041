import GridModel

/// Reads a pandoc simple or multiline table into the grid model as pandoc's Markdown reader does: the
/// column line's dash runs (with the spaces after each) cut every line into cells (`PandocTableLine`),
/// each cell's lines trimmed; a simple table has a row per line, a multiline table rows of lines between
/// blank lines and a header of several lines; the alignments come from the header (or, without one,
/// the first row) over its dashes. What pandoc reads otherwise than it is drawn is an error: text across
/// a column's start (pandoc cuts it in two), text left of the first column (pandoc drops it), a table
/// without its closing line (pandoc reads text).
struct PandocTableReader {
    let text: TextLines
    let region: TableRegion

    struct Reading {
        var grid: Grid?
        var layout: PandocTableLayout
        /// Per line of the table: the row whose lines it is among (nil on a dashed or blank line).
        var rowOfLine: [Int?]
        var diagnostics: [Diagnostic]
    }

    private var kind: PandocTableKind { region.kind == .multiline ? .multiline : .simple }

    private func line(_ offset: Int) -> PandocTableLine {
        PandocTableLine(text.bytes[region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)])
    }

    private func range(ofLine offset: Int) -> Range<Int> {
        region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)
    }

    func read() -> Reading {
        let lines = region.contentStarts.indices.map(line)
        let count = lines.count
        let headerless: Bool, columnLine: Int
        switch kind {
        case .simple:
            // With a header, the line under it is the column line (the header itself may look dashed);
            // without one, rows follow the top line.
            headerless = count < 2 || lines[1].dashRuns == nil
            columnLine = headerless ? 0 : 1
        case .multiline:
            let inner = count > 2 ? lines[1..<count - 1].firstIndex { $0.dashRuns != nil } : nil
            headerless = inner == nil
            columnLine = inner ?? 0
        }
        let runs = lines[columnLine].dashRuns ?? (0, [(1, 1)])
        var layout = PandocTableLayout(kind: kind, indent: runs.indent, dashes: runs.runs.map(\.dashes),
                                       lengths: runs.runs.map(\.length))
        let closed = count > columnLine + 1 && lines[count - 1].dashRuns != nil
        layout.closed = closed
        var rowOfLine = [Int?](repeating: nil, count: count)
        var diagnostics: [Diagnostic] = []
        if !closed && (kind == .multiline || headerless) { diagnostics.append(unclosed(lines, layout: layout)) }

        let boundaries = layout.columnStarts
        let headerLines = headerless ? [] : (kind == .simple ? [0] : Array(1..<columnLine))
        let bodyEnd = closed ? count - 1 : count
        // Rows: a simple table's lines one by one, a multiline table's runs of lines between blank lines.
        var rows: [[Int]] = headerLines.isEmpty ? [] : [headerLines]
        var current: [Int] = []
        for offset in columnLine + 1..<max(columnLine + 1, bodyEnd) {
            if lines[offset].isBlank {
                if !current.isEmpty { rows.append(current); current = [] }
            } else if kind == .simple {
                rows.append([offset])
            } else {
                current.append(offset)
            }
        }
        if !current.isEmpty { rows.append(current) }

        var cells: [GridCell] = []
        var crossings: [(line: Int, column: Int, overrun: Int, runEnd: Int)] = []
        var alignmentPieces: [[ArraySlice<Unicode.Scalar>]] = Array(repeating: [], count: boundaries.count)
        var reach = layout.dashes  // how far each column's text or dashes reach from its start
        for (r, row) in rows.enumerated() {
            var columns: [[String]] = Array(repeating: [], count: boundaries.count)
            for offset in row {
                rowOfLine[offset] = r
                let pieces = lines[offset].pieces(at: boundaries)
                diagnostics += leftOfTable(pieces, line: offset)
                crossings += PandocTableReader.crossings(pieces, boundaries: boundaries).map { (offset, $0.column, $0.overrun, $0.runEnd) }
                for (c, piece) in pieces.dropFirst().enumerated() {
                    columns[c].append(piece.scalars.trimmed.string)
                    let text = piece.scalars[..<(piece.scalars.lastIndex { $0 != " " }.map { $0 + 1 } ?? piece.scalars.startIndex)]
                    reach[c] = max(reach[c], piece.start - boundaries[c] + PandocTableLine.width(text))
                    if (r == 0 && !headerless) || (headerless && r == 0 && offset == row[0]) { alignmentPieces[c].append(piece.scalars) }
                }
            }
            for (c, var lines) in columns.enumerated() {
                while lines.last?.isEmpty == true { lines.removeLast() }
                // pandoc reads a cell's lines, joined, up to a blank line: from its first empty line but the
                // first, what follows (there is some, the empty lines at the end are gone) is dropped.
                if let gap = lines.dropFirst().firstIndex(where: \.isEmpty), let after = lines[gap...].firstIndex(where: { !$0.isEmpty }) {
                    let dropped = row[after]
                    diagnostics.append(Diagnostic(code: .pandocDroppedText, severity: .error,
                                                  message: Diagnostic.Message.pandocDroppedText(column: c + 1), range: range(ofLine: dropped)))
                }
                cells.append(GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: lines))
            }
        }
        diagnostics += crossingDiagnostics(crossings, lines: lines, boundaries: boundaries)
        diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
        if let k = diagnostics.firstIndex(where: { $0.code == .pandocUnclosedTable }), diagnostics.filter({ $0.severity == .error }).count == 1,
           closingPlaceIsOnlyOne(kind), lines[0].dashRuns?.runs.allSatisfy({ $0.dashes > 1 }) == true {
            // (A top line with a lone dash may be a spaced rule, `- - -`, or a list item's marker.)
            diagnostics[k].fixes[0].isSafe = true
        }
        layout.gap = max(1, reach.indices.dropLast().map { layout.lengths[$0] - reach[$0] }.min() ?? 2)
        let alignments = alignmentPieces.indices.map { ColumnAlignment.pandoc(alignmentPieces[$0], dashes: layout.dashes[$0]) }
        guard diagnostics.allSatisfy({ $0.severity != .error }), !rows.isEmpty else {
            return Reading(grid: nil, layout: layout, rowOfLine: rowOfLine, diagnostics: diagnostics)
        }
        let grid = try? Grid(rowCount: rows.count, columnCount: boundaries.count, cells: cells, alignments: alignments,
                             headerRowCount: headerless ? 0 : 1)
        return Reading(grid: grid, layout: layout, rowOfLine: rowOfLine, diagnostics: diagnostics)
    }

    /// Text left of the first column's start, which pandoc drops.
    private func leftOfTable(_ pieces: [(start: Int, scalars: ArraySlice<Unicode.Scalar>)], line offset: Int) -> [Diagnostic] {
        guard !pieces[0].scalars.trimmed.isEmpty else { return [] }
        return [Diagnostic(code: .pandocTextLeftOfTable, severity: .error, message: Diagnostic.Message.pandocTextLeftOfTable,
                           range: range(ofLine: offset))]
    }

    /// Where text runs across the start of a column (column `column`, from 1), pandoc cutting it there: a
    /// piece that ends and the next that starts with text (a wide character over the start goes with the
    /// piece on its left, and the next starts after it). `overrun`: how far past the column's start the
    /// text goes; `runEnd`: the index of the code point after it (a combining mark at the column's start
    /// overruns it by no column, and still belongs to the text).
    static func crossings(_ pieces: [(start: Int, scalars: ArraySlice<Unicode.Scalar>)], boundaries: [Int]) -> [(column: Int, overrun: Int, runEnd: Int)] {
        var found: [(column: Int, overrun: Int, runEnd: Int)] = []
        for k in 1..<pieces.count - 1 {
            let left = pieces[k].scalars, right = pieces[k + 1].scalars
            guard let last = left.last else { continue }
            let straddle = pieces[k + 1].start - boundaries[k]
            guard last != " ", let first = right.first, first != " " else { continue }
            let run = right.prefix { $0 != " " }
            found.append((k + 1, straddle + PandocTableLine.width(run), run.endIndex))
        }
        return found
    }

    /// An error on each line where text runs across a column's start, with the fix that widens the column
    /// before it: every other line of the table gets as many spaces (dashes inside a run) as the longest
    /// overrun and one more at the column's start; a line that overruns it, whose text after the overrun
    /// was pushed right as the text grew, gets one space after the overrunning text where none follows.
    private func crossingDiagnostics(_ crossings: [(line: Int, column: Int, overrun: Int, runEnd: Int)], lines: [PandocTableLine], boundaries: [Int]) -> [Diagnostic] {
        var fixes: [Int: Fix] = [:]
        for column in Set(crossings.map(\.column)) {
            let here = crossings.filter { $0.column == column }
            let count = (here.map(\.overrun).max() ?? 0) + 1
            var edits: [TextEdit] = []
            for (offset, line) in lines.enumerated() {
                let crossing = here.first { $0.line == offset }
                guard let at = crossing.map({ line.byteOffset(ofScalar: $0.runEnd) }) ?? line.byteOffset(ofColumn: boundaries[column - 1]) else { continue }
                let position = region.contentStarts[offset] + at
                let b = text.bytes
                if crossing != nil {
                    if position < text.contentEnd(region.firstLine + offset) && b[position] != 0x20 {
                        edits.append(TextEdit(range: position..<position, newText: [0x20]))
                    }
                    continue
                }
                let insideRun = line.dashRuns != nil && position > region.contentStarts[offset] && b[position - 1] == 0x2D
                    && position < text.contentEnd(region.firstLine + offset) && b[position] == 0x2D
                edits.append(TextEdit(range: position..<position, newText: [UInt8](repeating: insideRun ? 0x2D : 0x20, count: count)))
            }
            fixes[column] = Fix(.widenColumn(column - 1), edits: edits, isPreferred: true)
        }
        return crossings.map { crossing in
            Diagnostic(code: .pandocTextAcrossColumns, severity: .error, message: Diagnostic.Message.pandocTextAcrossColumns(column: crossing.column),
                       range: range(ofLine: crossing.line), fixes: fixes[crossing.column].map { [$0] } ?? [])
        }
    }

    /// Whether the closing line of an unclosed table can go in one place only, right under its last line,
    /// and pandoc then reads the table as drawn (its only error being the missing line): a simple table's
    /// rows end at a blank line, so a blank line or the text's end must follow (a line of a container's
    /// ends the table too, but pandoc wants a blank line after its closing line); a multiline table's rows
    /// may go on after blank lines, so nothing but blank lines may follow.
    private func closingPlaceIsOnlyOne(_ kind: PandocTableKind) -> Bool {
        let next = region.firstLine + region.contentStarts.count
        func isBlank(_ line: Int) -> Bool { text.bytes[text.starts[line]..<text.contentEnd(line)].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        switch kind {
        case .simple: return next >= text.count || isBlank(next)
        case .multiline: return (next..<text.count).allSatisfy(isBlank)
        }
    }

    /// A multiline table, or a simple one without a header, that has no closing dashed line: pandoc reads
    /// no table. The fix adds one under its last line, as long as its column line.
    private func unclosed(_ lines: [PandocTableLine], layout: PandocTableLayout) -> Diagnostic {
        let last = region.contentStarts.count - 1
        let end = text.contentEnd(region.firstLine + last)
        let top = text.bytes[region.contentStarts[0]..<text.contentEnd(region.firstLine)]
        let newline = region.newLineTerminator(in: text)
        let prefix = region.prefix(ofLine: last, in: text)
        let fix = Fix(.addClosingLine, edits: [TextEdit(range: end..<end, newText: newline + Array(prefix) + Array(top))], isPreferred: true)
        return Diagnostic(code: .pandocUnclosedTable, severity: .error,
                          message: layout.kind == .multiline ? Diagnostic.Message.pandocUnclosedMultiline : Diagnostic.Message.pandocUnclosedSimple,
                          range: range(ofLine: 0), fixes: [fix])
    }
}
