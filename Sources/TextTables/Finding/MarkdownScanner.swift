/// The tables of a Markdown document and the diagnostics found while looking for them.
package struct TableScan: Sendable {
    package var tables: [TableRegion] = []
    package var diagnostics: [Diagnostic] = []
}

/// Finds pipe tables by following CommonMark's block structure line by line, so that look-alikes in code,
/// HTML, front matter and math are left alone, and tables inside block quotes and list items are found
/// with their prefixes. Table rows end as cmark-gfm ends them: at a blank line or another block's start.
///
/// GitHub reads `$$` math blocks and front matter, which cmark-gfm (CommonMark) does not. Where a document
/// has either, it is scanned both ways and only the tables both readings see alike are reported as
/// tables; the others are left alone with an `ambiguous-table` warning (see `ReadingAgreement`).
///
/// This file holds the scanner's state, its walk over the lines and the leaf blocks; `MarkdownContainers`
/// reads block quotes and list items, `MarkdownTableStarts` decides where a pipe table starts and ends.
/// The state they share is internal, not private, for that reason alone.
///
/// Helpers that only read the scanner are declared `mutating` all the same. Called from a mutating
/// method, a non-mutating method of a struct this size was handed a copy of the whole of it (137 bytes)
/// at every call, several times a line: a twentieth of formatting a document of many small tables.
package struct MarkdownScanner {
    enum Container: Equatable {
        case blockQuote
        /// `empty`: the item began with a blank line after its marker and no line has put content in it
        /// yet; a blank line then closes it (CommonMark), and what is indented below is not in it.
        case listItem(width: Int, empty: Bool)
    }

    enum Leaf {
        case none
        /// A paragraph; its last line could become a table's header row. `lazy`: that line continues the
        /// paragraph without the prefixes of all its containers (CommonMark's lazy continuation line).
        case paragraph(lastLine: Int, lastContentStart: Int, lazy: Bool = false)
        case fencedCode(marker: UInt8, length: Int)
        case indentedCode
        case html(HTMLBlockEnd)
        case math
        /// A pipe table; `index` is nil for one left alone (reported), whose rows still follow.
        case table(index: Int?, columns: Int)
        /// A grid table: lines starting with `+` or `|` after its top border.
        case gridTable(index: Int)

        /// Whether cmark-gfm reads the leaf as a paragraph (one a lazy continuation line may continue).
        var isParagraphToCmark: Bool {
            switch self {
            case .paragraph, .gridTable: true
            default: false
            }
        }
    }

    let text: TextLines
    /// Whether `$$` lines open math blocks, front matter is skipped and HTML blocks follow CommonMark 0.31
    /// (GitHub's reading), or not, and HTML blocks follow cmark-gfm 0.29 (cmark-gfm's).
    private let githubExtensions: Bool
    /// Whether a math block, front matter or an HTML tag the dialects dispute was met: if not, both
    /// readings are the same.
    var usedExtension = false
    var dialect: HTMLDialect { githubExtensions ? .commonMark : .cmarkGFM }
    /// Where the current line's text starts: its first byte, or after the byte-order mark on line 0.
    var lineStart = 0
    /// Where the current line's text ends (`BlockSyntax.textEnd`): the line is blank from any position at
    /// or past it. Found once per line, so that each of deeply nested containers asks it in constant time.
    var lineTextEnd = 0
    var containers: [Container] = []
    /// Indices (ascending) of the containers that a line with nothing left after their prefix does not
    /// continue: block quotes, and list items still empty. An empty line under N list items then matches
    /// them in one step, not N.
    var blankStops: [Int] = []
    var leaf = Leaf.none
    var result = TableScan()
    /// The last line of the latest grid table: a pipe table right under it would join it once printed.
    var lastGridLine: Int?
    /// Grid tables (indices into the result's tables) that cmark-gfm reads a pipe table in: dropped at the end.
    var disputedGridTables: [Int] = []
    /// The latest line that opened a list item: GitHub reads a task-list marker at the start of its text.
    var listItemLine: Int?
    /// Whether every common Markdown reader must read a table alike (`PortableTables`), not GitHub's alone.
    let portable: Bool
    /// The previous line was blank in its containers (or there was none): kramdown and Python-Markdown
    /// read a table only where its header starts a block so.
    var afterBlankLine = true
    /// The line containers were last opened on: a block starting there starts its container.
    var openedContainersLine = -1
    /// The current paragraph's first line, and whether a blank line or a container's start came before it.
    var paragraphStart = (line: 0, clean: true)
    /// The open table's portable reading so far, when `portable` (`PortableTables`).
    var portableTable: PortableTables.Open?
    /// Tables (indices into the result's tables) that the common readers read apart: dropped at the end.
    var portableDisputes: [Int] = []
    /// Open list items (indices into `containers`) that began right under a line that is not blank (text,
    /// a quote, a table), where Python-Markdown starts no list, when `portable`.
    var itemsUnderText: [Int] = []
    /// The lines Python-Markdown reads as raw HTML (`PythonMarkdownHTML`), when `portable`.
    var pythonMarkdownRaw: [Bool]?

    package static func scan(_ text: TextLines) -> TableScan {
        scan(text, frontMatter: true).scan
    }

    /// Scans and reports, per line, whether a scan that starts after it finds the same tables and
    /// diagnostics below it: the scanner is back in its initial state there (no open container or
    /// block), or the next line continues a top-level paragraph and would start one just the same (so
    /// that a document written without blank lines still has places to restart).
    /// `frontMatter` says the text starts the document: then front matter is recognised, and a byte-order
    /// mark on the first line is skipped as cmark-gfm skips it (it stays, byte for byte, in that line's prefix).
    /// `readers` says whether the tables every common Markdown reader reads alike are tables, or all that
    /// GitHub's reading finds (`PortableTables`).
    package static func scan(_ text: TextLines, frontMatter: Bool, readers: MarkdownReaders = .github) -> (scan: TableScan, restartable: [Bool]) {
        let portable = readers == .portable
        let github = scanOnce(text, startsDocument: frontMatter, githubExtensions: true, portable: portable)
        guard github.usedExtension else { return (LoneCarriageReturn.guarding(github.scan, in: text), github.restartable) }
        let commonMark = scanOnce(text, startsDocument: frontMatter, githubExtensions: false, portable: portable)
        let agreed = ReadingAgreement.combine(text, github: (github.scan, github.restartable), commonMark: (commonMark.scan, commonMark.restartable))
        return (LoneCarriageReturn.guarding(agreed.scan, in: text), agreed.restartable)
    }

    private static func scanOnce(_ text: TextLines, startsDocument: Bool, githubExtensions: Bool, portable: Bool)
        -> (scan: TableScan, restartable: [Bool], usedExtension: Bool)
    {
        var scanner = MarkdownScanner(text: text, githubExtensions: githubExtensions, portable: portable)
        if portable { scanner.pythonMarkdownRaw = PythonMarkdownHTML.rawLines(text) }
        var restartable = [Bool](repeating: false, count: text.count)
        let bom = startsDocument && ByteOrderMark.length(text.bytes) > 0
        var line = startsDocument && githubExtensions ? FrontMatter.end(of: text) : 0
        if line > 0 { scanner.usedExtension = true }
        // The HTML dialects can differ only in a document holding a `<`, asked once of the whole text.
        let mayHoldHTML = githubExtensions && text.bytes.containsByte(UInt8(ascii: "<"))
        while line < text.count {
            scanner.lineStart = text.starts[line] + (line == 0 && bom ? ByteOrderMark.length(text.bytes) : 0)
            scanner.lineTextEnd = BlockSyntax.textEnd(text.bytes, scanner.lineStart, text.contentEnd(line))
            let inParagraph = scanner.isInTopLevelParagraph, reported = scanner.result.diagnostics.count
            if mayHoldHTML && !scanner.usedExtension && HTMLBlock.mayDiffer(text.bytes, text.starts[line], text.contentEnd(line)) {
                scanner.usedExtension = true
            }
            scanner.process(line: line)
            if portable { scanner.notePortableLine(line) }
            // A portable scan starts as after a blank line, so it restarts only after one: after a heading
            // or a fence, a table's header starts no block of its own to kramdown.
            // Nor inside an HTML block Python-Markdown reads to its end tag: a scan starting there would not see its start.
            if case .none = scanner.leaf, scanner.containers.isEmpty, !portable || scanner.afterBlankLine && scanner.pythonMarkdownRaw?[line] != true {
                restartable[line] = true
            }
            // Not where this line was reported for what it makes of the line above (a look-alike's
            // delimiter row): a scan starting at it would find no diagnostic. Never in a portable scan: any
            // line of a paragraph may become a table's header, which text right above leaves alone, and a
            // scan starting at it would see the header start its paragraph.
            if !portable, inParagraph, scanner.isInTopLevelParagraph, scanner.wouldStartAParagraph(line),
               scanner.result.diagnostics.count == reported { restartable[line - 1] = true }
            line += 1
        }
        if portable { scanner.closePortableTable(endedBy: nil) }
        scanner.dropDisputedTables(grid: scanner.disputedGridTables)
        return (scanner.result, restartable, scanner.usedExtension)
    }

    private init(text: TextLines, githubExtensions: Bool, portable: Bool) {
        self.text = text
        self.githubExtensions = githubExtensions
        self.portable = portable
    }

    private var isInTopLevelParagraph: Bool {
        if case .paragraph = leaf { return containers.isEmpty }
        return false
    }

    /// Whether `line`, read first in a scan, would start a paragraph (not code, HTML, math, a list item
    /// or a grid table, which some lines start only where they do not continue a paragraph).
    private mutating func wouldStartAParagraph(_ line: Int) -> Bool {
        let end = text.contentEnd(line)
        let (indent, p) = BlockSyntax.indentation(b, text.starts[line], end)
        return indent < 4 && p < end && !GridTableSyntax.isTopBorder(b, p, end) && HTMLBlock.start(b, p, end, inParagraph: false, dialect: dialect) == nil
            && !BlockSyntax.mathBlock(b, p, end).opens && BlockSyntax.listMarker(b, p, end, column: indent) == nil
    }

    var b: [UInt8] { text.bytes }

    private mutating func process(line: Int) {
        let end = text.contentEnd(line)
        var pos = lineStart
        var column = 0
        let matched = matchContainers(&pos, &column, end)
        let blank = isBlank(from: pos)

        if matched == containers.count {
            if continueLeaf(line: line, pos: pos, column: column, end: end, blank: blank) { return }
        } else {
            // A grid table is pandoc's; to cmark-gfm its lines are a paragraph, which a lazy line continues.
            if leaf.isParagraphToCmark, !blank, !interruptsParagraph(pos, column, end, lazy: true) {
                leaf = .paragraph(lastLine: line, lastContentStart: contentStart(pos, column), lazy: true)
                return
            }
            containers.removeLast(containers.count - matched)
            while let last = blankStops.last, last >= matched { blankStops.removeLast() }
            leaf = .none
        }
        let before = containers.count
        if !blank { holdContent(through: before) }
        let underText = !afterBlankLine
        openContainers(&pos, &column, end)
        while let last = itemsUnderText.last, last >= before { itemsUnderText.removeLast() }
        if containers.count > before {
            openedContainersLine = line
            if case .listItem = containers[containers.count - 1] {
                listItemLine = line
                if portable && underText { itemsUnderText.append(containers.count - 1) }
            }
        }
        startLeaf(line: line, pos: pos, column: column, end: end)
    }

    /// Handles a line that continues every open container. Returns true when the open leaf took the line.
    private mutating func continueLeaf(line: Int, pos: Int, column: Int, end: Int, blank: Bool) -> Bool {
        let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
        switch leaf {
        case let .fencedCode(marker, length):
            if indent < 4 && BlockSyntax.closingFence(b, p, end, marker: marker, length: length) { leaf = .none }
            return true
        case .html(let ending):
            if ending.isEnded(by: b, pos, end) {
                leaf = .none
                return ending != .blankLine
            }
            return true
        case .math:
            if BlockSyntax.containsDoubleDollar(b, pos, end) { leaf = .none }
            return true
        case .indentedCode:
            if blank || indent >= 4 { return true }
            leaf = .none
            return false
        case let .table(index, _):
            guard !blank, !startsBlockInsideTable(pos, column, end), PipeRowSyntax.hasCell(b, p, end) else {
                leaf = .none
                return false
            }
            if portable, index != nil, !takePortableRow(line: line, p: p, end: end) { return true }
            if let index { result.tables[index].contentStarts.append(contentStart(pos, column)) }
            return true
        case .gridTable(let index):
            guard indent < 4, p < end, b[p] == UInt8(ascii: "+") || b[p] == UInt8(ascii: "|") else {
                leaf = .none
                return false
            }
            if let columns = pipeTableInGridLines(index, line: line, p: p, end: end) {
                // To cmark-gfm the grid lines are a paragraph, and this delimiter row makes its last line a
                // pipe table's header: the readers disagree, so the grid table is left alone and cmark-gfm's
                // table followed, rows and all.
                disputedGridTables.append(index)
                result.diagnostics.append(Diagnostic(code: .ambiguousTable, severity: .warning,
                                                     message: Diagnostic.Message.pipeTableInGridTable, range: p..<end))
                leaf = .table(index: nil, columns: columns)
                return true
            }
            result.tables[index].contentStarts.append(contentStart(pos, column))
            lastGridLine = line
            return true
        case .paragraph, .none:
            return false
        }
    }

    /// Starts whatever leaf block this line begins (the containers are settled).
    private mutating func startLeaf(line: Int, pos: Int, column: Int, end: Int) {
        if isBlank(from: pos) {
            leaf = .none
            return
        }
        let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
        let inParagraph: Bool
        if case .paragraph = leaf { inParagraph = true } else { inParagraph = false }
        if indent >= 4 {
            leaf = inParagraph ? .paragraph(lastLine: line, lastContentStart: contentStart(pos, column)) : .indentedCode
            return
        }
        if !inParagraph && GridTableSyntax.isTopBorder(b, p, end) {
            result.tables.append(TableRegion(kind: .grid, firstLine: line, contentStarts: [contentStart(pos, column)], syntax: .markdown))
            leaf = .gridTable(index: result.tables.count - 1)
            lastGridLine = line
        } else if let fence = BlockSyntax.openingFence(b, p, end) {
            leaf = .fencedCode(marker: fence.marker, length: fence.length)
        } else if BlockSyntax.atxHeading(b, p, end) {
            leaf = .none
        } else if let ending = HTMLBlock.start(b, p, end, inParagraph: inParagraph, dialect: dialect) {
            leaf = ending.isEnded(by: b, p, end) && ending != .blankLine ? .none : .html(ending)
        } else if githubExtensions, !inParagraph, case let math = BlockSyntax.mathBlock(b, p, end), math.opens {
            usedExtension = true
            leaf = math.closesOnSameLine ? .none : .math
        } else if inParagraph && BlockSyntax.setextUnderline(b, p, end) {
            leaf = .none
        } else if BlockSyntax.thematicBreak(b, p, end) {
            leaf = .none
        } else if case let .paragraph(headerLine, headerStart, lazy) = leaf,
            let table = openTable(header: headerLine, headerStart: headerStart, lazy: lazy, line: line, pos: pos, column: column, p: p, end: end)
        {
            leaf = table
        } else {
            if !inParagraph { paragraphStart = (line, afterBlankLine || openedContainersLine == line) }
            leaf = .paragraph(lastLine: line, lastContentStart: contentStart(pos, column))
        }
    }
}
