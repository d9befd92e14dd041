import TextTables

extension OpenDocument {
    /// The step on the grid table row typed in since the table was formatted (`FormattedButGridRow`),
    /// read from that row and the rows above and below it; nil when the table's entry knows no such row
    /// or the step needs the whole table.
    func gridRowStep(_ table: TableIndex.Table, at position: LinePosition, _ direction: NavigationDirection, options: FormatOptions) -> TableStep? {
        guard table.kind == .grid, let kept = table.memo.formattedButGridRow, let columns = table.gridColumns,
              kept.rows.contains(position.line - table.firstLine), kept.rows.lowerBound > 0,
              kept.rows.upperBound < table.prefixLengths.count else { return nil }
        let count = table.prefixLengths.count, top = kept.rows.lowerBound - 1, bottom = kept.rows.upperBound
        func content(_ r: Int) -> ArraySlice<UInt8> { text.line(table.firstLine + r).dropFirst(table.prefixLengths[r]) }
        func isBorder(_ r: Int) -> Bool { GridRowEdit.junctions(of: text.line(table.firstLine + r), contentStart: table.prefixLengths[r]) == columns }
        // The rows above and below: the nearest lines with a `+`, borders drawn edge to edge.
        func hasPlus(_ r: Int) -> Bool { content(r).contains(UInt8(ascii: "+")) }
        let above = top == 0 ? top : GridRowEdit.lineWithPlus(above: top, reach: TableIndex.gridRowReach, hasPlus)
        let below = bottom == count - 1 ? bottom : GridRowEdit.lineWithPlus(below: bottom, count: count, reach: TableIndex.gridRowReach, hasPlus)
        guard let above, let below, [above, top, bottom, below].allSatisfy(isBorder),
              !kept.rows.contains(where: hasPlus) else { return nil }
        let (read, region) = table.piece(above...below, of: text, syntax: syntax) { r, line in
            hasPlus(r) ? GridRowEdit.plainBorder(line, contentStart: table.prefixLengths[r]) : nil
        }
        let m = position.line - table.firstLine - above
        let offset = min(read.starts[m] + position.byte, read.contentEnd(m))
        let row = kept.rows.lowerBound - above..<kept.rows.upperBound - above
        guard let step = TableReading(read, region: region, options: options)
            .gridStep(formattedBut: kept, row: row, columnLines: columns, from: offset, direction) else { return nil }
        return TableStep(edits: placed(step.edits, in: read, of: table) { above + $0 }, line: table.firstLine + above + step.line, byte: step.byte,
                         lineText: step.lineText, linesRead: below - above + 1)
    }
}
