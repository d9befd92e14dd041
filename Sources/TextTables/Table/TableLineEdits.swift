import GridModel

/// Edits of a table's lines in place: the new lines of a table placed after each line's container prefix
/// and indentation, as small as they can be. Formatting, actions and quick fixes all print through them.
enum TableLineEdits {
    /// The smallest edits turning the table's lines into `lines` (each placed after its prefix: only the
    /// lines whose text changes, and on each only the part after the container prefix and before the line
    /// terminator; or, when the line count changes, the run of whole lines that differ).
    static func lineEdits(_ text: TextLines, region: TableRegion, lines: [[UInt8]]) -> [TextEdit] {
        let old = region.lines
        func oldText(_ offset: Int) -> ArraySlice<UInt8> {
            text.bytes[region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)]
        }
        guard lines.count != old.count else {
            return lines.indices.compactMap { offset in
                oldText(offset).elementsEqual(lines[offset]) ? nil
                    : TextEdit(range: region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset), newText: lines[offset])
            }
        }
        var head = 0
        while head < min(lines.count, old.count) && oldText(head).elementsEqual(lines[head]) { head += 1 }
        var tail = 0
        while tail < min(lines.count, old.count) - head && oldText(old.count - 1 - tail).elementsEqual(lines[lines.count - 1 - tail]) {
            tail += 1
        }
        return [wholeLineEdit(text, region: region, lines: lines, replacing: head..<(old.count - tail), with: head..<(lines.count - tail))]
    }

    /// The edits that print `grid` as a grid table in place of the table at `region` (formatting, an
    /// action, a quick fix): each printed line placed after the prefix of the line it replaces.
    static func gridTableEdits(_ grid: Grid, text: TextLines, region: TableRegion, options: WidthOptions) -> [TextEdit] {
        lineEdits(text, region: region, lines: placedGridLines(grid, text: text, region: region, options: options))
    }

    static func placedGridLines(_ grid: Grid, text: TextLines, region: TableRegion, options: WidthOptions, minimumWidths: [Int]? = nil) -> [[UInt8]] {
        // pandoc (3.9) reads no grid table that is indented: in its own documents one is printed flush.
        let indent = region.syntax == .pandocMarkdown ? [] : Array(tableIndentation(text, region: region))
        var lines = GridTablePrinter(grid, indent: indent, options: options, syntax: region.syntax, minimumWidths: minimumWidths).lines()
        for offset in lines.indices.prefix(region.contentStarts.count) {
            keepOwnGridIndentation(&lines[offset], from: 0, indent: indent, text: text, region: region, offset: offset)
        }
        return lines.indices.map { offset in
            keepingIndentation(lines[offset], after: region.prefix(ofLine: min(offset, region.contentStarts.count - 1), in: text))
        }
    }

    /// A reStructuredText grid table's lines all stand at one indentation as docutils counts it (tabs to
    /// stops of 8), in bytes that may differ: where the line at `offset` or the table's indentation
    /// holds a tab, the printed line (in `line` from `start`, after `indent`) gets the line's own back.
    /// Its tabs are measured alike either way: the same columns of blanks lead to them.
    static func keepOwnGridIndentation(
        _ line: inout [UInt8], from start: Int, indent: [UInt8], text: TextLines, region: TableRegion, offset: Int
    ) {
        guard region.syntax == .restructuredText else { return }
        let own = ownIndentation(text, region: region, offset: offset)
        guard keepsOwnIndentation(prefix: [], own: own, table: indent), !own.elementsEqual(indent) else { return }
        line.replaceSubrange(start..<start + indent.count, with: own)
    }

    /// Replaces old table lines `removed` by new lines `inserted` (offsets in the table), terminators
    /// included, each new line with the prefix of the old line at its offset (or the last line's).
    private static func wholeLineEdit(
        _ text: TextLines, region: TableRegion, lines: [[UInt8]], replacing removed: Range<Int>, with inserted: Range<Int>
    ) -> TextEdit {
        let old = region.contentStarts.count
        let terminator = region.newLineTerminator(in: text)
        func prefix(_ offset: Int) -> ArraySlice<UInt8> { region.prefix(ofLine: min(offset, old - 1), in: text) }
        if removed.isEmpty && removed.lowerBound == old {
            // Lines added after the table's last line: insert them after its content, each after a terminator.
            let at = text.contentEnd(region.firstLine + old - 1)
            let added = inserted.flatMap { terminator + prefix($0) + lines[$0] }
            return TextEdit(range: at..<at, newText: added)
        }
        var newText = inserted.flatMap { prefix($0) + lines[$0] + terminator }
        var start = text.starts[region.firstLine + removed.lowerBound]
        guard !removed.isEmpty else { return TextEdit(range: start..<start, newText: newText) }
        let lastOld = region.firstLine + removed.upperBound - 1
        var end = text.fullEnd(lastOld)
        if text.terminator(lastOld).isEmpty {
            // The table ends the document without a newline: so does the new text.
            end = text.contentEnd(lastOld)
            if newText.isEmpty {
                if removed.lowerBound > 0 { start = text.contentEnd(region.firstLine + removed.lowerBound - 1) }
            } else {
                newText.removeLast(terminator.count)
            }
        }
        return TextEdit(range: start..<max(start, end), newText: newText)
    }

    private static let quoteMarker = UInt8(ascii: ">"), space = UInt8(ascii: " ")

    /// After a `>` with no space behind it, the first space of a table line's indentation would be read
    /// as the block-quote marker's own, and the line would lose a column each time it is formatted: the
    /// marker's space is written first.
    static func needsMarkerSpace(after prefix: some BidirectionalCollection<UInt8>, before first: UInt8?) -> Bool {
        prefix.last == quoteMarker && first == space
    }

    private static let tab = UInt8(ascii: "\t")

    static func isIndentation(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The spaces and tabs a table line's text starts with, after its prefix.
    static func ownIndentation(_ text: TextLines, region: TableRegion, offset: Int) -> ArraySlice<UInt8> {
        let start = region.contentStarts[offset], end = text.contentEnd(region.firstLine + offset)
        return text.bytes[start..<(text.bytes[start..<end].firstIndex { !isIndentation($0) } ?? end)]
    }

    /// A tab spans to the next tab stop, so the columns of indentation holding one depend on what comes
    /// before it, and a tab in a prefix may have been taken in part by a list item or a `>` (CommonMark):
    /// the rest of it is the line's indentation. Where the prefix, the line's own indentation or the
    /// table's holds a tab, the line keeps its own indentation byte for byte: it read as a table row with
    /// it, and still does.
    static func keepsOwnIndentation(prefix: some Collection<UInt8>, own: some Collection<UInt8>, table: some Collection<UInt8>) -> Bool {
        prefix.contains(tab) || own.contains(tab) || table.contains(tab)
    }

    static func keepingIndentation(_ line: [UInt8], after prefix: ArraySlice<UInt8>) -> [UInt8] {
        needsMarkerSpace(after: prefix, before: line.first) ? [space] + line : line
    }

    /// The first line's indentation when it is 0–3 columns (a grid table's, any), else the delimiter
    /// row's (which always is): pipe-table rows indented 4 or more would turn into code.
    static func tableIndentation(_ text: TextLines, region: TableRegion) -> ArraySlice<UInt8> {
        for offset in 0..<min(2, region.contentStarts.count) {
            let start = region.contentStarts[offset]
            let (columns, end) = BlockSyntax.indentation(text.bytes, start, text.contentEnd(region.firstLine + offset))
            if columns < 4 || region.kind == .grid { return text.bytes[start..<end] }
        }
        return []
    }

}
