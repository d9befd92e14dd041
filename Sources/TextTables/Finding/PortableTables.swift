/// Where the common Markdown readers read a pipe table GitHub reads otherwise, so that a portable scan
/// (`MarkdownReaders.portable`) leaves it alone and says why. Each rule is what the readers themselves
/// showed (the oracles in `Tests/TextTablesTests/MarkdownReaderOracleTests.swift`):
/// - kramdown (Jekyll) and Python-Markdown (MkDocs) read a table only where its header starts a block: a
///   line of text (or a heading, a fence, HTML) right above it makes the lines a paragraph.
/// - kramdown reads a table only where a blank line (or its container's end) follows it: a line right under
///   its last row that GitHub reads as a row or as another block makes every line a paragraph, and a line
///   without a `|` that GitHub reads as a row (`:::`, `{{% /note %}}`, `[^1]: …`) ends the table for MyST,
///   pymdownx blocks and shortcodes. One exception: kramdown takes an attribute list `{: .class}` right
///   under a table for the table's, which GitHub reads as one more row; the rows above it are formatted
///   and the line is left as written.
/// - a `|` inside a code span: Python-Markdown and kramdown keep it in the cell's code; GitHub, markdown-it
///   and goldmark split the cell there.
/// - Python-Markdown decides from the header alone whether rows have outer pipes: under a header without
///   one, a row's leading or trailing `|` is an empty cell to it (formatting writes outer pipes). And it
///   reads a one-column table only where every line of the block starts or ends with a `|`.
/// Not yet covered: kramdown reads a header and its delimiter row with no body row under them as a
/// paragraph (formatted all the same: such tables are rare, and minimal ones fill the tests), and
/// Python-Markdown reads everything after a block-level HTML tag it finds no closing tag for as raw HTML.
extension PortableTables {
    /// The open table's reading so far.
    struct Open {
        var index: Int
        var header: Int
        /// An attribute line under the rows (`{: .class}`), which kramdown takes for the table's.
        var attributeLine: Int?
        var dispute: Dispute?
    }

    enum Dispute {
        case textAbove(header: Int)
        case textBelow(line: Int, lastRow: Int)
        case lineWithoutPipe(line: Int)
        case pipeInCodeSpan(line: Int)
        /// Python-Markdown strips a row's outer `|` only when the header has one: without, it reads them
        /// as empty cells.
        case outerPipeUnderBareHeader(line: Int)
        /// Python-Markdown reads a one-column table only where every line starts or ends with a `|`.
        case bareOneColumnRow(line: Int)
    }
}

package enum PortableTables {
    /// Whether the line holds a `|` right after no backslash: kramdown reads a line without one as no row
    /// (`TABLE_PIPE_CHECK`), and GitHub never splits a cell at `\|` (not even at `\\|`).
    static func hasUnescapedPipe(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var i = p
        while i < end {
            if b[i] == PipeRowSyntax.pipe && (i == p || b[i - 1] != PipeRowSyntax.backslash) { return true }
            i += 1
        }
        return false
    }

    /// kramdown's attribute list on a line of its own, `{: .class #id}`. (goldmark's `{.class}` is Hugo's
    /// only where a site turns block attributes on: to kramdown it is text.)
    static func isAttributeLine(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var last = end
        while last > p && PipeRowSyntax.isCellSpace(b[last - 1]) { last -= 1 }
        return last - p >= 3 && b[p] == UInt8(ascii: "{") && b[p + 1] == UInt8(ascii: ":") && b[last - 1] == UInt8(ascii: "}")
    }

    /// Whether a code span of the line (backtick runs paired as CommonMark pairs them, over the whole line)
    /// holds a `|` that no backslash escapes.
    static func hasPipeInCodeSpan(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        let backtick = UInt8(ascii: "`")
        var i = p
        while i < end {
            if b[i] == PipeRowSyntax.backslash { i += 2; continue }
            guard b[i] == backtick else { i += 1; continue }
            let open = i
            while i < end && b[i] == backtick { i += 1 }
            let length = i - open
            // The closing run: the next run of exactly `length` backticks (backslashes escape none inside).
            var j = i, close: Int?
            while j < end {
                guard b[j] == backtick else { j += 1; continue }
                let run = j
                while j < end && b[j] == backtick { j += 1 }
                if j - run == length { close = run; break }
            }
            guard let close else { continue }  // no closing run: the backticks are text
            // A backslash is text inside code, but GitHub still reads `\|` there as no separator.
            if hasUnescapedPipe(b, i, close) { return true }
            i = close + length
        }
        return false
    }

    /// What a left-alone table's diagnostic says, with its fix where one keeps GitHub's reading.
    static func diagnostic(_ dispute: Dispute, in text: TextLines, region: TableRegion) -> Diagnostic {
        let line: Int, message: String, fixes: [Fix]
        switch dispute {
        case .textAbove(let header):
            line = header
            message = Diagnostic.Message.portableTextAbove
            fixes = [Fix(.addBlankLineAbove, edits: [blankLine(before: header, prefixOf: header, in: text)], isPreferred: true, isSafe: true)]
        case let .textBelow(below, lastRow):
            line = below
            message = Diagnostic.Message.portableTextBelow
            // GitHub ended the table at that line itself; a blank line above it keeps its reading, but where
            // the line is indented as code, which a blank line above can make it.
            let (indent, _) = BlockSyntax.indentation(text.bytes, text.starts[below], text.contentEnd(below))
            fixes = [Fix(.addBlankLineBelow, edits: [blankLine(before: below, prefixOf: lastRow, in: text)], isPreferred: true, isSafe: indent < 4)]
        case .lineWithoutPipe(let row):
            line = row
            message = Diagnostic.Message.portableLineWithoutPipe
            fixes = [Fix(.endTableAbove(line: row + 1), edits: [blankLine(before: row, prefixOf: row - 1, in: text)])]
        case .pipeInCodeSpan(let row):
            line = row
            message = Diagnostic.Message.portablePipeInCodeSpan
            fixes = []
        case .outerPipeUnderBareHeader(let row):
            line = row
            message = Diagnostic.Message.portableOuterPipeUnderBareHeader
            fixes = []
        case .bareOneColumnRow(let row):
            line = row
            message = Diagnostic.Message.portableBareOneColumnRow
            fixes = []
        }
        // From the line's text after its indentation and quote markers (a row under an attribute line is not
        // where the region's content starts say: they skip that line).
        let end = text.contentEnd(line)
        let start = text.bytes[text.starts[line]..<end].firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? text.starts[line]
        return Diagnostic(code: .ambiguousTable, severity: .warning, message: message, range: start..<text.contentEnd(line), fixes: fixes)
    }

    /// A blank line inserted before `line`, with the block-quote markers of `prefixOf`'s prefix (a blank line
    /// in the same quotes) and `prefixOf`'s line terminator.
    private static func blankLine(before line: Int, prefixOf model: Int, in text: TextLines) -> TextEdit {
        var prefix = Array(text.bytes[text.starts[model]..<text.contentEnd(model)].prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") })
        while let last = prefix.last, last != UInt8(ascii: ">") { prefix.removeLast() }
        let terminator = text.terminator(model)
        return TextEdit(range: text.starts[line]..<text.starts[line], newText: prefix + (terminator.isEmpty ? [0x0A] : Array(terminator)))
    }
}

/// The portable scan's hooks in the scanner's walk.
extension MarkdownScanner {
    /// A pipe table GitHub reads has opened at `header` (its delimiter row on `delimiter`).
    mutating func openPortableTable(_ index: Int, header: Int, headerStart: Int, delimiter: Int) {
        var open = PortableTables.Open(index: index, header: header)
        if header != paragraphStart.line || !paragraphStart.clean { open.dispute = .textAbove(header: header) }
        portableTable = open
    }

    /// Whether the row on `line` belongs to the table's formatted lines (an attribute line does not).
    mutating func takePortableRow(line: Int, p: Int, end: Int) -> Bool {
        guard portableTable != nil else { return true }
        if let attributes = portableTable!.attributeLine, portableTable!.dispute == nil {
            portableTable!.dispute = .lineWithoutPipe(line: attributes)
        }
        guard !PortableTables.hasUnescapedPipe(b, p, end) else { return true }
        if portableTable!.attributeLine == nil && PortableTables.isAttributeLine(b, p, end) {
            portableTable!.attributeLine = line
            return false
        }
        if portableTable!.dispute == nil { portableTable!.dispute = .lineWithoutPipe(line: line) }
        return true
    }

    /// After each line: whether it ended the open table, and whether it was blank.
    mutating func notePortableLine(_ line: Int) {
        let blank = isBlankLine(line)
        if let open = portableTable {
            if case .table(let index?, _) = leaf, index == open.index {} else { closePortableTable(endedBy: blank ? nil : line) }
        }
        afterBlankLine = blank
    }

    /// Ends the open table: `endedBy` is the line right under it that is not blank (nil: none).
    mutating func closePortableTable(endedBy: Int?) {
        guard var open = portableTable else { return }
        portableTable = nil
        let region = result.tables[open.index]
        if open.dispute == nil, let endedBy, open.attributeLine == nil {
            open.dispute = .textBelow(line: endedBy, lastRow: region.lines.upperBound - 1)
        }
        if open.dispute == nil { open.dispute = rowDispute(region, attributeLine: open.attributeLine) }
        guard let dispute = open.dispute else { return }
        portableDisputes.append(open.index)
        let diagnostic = PortableTables.diagnostic(dispute, in: text, region: region)
        let at = result.diagnostics.lastIndex { $0.range.lowerBound <= diagnostic.range.lowerBound }.map { $0 + 1 } ?? 0
        result.diagnostics.insert(diagnostic, at: at)
    }

    /// What the rows' own text makes the readers dispute: a `|` in a code span, outer pipes Python-Markdown
    /// reads as cells, a one-column row it reads as no table.
    private func rowDispute(_ region: TableRegion, attributeLine: Int?) -> PortableTables.Dispute? {
        let lines = region.contentStarts.enumerated().map { (line: region.firstLine + $0.offset, start: $0.element) }
        func outer(_ line: Int, _ start: Int) -> (leading: Bool, trailing: Bool) {
            var p = start, end = text.contentEnd(line)
            while p < end && PipeRowSyntax.isCellSpace(b[p]) { p += 1 }
            while end > p && PipeRowSyntax.isCellSpace(b[end - 1]) { end -= 1 }
            let trailing = end > p && b[end - 1] == PipeRowSyntax.pipe && (end - 1 == p || b[end - 2] != PipeRowSyntax.backslash)
            return (p < end && b[p] == PipeRowSyntax.pipe, trailing)
        }
        for (line, start) in lines where PortableTables.hasPipeInCodeSpan(b, start, text.contentEnd(line)) {
            return .pipeInCodeSpan(line: line)
        }
        let header = outer(lines[0].line, lines[0].start)
        if !header.leading && !header.trailing {
            for (line, start) in lines.dropFirst() where outer(line, start) != (false, false) { return .outerPipeUnderBareHeader(line: line) }
        }
        let (_, headerText) = BlockSyntax.indentation(b, lines[0].start, text.contentEnd(lines[0].line))
        if PipeRowSyntax.cellCount(b, headerText, text.contentEnd(lines[0].line)) == 1 {
            if let attributeLine { return .bareOneColumnRow(line: attributeLine) }
            for (line, start) in lines where outer(line, start) == (false, false) { return .bareOneColumnRow(line: line) }
        }
        return nil
    }

    /// Removes the tables the readers dispute (grid tables cmark-gfm reads a pipe table in, and tables the
    /// common readers read apart), all at once: their indices are from before any removal.
    mutating func dropDisputedTables(grid: [Int]) {
        for index in Set(grid + portableDisputes).sorted(by: >) { result.tables.remove(at: index) }
    }

    /// Blank in its containers: nothing but spaces, tabs and block-quote markers.
    private func isBlankLine(_ line: Int) -> Bool {
        text.bytes[text.starts[line]..<text.contentEnd(line)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
    }
}
