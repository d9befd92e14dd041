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

    /// Cell, then row, then table, for each position; a position outside tables selects nothing more.
    func selectionRanges(_ params: SelectionRangeParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        var result: [JSON] = []
        for requested in params.positions {
            let position = document.clamp(requested, encoding)
            let point = document.lspRange(position, position, encoding)
            guard let table = document.index.table(at: position.line) else {
                result.append(["range": point])
                continue
            }
            let (local, reading) = document.reading(table, options: formatOptions(document))
            let last = table.lines.upperBound - 1
            var ranges = [document.lspRange(LinePosition(table.firstLine, 0), LinePosition(last, document.text.line(last).count), encoding)]
            if let (row, cell) = rowAndCell(document, table: table, local: local, reading: reading, position: position) {
                ranges.insert(row, at: 0)
                if cell != row { ranges.insert(cell, at: 0) }
            }
            var nested: JSON = ["range": ranges.last!]
            for range in ranges.dropLast().reversed() { nested = ["range": range, "parent": nested] }
            result.append(nested)
        }
        return .array(result)
    }

    /// The ranges of the row and the cell at a position inside a table.
    private func rowAndCell(
        _ document: OpenDocument, table: TableIndex.Table, local: OpenDocument.LocalTable, reading: TableReading,
        position: LinePosition
    ) -> (JSON, JSON)? {
        let offset = document.offset(position, in: local)
        let lineInTable = position.line - table.firstLine
        let lineEnd = document.text.line(position.line).count
        let rowRange = document.lspRange(LinePosition(position.line, table.prefixLengths[lineInTable]), LinePosition(position.line, lineEnd), encoding)
        switch table.kind {
        case .pipe:
            let start = local.region.contentStarts[lineInTable], end = local.text.contentEnd(lineInTable)
            let p = start + local.text.bytes[start..<end].prefix { $0 == 0x20 || $0 == 0x09 }.count
            let cells = PipeTable.rowCells(local.text.bytes, from: p, to: end)
            guard let cell = cells.last(where: { $0.lowerBound <= offset }) ?? cells.first else { return nil }
            return (rowRange, document.lspRange(document.position(cell.lowerBound, in: local), document.position(cell.upperBound, in: local), encoding))
        case .grid, .simple, .list, .pandocSimple, .multiline:
            // In a grid or simple table the line is the narrowest range that is sure to hold the cell's text there.
            guard reading.slots(at: [offset])[0] != nil else { return nil }
            return (rowRange, rowRange)
        }
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
