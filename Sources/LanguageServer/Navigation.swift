import GridModel
import JSONRPC
import TextTables

extension Server {
    /// One symbol per table: "Table 3 (4×12)", columns × rows.
    func documentSymbols(_ params: DocumentParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        return .array(document.index.tables.enumerated().map { n, table in
            var name = "Table \(n + 1)"
            if let shape = document.reading(table, options: formatOptions(document)).reading.shape {
                name += " (\(shape.columnCount)×\(shape.rowCount))"
            } else {
                name += " (unreadable)"
            }
            let last = table.lines.upperBound - 1
            return [
                "name": .string(name), "kind": 18,
                "detail": .string(TableIndex.kindName(table.kind)),
                "range": document.lspRange(LinePosition(table.firstLine, 0), LinePosition(last, document.text.line(last).count), encoding),
                "selectionRange": document.lspRange(LinePosition(table.firstLine, 0), LinePosition(table.firstLine, document.text.line(table.firstLine).count), encoding),
            ]
        })
    }

    func foldingRanges(_ params: DocumentParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        return .array(document.index.tables.filter { $0.prefixLengths.count > 1 }.map { table in
            ["startLine": .int(table.firstLine), "endLine": .int(table.lines.upperBound - 1), "kind": "region"]
        })
    }

    /// For each position, the ranges around it from the narrowest: in a pipe or grid table the cell's
    /// text, the cell with its padding, the cell with its borders (`CellExtent`), then its row and the
    /// table; in other tables the line, then the table. A range that does not hold the position (the
    /// text, when the position is in the padding) is left out, as LSP asks.
    func selectionRanges(_ params: SelectionRangeParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        return .array(params.positions.map { requested in
            let position = document.clamp(requested, encoding)
            let ranges = selectionRanges(document, at: position).filter { $0.lowerBound <= position && position <= $0.upperBound }
            guard let widest = ranges.last else { return ["range": document.lspRange(position, position, encoding)] }
            var nested: JSON = ["range": document.lspRange(widest.lowerBound, widest.upperBound, encoding)]
            for range in ranges.dropLast().reversed() {
                nested = ["range": document.lspRange(range.lowerBound, range.upperBound, encoding), "parent": nested]
            }
            return nested
        })
    }

    /// The ranges holding `position`, narrowest first; none outside tables.
    private func selectionRanges(_ document: OpenDocument, at position: LinePosition) -> [ClosedRange<LinePosition>] {
        guard let table = document.index.table(at: position.line) else { return [] }
        let (local, reading) = document.reading(table, options: formatOptions(document))
        func row(_ lines: ClosedRange<Int>) -> ClosedRange<LinePosition> {
            LinePosition(lines.lowerBound, table.prefixLengths[lines.lowerBound - table.firstLine])...LinePosition(lines.upperBound, document.text.line(lines.upperBound).count)
        }
        let last = table.lines.upperBound - 1
        let whole = LinePosition(table.firstLine, 0)...LinePosition(last, document.text.line(last).count)
        let offset = document.offset(position, in: local)
        if let cell = reading.cellExtent(at: offset) {
            let cellRanges = [cell.text, cell.padded, cell.bordered].compactMap { $0 }.map { (range: Range<Int>) in
                document.position(range.lowerBound, in: local)...document.position(range.upperBound, in: local)
            }
            return cellRanges + [row(cell.lines.lowerBound + local.firstLine...cell.lines.upperBound + local.firstLine), whole]
        }
        // In the other tables the line is the narrowest range sure to hold the cell's text there.
        return (reading.slots(at: [offset])[0] == nil ? [] : [row(position.line...position.line)]) + [whole]
    }

    func hover(_ params: HoverParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let position = document.clamp(params.position, encoding)
        guard let number = document.index.tableIndices(overlapping: position.line..<position.line + 1).first else { return .null }
        // The table's one reading (kept until an edit touches it) gives both the grid and the slot.
        let (local, reading) = document.reading(document.index.tables[number], options: formatOptions(document))
        guard case .success(let grid) = reading.grid, let slot = reading.slots(at: [document.offset(position, in: local)])[0],
              let index = grid.cellIndex(row: slot.row, column: slot.column) else { return .null }
        let cell = grid.cells[index]
        var text = "**Table \(number + 1)** (\(grid.columnCount)×\(grid.rowCount)): row \(slot.row + 1), column \(slot.column + 1)"
        if slot.row < grid.headerRowCount { text += ", header" }
        if !cell.isUnit { text += "; merged cell covering \(cell.rect)" }
        return ["contents": ["kind": "markdown", "value": .string(text)]]
    }
}
