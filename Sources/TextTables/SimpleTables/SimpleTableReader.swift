import GridModel

/// Reads a reStructuredText simple table into the grid model as docutils reads it (its
/// `SimpleTableParser`): the top border's `=` runs are the columns; a line whose first column holds text
/// starts a row and the lines below with a blank first column continue it; a `-` underline ends the row
/// above and says which columns its cells span, as do the header rule and the bottom border for the row
/// above them; the rows above the header rule are the header. Text may run past the last column's end.
/// What docutils refuses (text under a gap, runs off the columns, a rule of another length) or drops (a
/// line continuing no row) is an error, and the table has no grid.
struct SimpleTableReader {
    let text: TextLines
    let region: TableRegion

    struct Reading {
        var grid: Grid?
        var layout: SimpleTableLayout
        var map: SimpleTableMap
        var diagnostics: [Diagnostic]
    }

    private struct Row {
        /// The first line of the row's lines (docutils's offset, which says whether it is in the header).
        var start: Int
        var lines: Range<Int>
        var blankLinesAfter: Int
        /// Whether a `-` line closes it.
        var ruled: Bool
    }

    private struct Failure: Error {
        var diagnostic: Diagnostic
    }

    private var lineCount: Int { region.contentStarts.count }

    func read() -> Reading {
        let b = text.bytes
        let first = region.contentStarts[0], firstEnd = text.contentEnd(region.firstLine)
        let (_, indentEnd) = BlockSyntax.indentation(b, first, firstEnd, tabStop: 8)
        let layout = SimpleTableLayout(indent: Array(b[first..<indentEnd]), blankLinesAfter: [])
        do {
            let columns = columns(indentWidth: indentEnd - first)
            var alignment = SimpleTableAlignment(columns: columns.count)
            var cells: [GridCell] = []
            let (rows, headerRule) = try readRows(indentWidth: indentEnd - first, alignment: &alignment, cells: &cells)
            let headerRows = headerRule.map { rule in rows.firstIndex { $0.start > rule } ?? 0 } ?? 0
            let grid = try Grid(rowCount: rows.count, columnCount: columns.count, cells: cells, alignments: alignment.alignments,
                                headerRowCount: headerRows)
            var rowOfLine = [Int?](repeating: nil, count: lineCount)
            for (r, row) in rows.enumerated() { for line in row.lines { rowOfLine[line] = r } }
            let map = SimpleTableMap(indentWidth: indentEnd - first, columnStarts: columns.map(\.lowerBound), rowOfLine: rowOfLine)
            // Rows a `-` line may close: all but the header's last and the table's last, closed by `=` rules.
            let between = rows.indices.filter { $0 != headerRows - 1 && $0 != rows.count - 1 }
            let read = SimpleTableLayout(indent: layout.indent, blankLinesAfter: rows.map(\.blankLinesAfter), underlineRows: rows.map { $0.lines.isEmpty },
                                         ruledRows: rows.map(\.ruled), ruledThroughout: !between.isEmpty && between.allSatisfy { rows[$0].ruled })
            return Reading(grid: grid, layout: read, map: map, diagnostics: [])
        } catch let failure as Failure {
            return Reading(grid: nil, layout: layout, map: SimpleTableMap(), diagnostics: [failure.diagnostic])
        } catch {
            return Reading(grid: nil, layout: layout, map: SimpleTableMap(), diagnostics: [])  // not reached: rows tile the columns
        }
    }

    /// Where line `offset`'s text starts: after the table's indentation (a blank line may be shorter).
    private func start(_ offset: Int, indentWidth: Int) -> Int {
        min(region.contentStarts[offset] + indentWidth, text.contentEnd(region.firstLine + offset))
    }

    private func line(_ offset: Int, indentWidth: Int) -> SimpleTableLine {
        SimpleTableLine(text.bytes, start(offset, indentWidth: indentWidth), text.contentEnd(region.firstLine + offset))
    }

    private func columns(indentWidth: Int) -> [Range<Int>] {
        SimpleTableSyntax.runs(text.bytes, start(0, indentWidth: indentWidth), text.contentEnd(region.firstLine))
    }

    private func lineRange(_ offset: Int) -> Range<Int> {
        region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)
    }

    private func error(_ code: Diagnostic.Code, _ message: String, line offset: Int, fixes: [Fix] = []) -> Failure {
        Failure(diagnostic: Diagnostic(code: code, severity: .error, message: message, range: lineRange(offset), fixes: fixes))
    }

    /// The rows, and the header rule's line if there is one; their cells in `cells`, row after row (one
    /// array for the table: a copy of every cell at the end was a noticeable share of reading it).
    private func readRows(indentWidth: Int, alignment: inout SimpleTableAlignment, cells: inout [GridCell])
        throws(Failure) -> (rows: [Row], headerRule: Int?) {
        let b = text.bytes
        var columns = columns(indentWidth: indentWidth)
        let borderEnd = columns[columns.count - 1].upperBound
        let topLength = SimpleTableSyntax.ruleLength(b, start(0, indentWidth: indentWidth), text.contentEnd(region.firstLine))
        var headerRule: Int?
        var rules: [Int] = []
        for offset in 1..<lineCount {
            let p = start(offset, indentWidth: indentWidth), end = text.contentEnd(region.firstLine + offset)
            guard p == region.contentStarts[offset] + indentWidth, SimpleTableSyntax.isBorder(b, p, end) else { continue }
            guard SimpleTableSyntax.ruleLength(b, p, end) == topLength else {
                let top = start(0, indentWidth: indentWidth)
                let redraw = TextEdit(range: p..<end, newText: Array(b[top..<top + topLength]))
                throw error(.brokenBorder, Diagnostic.Message.simpleRuleLength, line: offset,
                            fixes: [Fix(.drawRuleLikeTopBorder, edits: [redraw], isPreferred: true)])
            }
            rules.append(offset)
            if offset < lineCount - 1 {
                guard headerRule == nil else { throw error(.multipleHeaderSeparators, Diagnostic.Message.extraHeaderSeparator(.restructuredText), line: offset) }
                headerRule = offset
            }
        }
        var rows: [Row] = []
        var start = 1
        var textFound = false
        // Each line measured once, for the test below and again for its row.
        let read = (0..<lineCount).map { line($0, indentWidth: indentWidth) }
        for offset in 1..<lineCount {
            let p = self.start(offset, indentWidth: indentWidth), end = text.contentEnd(region.firstLine + offset)
            let line = read[offset]
            if rules.contains(offset) || (p == region.contentStarts[offset] + indentWidth && SimpleTableSyntax.isSpanLine(b, p, end)) {
                rows.append(try row(rows.count, start..<offset, read[start..<offset], spanLine: offset, columns: &columns, borderEnd: borderEnd, indentWidth: indentWidth,
                                    alignment: &alignment, cells: &cells))
                start = offset + 1
                textFound = false
            } else if !line.isBlank(columns[0]) {
                if textFound && offset != start {
                    rows.append(try row(rows.count, start..<offset, read[start..<offset], spanLine: nil, columns: &columns, borderEnd: borderEnd, indentWidth: indentWidth,
                                        alignment: &alignment, cells: &cells))
                }
                start = offset
                textFound = true
            } else if !textFound {
                if line.textEnd > 0 {
                    let escape = TextEdit(range: p..<p, newText: [UInt8(ascii: "\\")])
                    throw error(.droppedLine, Diagnostic.Message.droppedLine, line: offset,
                                fixes: [Fix(.startRowWithEmptyCell, edits: [escape], isPreferred: true)])
                }
                start = offset + 1
            }
        }
        return (rows, headerRule)
    }

    /// Row `r`, of lines `lines` (measured: `read`), its columns those of the underline or rule at
    /// `spanLine` (else the top border's); `columns` is the top border's, its last widened by text that
    /// runs past it. Its cells are appended to `cells`.
    private func row(_ r: Int, _ lines: Range<Int>, _ read: ArraySlice<SimpleTableLine>, spanLine: Int?, columns: inout [Range<Int>], borderEnd: Int, indentWidth: Int,
                     alignment: inout SimpleTableAlignment, cells: inout [GridCell]) throws(Failure) -> Row {
        let rowColumns = try spanLine.map { offset throws(Failure) in try spans(offset, columns: columns, borderEnd: borderEnd, indentWidth: indentWidth) }
            ?? columns.indices.map { $0..<$0 + 1 }
        var bounds = rowColumns.map { columns[$0.lowerBound].lowerBound..<columns[$0.upperBound - 1].upperBound }
        // The lines by index, here and below: a line copied out of `read` is retained and released.
        for k in read.indices {
            for i in bounds.indices {
                if i == bounds.count - 1 {
                    // Text past the last column widens it, for this row and those below (docutils's overflow).
                    let textEnd = read[k].textEnd
                    if textEnd > bounds[i].upperBound {
                        bounds[i] = bounds[i].lowerBound..<textEnd
                        columns[columns.count - 1] = columns[columns.count - 1].lowerBound..<max(columns[columns.count - 1].upperBound, textEnd)
                    }
                } else if let stray = read[k].text(touching: bounds[i].upperBound..<bounds[i + 1].lowerBound) {
                    throw Failure(diagnostic: Diagnostic(
                        code: .textInColumnGap, severity: .error, message: Diagnostic.Message.textInColumnGap(rowColumns[i].upperBound),
                        range: stray))
                }
            }
        }
        for (i, span) in rowColumns.enumerated() {
            let upper = i == bounds.count - 1 ? Int.max : bounds[i].upperBound
            cells.append(GridCell(rows: r..<r + 1, columns: span, lines: cellLines(read, bounds[i].lowerBound..<upper)))
            if span.count == 1 {
                alignment.note(read, column: span.lowerBound, range: bounds[i].lowerBound..<upper, edge: i == bounds.count - 1 ? borderEnd : upper)
            }
        }
        let blankAfter = read.indices.reversed().prefix { read[$0].textEnd == 0 }.count
        let dashes = spanLine.map { SimpleTableSyntax.isSpanLine(text.bytes, start($0, indentWidth: indentWidth), text.contentEnd(region.firstLine + $0)) } ?? false
        return Row(start: lines.lowerBound, lines: lines, blankLinesAfter: read.count == blankAfter ? 0 : blankAfter, ruled: dashes)
    }

    /// The column indices each run of the underline or rule at `offset` spans.
    private func spans(_ offset: Int, columns: [Range<Int>], borderEnd: Int, indentWidth: Int) throws(Failure) -> [Range<Int>] {
        let p = start(offset, indentWidth: indentWidth), end = text.contentEnd(region.firstLine + offset)
        let runs = SimpleTableSyntax.runs(text.bytes, p, end)
        func misaligned() -> Failure {
            let fix = alignedRuns(runs, columns: columns).map { aligned in
                var line = [UInt8]()
                for run in aligned {
                    line.append(contentsOf: repeatElement(SimpleTableSyntax.space, count: run.lowerBound - line.count))
                    line.append(contentsOf: repeatElement(text.bytes[p], count: run.count))
                }
                return Fix(.lineUpRuns, edits: [TextEdit(range: p..<end, newText: line)], isPreferred: true)
            }
            return error(.misalignedSpan, Diagnostic.Message.misalignedSpan, line: offset, fixes: fix.map { [$0] } ?? [])
        }
        guard runs.last?.upperBound == borderEnd else { throw misaligned() }
        var spans: [Range<Int>] = []
        var i = 0
        for (n, run) in runs.enumerated() {
            let end = n == runs.count - 1 ? columns[columns.count - 1].upperBound : run.upperBound
            guard i < columns.count, run.lowerBound == columns[i].lowerBound else { throw misaligned() }
            let first = i
            while i < columns.count && columns[i].upperBound != end { i += 1 }
            guard i < columns.count else { throw misaligned() }
            i += 1
            spans.append(first..<i)
        }
        return spans
    }

    /// Each run widened to the edges of the top border's columns it touches; nil when a run lies wholly in
    /// a gap or two runs touch one column (which columns they mean is not clear).
    private func alignedRuns(_ runs: [Range<Int>], columns: [Range<Int>]) -> [Range<Int>]? {
        let top = columns.map { $0 }
        var aligned: [Range<Int>] = []
        for run in runs {
            guard let first = top.firstIndex(where: { $0.upperBound > run.lowerBound }),
                  let last = top.lastIndex(where: { $0.lowerBound < run.upperBound }), first <= last else { return nil }
            let widened = top[first].lowerBound..<top[last].upperBound
            if let previous = aligned.last, previous.upperBound >= widened.lowerBound { return nil }  // two runs claim a column
            aligned.append(widened)
        }
        return aligned
    }

    /// A cell's text: on each line, the characters that start in `columns` (tabs as the spaces they
    /// stand for), trailing blanks cut, the indentation all its lines share removed, trailing blank lines
    /// dropped.
    private func cellLines(_ lines: ArraySlice<SimpleTableLine>, _ columns: Range<Int>) -> [String] {
        if lines.count == 1 {  // most cells: no array of byte slices
            let bytes = lines[lines.startIndex].bytes(starting: columns, in: text.bytes).trimmingEnd(Blank.isSpace)
            return bytes.isEmpty ? [] : [Self.string(bytes, droppingSpaces: bytes.prefix { $0 == 0x20 }.count)]
        }
        // Bytes first (a plain line's straight from the document), one String each at the end.
        var texts: [ArraySlice<UInt8>] = []
        texts.reserveCapacity(lines.count)
        var indent = Int.max
        for k in lines.indices {
            let bytes = lines[k].bytes(starting: columns, in: text.bytes).trimmingEnd(Blank.isSpace)
            if !bytes.isEmpty { indent = min(indent, bytes.prefix { $0 == 0x20 }.count) }
            texts.append(bytes)
        }
        while texts.last?.isEmpty == true { texts.removeLast() }
        return texts.map { $0.isEmpty ? "" : Self.string($0, droppingSpaces: indent) }
    }

    /// The text of `bytes` without its first `count` characters, which are spaces. They are dropped as
    /// characters: a combining mark after the last one joins it and goes too (a byte below 0x80 joins
    /// no space).
    private static func string(_ bytes: ArraySlice<UInt8>, droppingSpaces count: Int) -> String {
        let rest = bytes.dropFirst(count)
        if count > 0, let next = rest.first, next >= 0x80 { return String(String(decoding: bytes, as: UTF8.self).dropFirst(count)) }
        return String(decoding: rest, as: UTF8.self)
    }
}
