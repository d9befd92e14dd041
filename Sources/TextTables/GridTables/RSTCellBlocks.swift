/// A reStructuredText cell's lines read into blocks as docutils reads them, as far as wrapping goes.
/// Paragraphs, bullet and enumerated list items, fields, options, line-block lines and the body of an
/// admonition's first line wrap, each with the continuation indentation docutils reads (the least
/// indentation of the body's lines below, as `get_first_known_indented` takes it). Everything else is
/// kept: definition terms, titles, transitions, nested grid and simple tables, literal blocks (`::`,
/// indented or quoted), doctest blocks, comments, targets, substitution definitions, and every
/// directive with its body, unless the directive holds reStructuredText (`RSTDirectives`), whose body is
/// read like the cell. A construct is taken for one only where docutils starts one (after a blank line,
/// or below a sibling); a block whose next line could make it read otherwise is kept.
struct RSTCellBlocks: CellBlockReader {
    private enum Kind: Equatable { case paragraph, bullet(Character), enumerated, field, option, lineBlock, admonition }

    let lines: [String]
    private let contentDirectives: Set<String>
    var pieces: [CellPiece] = []
    /// Whether the line being read starts a block: the first, after a blank line, or a body's first.
    private var fresh = true
    /// The indentation of the item, field, option or line that ended just above: a sibling may follow.
    private var sibling: Int?

    /// Directives whose first line may hold the start of their body (they take no argument).
    private static let admonitions: Set<String> = ["attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning", "seealso", "todo"]

    init(_ lines: [String], contentDirectives: Set<String>) {
        self.lines = lines
        self.contentDirectives = contentDirectives
        var i = 0
        while i < lines.count { i = read(at: i) }
    }

    /// Reads the block that starts at line `i`; returns the line after it.
    private mutating func read(at i: Int) -> Int {
        let k = indent(i), text = body(i)
        if text.isEmpty {
            keep(i..<i + 1)
            (fresh, sibling) = (true, nil)
            return i + 1
        }
        let starts = fresh || sibling == k
        (fresh, sibling) = (false, nil)
        if text == ".." || text.hasPrefix(".. ") { return explicitMarkup(i) }
        if CellText.isUnderlineLike(text) { return border(i) }
        if text.hasPrefix(">>>") { return keepToBlank(i) }
        if starts, let (kind, first) = construct(text) {
            let rest = bodyIndent(after: i, past: k) ?? defaultRest(kind, k: k, first: first.count)
            return wrapped(i, first: String(repeating: " ", count: k) + first, rest: rest, kind: kind)
        }
        if CellText.startsMarkup(CellText.firstWord(text)) { return keepWithDeeper(i) }
        return wrapped(i, first: String(repeating: " ", count: k), rest: k, kind: .paragraph)
    }

    /// The construct a line (without its indentation) starts, with its prefix before the words.
    private func construct(_ text: Substring) -> (Kind, Substring)? {
        let word = CellText.firstWord(text)
        let spaced = text[word.endIndex...].prefix { $0 == " " }
        guard !spaced.isEmpty, spaced.endIndex < text.endIndex else { return nil }
        let marker = text[..<spaced.endIndex]
        if word.count == 1, let bullet = word.first, "-*+•‣⁃".contains(bullet) { return (.bullet(bullet), marker) }
        if RSTMarkers.isEnumerator(word) { return (.enumerated, marker) }
        if word == "|" { return (.lineBlock, marker) }
        if let field = RSTMarkers.fieldPrefix(text) { return (.field, field) }
        if let option = RSTMarkers.optionPrefix(text) { return (.option, option) }
        return nil
    }

    private func defaultRest(_ kind: Kind, k: Int, first: Int) -> Int {
        switch kind {
        case .field, .admonition: k + 3
        case .lineBlock: k + 2
        default: k + first
        }
    }

    /// The least indentation past `k` of the lines below line `i` up to the first that is not past it:
    /// where docutils reads the body of the construct on line `i`.
    private func bodyIndent(after i: Int, past k: Int) -> Int? {
        var least: Int?
        for j in i + 1..<lines.count where !isBlank(j) {
            if indent(j) <= k { break }
            least = min(least ?? .max, indent(j))
        }
        return least
    }

    /// A block of words: line `i` after `first`, and the lines below it at column `rest` (up to one that
    /// starts like markup or follows a hard line break). Kept when the line below it would make docutils
    /// read it otherwise: an underline (a title), a deeper line (a definition's term), or, below a list
    /// item, field, option or line, a line at its indentation that is not its sibling.
    private mutating func wrapped(_ i: Int, first: String, rest: Int, kind: Kind) -> Int {
        let k = indent(i)
        var j = i + 1
        while j < lines.count, !isBlank(j), indent(j) == rest, !CellText.startsMarkup(CellText.firstWord(body(j))), !lines[j - 1].hasSuffix("\\") { j += 1 }
        let words = CellText.words(([lines[i].dropFirst(first.count)] + lines[i + 1..<j].map { $0.dropFirst(rest) }).joined(separator: " "))
        if words.isEmpty || CellText.startsMarkup(words[0]) { return keepWithDeeper(i) }
        if j < lines.count, !isBlank(j) {
            let below = body(j)
            if CellText.isUnderlineLike(below) || indent(j) > rest {
                keep(i..<j)
                fresh = true
                return j
            }
            if kind != .paragraph && kind != .admonition && indent(j) <= k && !(indent(j) == k && isSibling(below, of: kind)) {
                keep(i..<j)
                return j
            }
        }
        pieces.append(CellPiece(range: i..<j, wrap: CellText.Wrap(first: first, rest: String(repeating: " ", count: rest), words: words)))
        if kind != .paragraph && kind != .enumerated && kind != .admonition { sibling = k }
        if lines[j - 1].hasSuffix("::") { return literal(from: j, past: k) }
        return j
    }

    private func isSibling(_ text: Substring, of kind: Kind) -> Bool {
        guard let (other, _) = construct(text) else { return false }
        return other == kind && kind != .enumerated  // an enumerated item's next line is blank or indented, or docutils reads a paragraph
    }

    /// The literal block after a paragraph ending with `::`: the blank lines, then the lines indented past
    /// `k` or the quoted lines (starting with punctuation) at `k`, kept.
    private mutating func literal(from i: Int, past k: Int) -> Int {
        var j = i
        while j < lines.count && isBlank(j) { j += 1 }
        guard j < lines.count, indent(j) > k || (indent(j) == k && CellText.isUnderlineLike(CellText.firstWord(body(j)).prefix(1))) else { return i }
        var end = j
        if indent(j) > k {
            while end < lines.count && (isBlank(end) || indent(end) > k) { end += 1 }
            while end > j && isBlank(end - 1) { end -= 1 }
        } else {
            while end < lines.count && !isBlank(end) { end += 1 }
        }
        keep(i..<end)
        return end
    }

    /// A comment, target, footnote, substitution definition or directive: kept with the lines indented
    /// below it, unless it is a directive whose body holds reStructuredText. Then its line (or the start
    /// of an admonition's body on it) and options are what is kept, and its body is read as the cell is.
    private mutating func explicitMarkup(_ i: Int) -> Int {
        let k = indent(i)
        guard let (name, argument) = RSTMarkers.directive(body(i)), RSTDirectives.holdsContent(name, added: contentDirectives) else {
            return keepWithDeeper(i)
        }
        if !argument.isEmpty && Self.admonitions.contains(name.lowercased()) {
            let first = String(lines[i][..<argument.startIndex])
            let end = wrapped(i, first: first, rest: bodyIndent(after: i, past: k) ?? k + 3, kind: .admonition)
            fresh = true
            return end
        }
        var j = i + 1
        while j < lines.count && !isBlank(j) && indent(j) > k && body(j).hasPrefix(":") { j += 1 }
        keep(i..<j)
        fresh = true
        return j
    }
}
