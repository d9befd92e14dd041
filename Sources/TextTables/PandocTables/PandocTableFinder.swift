/// Where pandoc's Markdown reader reads a simple or multiline table, found as its `table` parser finds
/// one at a block start: a caption (`Table: …` or `: …`, then a blank line) may come first; a line with
/// a `|` over a delimiter row is a pipe table; then it tries a multiline table with a header, a simple
/// table without a header, one with a header, a multiline table without one, in that order, and the
/// first that parses wins. The scanner of pandoc documents asks `table(at:…)` at each block start where
/// pandoc would try a table (after headings, fences, divs, HTML and the like, which it tries first).
enum PandocTableFinder {
    /// A table pandoc reads, or one that only lacks its closing line (`unclosed`: pandoc reads its lines as
    /// text, and gridls reports it).
    struct Extent: Sendable, Hashable {
        package var kind: PandocTableKind
        var headerless: Bool
        /// The table's lines, captions apart.
        package var lines: Range<Int>
        /// The table with the caption and blank lines pandoc reads with it: where the scan goes on.
        var consumed: Range<Int>
        package var unclosed = false
    }

    /// The table pandoc reads starting at `line`, or nil. `contentStart(line)` is the byte offset where a
    /// line's text starts after its containers' prefixes, or nil where the block's container has ended
    /// (for a top-level block: the line's start, nil past the text's end). `endsWithoutBlank`: pandoc reads
    /// the container's content without a blank line after it, which a simple table's last row needs when
    /// no dashed line closes it (a list item's that the next item's marker ends).
    package static func table(at line: Int, in text: TextLines, endsWithoutBlank: Bool = false, contentStart: @escaping (Int) -> Int?) -> Extent? {
        var lines = BlockLines(text: text, contentStart: contentStart)
        lines.endsWithoutBlank = endsWithoutBlank
        var start = line
        if lines.isCaption(line) {
            // A caption above is a paragraph followed by blank lines, and then a table must follow (pandoc
            // does not try one at the caption's line); without blank lines it is no caption.
            var k = line + 1
            while let l = lines[k], !l.isBlank { k += 1 }
            if lines[k]?.isBlank == true { start = lines.afterBlanks(k) }
        }
        guard var extent = tableLines(at: start, lines, afterCaption: start != line) else { return nil }
        if extent.lines.lowerBound == line { start = line }
        extent.consumed = line..<extent.consumed.upperBound
        if start == line && !extent.unclosed {
            // A caption below, after blank lines.
            var k = extent.consumed.upperBound
            while let l = lines[k], l.isBlank { k += 1 }
            if lines.isCaption(k) {
                while let l = lines[k], !l.isBlank { k += 1 }
                extent.consumed = line..<k
            }
        }
        return extent
    }

    /// The table at `line`; after a caption pandoc is reading a table already, so a heading's underline
    /// does not keep a simple table from starting.
    private static func tableLines(at line: Int, _ lines: BlockLines, afterCaption: Bool) -> Extent? {
        // A lone `-` starts a list item.
        guard let first = lines[line], !first.isBlank, first.dashRuns.map({ $0.runs.count > 1 || $0.runs[0].dashes > 1 }) ?? true else { return nil }
        if lines.isPipeTable(line) { return nil }
        if first.dashRuns != nil {
            if let end = multilineRows(after: headerEnd(line, lines), lines), lines.isDashed(end) {
                return Extent(kind: .multiline, headerless: false, lines: line..<end + 1, consumed: line..<lines.afterBlanks(end + 1))
            }
            if let end = simpleRows(after: line, lines), lines.isDashed(end) {
                // A multiline table's top line, header and column line, with rows after it but no closing
                // line: pandoc reads a one-column simple table of the header, not what is drawn.
                if first.dashRuns?.runs.count == 1, end == headerEnd(line, lines), let unclosed = unclosedMultiline(at: line, lines) { return unclosed }
                return Extent(kind: .simple, headerless: true, lines: line..<end + 1, consumed: line..<lines.afterBlanks(end + 1))
            }
        }
        if lines.isDashed(line + 1) && (afterCaption || !lines.isSetextUnderline(line + 1)), let end = simpleRows(after: line + 1, lines) {
            let closed = lines.isDashed(end)
            if !closed && lines[end] == nil && lines.endsWithoutBlank { return nil }
            let last = closed ? end + 1 : end
            return Extent(kind: .simple, headerless: false, lines: line..<last, consumed: line..<lines.afterBlanks(last))
        }
        if first.dashRuns != nil {
            if let end = multilineRows(after: line, lines), lines.isDashed(end) {
                return Extent(kind: .multiline, headerless: true, lines: line..<end + 1, consumed: line..<lines.afterBlanks(end + 1))
            }
            return unclosed(at: line, lines)
        }
        return nil
    }

    /// The column line of a multiline table's header that starts at `line` (its top line): the header's
    /// lines run to the next dashed line; nil without a line of header text or a column line.
    private static func headerEnd(_ line: Int, _ lines: BlockLines) -> Int? {
        guard let next = lines[line + 1], !next.isBlank else { return nil }
        var k = line + 1
        while let l = lines[k], l.dashRuns == nil { k += 1 }
        return lines[k] == nil || k == line + 1 ? nil : k
    }

    /// The line after a simple table's rows below `line` (lines neither blank nor dashed; at least one).
    private static func simpleRows(after line: Int?, _ lines: BlockLines) -> Int? {
        guard let line else { return nil }
        var k = line + 1
        while lines.isRowLine(k) { k += 1 }
        return k > line + 1 ? k : nil
    }

    /// The line after a multiline table's rows below `line`: rows of lines separated by blank lines.
    private static func multilineRows(after line: Int?, _ lines: BlockLines) -> Int? {
        guard let line else { return nil }
        var k = line + 1
        guard lines.isRowLine(k) else { return nil }
        while true {
            while lines.isRowLine(k) { k += 1 }
            k = lines.afterBlanks(k)
            if !lines.isRowLine(k) { return k }
        }
    }

    /// A multiline table with a header of several columns whose rows follow its column line, to the first
    /// blank line, and no closing line.
    private static func unclosedMultiline(at line: Int, _ lines: BlockLines) -> Extent? {
        guard let column = headerEnd(line, lines), (lines[column]?.dashRuns?.runs.count ?? 0) > 1, lines.isRowLine(column + 1) else { return nil }
        var k = column + 1
        while lines.isRowLine(k) { k += 1 }
        return Extent(kind: .multiline, headerless: false, lines: line..<k, consumed: line..<k, unclosed: true)
    }

    /// A table of several columns that lacks only its closing dashed line, which pandoc therefore reads as
    /// text: its top line, the header and column line, and its rows up to the first blank line (or the end).
    /// Without a header, not where the top line is a horizontal rule (three dashes or more, spaced or not):
    /// pandoc reads a rule and a paragraph there, which are no table to close.
    private static func unclosed(at line: Int, _ lines: BlockLines) -> Extent? {
        guard let runs = lines[line]?.dashRuns?.runs else { return nil }
        if let extent = unclosedMultiline(at: line, lines) { return extent }
        guard runs.reduce(0, { $0 + $1.dashes }) < 3 else { return nil }
        guard runs.count > 1, lines.isRowLine(line + 1) else { return nil }
        var k = line + 1
        while lines.isRowLine(k) { k += 1 }
        return Extent(kind: .simple, headerless: true, lines: line..<k, consumed: line..<k, unclosed: true)
    }
}

/// Simple tables have one line per row; multiline tables rows of lines between blank lines, inside a
/// dashed top and bottom line.
enum PandocTableKind: Sendable, Hashable { case simple, multiline }

/// The lines of one block, as pandoc reads them inside their containers.
private struct BlockLines {
    let text: TextLines
    let contentStart: (Int) -> Int?
    /// pandoc reads the container's content with no blank line after its last line.
    var endsWithoutBlank = false

    subscript(_ line: Int) -> PandocTableLine? {
        guard line >= 0, line < text.count, let start = contentStart(line) else { return nil }
        return PandocTableLine(text.bytes[start..<text.contentEnd(line)])
    }

    func isDashed(_ line: Int) -> Bool { self[line]?.dashRuns != nil }

    /// A line of a row: there, neither blank nor dashed.
    func isRowLine(_ line: Int) -> Bool {
        guard let l = self[line] else { return false }
        return !l.isBlank && l.dashRuns == nil
    }

    func afterBlanks(_ line: Int) -> Int {
        var k = line
        while let l = self[k], l.isBlank { k += 1 }
        return k
    }

    /// A setext heading's underline, which pandoc reads before it tries a table: one run of `-` at the
    /// line's start.
    func isSetextUnderline(_ line: Int) -> Bool {
        guard let runs = self[line]?.dashRuns else { return false }
        return runs.indent == 0 && runs.runs.count == 1
    }

    /// A caption's first line: `Table:` or a `:` not followed by punctuation, after at most three spaces.
    func isCaption(_ line: Int) -> Bool {
        guard let l = self[line] else { return false }
        let rest = l.scalars.dropFirst(l.indent)
        guard l.indent <= 3 else { return false }
        if rest.starts(with: "Table:".unicodeScalars) { return true }
        guard rest.first == ":" else { return false }
        guard let next = rest.dropFirst().first else { return true }
        return !next.properties.generalCategory.isPunctuation
    }

    /// A pipe table starts here: a line with `|` over a delimiter row (pandoc tries pipe tables first).
    func isPipeTable(_ line: Int) -> Bool {
        guard let l = self[line], l.scalars.contains("|"), let next = self[line + 1] else { return false }
        var sawDash = false
        for scalar in next.scalars {
            switch scalar {
            case "-": sawDash = true
            case "|", ":", " ", "+": continue
            default: return false
            }
        }
        // One column needs a `|` around it; more are parted by `|` or `+`.
        return sawDash && next.scalars.contains(where: { $0 == "|" || $0 == "+" })
    }
}

extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation: true
        default: false
        }
    }
}
