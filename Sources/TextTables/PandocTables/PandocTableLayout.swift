import GridModel

/// What printing a pandoc simple or multiline table keeps besides its cells (whether it has a header is
/// the grid's header row count): its kind, its indentation and its columns as its column line draws them (each dash run and the spaces
/// after it: pandoc cuts lines at these columns, and takes a multiline table's relative widths from
/// them), and whether a simple table with a header has a bottom line.
struct PandocTableLayout: Sendable, Hashable {
    var kind: PandocTableKind
    var indent: Int
    /// Per column: its dashes.
    var dashes: [Int]
    /// Per column: its dashes and the spaces after them (the last column's trailing spaces too).
    var lengths: [Int]
    /// A simple table with a header: whether a dashed line closes it.
    var closed = true
    /// The fewest spaces between a column's text (or dashes, where longer) and the next column's start.
    var gap = 2

    /// Where each column starts (pandoc's indices, the indentation first).
    var columnStarts: [Int] {
        var starts = [indent]
        for length in lengths.dropLast() { starts.append(starts[starts.count - 1] + length) }
        return starts
    }

    /// The relative widths pandoc gives a multiline table's columns (`widthsFromIndices`, 72 columns):
    /// each column's length over the table's (the indentation counted), or over 72 when the table is
    /// narrower; the last column's length counts one more, and as much as the one before when it is
    /// shorter by at most two; fractions summing past 1 are scaled to 1.
    var relativeWidths: [Double] {
        var lengths = self.lengths
        if let last = lengths.indices.last { lengths[last] += 1 }
        if lengths.count >= 2 {
            let x = lengths[lengths.count - 1], y = lengths[lengths.count - 2]
            if x < y && y - x <= 2 { lengths[lengths.count - 1] = y }
        }
        let total = indent + lengths.reduce(0, +)
        let quotient = Double(max(total, 72))
        let fractions = lengths.map { Double($0) / quotient }
        let sum = fractions.reduce(0, +)
        return sum < 1 ? fractions : fractions.map { $0 / sum }
    }

    /// The layout of a new table of this kind (made from a table of another kind): its columns are sized
    /// by the printer, one space apart in a multiline table, two in a simple one.
    static func fresh(kind: PandocTableKind, indent: Int) -> PandocTableLayout {
        PandocTableLayout(kind: kind, indent: indent, dashes: [], lengths: [])
    }
}

extension ColumnAlignment {
    /// The alignment pandoc reads from a column's header lines (`alignType`): the shortest line with text
    /// (in code points; the first of the shortest) says it; text indented under the dashes is aligned
    /// right, text narrower than the dashes (in columns, as pandoc 3.9 measures it) left, both centred,
    /// neither the default.
    static func pandoc(_ pieces: [ArraySlice<Unicode.Scalar>], dashes: Int) -> ColumnAlignment {
        let texts = pieces.map { piece in piece[..<(piece.lastIndex { $0 != " " && $0 != "\t" }.map { $0 + 1 } ?? piece.startIndex)] }
            .filter { !$0.isEmpty }
        guard let shortest = texts.min(by: { $0.count < $1.count }) else { return .none }
        let leftSpace = shortest.first == " " || shortest.first == "\t", rightSpace = PandocTableLine.width(shortest) < dashes
        switch (leftSpace, rightSpace) {
        case (true, false): return .right
        case (false, true): return .left
        case (true, true): return .center
        case (false, false): return .none
        }
    }
}

extension PandocTableLayout {
    /// The slot at byte `offset` of the table's line `line`: the row of the line and the last column that
    /// starts at or left of the offset's column; nil on a dashed or blank line.
    func slot(line: Int, offset: Int, rowOfLine: [Int?], text: TextLines, region: TableRegion) -> Slot? {
        guard line < rowOfLine.count, let row = rowOfLine[line] else { return nil }
        let start = region.contentStarts[line]
        guard offset >= start else { return Slot(row: row, column: 0) }
        let column = PandocTableLine(text.bytes[start..<offset]).widths.reduce(0, +)
        let starts = columnStarts
        return Slot(row: row, column: max(0, (starts.lastIndex { $0 <= column }) ?? 0))
    }
}

extension PandocTableLayout {
    /// Where the text of the cell at `slot` starts: its first non-blank character on the first of its
    /// row's lines that has one in its column, else its column's start on the row's first line (or that
    /// line's end, where it is shorter).
    func textStart(of slot: Slot, rowOfLine: [Int?], text: TextLines, region: TableRegion) -> Int? {
        let lines = rowOfLine.indices.filter { rowOfLine[$0] == slot.row }
        let starts = columnStarts
        guard let firstLine = lines.first, slot.column < starts.count else { return nil }
        let from = starts[slot.column], to = slot.column + 1 < starts.count ? starts[slot.column + 1] : Int.max
        var fallback: Int?
        for line in lines {
            var offset = region.contentStarts[line], column = 0
            let end = text.contentEnd(region.firstLine + line)
            while offset < end && column < to {
                var scalarEnd = offset + 1
                while scalarEnd < end && text.bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
                let piece = PandocTableLine(text.bytes[offset..<scalarEnd])
                if column >= from {
                    if line == firstLine && fallback == nil { fallback = offset }
                    if text.bytes[offset] != 0x20 && text.bytes[offset] != 0x09 { return offset }
                }
                column += piece.widths.reduce(0, +)
                offset = scalarEnd
            }
            if line == firstLine && fallback == nil { fallback = end }
        }
        return fallback
    }
}
