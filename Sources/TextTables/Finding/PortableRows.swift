/// What a pipe table's own lines make the common Markdown readers dispute (`PortableTables`), asked when
/// the table ends.
extension MarkdownScanner {
    /// What the rows' own text makes the readers dispute: a `|` in a code span, outer pipes Python-Markdown
    /// reads as cells, a one-column row it reads as no table.
    func rowDispute(_ region: TableRegion, attributeLine: Int?) -> PortableTables.Dispute? {
        let lines = region.contentStarts.enumerated().map { (line: region.firstLine + $0.offset, start: $0.element) }
        func outer(_ line: Int, _ start: Int) -> (leading: Bool, trailing: Bool) {
            var p = start, end = text.contentEnd(line)
            while p < end && PipeRowSyntax.isCellSpace(b[p]) { p += 1 }
            while end > p && PipeRowSyntax.isCellSpace(b[end - 1]) { end -= 1 }
            let trailing = end > p && b[end - 1] == PipeRowSyntax.pipe && (end - 1 == p || b[end - 2] != PipeRowSyntax.backslash)
            return (p < end && b[p] == PipeRowSyntax.pipe, trailing)
        }
        if let raw = pythonMarkdownRaw, let line = region.lines.first(where: { raw[$0] }) { return .rawHTML(line: line) }
        for (line, start) in lines {
            guard PortableTables.holds(UInt8(ascii: "`"), or: UInt8(ascii: "`"), b, start, text.contentEnd(line)) else { continue }
            let spans = PortableTables.codeSpans(b, start, text.contentEnd(line))
            if spans.pipe { return .pipeInCodeSpan(line: line) }
            if spans.unpaired { return .unpairedBacktick(line: line) }
            if spans.tab { return .tabInRow(line: line) }
        }
        for (line, _) in lines where PortableTables.holds(0x0B, or: 0x0C, b, text.starts[line], text.contentEnd(line)) {
            return .controlCharacter(line: line)
        }
        for (line, _) in lines {
            let lead = b[text.starts[line]..<text.contentEnd(line)].prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            if lead.contains(0x09) { return .tabInPrefix(line: line) }
        }
        for (line, start) in lines {
            var end = text.contentEnd(line)
            while end > start && PipeRowSyntax.isCellSpace(b[end - 1]) { end -= 1 }
            if end - start >= 2 && b[end - 1] == PipeRowSyntax.pipe && b[end - 2] == PipeRowSyntax.backslash { return .escapedPipeEndsRow(line: line) }
        }
        let body = lines.dropFirst(2)
        // kramdown's TABLE_SEP_LINE and TABLE_FSEP_LINE: a body row of them is one more delimiter row to it.
        func separatorLike(_ line: Int, _ start: Int) -> Bool {
            let row = b[start..<text.contentEnd(line)]
            // Most rows fail at their first cell's text: the walk over every byte comes second.
            return row.allSatisfy { [0x20, 0x09, UInt8(ascii: "+"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "=")].contains($0) }
                && row.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "=") }
        }
        if let row = body.first(where: { separatorLike($0.line, $0.start) }) { return .onlySeparatorRows(line: row.line) }
        for (line, start) in lines {
            let row = b[start..<text.contentEnd(line)]
            if PortableTables.hasUnicodeSpaceAtEdge(row) { return .unicodeSpaceAtEdge(line: line) }
        }
        for (line, start) in body {
            let row = b[start..<text.contentEnd(line)].drop { $0 == 0x20 }
            if row.first == UInt8(ascii: ":"), row.dropFirst().first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true { return .definitionRow(line: line) }
        }
        let header = outer(lines[0].line, lines[0].start)
        // kramdown reads a row's leading `|` as an empty cell under a header that has none, and so does
        // Python-Markdown under a header with no outer `|` at all. (A trailing `|` only adds an empty last
        // cell, which each of them cuts or fills as GitHub does.)
        if !header.leading, let row = lines.dropFirst().first(where: { outer($0.line, $0.start).leading }) {
            return .outerPipeUnderBareHeader(line: row.line)
        }
        let (_, headerText) = BlockSyntax.indentation(b, lines[0].start, text.contentEnd(lines[0].line))
        if PipeRowSyntax.cellCount(b, headerText, text.contentEnd(lines[0].line)) == 1 {
            if let attributeLine { return .bareOneColumnRow(line: attributeLine) }
            for (line, start) in lines where outer(line, start) == (false, false) { return .bareOneColumnRow(line: line) }
        }
        return nil
    }
}
