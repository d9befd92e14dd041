/// List items, block quotes and definition lists as pandoc's Markdown reader reads them: the lines each
/// holds, with where their text starts, read again as blocks.
extension PandocMarkdownScanner {
    /// A list item (pandoc's `rawListItem` and its `listContinuation`s), its content read as blocks.
    mutating func readListItem(_ lines: Lines, _ i: Int, marker: (width: Int, contentStart: Int), indent: Int,
                               reading: Int, divDepth: Int) -> Int {
        let contentColumn = indent + marker.width
        var changes: [Line] = []
        changes.note(lines[i], readAs: Line(index: lines[i].index, start: marker.contentStart))
        var j = i + 1
        while j < lines.endIndex, !isBlank(lines[j]), !endsListItem(lines[j], contentColumn, divDepth: divDepth) {
            let (lineIndent, p) = indentation(lines[j])
            if lineIndent < 4, b[p] == UInt8(ascii: "`") || b[p] == UInt8(ascii: "~"), let fence = BlockSyntax.openingFence(b, p, end(lines[j])),
               closer(lines, after: j, reading: reading, needle: [fence.marker], length: fence.length, { b, p, end in
                   BlockSyntax.closingFence(b, p, end, marker: fence.marker, length: fence.length) }) != nil { break }
            changes.note(lines[j], readAs: gobbled(lines[j], contentColumn) ?? lines[j].lazily)
            j += 1
        }
        while true {
            let k = blankRunEnd(lines, from: j)
            guard k < lines.endIndex, !closesBlock(lines[k], divDepth: divDepth), let first = gobbled(lines[k], contentColumn) else { break }
            changes.note(lines[k], readAs: first)
            j = k + 1
            while j < lines.endIndex, !isBlank(lines[j]), !closesBlock(lines[j], divDepth: divDepth) {
                if let line = gobbled(lines[j], contentColumn) {
                    changes.note(lines[j], readAs: line)
                } else if isListStart(lines[j]) {
                    break
                } else {
                    changes.note(lines[j], readAs: lines[j].lazily)
                }
                j += 1
            }
        }
        let tablesBefore = result.tables.count
        // The blank lines after an item are its own; the next item's marker, or the end of what holds the
        // item, leaves it none.
        let endsWithoutBlank = j < lines.endIndex ? !isBlank(lines[j]) : contentEndsWithoutBlank
        readContent(lines[i..<j], changes: changes, divDepth: divDepth, inList: true, endsWithoutBlank: endsWithoutBlank)
        if contentColumn < 4 && PandocBlockSyntax.isOrderedMarkerStart(b[indentation(lines[i]).p]) {
            keepLowerLinesOffTheMargin(lines, i, tableAt: tablesBefore)
        }
        if marker.contentStart < end(lines[i]) && (b[marker.contentStart] == BlockSyntax.space || b[marker.contentStart] == BlockSyntax.tab) {
            leaveAloneAfterWideMarker(lines, i, tableAt: tablesBefore)
        }
        return j
    }

    /// Five spaces or more after a marker put the item's text one space after it, the rest of the line
    /// indented in the item (pandoc). A table that starts there is the item's only as long as the spaces
    /// stay five or more: printed at its own indentation, the first line would move the item's text, and
    /// the table's columns against it. Left alone, reported.
    private mutating func leaveAloneAfterWideMarker(_ lines: Lines, _ i: Int, tableAt t: Int) {
        guard t < result.tables.count, result.tables[t].firstLine == lines[i].index else { return }
        result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.tableAfterWideMarker,
                                             range: lines[i].start..<end(lines[i])))
        result.tables.remove(at: t)
    }

    /// pandoc tries a table before an ordered list: `1. | a |` over a delimiter row indented less than four
    /// columns is a table at the list's level, whose first cell is `1.`. So a table that starts on an
    /// ordered item's marker line is the item's only because its second line is indented four columns or
    /// more; printed at the item's text column (under four), it would leave the item. A pipe table's lines
    /// below its first keep their first four columns of indentation as their prefix, as they were written;
    /// a simple or multiline table, whose columns are where its lines' text is, is left alone and reported.
    private mutating func keepLowerLinesOffTheMargin(_ lines: Lines, _ i: Int, tableAt t: Int) {
        // Only the first table found in the item's content can start on its marker line.
        guard t < result.tables.count, result.tables[t].firstLine == lines[i].index else { return }
        guard result.tables[t].kind == .pipe else {
            result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.tableOnOrderedMarker,
                                                 range: lines[i].start..<end(lines[i])))
            result.tables.remove(at: t)
            return
        }
        for offset in result.tables[t].contentStarts.indices.dropFirst() {
            if let line = gobbled(lines[i + offset], 4), line.start > result.tables[t].contentStarts[offset] {
                result.tables[t].contentStarts[offset] = line.start
            }
        }
    }

    private mutating func isListStart(_ line: Line) -> Bool {
        let (indent, p) = indentation(line)
        return indent < 4 && (PandocBlockSyntax.listMarker(b, p, end(line), column: indent) != nil || startsDefinitionItem(p, end(line), column: indent))
    }

    /// A line that ends a list item's first lines: another item, where pandoc looks for one.
    private mutating func endsListItem(_ line: Line, _ contentColumn: Int, divDepth: Int) -> Bool {
        let (indent, p) = indentation(line)
        if indent < 4 || indent >= contentColumn,
           PandocBlockSyntax.listMarker(b, p, end(line), column: indent) != nil || startsDefinitionItem(p, end(line), column: indent) { return true }
        return closesBlock(line, divDepth: divDepth)
    }

    /// A fenced div's closer inside a div, or an HTML block's closing tag inside one.
    mutating func closesBlock(_ line: Line, divDepth: Int) -> Bool {
        let (indent, p) = indentation(line)
        guard indent < 4 else { return false }
        if divDepth > 0 && indent == 0 && PandocBlockSyntax.divCloser(b, p, end(line)) { return true }
        return htmlDepth > 0 && PandocBlockSyntax.htmlBlockTag(b, p, end(line))?.closing == true
    }

    /// The line without its first `columns` columns of indentation, or nil when it is indented less.
    mutating func gobbled(_ line: Line, _ columns: Int) -> Line? {
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
    mutating func readBlockQuote(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int {
        var changes: [Line] = []
        var j = i
        while j < lines.endIndex {
            let line = lines[j]
            let (indent, p) = indentation(line)
            if indent < 4 && p < end(line) && b[p] == UInt8(ascii: ">") {
                let start = p + 1 < end(line) && b[p + 1] == BlockSyntax.space ? p + 2 : p + 1
                changes.note(line, readAs: Line(index: line.index, start: start, lazy: line.lazy))
            } else if j > i, !isBlank(line), !endsParagraph(lines, j, reading: reading, divDepth: divDepth, inList: inList) {
                changes.note(line, readAs: line.lazily)
            } else {
                break
            }
            j += 1
        }
        readContent(lines[i..<j], changes: changes, divDepth: divDepth, inList: inList)
        return j
    }
}

extension PandocMarkdownScanner.Line {
    /// The line going on lazily with a container's text, without the container's prefix or indentation.
    var lazily: Self { Self(index: index, start: start, lazy: true) }
}

extension [PandocMarkdownScanner.Line] {
    /// Keeps `content`, how a container's content reads `line`, when it reads otherwise around it.
    mutating func note(_ line: Element, readAs content: Element) {
        if content != line { append(content) }
    }
}
