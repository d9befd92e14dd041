/// Tables, list items and block quotes as pandoc's Markdown reader reads them.
extension PandocMarkdownScanner {
    /// A table starting at `lines[i]`, with its captions (above, then blank lines; or below, after blank
    /// lines or none), which are no part of it: the index after it and its captions, or nil.
    mutating func readTable(_ lines: ArraySlice<Line>, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        var start = i
        let frontCaption = PandocBlockSyntax.captionStart(b, indentation(lines[i]).p, end(lines[i]))
        if frontCaption {
            let (captionEnd, attributes) = captionEnd(lines, i, reading: reading, divDepth: divDepth, inList: inList)
            start = captionEnd
            while start < lines.endIndex && isBlank(lines[start]) { start += 1 }
            // A caption is followed by blank lines, or ends with attributes.
            guard start > captionEnd || attributes, start < lines.endIndex, indentation(lines[start]).columns < 4 else { return nil }
        }
        // pandoc tries pipe tables, then multiline, simple and headerless multiline tables, then grid tables:
        // simple and multiline tables go between these two.
        guard let after = pipeTable(lines, start) ?? gridTable(lines, start) else { return nil }
        if frontCaption { return after }
        var next = after
        while next < lines.endIndex && isBlank(lines[next]) { next += 1 }
        guard next < lines.endIndex, case let (indent, p) = indentation(lines[next]), indent < 4,
              PandocBlockSyntax.captionStart(b, p, end(lines[next])) else { return after }
        return captionEnd(lines, next, reading: reading, divDepth: divDepth, inList: inList).end
    }

    /// The index after a caption that starts at `lines[i]`: it runs as a paragraph does, but ends with the
    /// first line that ends with attributes (`{#tbl-id}`), and then says so.
    private mutating func captionEnd(_ lines: ArraySlice<Line>, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> (end: Int, attributes: Bool) {
        let end = paragraphEnd(lines, i, reading: reading, divDepth: divDepth, inList: inList)
        guard let last = (i..<end).first(where: { PandocBlockSyntax.endsWithAttributes(b, lines[$0].start, self.end(lines[$0])) }) else {
            return (end, false)
        }
        return (last + 1, true)
    }

    /// A pipe table: a header row, a delimiter row, and then every line that holds a `|`.
    private mutating func pipeTable(_ lines: ArraySlice<Line>, _ k: Int) -> Int? {
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
        if let line = lines[k..<j].first(where: { PandocBlockSyntax.pipeInCodeOrMath(b, $0.start, end($0)) }) {
            // pandoc keeps such a | in its cell; gridls splits cells as GitHub does, at every unescaped |.
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.pandocPipeInCode,
                                                 range: line.start..<end(line)))
            return j
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
        if leftAloneForLazyLines(lines[k..<j]) { return j }
        result.tables.append(TableRegion(kind: .pipe, firstLine: header.index, contentStarts: lines[k..<j].map(\.start), syntax: .pandocMarkdown))
        return j
    }

    /// A grid table: its top border and the lines after it that start with `+` or `|`.
    private mutating func gridTable(_ lines: ArraySlice<Line>, _ k: Int) -> Int? {
        let (_, p) = indentation(lines[k])
        guard GridTableSyntax.isTopBorder(b, p, end(lines[k])) else { return nil }
        var j = k + 1
        while j < lines.endIndex, case let (indent, q) = indentation(lines[j]), indent < 4, q < end(lines[j]),
              b[q] == UInt8(ascii: "+") || b[q] == PipeRowSyntax.pipe { j += 1 }
        lastGridLine = lines[j - 1].index
        if leftAloneForLazyLines(lines[k..<j]) { return j }
        result.tables.append(TableRegion(kind: .grid, firstLine: lines[k].index, contentStarts: lines[k..<j].map(\.start), syntax: .pandocMarkdown))
        return j
    }

    /// An indented table with a lazy line is left alone and reported: printed at the table's indentation,
    /// the line could reach the container's indentation and become one of its own lines, and the next
    /// formatting would move it again. At no indentation a lazy line stays lazy.
    private mutating func leftAloneForLazyLines(_ table: ArraySlice<Line>) -> Bool {
        guard let first = table.first, indentation(first).columns > 0, let line = table.first(where: \.lazy) else { return false }
        result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.lazyTableLine,
                                             range: line.start..<end(line)))
        return true
    }

    /// A list item (pandoc's `rawListItem` and its `listContinuation`s), its content read as blocks.
    mutating func readListItem(_ lines: ArraySlice<Line>, _ i: Int, marker: (width: Int, contentStart: Int), indent: Int,
                               reading: Int, divDepth: Int) -> Int {
        let contentColumn = indent + marker.width
        var content = [Line(index: lines[i].index, start: marker.contentStart)]
        var j = i + 1
        while j < lines.endIndex, !isBlank(lines[j]), !endsListItem(lines[j], contentColumn, divDepth: divDepth) {
            let (lineIndent, p) = indentation(lines[j])
            if lineIndent < 4, b[p] == UInt8(ascii: "`") || b[p] == UInt8(ascii: "~"), let fence = BlockSyntax.openingFence(b, p, end(lines[j])),
               closer(lines, after: j, reading: reading, needle: [fence.marker], length: fence.length, { b, p, end in
                   BlockSyntax.closingFence(b, p, end, marker: fence.marker, length: fence.length) }) != nil { break }
            content.append(gobbled(lines[j], contentColumn) ?? Line(index: lines[j].index, start: lines[j].start, lazy: true))
            j += 1
        }
        while true {
            var k = j
            while k < lines.endIndex && isBlank(lines[k]) { k += 1 }
            guard k < lines.endIndex, !closesBlock(lines[k], divDepth: divDepth), let first = gobbled(lines[k], contentColumn) else { break }
            content += lines[j..<k]
            content.append(first)
            j = k + 1
            while j < lines.endIndex, !isBlank(lines[j]), !closesBlock(lines[j], divDepth: divDepth) {
                if let line = gobbled(lines[j], contentColumn) {
                    content.append(line)
                } else if isListStart(lines[j]) {
                    break
                } else {
                    content.append(Line(index: lines[j].index, start: lines[j].start, lazy: true))
                }
                j += 1
            }
        }
        readContent(content, divDepth: divDepth, inList: true)
        return j
    }

    private func isListStart(_ line: Line) -> Bool {
        let (indent, p) = indentation(line)
        return indent < 4 && PandocBlockSyntax.listMarker(b, p, end(line), column: indent) != nil
    }

    /// A line that ends a list item's first lines: another item, where pandoc looks for one.
    private func endsListItem(_ line: Line, _ contentColumn: Int, divDepth: Int) -> Bool {
        let (indent, p) = indentation(line)
        if (indent < 4 || indent >= contentColumn) && PandocBlockSyntax.listMarker(b, p, end(line), column: indent) != nil { return true }
        return closesBlock(line, divDepth: divDepth)
    }

    /// A fenced div's closer inside a div, or an HTML block's closing tag inside one.
    private func closesBlock(_ line: Line, divDepth: Int) -> Bool {
        let (indent, p) = indentation(line)
        guard indent < 4 else { return false }
        if divDepth > 0 && PandocBlockSyntax.divCloser(b, p, end(line)) { return true }
        return htmlDepth > 0 && PandocBlockSyntax.htmlBlockTag(b, p, end(line))?.closing == true
    }

    /// The line without its first `columns` columns of indentation, or nil when it is indented less.
    private func gobbled(_ line: Line, _ columns: Int) -> Line? {
        var column = 0, i = line.start
        let end = end(line)
        while column < columns && i < end {
            if b[i] == BlockSyntax.space { column += 1 } else if b[i] == BlockSyntax.tab { column += 4 - column % 4 } else { return nil }
            i += 1
        }
        return column >= columns ? Line(index: line.index, start: i, lazy: line.lazy) : nil
    }

    /// A block quote: lines starting with `>`, and lines without that continue the text above (lazily),
    /// its content (after `>` and one space) read as blocks.
    mutating func readBlockQuote(_ lines: ArraySlice<Line>, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int {
        var content: [Line] = []
        var j = i
        while j < lines.endIndex {
            let line = lines[j]
            let (indent, p) = indentation(line)
            if indent < 4 && p < end(line) && b[p] == UInt8(ascii: ">") {
                let start = p + 1 < end(line) && b[p + 1] == BlockSyntax.space ? p + 2 : p + 1
                content.append(Line(index: line.index, start: start, lazy: line.lazy))
            } else if j > i, !isBlank(line), !endsParagraph(lines, j, reading: reading, divDepth: divDepth, inList: inList) {
                content.append(Line(index: line.index, start: line.start, lazy: true))
            } else {
                break
            }
            j += 1
        }
        readContent(content, divDepth: divDepth, inList: inList)
        return j
    }

    /// A definition list's item: its term (`lines[i]`), then definitions (`:` or `~`, a blank line before
    /// or none), each read as blocks: its marker line's text, lines indented four columns (or going on
    /// lazily) and, after blank lines, more indented lines. Not where a captioned table starts at the
    /// marker (pandoc reads `: …` then the table's caption). Nil when no definition follows the term.
    mutating func readDefinitions(_ lines: ArraySlice<Line>, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        var j = i + 1
        var found = false
        while true {
            var m = j
            if m < lines.endIndex && isBlank(lines[m]) { m += 1 }
            guard m < lines.endIndex, case let (indent, p) = indentation(lines[m]),
                  let start = PandocBlockSyntax.definitionMarker(b, p, end(lines[m]), indent: indent) else { break }
            if !found {
                // Asked of a scanner of its own, so that what it finds is not kept (nor copied).
                var probe = PandocMarkdownScanner(text: text, restartable: [])
                probe.htmlDepth = htmlDepth
                guard probe.readTable(lines, m, reading: reading, divDepth: divDepth, inList: inList) == nil else { return nil }
            }
            found = true
            var content = [Line(index: lines[m].index, start: start, lazy: lines[m].lazy)]
            j = m + 1
            while true {
                while j < lines.endIndex, !isBlank(lines[j]), !closesBlock(lines[j], divDepth: divDepth) {
                    if let line = gobbled(lines[j], 4) {
                        content.append(line)
                    } else if case let (indent, p) = indentation(lines[j]), PandocBlockSyntax.definitionMarker(b, p, end(lines[j]), indent: indent) == nil {
                        content.append(Line(index: lines[j].index, start: lines[j].start, lazy: true))
                    } else {
                        break
                    }
                    j += 1
                }
                var k = j
                while k < lines.endIndex && isBlank(lines[k]) { k += 1 }
                guard k < lines.endIndex, k > j, !closesBlock(lines[k], divDepth: divDepth), let first = gobbled(lines[k], 4) else { break }
                content += lines[j..<k]
                content.append(first)
                j = k + 1
            }
            readContent(content, divDepth: divDepth, inList: false)
        }
        return found ? j : nil
    }
}
