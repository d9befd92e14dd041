/// Where a pipe table starts (a delimiter row under a paragraph's last line) and which lines end one or a
/// paragraph, as cmark-gfm decides; tables it reads but no printing keeps alike are reported, not indexed.
extension MarkdownScanner {
    /// A delimiter row under a paragraph line with as many cells makes a table; with a different count,
    /// where the line above has a pipe too, a table was probably meant: say so. A table that cmark-gfm
    /// reads but that is left alone (reported) is a table without index, so that its rows are skipped.
    mutating func openTable(header: Int, headerStart: Int, lazy: Bool, line: Int, pos: Int, column: Int, p: Int, end: Int) -> Leaf? {
        guard let columns = PipeRowSyntax.delimiterCellCount(b, p, end) else { return nil }
        let headerEnd = text.contentEnd(header)
        let (_, headerText) = BlockSyntax.indentation(b, headerStart, headerEnd)
        if lazy && headerText > headerStart {
            // cmark-gfm keeps a lazy line's leading spaces in its text, where they make an empty first cell
            // before a pipe: no printing keeps what such a table means everywhere. Leave it, say so.
            result.diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning,
                message: Diagnostic.Message.headerWithoutPrefix,
                range: headerStart..<headerEnd))
            // When cmark-gfm's count (that empty cell included) matches, it reads a table all the same: its
            // rows follow, not a paragraph that could hold another table's header.
            let headerCells = PipeRowSyntax.cellCount(b, headerText, headerEnd)
            guard headerCells > 0, headerCells + (b[headerText] == PipeRowSyntax.pipe ? 1 : 0) == columns
            else { return nil }
            return .table(index: nil, columns: columns)
        }
        if listItemLine == header, BlockSyntax.taskListMarker(b, headerText, headerEnd) {
            // GitHub reads `[ ]` or `[x]` opening a list item as its checkbox, outside the table, whose header
            // is the rest of the line: printed after a pipe the checkbox would become text. Leave it, say so.
            // cmark-gfm may read a table with the box taken out of the header or kept as a cell (a document
            // starting with a byte-order mark showed the second): either count makes it left alone.
            let (_, afterBox) = BlockSyntax.indentation(b, headerText + 3, headerEnd)
            guard [afterBox, headerText].contains(where: { PipeRowSyntax.cellCount(b, $0, headerEnd) == columns }) else { return nil }
            result.diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning,
                message: Diagnostic.Message.taskListHeader,
                range: headerStart..<headerEnd))
            return .table(index: nil, columns: columns)
        }
        let headerCells = PipeRowSyntax.cellCount(b, headerText, headerEnd)
        guard headerCells > 0 else { return nil }
        guard headerCells == columns else {
            if portable && PortableTables.hasPipeInCodeSpan(b, headerText, headerEnd) {
                // Python-Markdown and kramdown keep the code span's `|` in its cell and may read a table
                // here: no reader's advice (`\|` shows its backslash in code to them) fits every one.
                result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning,
                                                     message: Diagnostic.Message.portablePipeInCodeSpan, range: headerStart..<headerEnd))
            } else if b[headerText..<headerEnd].contains(PipeRowSyntax.pipe) || b[p..<end].contains(PipeRowSyntax.pipe) {
                result.diagnostics.append(PipeTableChecks.delimiterMismatch(
                    headerCells: headerCells, delimiterCells: columns, range: p..<end))
            }
            return nil
        }
        let (headerIndent, _) = BlockSyntax.indentation(b, headerStart, headerEnd)
        if headerIndent >= 4 && PipeRowSyntax.delimiterCellCount(b, headerText, headerEnd) != nil {
            // A header indented as code that reads as a delimiter row: printed at the table's indentation it
            // would become the delimiter of the line above it. Leave it and say so.
            result.diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning,
                message: Diagnostic.Message.headerIndentedLikeCode,
                range: headerStart..<headerEnd))
            return .table(index: nil, columns: columns)
        }
        if let lastGridLine, lastGridLine == header - 1 {
            // Written with outer pipes, this table would join the grid table right above it: leave it, say so.
            result.diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning,
                message: Diagnostic.Message.gridTableAbove,
                range: headerStart..<headerEnd))
            return .table(index: nil, columns: columns)
        }
        result.tables.append(TableRegion(kind: .pipe, firstLine: header, contentStarts: [headerStart, contentStart(pos, column)], syntax: .markdown))
        if portable { openPortableTable(result.tables.count - 1, header: header, headerStart: headerStart) }
        return .table(index: result.tables.count - 1, columns: headerCells)
    }

    /// The column count of the pipe table cmark-gfm reads at line `line` of the grid table at `index`: the
    /// line is a delimiter row with as many cells as the grid line above it. Nil otherwise.
    mutating func pipeTableInGridLines(_ index: Int, line: Int, p: Int, end: Int) -> Int? {
        guard b[p] == PipeRowSyntax.pipe, let columns = PipeRowSyntax.delimiterCellCount(b, p, end),
              let above = result.tables[index].contentStarts.last else { return nil }
        let aboveEnd = text.contentEnd(line - 1)
        let (_, aboveText) = BlockSyntax.indentation(b, above, aboveEnd)
        return PipeRowSyntax.cellCount(b, aboveText, aboveEnd) == columns ? columns : nil
    }

    /// Block starts that can interrupt a paragraph (so a line is not a lazy continuation). For a `lazy`
    /// line (one that does not continue every open container) cmark-gfm checks the starts against the
    /// last container it matched, not the paragraph: then any list item and HTML of kind 7 interrupt too.
    mutating func interruptsParagraph(_ pos: Int, _ column: Int, _ end: Int, lazy: Bool = false) -> Bool {
        let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
        if indent >= 4 { return false }
        if p < end && b[p] == UInt8(ascii: ">") { return true }
        if BlockSyntax.thematicBreak(b, p, end) || BlockSyntax.atxHeading(b, p, end) { return true }
        if BlockSyntax.openingFence(b, p, end) != nil { return true }
        if HTMLBlock.start(b, p, end, inParagraph: !lazy, dialect: dialect) != nil { return true }
        if let item = BlockSyntax.listMarker(b, p, end, column: column + indent), lazy || (!item.empty && item.startsAtOne) {
            return true
        }
        return false
    }

    /// Block starts that end a table (cmark-gfm tries them before a table row): any list item,
    /// any HTML block, indented code, as well as what interrupts a paragraph.
    mutating func startsBlockInsideTable(_ pos: Int, _ column: Int, _ end: Int) -> Bool {
        let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
        if indent >= 4 { return true }
        // Most rows: no block starts with a pipe (the checks below each fail on it, one after another).
        if p < end && b[p] == PipeRowSyntax.pipe { return false }
        if interruptsParagraph(pos, column, end) { return true }
        if HTMLBlock.start(b, p, end, inParagraph: false, dialect: dialect) != nil { return true }
        return BlockSyntax.listMarker(b, p, end, column: column + indent) != nil
    }
}
