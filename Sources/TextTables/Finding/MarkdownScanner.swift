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
package struct MarkdownScanner {
    private enum Container: Equatable {
        case blockQuote
        /// `empty`: the item began with a blank line after its marker and no line has put content in it
        /// yet; a blank line then closes it (CommonMark), and what is indented below is not in it.
        case listItem(width: Int, empty: Bool)
    }

    private enum Leaf {
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

    private let text: TextLines
    /// Whether `$$` lines open math blocks, front matter is skipped and HTML blocks follow CommonMark 0.31
    /// (GitHub's reading), or not, and HTML blocks follow cmark-gfm 0.29 (cmark-gfm's).
    private let githubExtensions: Bool
    /// Whether a math block, front matter or an HTML tag the dialects dispute was met: if not, both
    /// readings are the same.
    private var usedExtension = false
    private var dialect: HTMLDialect { githubExtensions ? .commonMark : .cmarkGFM }
    /// Where the current line's text starts: its first byte, or after the byte-order mark on line 0.
    private var lineStart = 0
    /// Where the current line's text ends (`BlockSyntax.textEnd`): the line is blank from any position at
    /// or past it. Found once per line, so that each of deeply nested containers asks it in constant time.
    private var lineTextEnd = 0
    private var containers: [Container] = []
    /// Indices (ascending) of the containers that a line with nothing left after their prefix does not
    /// continue: block quotes, and list items still empty. An empty line under N list items then matches
    /// them in one step, not N.
    private var blankStops: [Int] = []
    private var leaf = Leaf.none
    private var result = TableScan()
    /// The last line of the latest grid table: a pipe table right under it would join it once printed.
    private var lastGridLine: Int?
    /// Grid tables (indices into the result's tables) that cmark-gfm reads a pipe table in: dropped at the end.
    private var disputedGridTables: [Int] = []
    /// The latest line that opened a list item: GitHub reads a task-list marker at the start of its text.
    private var listItemLine: Int?

    package static func scan(_ text: TextLines) -> TableScan {
        scan(text, frontMatter: true).scan
    }

    /// Scans and reports, per line, whether a scan that starts after it finds the same tables and
    /// diagnostics below it: the scanner is back in its initial state there (no open container or
    /// block), or the next line continues a top-level paragraph and would start one just the same (so
    /// that a document written without blank lines still has places to restart).
    /// `frontMatter` says the text starts the document: then front matter is recognised, and a byte-order
    /// mark on the first line is skipped as cmark-gfm skips it (it stays, byte for byte, in that line's prefix).
    package static func scan(_ text: TextLines, frontMatter: Bool) -> (scan: TableScan, restartable: [Bool]) {
        let github = scanOnce(text, startsDocument: frontMatter, githubExtensions: true)
        guard github.usedExtension else { return (LoneCarriageReturn.guarding(github.scan, in: text), github.restartable) }
        let commonMark = scanOnce(text, startsDocument: frontMatter, githubExtensions: false)
        let agreed = ReadingAgreement.combine(text, github: (github.scan, github.restartable), commonMark: (commonMark.scan, commonMark.restartable))
        return (LoneCarriageReturn.guarding(agreed.scan, in: text), agreed.restartable)
    }

    private static func scanOnce(_ text: TextLines, startsDocument: Bool, githubExtensions: Bool)
        -> (scan: TableScan, restartable: [Bool], usedExtension: Bool)
    {
        var scanner = MarkdownScanner(text: text, githubExtensions: githubExtensions)
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
            if case .none = scanner.leaf, scanner.containers.isEmpty { restartable[line] = true }
            // Not where this line was reported for what it makes of the line above (a look-alike's
            // delimiter row): a scan starting at it would find no diagnostic.
            if inParagraph, scanner.isInTopLevelParagraph, scanner.wouldStartAParagraph(line),
               scanner.result.diagnostics.count == reported { restartable[line - 1] = true }
            line += 1
        }
        for index in scanner.disputedGridTables.reversed() { scanner.result.tables.remove(at: index) }
        return (scanner.result, restartable, scanner.usedExtension)
    }

    private init(text: TextLines, githubExtensions: Bool) {
        self.text = text
        self.githubExtensions = githubExtensions
    }

    private var isInTopLevelParagraph: Bool {
        if case .paragraph = leaf { return containers.isEmpty }
        return false
    }

    /// Whether `line`, read first in a scan, would start a paragraph (not code, HTML, math, a list item
    /// or a grid table, which some lines start only where they do not continue a paragraph).
    private func wouldStartAParagraph(_ line: Int) -> Bool {
        let end = text.contentEnd(line)
        let (indent, p) = BlockSyntax.indentation(b, text.starts[line], end)
        return indent < 4 && p < end && !GridTableSyntax.isTopBorder(b, p, end) && HTMLBlock.start(b, p, end, inParagraph: false, dialect: dialect) == nil
            && !BlockSyntax.mathBlock(b, p, end).opens && BlockSyntax.listMarker(b, p, end, column: indent) == nil
    }

    private var b: [UInt8] { text.bytes }

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
        openContainers(&pos, &column, end)
        if containers.count > before, case .listItem = containers[containers.count - 1] { listItemLine = line }
        startLeaf(line: line, pos: pos, column: column, end: end)
    }

    /// The line puts content in the first `count` containers (it continues them and is not blank there).
    private mutating func holdContent(through count: Int) {
        for index in 0..<count {
            if case .listItem(let width, true) = containers[index] { containers[index] = .listItem(width: width, empty: false) }
        }
        blankStops.removeAll { $0 < count && containers[$0] != .blockQuote }
    }

    /// Whether the current line holds only spaces and tabs from `pos` on.
    private func isBlank(from pos: Int) -> Bool { pos >= lineTextEnd }

    /// Consumes the prefixes of the open containers that this line continues; returns how many.
    /// Each container reads only its own prefix (indentation is counted up to what it asks, blankness is
    /// known per line): a line under N nested containers costs N steps, not N times its indentation.
    private func matchContainers(_ pos: inout Int, _ column: inout Int, _ end: Int) -> Int {
        var matched = 0
        for container in containers {
            if pos == end { return firstBlankStop(from: matched) }
            switch container {
            case .blockQuote:
                let (indent, afterIndent) = BlockSyntax.indentation(b, pos, end, column: column, atMost: 4)
                guard indent < 4, afterIndent < end, b[afterIndent] == UInt8(ascii: ">") else { return matched }
                column += indent + 1
                pos = afterIndent + 1
                consumeMarkerSpace(&pos, &column, end)
            case .listItem(let width, let empty):
                let (indent, _) = BlockSyntax.indentation(b, pos, end, column: column, atMost: width)
                if isBlank(from: pos) && indent < width {
                    if empty { return matched }
                    break
                }
                guard indent >= width else { return matched }
                consumeColumns(width, &pos, &column, end)
            }
            matched += 1
        }
        return matched
    }

    /// The first container from `index` on that a line with nothing left does not continue (or the count).
    private func firstBlankStop(from index: Int) -> Int {
        var low = 0, high = blankStops.count
        while low < high {
            let middle = (low + high) / 2
            if blankStops[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < blankStops.count ? blankStops[low] : containers.count
    }

    /// Consumes `count` columns as CommonMark does: a tab wider than the columns left is consumed in part,
    /// and then `pos` stays on it, with `column` inside it (its other columns are the content's indentation).
    private func consumeColumns(_ count: Int, _ pos: inout Int, _ column: inout Int, _ end: Int) {
        let target = column + count
        while column < target && pos < end {
            if b[pos] == BlockSyntax.tab {
                let next = column + 4 - column % 4
                if next > target {
                    column = target
                    return
                }
                column = next
            } else {
                column += 1
            }
            pos += 1
        }
    }

    /// The optional space after `>`: one column, which may be part of a tab.
    private func consumeMarkerSpace(_ pos: inout Int, _ column: inout Int, _ end: Int) {
        if pos < end && (b[pos] == BlockSyntax.space || b[pos] == BlockSyntax.tab) { consumeColumns(1, &pos, &column, end) }
    }

    /// Where a table line's text starts for formatting: `pos`, or past the tab when the containers took
    /// part of it (the tab then stays in the line's prefix, which formatting keeps byte for byte).
    private func contentStart(_ pos: Int, _ column: Int) -> Int {
        guard pos < b.count, b[pos] == BlockSyntax.tab else { return pos }
        var tabColumn = 0
        for i in lineStart..<pos { tabColumn += b[i] == BlockSyntax.tab ? 4 - tabColumn % 4 : 1 }
        return tabColumn == column ? pos : pos + 1
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

    /// New block quotes and list items opened on this line.
    private mutating func openContainers(_ pos: inout Int, _ column: inout Int, _ end: Int) {
        while true {
            let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
            guard indent < 4, p < end else { return }
            if b[p] == UInt8(ascii: ">") {
                column += indent + 1
                pos = p + 1
                consumeMarkerSpace(&pos, &column, end)
                blankStops.append(containers.count)
                containers.append(.blockQuote)
                leaf = .none
                continue
            }
            guard !BlockSyntax.thematicBreak(b, p, end),
                let item = BlockSyntax.listMarker(b, p, end, column: column + indent)
            else { return }
            if case .paragraph = leaf, item.empty || !item.startsAtOne { return }
            if item.empty { blankStops.append(containers.count) }
            containers.append(.listItem(width: indent + item.width, empty: item.empty))
            consumeColumns(indent + item.width, &pos, &column, end)
            if item.empty { pos = end }
            leaf = .none
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
            leaf = .paragraph(lastLine: line, lastContentStart: contentStart(pos, column))
        }
    }

    /// A delimiter row under a paragraph line with as many cells makes a table; with a different count,
    /// where the line above has a pipe too, a table was probably meant: say so. A table that cmark-gfm
    /// reads but that is left alone (reported) is a table without index, so that its rows are skipped.
    private mutating func openTable(header: Int, headerStart: Int, lazy: Bool, line: Int, pos: Int, column: Int, p: Int, end: Int) -> Leaf? {
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
            if b[headerText..<headerEnd].contains(PipeRowSyntax.pipe) || b[p..<end].contains(PipeRowSyntax.pipe) {
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
        return .table(index: result.tables.count - 1, columns: headerCells)
    }

    /// The column count of the pipe table cmark-gfm reads at line `line` of the grid table at `index`: the
    /// line is a delimiter row with as many cells as the grid line above it. Nil otherwise.
    private func pipeTableInGridLines(_ index: Int, line: Int, p: Int, end: Int) -> Int? {
        guard b[p] == PipeRowSyntax.pipe, let columns = PipeRowSyntax.delimiterCellCount(b, p, end),
              let above = result.tables[index].contentStarts.last else { return nil }
        let aboveEnd = text.contentEnd(line - 1)
        let (_, aboveText) = BlockSyntax.indentation(b, above, aboveEnd)
        return PipeRowSyntax.cellCount(b, aboveText, aboveEnd) == columns ? columns : nil
    }

    /// Block starts that can interrupt a paragraph (so a line is not a lazy continuation). For a `lazy`
    /// line (one that does not continue every open container) cmark-gfm checks the starts against the
    /// last container it matched, not the paragraph: then any list item and HTML of kind 7 interrupt too.
    private func interruptsParagraph(_ pos: Int, _ column: Int, _ end: Int, lazy: Bool = false) -> Bool {
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
    private func startsBlockInsideTable(_ pos: Int, _ column: Int, _ end: Int) -> Bool {
        let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
        if indent >= 4 { return true }
        if interruptsParagraph(pos, column, end) { return true }
        if HTMLBlock.start(b, p, end, inParagraph: false, dialect: dialect) != nil { return true }
        return BlockSyntax.listMarker(b, p, end, column: column + indent) != nil
    }
}
