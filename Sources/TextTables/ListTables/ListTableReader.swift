import GridModel

/// Reads a `.. list-table::` directive as docutils does: a bullet list whose items are the rows, each
/// holding a bullet list whose items are the cells. A cell's text is its item's lines from the text after
/// the bullet on, the item's indentation taken off the lines below. Rows of different lengths, or content
/// that is not such a list, are errors (docutils reads no table).
struct ListTableReader {
    let text: TextLines
    let region: TableRegion

    struct Reading {
        var grid: Grid?
        var directive: ListTableDirective
        var diagnostics: [Diagnostic]
    }

    private struct Item {
        var line: Int
        /// The first line's text after the bullet, then the lines below with the item's indentation off.
        var lines: [String]
        /// Column of the text after the bullet (where the item's body is indented to).
        var bodyColumn: Int
    }

    var b: [UInt8] { text.bytes }
    func end(_ offset: Int) -> Int { text.contentEnd(region.firstLine + offset) }
    func indentation(_ offset: Int) -> (columns: Int, end: Int) {
        BlockSyntax.indentation(b, region.contentStarts[offset], end(offset), tabStop: 8)
    }
    func isBlank(_ offset: Int) -> Bool { indentation(offset).end == end(offset) }
    private func lineRange(_ offset: Int) -> Range<Int> { region.contentStarts[offset]..<end(offset) }

    func read() -> Reading {
        let (_, p0) = indentation(0)
        var directive = ListTableDirective(
            indent: Array(b[region.contentStarts[0]..<p0]), title: [], options: [], headerRows: 0, hasStubColumns: false)
        do throws(Failure) {
            let rowsStart: Int
            (directive, rowsStart) = try self.directive()
            if rowsStart == region.contentStarts.count && rowsStart > 1 {
                // No blank line ends the title and options: what may look like rows is the title.
                throw failure(.malformedListTable, Diagnostic.Message.listTableNoBlankLine, line: 1)
            }
            let rows = try items(from: rowsStart, to: region.contentStarts.count).map { row throws(Failure) in try cells(of: row) }
            let grid = try grid(rows, directive: directive)
            return Reading(grid: grid, directive: directive, diagnostics: [])
        } catch {
            return Reading(grid: nil, directive: directive, diagnostics: [error.diagnostic])
        }
    }

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    func failure(_ code: Diagnostic.Code, _ message: String, line offset: Int) -> Failure {
        Failure(diagnostic: Diagnostic(code: code, severity: .error, message: message, range: lineRange(offset)))
    }

    /// The items of the bullet list in lines `from..<to` (blank lines first skipped): each starts at the
    /// list's indentation with the list's bullet; what is indented past the bullet is the item's.
    private func items(from first: Int, to last: Int) throws(Failure) -> [Item] {
        var offset = first
        while offset < last && isBlank(offset) { offset += 1 }
        guard offset < last else { throw failure(.malformedListTable, Diagnostic.Message.listTableEmpty, line: 0) }
        let (listColumn, p) = indentation(offset)
        guard let bullet = ListTableSyntax.bullet(b, p, end(offset)) else {
            throw failure(.malformedListTable, Diagnostic.Message.listTableNotAList, line: offset)
        }
        var items: [Item] = []
        while offset < last {
            if isBlank(offset) {
                items[items.count - 1].lines.append("")
                offset += 1
                continue
            }
            let (column, q) = indentation(offset)
            if column == listColumn {
                guard ListTableSyntax.bullet(b, q, end(offset)) == bullet else {
                    throw failure(.malformedListTable, Diagnostic.Message.listTableNotAList, line: offset)
                }
                let (gap, textStart) = BlockSyntax.indentation(b, q + 1, end(offset), column: column + 1, tabStop: 8)
                let body = textStart == end(offset) ? column + 2 : column + 1 + gap
                items.append(Item(line: offset, lines: [text(textStart..<end(offset))], bodyColumn: body))
            } else if let item = items.last, column >= item.bodyColumn {
                items[items.count - 1].lines.append(text(region.contentStarts[offset]..<end(offset)).dropColumns(item.bodyColumn))
            } else {
                throw failure(.malformedListTable, Diagnostic.Message.listTableNotAList, line: offset)
            }
            offset += 1
        }
        return items.map { item in
            var item = item
            while item.lines.last?.isEmpty == true { item.lines.removeLast() }
            return item
        }
    }

    /// The text of `bytes`, trailing blanks cut (docutils cuts them from every line it reads).
    private func text(_ bytes: Range<Int>) -> String {
        String(decoding: b[bytes].trimmingEnd(Blank.isSpaceOrTab), as: UTF8.self)
    }

    /// The cells of a row: its item's lines read as a bullet list of cells.
    private func cells(of row: Item) throws(Failure) -> (line: Int, cells: [[String]]) {
        let lines = TextLines(Array(row.lines.joined(separator: "\n").utf8))
        let inner = ListTableReader(text: lines, region: TableRegion(kind: .list, firstLine: 0, contentStarts: lines.starts, syntax: .restructuredText))
        do {
            return (row.line, try inner.items(from: 0, to: lines.count).map(\.lines))
        } catch {
            throw failure(.malformedListTable, Diagnostic.Message.listTableRowNotAList, line: row.line)
        }
    }

    private func grid(_ rows: [(line: Int, cells: [[String]])], directive: ListTableDirective) throws(Failure) -> Grid {
        let width = rows[0].cells.count
        if let uneven = rows.firstIndex(where: { $0.cells.count != width }) {
            throw failure(.unevenListTable, Diagnostic.Message.unevenListTable(row: uneven + 1, cells: rows[uneven].cells.count, first: width),
                          line: rows[uneven].line)
        }
        guard (0..<rows.count).contains(directive.headerRows) else {
            throw failure(.malformedListTable, Diagnostic.Message.listTableHeaderRows(rows.count), line: 0)
        }
        guard (0..<width).contains(directive.stubColumns) else {
            throw failure(.malformedListTable, Diagnostic.Message.listTableStubColumns(width), line: 0)
        }
        if let widths = directive.widths, widths.count != width {
            throw failure(.malformedListTable, Diagnostic.Message.listTableWidths(widths.count, columns: width), line: 0)
        }
        let cells = rows.enumerated().flatMap { r, row in
            row.cells.enumerated().map { c, lines in GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: lines) }
        }
        do {
            return try Grid(rowCount: rows.count, columnCount: width, cells: cells, headerRowCount: directive.headerRows)
        } catch {
            throw failure(.malformedListTable, Diagnostic.Message.listTableNotAList, line: 0)  // not reached: unit cells tile
        }
    }
}

enum ListTableSyntax {
    static let marker = ".. list-table::"

    /// Whether the line from `p` is a `.. list-table::` directive line.
    static func isDirective(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        b[p..<end].starts(with: Array(marker.utf8))
    }

    /// The bullet that starts an item on the line from `p` (`*`, `-` or `+` followed by a blank or the
    /// line's end), or nil.
    static func bullet(_ b: [UInt8], _ p: Int, _ end: Int) -> UInt8? {
        guard p < end, [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "+")].contains(b[p]) else { return nil }
        return p + 1 == end || b[p + 1] == 0x20 || b[p + 1] == 0x09 ? b[p] : nil
    }

    /// Whether the line from `p` to `end` (trailing blanks cut) starts with a field marker, as docutils
    /// matches one: `:(?![: ])([^:\\]|\\.|:(?!([ `]|$)))*(?<! ):( +|$)`.
    static func isOption(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool { fieldMarkerEnd(b, p, end) != nil }

    /// Where the field marker that starts the line from `p` ends (after its closing colon), or nil.
    static func fieldMarkerEnd(_ b: [UInt8], _ p: Int, _ end: Int) -> Int? {
        let colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")
        guard p + 1 < end, b[p] == colon, b[p + 1] != colon, b[p + 1] != space else { return nil }
        var i = p + 1
        while i < end {
            switch b[i] {
            case UInt8(ascii: "\\"):
                i += 2
            case colon:
                guard i + 1 < end, b[i + 1] != space else { return b[i - 1] != space ? i + 1 : nil }
                if b[i + 1] == UInt8(ascii: "`") { return nil }
                i += 1
            default:
                i += 1
            }
        }
        return nil
    }
}

private extension String {
    /// The line without its first `columns` columns of leading spaces.
    func dropColumns(_ columns: Int) -> String {
        String(decoding: utf8.dropFirst(Swift.min(columns, utf8.prefix(while: { $0 == 0x20 }).count)), as: UTF8.self)
    }
}
