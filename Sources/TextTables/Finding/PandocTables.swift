/// Tables and their captions as pandoc's Markdown reader reads them.
extension PandocMarkdownScanner {
    /// A table starting at `lines[i]`, with its captions (above, then blank lines; or below, after blank
    /// lines or none), which are no part of it: the index after it and its captions, or nil.
    mutating func readTable(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        var start = i
        let indented = indentation(lines[i]).columns >= 4
        // Indented 4 or more, only a simple table's header starts a table (pandoc's column line, a caption and
        // a multiline table's top line are indented at most 3); else an indented code block.
        let frontCaption = !indented && PandocBlockSyntax.captionStart(b, indentation(lines[i]).p, end(lines[i]))
        if frontCaption {
            let (captionEnd, attributes) = captionEnd(lines, i, reading: reading, divDepth: divDepth, inList: inList)
            start = captionEnd
            while start < lines.endIndex && isBlank(lines[start]) { start += 1 }
            // A caption is followed by blank lines, or ends with attributes.
            guard start > captionEnd || attributes, start < lines.endIndex, indentation(lines[start]).columns < 4 else { return nil }
        }
        // pandoc tries pipe tables, then multiline, simple and headerless multiline tables, then grid tables.
        guard let after = indented ? simpleOrMultilineTable(lines, start, divDepth: divDepth)
            : pipeTable(lines, start) ?? simpleOrMultilineTable(lines, start, divDepth: divDepth) ?? gridTable(lines, start, reading: reading, divDepth: divDepth, inList: inList) else { return nil }
        if frontCaption { return after }
        var next = after
        while next < lines.endIndex && isBlank(lines[next]) { next += 1 }
        guard next < lines.endIndex, case let (indent, p) = indentation(lines[next]), indent < 4,
              PandocBlockSyntax.captionStart(b, p, end(lines[next])) else { return after }
        return captionEnd(lines, next, reading: reading, divDepth: divDepth, inList: inList).end
    }

    /// The index after a caption that starts at `lines[i]`: it runs as a paragraph does, but ends with the
    /// first line that ends with attributes (`{#tbl-id}`), and then says so.
    private mutating func captionEnd(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> (end: Int, attributes: Bool) {
        let end = paragraphEnd(lines, i, reading: reading, divDepth: divDepth, inList: inList)
        guard let last = (i..<end).first(where: { PandocBlockSyntax.endsWithAttributes(b, lines[$0].start, self.end(lines[$0])) }) else {
            return (end, false)
        }
        return (last + 1, true)
    }

    /// A pipe table: a header row, a delimiter row, and then every line that holds a `|`.
    private mutating func pipeTable(_ lines: Lines, _ k: Int) -> Int? {
        let header = lines[k]
        let (_, headerText) = indentation(header)
        guard k + 1 < lines.endIndex, PandocBlockSyntax.pipeRow(b, headerText, end(header)) else { return nil }
        let delimiter = lines[k + 1]
        let (delimiterIndent, dp) = indentation(delimiter)
        let delimiterEnd = end(delimiter)
        guard delimiterIndent < 4, b[dp..<delimiterEnd].contains(PipeRowSyntax.pipe),
              let columns = PipeRowSyntax.delimiterCellCount(b, dp, delimiterEnd), columns > 1 || b[dp] == PipeRowSyntax.pipe
        else { return nil }
        var j = k + 2
        while j < lines.endIndex, !isBlank(lines[j]), b[lines[j].start..<end(lines[j])].contains(PipeRowSyntax.pipe) { j += 1 }
        // pandoc keeps such a | or form feed in its cell, and joins rows a span goes on over; gridls splits
        // and trims cells as GitHub does, a row a line.
        let paragraphEnd = lines[j...].firstIndex(where: isBlank) ?? lines.endIndex
        let pipeKept = PandocBlockSyntax.rowKeepingAPipe(b, lines[k..<j].map { $0.start..<end($0) },
                                                         following: lines[j..<paragraphEnd].map { $0.start..<end($0) }).map { lines[k + $0] }
        for (found, message) in [(pipeKept, Diagnostic.Message.pandocPipeInCode),
                                 (lines[k..<j].first { PandocBlockSyntax.cellStartsWithFormFeed(b, $0.start, end($0)) }, Diagnostic.Message.pandocFormFeedInCell)] {
            if let line = found {
                result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: message, range: line.start..<end(line)))
                return j
            }
        }
        let headerCells = PipeRowSyntax.cellCount(b, headerText, end(header))
        if headerCells != columns {
            result.diagnostics.append(Diagnostic(code: .delimiterCountMismatch, severity: .error,
                                                 message: Diagnostic.Message.pandocDelimiterMismatch(header: headerCells, delimiter: columns),
                                                 range: dp..<delimiterEnd))
            return j
        }
        for (above, message) in [(lastGridLine, Diagnostic.Message.gridTableAbove), (lastLineBlockLine, Diagnostic.Message.lineBlockAbove)]
        where above == header.index - 1 {
            // Written with outer pipes, this table would join the grid table or line block right above it:
            // leave it, say so.
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: message, range: header.start..<end(header)))
            return j
        }
        if k > lines.startIndex, !isBlank(lines[k - 1]), PandocBlockSyntax.listMarker(b, headerText, end(header), column: 0) != nil {
            // Right under a line, a header starting with a list number ends the list item above (pandoc's
            // list items end at a marker); printed with a leading pipe, it would go on with that item's text.
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.markerEndsItemAbove,
                                                 range: header.start..<end(header)))
            return j
        }
        if leftAloneForLazyLines(lines[k..<j]) { return j }
        result.tables.append(TableRegion(kind: .pipe, firstLine: header.index, contentStarts: lines[k..<j].map(\.start), syntax: .pandocMarkdown))
        return j
    }

    /// A simple or multiline table (`PandocTableFinder`), its lines those of `lines` from `k` on. One that
    /// lacks its closing line is reported; a simple one's lines are read as the blocks pandoc reads them as.
    /// Inside a fenced div a closing `:::` ends the table: pandoc reads the div's blocks up to it.
    private mutating func simpleOrMultilineTable(_ lines: Lines, _ k: Int, divDepth: Int) -> Int? {
        let base = k - lines[k].index  // lines[line + base] is the document's line `line`
        guard let extent = PandocTableFinder.table(at: lines[k].index, in: text, endsWithoutBlank: contentEndsWithoutBlank, contentStart: { [self] line in
            guard line + base < lines.endIndex else { return nil }
            let (indent, p) = indentation(lines[line + base])
            if divDepth > 0 && indent == 0 && PandocBlockSyntax.divCloser(b, p, end(lines[line + base])) { return nil }
            return lines[line + base].start
        }) else { return nil }
        if !extent.unclosed && leftAloneForLazyLines(lines[(extent.lines.lowerBound + base)..<(extent.lines.upperBound + base)]) {
            return extent.lines.upperBound + base
        }
        result.tables.append(TableRegion(kind: extent.kind == .simple ? .pandocSimple : .multiline, firstLine: extent.lines.lowerBound,
                                         contentStarts: extent.lines.map { lines[$0 + base].start }, syntax: .pandocMarkdown))
        // An unclosed multiline table's header and column line would read as a simple table of their own:
        // its lines are left alone, reported (pandoc reads its top line and header as a one-column table).
        if extent.unclosed && extent.kind == .multiline { return extent.lines.upperBound + base }
        return extent.unclosed ? nil : extent.lines.upperBound + base
    }

    /// The index after a simple or multiline table at `lines[k]` (its captions apart), which is not formatted.
    mutating func unformattedTable(_ lines: Lines, _ k: Int) -> Int? {
        let base = k - lines[k].index
        guard let extent = PandocTableFinder.table(at: lines[k].index, in: text, contentStart: { line in
            line + base < lines.endIndex ? lines[line + base].start : nil
        }), !extent.unclosed else { return nil }
        return extent.lines.upperBound + base
    }

    /// A grid table: its top border and the lines after it that start with `+` or `|`. One whose last line
    /// is no border is none to pandoc: its top line starts a paragraph that the lines below go on (a
    /// table's lines among them). It is reported (unclosed); the scan goes on after the paragraph.
    private mutating func gridTable(_ lines: Lines, _ k: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        let (indented, p) = indentation(lines[k])
        guard GridTableSyntax.isTopBorder(b, p, end(lines[k])) else { return nil }
        var j = k + 1
        while j < lines.endIndex, case let (indent, q) = indentation(lines[j]), indent < 4, q < end(lines[j]),
              b[q] == UInt8(ascii: "+") || b[q] == PipeRowSyntax.pipe { j += 1 }
        lastGridLine = lines[j - 1].index
        // pandoc 3.10 reads grid tables indented by one to three spaces; 3.9 (and Quarto's pandoc) a paragraph.
        if indented > 0 {
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.pandocIndentedGridTable,
                                                 range: lines[k].start..<end(lines[k])))
            return j
        }
        let closed = j - 1 > k && GridTableSyntax.isTopBorder(b, indentation(lines[j - 1]).p, end(lines[j - 1]))
        let after = closed ? j : paragraphEnd(lines, k, reading: reading, divDepth: divDepth, inList: inList)
        if leftAloneForLazyLines(lines[k..<j]) { return after }
        result.tables.append(TableRegion(kind: .grid, firstLine: lines[k].index, contentStarts: lines[k..<j].map(\.start), syntax: .pandocMarkdown))
        return after
    }

    /// An indented table with a lazy line is left alone and reported: printed at the table's indentation,
    /// the line could reach the container's indentation and become one of its own lines, and the next
    /// formatting would move it again. At no indentation a lazy line stays lazy, unless it is indented
    /// itself: printing takes that indentation away, and with it the reading that made the line lazy.
    private mutating func leftAloneForLazyLines(_ table: Lines) -> Bool {
        guard let first = table.first, let line = table.first(where: \.lazy),
              indentation(first).columns > 0 || table.contains(where: { $0.lazy && indentation($0).columns > 0 }) else { return false }
        result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.lazyTableLine,
                                             range: line.start..<end(line)))
        return true
    }
}
