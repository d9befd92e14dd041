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
/// - Python-Markdown decides from the header alone whether rows have outer pipes, and kramdown reads a
///   row's leading `|` under a header without one as an empty cell (formatting writes outer pipes).
///   Python-Markdown reads a one-column table only where every line starts or ends with a `|`.
/// - Python-Markdown reads an HTML block to its end tag (`PythonMarkdownHTML`), GitHub to a blank line.
/// - goldmark 1.5.4 (Hugo 0.111) takes a row's closing `\|` for its last pipe, and misreads rows whose
///   container prefix holds a tab.
/// - kramdown pairs a backtick left open in one row with one in another.
/// One difference is kept on purpose: kramdown reads a header and its delimiter row with no row under them
/// as a paragraph. That is every table while it is being typed; it is formatted as the others read it.
extension PortableTables {
    /// The open table's reading so far.
    struct Open {
        var index: Int
        /// An attribute line under the rows (`{: .class}`), which kramdown takes for the table's.
        var attributeLine: Int?
        var dispute: Dispute?
    }

    enum Dispute {
        /// `safe`: a blank line above keeps GitHub's reading (not where the text above defines a link or a
        /// footnote, which cmark-gfm reads only in a paragraph of its own, nor where the header is indented
        /// as code).
        /// `paragraph`: the header ends a paragraph (Python-Markdown and kramdown read none), else it starts
        /// one right under another block, a heading, a fence, HTML (kramdown alone reads none).
        case textAbove(header: Int, safe: Bool, paragraph: Bool)
        case textBelow(line: Int, lastRow: Int)
        case lineWithoutPipe(line: Int)
        case pipeInCodeSpan(line: Int)
        /// A row's leading `|` under a header without one: kramdown reads it as an empty cell, and so does
        /// Python-Markdown where the header has no outer `|` at all.
        case outerPipeUnderBareHeader(line: Int)
        /// Python-Markdown reads a one-column table only where every line starts or ends with a `|`.
        case bareOneColumnRow(line: Int)
        /// Python-Markdown reads the line as raw HTML, inside a block-level element (`PythonMarkdownHTML`).
        case rawHTML(line: Int)
        /// goldmark 1.5.4 reads a row ending in `\|` with that `|` as the row's last, its `\` as text.
        case escapedPipeEndsRow(line: Int)
        /// goldmark misreads rows whose block-quote or list prefix holds a tab (and 1.5.4 fails on some).
        case tabInPrefix(line: Int)
        /// kramdown pairs a backtick run left open in one row with one in another, across the rows.
        case unpairedBacktick(line: Int)
        /// A header on a list item's marker line without a leading `|`: markdown-it and Python-Markdown read a
        /// table of the whole line, marker and all, not a list item holding one.
        case headerOnMarkerLine(line: Int)
        /// In a list that began right under a line that is not blank: Python-Markdown starts no list there.
        case inListUnderText(line: Int)
        /// In a list item that began with a blank line after its marker: cmark-gfm 0.29 keeps indented lines
        /// below it in the item, the other readers end the item and read code.
        case inItemBegunEmpty(line: Int)
        /// Every body row is a delimiter row to kramdown (`| - | - |`): it reads no body, and then no table.
        case onlySeparatorRows(line: Int)
        /// A byte-order mark right before the header: markdown-it, Python-Markdown and goldmark read it as text.
        case byteOrderMark(line: Int)
        /// A tab in a code span: Python-Markdown expands tabs by the column they stand at, which padding moves.
        case tabInRow(line: Int)
        /// A row starting with `: `: goldmark (Hugo's definition lists) reads a definition there.
        case definitionRow(line: Int)
        /// Unicode white space at a row's end: markdown-it trims it, GitHub keeps it as text.
        case unicodeSpaceAtEdge(line: Int)
        /// A form feed or vertical tab: a line break to some readers, a space or text to others.
        case controlCharacter(line: Int)
        /// Three or more nested block quotes and list items: Python-Markdown nests list items four columns
        /// apart, not at their text, and reads such depths otherwise.
        case deepContainers(line: Int)
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

    /// Whether `b[p..<end]` holds either byte, a word at a time (every row of a table is asked).
    static func holds(_ first: UInt8, or second: UInt8, _ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        b.withUnsafeBufferPointer { WordScan.firstIndex(of: first, or: second, in: $0, from: p, to: end) < end }
    }

    /// Whether the row starts or ends (past spaces and tabs) with Unicode white space that is not ASCII:
    /// no-break space, the U+2000 spaces, U+202F, U+205F, U+3000, U+1680.
    static func hasUnicodeSpaceAtEdge(_ row: ArraySlice<UInt8>) -> Bool {
        var first = row.startIndex, last = row.endIndex
        while first < last && (row[first] == 0x20 || row[first] == 0x09) { first += 1 }
        while last > first && (row[last - 1] == 0x20 || row[last - 1] == 0x09) { last -= 1 }
        // Only the edges' scalars (at most four bytes each) are asked.
        guard first < last, row[first] >= 0x80 || row[last - 1] >= 0x80 else { return false }
        let t = Array(row[first..<min(last, first + 4)]) + (last - first > 4 ? Array(row[max(first + 4, last - 4)..<last]) : [])
        func isSpace(_ s: ArraySlice<UInt8>) -> Bool {
            if s.starts(with: [0xC2, 0xA0]) { return true }
            if s.starts(with: [0xE3, 0x80, 0x80]) || s.starts(with: [0xE1, 0x9A, 0x80]) || s.starts(with: [0xE2, 0x81, 0x9F]) { return true }
            if s.count >= 3, s[s.startIndex] == 0xE2, s[s.startIndex + 1] == 0x80, let c = Optional(s[s.startIndex + 2]), c <= 0x8A || c == 0xAF { return true }
            return false
        }
        guard !t.isEmpty else { return false }
        if isSpace(t[...]) { return true }
        // The last scalar: back over continuation bytes to its lead byte.
        var lead = t.count - 1
        while lead > 0 && t[lead] & 0xC0 == 0x80 { lead -= 1 }
        return isSpace(t[lead...])
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
    static func hasPipeInCodeSpan(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool { codeSpans(b, p, end).pipe }

    /// Whether a code span of the line holds a `|` (`pipe`) or a tab (`tab`: Python-Markdown expands tabs by
    /// the column they stand at, which padding moves, and code shows it), and whether a backtick run finds
    /// no closing run on the line, or kramdown reads it so (`unpaired`: a space inside either end).
    static func codeSpans(_ b: [UInt8], _ p: Int, _ end: Int) -> (pipe: Bool, unpaired: Bool, tab: Bool) {
        let backtick = UInt8(ascii: "`")
        // The line's backtick runs, and for each the next run of the same length (one pass each way, so
        // that a line of many unpaired runs costs its length, not its square).
        var runs: [(start: Int, length: Int, escaped: Bool)] = []
        var i = p
        while i < end {
            guard b[i] == backtick else { i += 1; continue }
            let start = i
            while i < end && b[i] == backtick { i += 1 }
            var backslashes = 0
            while start - backslashes - 1 >= p && b[start - backslashes - 1] == PipeRowSyntax.backslash { backslashes += 1 }
            runs.append((start, i - start, backslashes % 2 == 1))
        }
        guard !runs.isEmpty else { return (false, false, false) }
        var next = [Int?](repeating: nil, count: runs.count), latest: [Int: Int] = [:]
        for k in runs.indices.reversed() {
            next[k] = latest[runs[k].length]
            latest[runs[k].length] = k
        }
        var unpaired = false, tab = false, k = 0
        while k < runs.count {
            // An escaped backtick opens nothing: the rest of its run may (CommonMark).
            let opener = runs[k], length = opener.escaped ? opener.length - 1 : opener.length
            guard length > 0 else { k += 1; continue }
            var close = next[k]
            if opener.escaped { close = runs.indices.dropFirst(k + 1).first { runs[$0].length == length } }
            guard let close else {
                unpaired = true
                k += 1
                continue
            }
            // A backslash is text inside code, but GitHub still reads `\|` there as no separator.
            if hasUnescapedPipe(b, opener.start + opener.length, runs[close].start) { return (true, unpaired, tab) }
            let content = b[(opener.start + opener.length)..<runs[close].start]
            if content.contains(0x09) { tab = true }
            // kramdown opens no code span at a lone backtick before a space, nor closes one after a space (a
            // longer run may pad both ends: `` ` ``): to it these backticks are loose, and it pairs them with
            // others, across the rows.
            if let first = content.first, let last = content.last {
                let padded = (first == 0x20, last == 0x20)
                if length == 1 ? padded.0 || padded.1 : padded.0 != padded.1 { unpaired = true }
            }
            k = close + 1
        }
        return (false, unpaired, tab)
    }
}

/// The portable scan's hooks in the scanner's walk.
extension MarkdownScanner {
    /// A pipe table GitHub reads has opened at `header` (its delimiter row on `delimiter`).
    mutating func openPortableTable(_ index: Int, header: Int, headerStart: Int) {
        var open = PortableTables.Open(index: index)
        if header != paragraphStart.line || !paragraphStart.clean {
            let (indent, _) = BlockSyntax.indentation(b, headerStart, text.contentEnd(header))
            // cmark-gfm reads the paragraph above a table's header otherwise than alone: no definitions, and `\|`
            // unescaped. A blank line under an empty list item ends the item.
            let readOtherwiseAbove = (paragraphStart.line..<header).contains { line in
                let lead = b[text.starts[line]..<text.contentEnd(line)].drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
                return lead.first == UInt8(ascii: "[") && lead.firstRange(of: Array("]:".utf8)) != nil || lead.firstRange(of: Array("\\|".utf8)) != nil
            }
            let underEmptyItem = header > 0 && isEmptyItemLine(header - 1)
            open.dispute = .textAbove(header: header, safe: indent < 4 && !readOtherwiseAbove && !underEmptyItem,
                                      paragraph: header != paragraphStart.line)
        }
        else if header == 0 && ByteOrderMark.length(b) > 0 { open.dispute = .byteOrderMark(line: header) }
        else if containers.count >= 3 { open.dispute = .deepContainers(line: header) }
        else if itemsUnderText.contains(where: { $0 < containers.count }) { open.dispute = .inListUnderText(line: header) }
        else if let item = listItemLine, item < header, containers.contains(where: { if case .listItem = $0 { true } else { false } }),
                isEmptyItemLine(item) {
            open.dispute = .inItemBegunEmpty(line: header)
        }
        else if openedContainersLine == header, listItemLine == header, b[headerStart..<text.contentEnd(header)].first(where: { $0 != 0x20 && $0 != 0x09 }) != PipeRowSyntax.pipe {
            open.dispute = .headerOnMarkerLine(line: header)
        }
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
        if open.dispute == nil, let endedBy {
            open.dispute = .textBelow(line: endedBy, lastRow: open.attributeLine ?? region.lines.upperBound - 1)
        }
        if open.dispute == nil { open.dispute = rowDispute(region, attributeLine: open.attributeLine) }
        guard let dispute = open.dispute else { return }
        portableDisputes.append(open.index)
        let diagnostic = PortableTables.diagnostic(dispute, in: text, region: region)
        let at = result.diagnostics.lastIndex { $0.range.lowerBound <= diagnostic.range.lowerBound }.map { $0 + 1 } ?? 0
        result.diagnostics.insert(diagnostic, at: at)
    }

    /// Removes the tables the readers dispute (grid tables cmark-gfm reads a pipe table in, and tables the
    /// common readers read apart), all at once: their indices are from before any removal.
    mutating func dropDisputedTables(grid: [Int]) {
        guard !grid.isEmpty || !portableDisputes.isEmpty else { return }
        let dropped = Set(grid + portableDisputes)  // one pass: a page of thousands of tables may drop most
        result.tables = result.tables.indices.filter { !dropped.contains($0) }.map { result.tables[$0] }
    }

    /// Whether the line opens a list item with nothing after its marker (or its markers: `* *`).
    func isEmptyItemLine(_ line: Int) -> Bool {
        var p = text.starts[line]
        let end = text.contentEnd(line)
        while p < end && (b[p] == 0x20 || b[p] == 0x09 || b[p] == UInt8(ascii: ">")) { p += 1 }
        var markers = 0
        while p < end {
            if [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*")].contains(b[p]) {
                p += 1
            } else {
                let digits = p
                while p < end && b[p] >= 0x30 && b[p] <= 0x39 { p += 1 }
                guard p > digits, p < end, b[p] == UInt8(ascii: ".") || b[p] == UInt8(ascii: ")") else { return false }
                p += 1
            }
            guard p == end || b[p] == 0x20 || b[p] == 0x09 else { return false }
            markers += 1
            while p < end && (b[p] == 0x20 || b[p] == 0x09) { p += 1 }
        }
        return markers > 0
    }

    /// Blank in its containers: nothing but spaces, tabs and block-quote markers.
    private func isBlankLine(_ line: Int) -> Bool {
        text.bytes[text.starts[line]..<text.contentEnd(line)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
    }
}
