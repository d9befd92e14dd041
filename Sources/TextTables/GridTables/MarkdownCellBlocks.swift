/// A Markdown cell's lines read into blocks as pandoc reads them (pandoc reads every Markdown grid
/// table, `.md` documents' too), as far as wrapping goes. Paragraphs, list items, definitions (`:` or
/// `~` under their term) and block quotes (their lines read again inside the `>`) wrap; a line ending in
/// a hard line break (`\`) ends its block's words. Kept: headings (ATX and setext), definition terms,
/// indented and fenced code, display math, HTML, footnote and link definitions, line blocks and nested
/// tables. A paragraph's lines may start at any indentation in pandoc, so a line that does not continue
/// a block is read as a paragraph of its own.
struct MarkdownCellBlocks: CellBlockReader {
    let lines: [String]
    var pieces: [CellPiece] = []
    /// Whether the line being read starts a block: the first, or after a blank line.
    private var fresh = true
    /// The indentation of the list item or definition that ended just above: a sibling may follow.
    private var sibling: Int?
    /// Whether the line above was a definition list's term.
    private var underTerm = false

    init(_ lines: [String]) {
        self.lines = lines
        var i = 0
        while i < lines.count { i = read(at: i) }
    }

    private mutating func read(at i: Int) -> Int {
        let k = indent(i), text = body(i)
        if text.isEmpty {
            keep(i..<i + 1)
            fresh = true
            return i + 1
        }
        let (isFresh, starts, startsDefinition) = (fresh, fresh || sibling == k, fresh || sibling == k || underTerm)
        (fresh, sibling, underTerm) = (false, nil, false)
        if let fence = Self.fence(text) {  // a code block ends where it closes; display math goes on a paragraph
            fresh = fence != "$$"
            return keepFence(i, fence)
        }
        if Self.isHeading(text) {
            keep(i..<i + 1)
            fresh = true
            return i + 1
        }
        if isFresh && k >= 4 { return keepCode(i) }
        if CellText.isUnderlineLike(text) { return border(i) }
        if isFresh && text.hasPrefix(">") { return quote(i) }
        if starts, let marker = Self.itemMarker(text) { return wrapped(i, first: String(repeating: " ", count: k) + marker, rest: k + marker.count, takesSiblings: true) }
        if startsDefinition, let marker = Self.definitionMarker(text) {
            return wrapped(i, first: String(repeating: " ", count: k) + marker, rest: k + marker.count, takesSiblings: true)
        }
        if isFresh && (text.hasPrefix("<") || (text.hasPrefix("[") && text.contains("]:"))) { return keepToBlank(i) }
        if CellText.startsMarkup(CellText.firstWord(text)) { return keepWithDeeper(i) }
        return wrapped(i, first: String(repeating: " ", count: k), rest: k, takesSiblings: false)
    }

    /// A block of words: line `i` after `first`, and the lines below it at column `rest` (up to one that
    /// starts like markup or follows a hard line break). Kept when it is a heading's text (an underline
    /// below) or may be a definition's term (a definition below, after a blank line or not).
    private mutating func wrapped(_ i: Int, first: String, rest: Int, takesSiblings: Bool) -> Int {
        var j = i + 1
        while j < lines.count, !isBlank(j), indent(j) == rest, !CellText.startsMarkup(CellText.firstWord(body(j))), !lines[j - 1].hasSuffix("\\") { j += 1 }
        let words = CellText.words(([lines[i].dropFirst(first.count)] + lines[i + 1..<j].map { $0.dropFirst(rest) }).joined(separator: " "))
        let opening = CellText.firstWord(CellText.body(String(lines[i].dropFirst(first.count))))
        guard !words.isEmpty, !CellText.startsMarkup(opening) else { return keepWithDeeper(i) }
        // A heading's text (an underline below), or a line ending in a bare `_` or `*` run, which may
        // open emphasis in pandoc there and not in the middle of a line.
        if j < lines.count && CellText.isUnderlineLike(body(j)) || lines[i..<j - 1].contains(where: Self.endsInDelimiterRun) {
            keep(i..<j)
            return j
        }
        let below = j < lines.count && isBlank(j) ? j + 1 : j
        // A term may stand at a list item's text too; any indentation counts, to be safe.
        if below < lines.count && Self.definitionMarker(body(below)) != nil {
            keep(i..<j)
            underTerm = true
            return j
        }
        pieces.append(CellPiece(range: i..<j, wrap: CellText.Wrap(first: first, rest: String(repeating: " ", count: rest), words: words)))
        if takesSiblings { sibling = indent(i) }
        return j
    }

    /// A block quote's lines (`>` and the same prefix on each): the lines inside read as a cell of their
    /// own, their blocks wrapping behind the prefix. Kept when the lines' prefixes differ or an
    /// underline follows.
    private mutating func quote(_ i: Int) -> Int {
        var end = i + 1
        while end < lines.count && body(end).hasPrefix(">") { end += 1 }
        let bare = String(lines[i].prefix(indent(i) + 1))  // the indentation and `>`
        let prefix = lines[i].dropFirst(bare.count).first == " " ? bare + " " : bare
        // An underline right below may make the quote's last paragraph a heading (a lazy line).
        let underlined = end < lines.count && CellText.isUnderlineLike(body(end))
        guard !underlined, lines[i..<end].allSatisfy({ $0.hasPrefix(prefix) || $0 == bare }) else {
            keep(i..<end)
            return end
        }
        let inner = MarkdownCellBlocks(lines[i..<end].map { $0 == bare ? "" : String($0.dropFirst(prefix.count)) })
        pieces += inner.pieces.map { piece in
            CellPiece(range: piece.range.lowerBound + i..<piece.range.upperBound + i,
                      wrap: piece.wrap.map { CellText.Wrap(first: prefix + $0.first, rest: prefix + $0.rest, words: $0.words) })
        }
        return end
    }

    /// Indented code: the lines indented 4 or more, and the blank lines between them.
    private mutating func keepCode(_ i: Int) -> Int {
        var end = i + 1
        while end < lines.count && (isBlank(end) || indent(end) >= 4) { end += 1 }
        while end > i + 1 && isBlank(end - 1) { end -= 1 }
        keep(i..<end)
        return end
    }

    /// A fence (```` ``` ````, `~~~`, or display math's `$$`) kept through the line that closes it.
    private mutating func keepFence(_ i: Int, _ fence: Substring) -> Int {
        let closesOnItsLine = fence == "$$" && body(i).dropFirst(2).contains("$$")
        let close = closesOnItsLine ? i : (i + 1..<lines.count).first { fence == "$$" ? body($0).contains("$$") : body($0).hasPrefix(fence) }
        let end = close.map { $0 + 1 } ?? lines.count
        keep(i..<end)
        return end
    }

    static func endsInDelimiterRun(_ line: String) -> Bool {
        let last = line.split(separator: " ").last ?? ""
        return !last.isEmpty && last.allSatisfy { $0 == "*" || $0 == "_" }
    }

    /// An ATX heading (`#` to `######` and a space), a block of one line.
    static func isHeading(_ text: Substring) -> Bool {
        let marks = text.prefix { $0 == "#" }
        return (1...6).contains(marks.count) && (marks.endIndex == text.endIndex || text[marks.endIndex] == " ")
    }

    static func fence(_ text: Substring) -> Substring? {
        if text.hasPrefix("$$") { return "$$" }
        guard let first = text.first, first == "`" || first == "~" else { return nil }
        let run = text.prefix { $0 == first }
        return run.count >= 3 ? run : nil
    }

    /// A list item's marker with the spaces after it (`- `, `1. `, `(a) `, `#. `, `(@) `), when text
    /// follows that is not indented code (five spaces or more after the marker).
    static func itemMarker(_ text: Substring) -> String? {
        let word = CellText.firstWord(text)
        guard word.count == 1 && "-*+".contains(word) || CellText.isEnumerator(word) else { return nil }
        let spaces = text[word.endIndex...].prefix { $0 == " " }
        guard (1...4).contains(spaces.count), spaces.endIndex < text.endIndex else { return nil }
        return String(text[..<spaces.endIndex])
    }

    /// A definition's marker (`:` or `~`) with the spaces after it, when text follows.
    static func definitionMarker(_ text: Substring) -> String? {
        guard let first = text.first, first == ":" || first == "~" else { return nil }
        let spaces = text.dropFirst().prefix { $0 == " " }
        guard (1...4).contains(spaces.count), spaces.endIndex < text.endIndex else { return nil }
        return String(text[..<spaces.endIndex])
    }
}
