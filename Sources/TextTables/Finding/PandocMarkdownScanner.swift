/// Finds tables as pandoc's Markdown reader finds them (Quarto, R Markdown; pandoc 3's
/// `Text.Pandoc.Readers.Markdown`): block by block, each block tried where pandoc tries it, in pandoc's
/// order, and the content of block quotes and list items read again as blocks of its own.
///
/// Where pandoc and cmark-gfm part: a pipe table starts only where a block does (a line right under a
/// paragraph's text is that text), its rows go on over every line that holds a `|` and end at the first
/// that does not (`:::`, `: Caption {#tbl-id}`, `Table: …`), and captions above or below it, their
/// attributes and fenced divs are never part of a table. Only `` ``` `` fences, div closers and, in a
/// list, list items interrupt a paragraph; code fences, YAML blocks and raw HTML are blocks only when
/// they are closed.
///
/// Helpers that only read the scanner are declared `mutating` all the same, as in `MarkdownScanner`:
/// called from a mutating method, a non-mutating one was handed a copy of the whole struct, per line and
/// per container holding it.
struct PandocMarkdownScanner {
    /// A line as the blocks being read see it: its text starts after the prefixes of the block quotes and
    /// list items it is in.
    struct Line: Equatable {
        var index: Int
        var start: Int
        /// The line goes on with a block quote's or list item's text without the prefix or indentation
        /// the container's other lines have (a lazy line).
        var lazy = false
    }

    let text: TextLines
    /// Where each line's content ends: read for every line by every container that holds it, found once.
    let ends: [Int]
    /// Shared with probing scanners: the leading whitespace each line was last asked about.
    let runs: WhitespaceRuns
    var result = TableScan()
    private var restartable: [Bool]
    /// The first line after an opener that pandoc reads only when closed (a code fence, a YAML block, a
    /// comment) and that nothing closes: a line typed below may close it, and change how every line
    /// between reads, so no scan restarts after it.
    private var firstUnclosed: Int?
    /// Open HTML block tags (`<div>`…): inside one, a closing tag ends a paragraph.
    var htmlDepth = 0
    /// The last line of the latest grid table: a pipe table right under it would join it once printed.
    var lastGridLine: Int?
    /// The last line of the latest line block: a table right under it would join it once printed with a
    /// leading pipe.
    var lastLineBlockLine: Int?
    /// Closers looked for in vain: per reading of lines, marker and needle, the first line looked from
    /// and the shortest fence looked for, so that a document of unclosed fences is read in linear time.
    private var vainSearches: [VainSearch: (from: Int, length: Int)] = [:]
    private var readings = 0
    /// How many block quotes, list items and definitions hold the blocks being read. Past `maxNesting` their
    /// content is not read (no table is found there): reading recurses, and a line of thousands of `>`
    /// would overflow the stack of a thread.
    private var nesting = 0
    static let maxNesting = 32

    private struct VainSearch: Hashable {
        var reading: Int
        var needle: [UInt8]
    }

    /// Definitions are read as pandoc 3.8 and later read them (list items), else as earlier versions did.
    var definitionsAsListItems = true
    /// A definition was met, or a line that starts one in pandoc 3.8 and later.
    var sawDefinitionMarker = false
    /// The content being read has no blank line after its last line where pandoc reads it again as
    /// blocks: a list item's that the next item ends, where a simple table's last row needs one. (pandoc
    /// reads the document and a block quote's content with blank lines after them.)
    var contentEndsWithoutBlank = false

    var b: [UInt8] { text.bytes }

    /// Scans `text` and says, per line, whether a scan that starts after it finds the same tables below
    /// it: a blank line between blocks of the document's top level, outside fenced divs and HTML blocks,
    /// above any unclosed opener. `startsDocument`: a byte-order mark on the first line is skipped.
    /// A document with definitions is read as pandoc before 3.8 and since read it (`PandocDefinitions`);
    /// `versions` (tests against one pandoc): as one of them only.
    package static func scan(_ text: TextLines, startsDocument: Bool = true, versions: PandocVersions.Choice = .both) -> (scan: TableScan, restartable: [Bool]) {
        let first = read(text, startsDocument: startsDocument, definitionsAsListItems: versions != .before38)
        // Only pandoc 3.8 and later's reading notes definitions: an earlier one's is alone here.
        guard first.sawDefinitionMarker && versions == .both else { return finished((first.result, first.restartable), text) }
        let before = read(text, startsDocument: startsDocument, definitionsAsListItems: false, runs: first.runs, ends: first.ends)
        return finished(PandocVersions.combine(text, since: (first.result, first.restartable), before: (before.result, before.restartable)), text)
    }

    private static func read(_ text: TextLines, startsDocument: Bool, definitionsAsListItems: Bool,
                             runs: WhitespaceRuns? = nil, ends: [Int]? = nil) -> PandocMarkdownScanner {
        var scanner = PandocMarkdownScanner(text: text, restartable: [Bool](repeating: false, count: text.count), runs: runs, ends: ends)
        scanner.definitionsAsListItems = definitionsAsListItems
        let bom = startsDocument ? ByteOrderMark.length(text.bytes) : 0
        let table = LineTable((0..<text.count).map { Line(index: $0, start: text.starts[$0] + ($0 == 0 ? bom : 0)) })
        scanner.readBlocks(Lines(table, 0..<text.count), divDepth: 0, inList: false, top: true)
        if let unclosed = scanner.firstUnclosed {
            for line in unclosed..<text.count { scanner.restartable[line] = false }
        }
        return scanner
    }

    private static func finished(_ read: (scan: TableScan, restartable: [Bool]), _ text: TextLines) -> (scan: TableScan, restartable: [Bool]) {
        var restartable = read.restartable
        let scan = LoneCarriageReturn.guardingForPandoc(read.scan, restartable: &restartable, in: text)
        return (scan, restartable)
    }

    init(text: TextLines, restartable: [Bool], runs: WhitespaceRuns? = nil, ends: [Int]? = nil) {
        self.text = text
        self.restartable = restartable
        self.runs = runs ?? WhitespaceRuns(lineCount: text.count)
        self.ends = ends ?? (0..<text.count).map(text.contentEnd)
    }

    @inline(__always)
    func end(_ line: Line) -> Int { ends[line.index] }

    /// The line's indentation in columns and where its text starts. Each container's content reads its
    /// lines again from a later start inside the same leading whitespace: its end is found once per line
    /// (`WhitespaceRuns`), so that lines under N nested lists cost N steps each, not N times their indentation.
    @inline(__always)
    func indentation(_ line: Line) -> (columns: Int, p: Int) {
        // Empty lines and lines starting with text (most) need no record.
        guard startsWithWhitespace(line) else { return (0, line.start) }
        return runs.indentation(b, line.index, line.start, end(line))
    }

    @inline(__always)
    func isBlank(_ line: Line) -> Bool {
        let end = end(line)
        guard line.start < end else { return true }
        return startsWithWhitespace(line) && runs.indentation(b, line.index, line.start, end).p == end
    }

    @inline(__always)
    private func startsWithWhitespace(_ line: Line) -> Bool {
        line.start < end(line) && (b[line.start] == BlockSyntax.space || b[line.start] == BlockSyntax.tab)
    }

    /// Reads a container's content as blocks, unless it is nested past `maxNesting`: `lines`, as `changes`
    /// (the lines whose text starts elsewhere in it, or that are lazy in it) say the container reads them.
    /// `endsWithoutBlank`: pandoc reads the content without a blank line after its last line (see
    /// `contentEndsWithoutBlank`).
    mutating func readContent(_ lines: Lines, changes: [Line], divDepth: Int, inList: Bool, endsWithoutBlank: Bool = false) {
        guard nesting < Self.maxNesting else { return }
        nesting += 1
        let around = contentEndsWithoutBlank
        contentEndsWithoutBlank = endsWithoutBlank
        lines.table.enter(changes)
        readBlocks(lines, divDepth: divDepth, inList: inList, top: false)
        lines.table.leave(changes.count)
        contentEndsWithoutBlank = around
        nesting -= 1
    }

    /// The first of `lines` from `j` that is not blank (or the end).
    mutating func blankRunEnd(_ lines: Lines, from j: Int) -> Int {
        var k = j
        while k < lines.endIndex && isBlank(lines[k]) {
            k = max(k + 1, min(lines.table.wholeBlankRunEnd(from: k, in: text), lines.endIndex))
        }
        return k
    }

    /// Reads `lines` as a sequence of blocks (pandoc's `parseBlocks`); `divDepth`: fenced divs open around them.
    mutating func readBlocks(_ lines: Lines, divDepth: Int, inList: Bool, top: Bool) {
        readings += 1
        let reading = readings
        var i = lines.startIndex
        var depth = divDepth
        while i < lines.endIndex {
            let line = lines[i]
            let (indent, p) = indentation(line)
            if p == end(line) {
                if top && depth == 0 && htmlDepth == 0 { restartable[line.index] = true }
                i = top ? i + 1 : blankRunEnd(lines, from: i)
            } else if depth > divDepth && indent == 0 && PandocBlockSyntax.divCloser(b, p, end(line)) {
                depth -= 1
                i += 1
            } else {
                i = readBlock(lines, i, reading: reading, divDepth: &depth, inList: inList)
            }
        }
    }

    /// Reads the block that starts at `lines[i]`, trying pandoc's block parsers in pandoc's order; returns
    /// the index of the line after it.
    private mutating func readBlock(_ lines: Lines, _ i: Int, reading: Int, divDepth depth: inout Int, inList: Bool) -> Int {
        let line = lines[i], end = end(line)
        let (indent, p) = indentation(line)
        if indent < 4 {
            if let fence = BlockSyntax.openingFence(b, p, end) {
                if let close = closingFence(lines, after: i, fence, reading: reading) { return close + 1 }
            }
            if PandocBlockSyntax.yamlOpener(b, p, end), i + 1 < lines.endIndex, !isBlank(lines[i + 1]) {
                if let close = closer(lines, after: i, reading: reading, needle: Array("---".utf8), PandocBlockSyntax.yamlCloser) { return close + 1 }
            }
            if PandocBlockSyntax.isBullet(b[p]),
               let marker = PandocBlockSyntax.listMarker(b, p, end, column: indent) {
                return readListItem(lines, i, marker: marker, indent: indent, reading: reading, divDepth: depth)
            }
            if indent == 0 && PandocBlockSyntax.divOpener(b, p, end) {
                depth += 1
                return i + 1
            }
            if BlockSyntax.atxHeading(b, p, end) { return i + 1 }
            if i + 1 < lines.endIndex, case let (underIndent, q) = indentation(lines[i + 1]), underIndent < 4,
               BlockSyntax.setextUnderline(b, q, self.end(lines[i + 1])) {
                return i + 2
            }
            if let needle = PandocBlockSyntax.rawHTMLEnd(b, p, end) {
                if let close = closer(lines, after: i - 1, reading: reading, needle: needle, { b, p, end in HTMLBlock.find(needle, in: b, p, end, ignoringCase: true) }) {
                    return close + 1
                }
            } else if let tag = PandocBlockSyntax.htmlBlockTag(b, p, end) {
                if tag.closing { htmlDepth = max(0, htmlDepth - 1) } else if !tag.void { htmlDepth += 1 }
                return i + 1
            }
            if let next = readTable(lines, i, reading: reading, divDepth: depth, inList: inList) { return next }
        }
        if indent >= 4 {
            // pandoc tries a table before an indented code block: a simple table's header may be indented
            // any amount (a right-aligned first column's often is) over a column line indented at most 3.
            // A header whose text starts as another block might (a list marker, `#`, `>`, a fence) would
            // start that block once formatting indents it less: such a table is left alone.
            if PandocBlockSyntax.listMarker(b, p, end, column: 0) != nil || (p < end && Array("#>:<`~".utf8).contains(b[p])) {
                if let next = unformattedTable(lines, i) { return next }
            } else if let next = readTable(lines, i, reading: reading, divDepth: depth, inList: inList) {
                return next
            }
            return indentedCodeEnd(lines, i)
        }
        if let needle = PandocBlockSyntax.texEnvironmentEnd(b, p, end),
           let close = closer(lines, after: i - 1, reading: reading, needle: needle, { b, p, end in HTMLBlock.find(needle, in: b, p, end, ignoringCase: false) }) {
            return close + 1  // raw LaTeX, to its \end
        }
        if indent == 0 && PandocBlockSyntax.lineBlockLine(b, p, end) {
            var j = i + 1
            while j < lines.endIndex, !isBlank(lines[j]),
                  PandocBlockSyntax.lineBlockLine(b, lines[j].start, self.end(lines[j])) || b[lines[j].start] == BlockSyntax.space { j += 1 }
            lastLineBlockLine = lines[j - 1].index
            return j
        }
        if b[p] == UInt8(ascii: ">") { return readBlockQuote(lines, i, reading: reading, divDepth: depth, inList: inList) }
        if BlockSyntax.thematicBreak(b, p, end) { return i + 1 }
        if let marker = PandocBlockSyntax.listMarker(b, p, end, column: indent) {
            return readListItem(lines, i, marker: marker, indent: indent, reading: reading, divDepth: depth)
        }
        if let next = readDefinitions(lines, i, reading: reading, divDepth: depth, inList: inList) { return next }
        return paragraphEnd(lines, i, reading: reading, divDepth: depth, inList: inList)
    }

    /// The index after a paragraph (or caption) starting at `lines[i]`: its text runs to a blank line, or to
    /// a line that ends it (pandoc's `endline` fails there).
    mutating func paragraphEnd(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int {
        var j = i + 1
        while j < lines.endIndex && !isBlank(lines[j]) && !endsParagraph(lines, j, reading: reading, divDepth: divDepth, inList: inList) { j += 1 }
        return j
    }

    mutating func endsParagraph(_ lines: Lines, _ j: Int, reading: Int, divDepth: Int, inList: Bool) -> Bool {
        let line = lines[j], end = end(line)
        let (indent, p) = indentation(line)
        if inList && indent < 4 && (PandocBlockSyntax.listMarker(b, p, end, column: indent) != nil || startsDefinitionItem(p, end, column: indent)) {
            return true
        }
        guard indent < 4 else { return false }
        if divDepth > 0 && indent == 0 && PandocBlockSyntax.divCloser(b, p, end) { return true }
        if htmlDepth > 0, let tag = PandocBlockSyntax.htmlBlockTag(b, p, end), tag.closing { return true }
        if b[p] == UInt8(ascii: "`"), let fence = BlockSyntax.openingFence(b, p, end) {
            return closingFence(lines, after: j, fence, reading: reading) != nil
        }
        return false
    }

    /// Indented code: lines indented four columns or more, and blank lines between them.
    private mutating func indentedCodeEnd(_ lines: Lines, _ i: Int) -> Int {
        var last = i, j = i + 1
        while j < lines.endIndex {
            if !isBlank(lines[j]) {
                guard indentation(lines[j]).columns >= 4 else { break }
                last = j
            }
            j += 1
        }
        return last + 1
    }

    private mutating func closingFence(_ lines: Lines, after i: Int, _ fence: (marker: UInt8, length: Int), reading: Int) -> Int? {
        closer(lines, after: i, reading: reading, needle: [fence.marker], length: fence.length) { [b] _, p, end in
            BlockSyntax.closingFence(b, p, end, marker: fence.marker, length: fence.length)
        }
    }

    /// The first line after `lines[i]`, indented less than four columns, that `closes`; nil when none does
    /// (then a line typed below may: no scan restarts below).
    mutating func closer(_ lines: Lines, after i: Int, reading: Int, needle: [UInt8], length: Int = 0,
                         _ closes: ([UInt8], Int, Int) -> Bool) -> Int? {
        let key = VainSearch(reading: reading, needle: needle)
        if let vain = vainSearches[key], vain.from <= i + 1, vain.length <= length {
            return unclosed(lines[min(i + 1, lines.endIndex - 1)])
        }
        for j in (i + 1)..<lines.endIndex {
            let (indent, p) = indentation(lines[j])
            if indent < 4 && closes(b, p, end(lines[j])) { return j }
        }
        vainSearches[key] = (i + 1, length)
        return i + 1 < lines.endIndex ? unclosed(lines[i + 1]) : nil
    }

    private mutating func unclosed(_ line: Line) -> Int? {
        firstUnclosed = min(firstUnclosed ?? line.index, line.index)
        return nil
    }
}
