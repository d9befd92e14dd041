import TextTables

extension TableIndex {
    /// How far from the line typed in a row's borders are looked for: a taller row is read with its table.
    static let gridRowReach = 32

    /// For an edit of line `row` of the grid table at `index` inside a row's cells (`GridRowEdit`): the
    /// lines of that row between its two borders, and their diagnostics (lines counted from the table's
    /// first) as reading the whole table finds them; nil when only reading the table can say.
    func gridRowChange(_ text: DocumentText, table index: Int, row: Int, at byte: Int,
                       removed: ArraySlice<UInt8>, inserted: ArraySlice<UInt8>) -> (rows: Range<Int>, diagnostics: [LineDiagnostic])? {
        let table = tables[index], count = table.prefixLengths.count
        guard options.maxWidth == nil, count > GridRowEdit.longerThan, let columns = table.gridColumns, row > 0, row < count - 1,
              GridRowEdit.keepsShape(line: text.line(table.firstLine + row), contentStart: table.prefixLengths[row], start: byte,
                                     removed: removed, inserted: inserted),
              table.diagnostics.allSatisfy({ isDrift($0.diagnostic) })
        else { return nil }
        // The row's borders: the nearest lines above and below with a `+`, each drawn edge to edge on the
        // table's column lines.
        func hasPlus(_ r: Int) -> Bool { text.line(table.firstLine + r).dropFirst(table.prefixLengths[r]).contains(UInt8(ascii: "+")) }
        guard let top = GridRowEdit.lineWithPlus(above: row, reach: TableIndex.gridRowReach, hasPlus),
              let bottom = GridRowEdit.lineWithPlus(below: row, count: count, reach: TableIndex.gridRowReach, hasPlus),
              GridRowEdit.junctions(of: text.line(table.firstLine + top), contentStart: table.prefixLengths[top]) == columns,
              GridRowEdit.junctions(of: text.line(table.firstLine + bottom), contentStart: table.prefixLengths[bottom]) == columns
        else { return nil }
        // The row alone, its borders drawn plain, as a table of its own.
        let (local, region) = table.piece(top...bottom, of: text, syntax: syntax) { r, line in
            r == top || r == bottom ? GridRowEdit.plainBorder(line, contentStart: table.prefixLengths[r]) : nil
        }
        guard let found = GridRowEdit.rowDiagnostics(local, region: region, columnLines: columns, options: options) else { return nil }
        return (top + 1..<bottom, found.map { TableIndex.place($0, in: local, firstLine: -top) })
    }

    private func isDrift(_ diagnostic: Diagnostic) -> Bool {
        GridRowEdit.isDrift(code: diagnostic.code, severity: diagnostic.severity, message: diagnostic.message, syntax: syntax)
    }
}
