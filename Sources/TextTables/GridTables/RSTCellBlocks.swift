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
    private enum Kind: Equatable {
        case paragraph, bullet(Character), enumerated, field, option, lineBlock, admonition
        var isListItem: Bool { if case .bullet = self { true } else { self == .enumerated } }
    }

    let lines: [String]
    private let contentDirectives: Set<String>
    var pieces: [CellPiece] = []
    /// Whether the line being read starts a block: the first, after a blank line, or a body's first.
    private var fresh = true
    /// The indentation of the item, field, option or line that ended just above: a sibling may follow.
    private var sibling: Int?
    /// The indentation of the definition list read last: pandoc takes any construct there with lines
    /// indented below it for one more term (docutils does not), so none there is wrapped.
    private var terms: Int?

    /// Directives whose first line may hold the start of their body (they take no argument).
    private static let admonitions: Set<String> = ["attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning", "seealso", "todo"]

    init(_ lines: [String], contentDirectives: Set<String>) {
        self.lines = lines
        self.contentDirectives = contentDirectives
        // pandoc reads ``` as an inline literal's start and looks for its end across lines and blocks
        // (docutils does not): wrapping inside would change the literal's text in pandoc.
        if lines.contains(where: { $0.contains("```") }) {
            keep(0..<lines.count)
            return
        }
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
        if let terms, k < terms { self.terms = nil }
        if text == ".." || text.hasPrefix(".. ") { return starts ? explicitMarkup(i) : keepWithDeeper(i) }
        if text == "|" && starts {  // an empty line of a line block
            keep(i..<i + 1)
            sibling = k
            return i + 1
        }
        if CellText.isUnderlineLike(text) { return border(i) }
        if text.hasPrefix(">>>") {  // a doctest block, and what pandoc reads as a directive's body under it
            let end = deeper(than: k, from: nextBlank(after: i))
            keep(i..<end)
            return keptThenLiteral(i, end)
        }
        if starts, terms != k, let (kind, first) = construct(text) {
            let rest = kind.isListItem ? k + first.count : bodyIndent(after: i, past: k) ?? defaultRest(kind, k: k, first: first.count)
            return wrapped(i, first: String(repeating: " ", count: k) + first, rest: rest, kind: kind)
        }
        if CellText.startsMarkup(CellText.firstWord(text)) { return keptThenLiteral(i, keepWithDeeper(i)) }
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

    /// Where a construct's continuation lines go when it has none yet (any indentation past it reads
    /// so): an option's under its description, a field's and a directive's three spaces in.
    private func defaultRest(_ kind: Kind, k: Int, first: Int) -> Int {
        switch kind {
        case .option: k + first
        case .lineBlock: k + 2
        default: k + 3
        }
    }

    /// The least indentation past `k` of the lines below line `i` up to the first that is not past it:
    /// where docutils reads the body of a field, option, line or directive on line `i` (a list item's
    /// is at its text).
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
        let opening = CellText.firstWord(CellText.body(String(lines[i].dropFirst(first.count))))
        if opening.isEmpty || CellText.startsMarkup(opening) { return keptThenLiteral(i, keepWithDeeper(i)) }
        // A body that goes on only after a blank line: pandoc reads it as a block quote after the
        // construct, docutils as its body; lines added under the first would join the body in both.
        if kind != .paragraph && !kind.isListItem && j == i + 1 && (j == lines.count || isBlank(j)) && bodyIndent(after: i, past: k) != nil {
            keep(i..<j)
            fresh = true
            return j
        }
        // A last line ending in `\` escapes its line end in pandoc, which then takes the blank line below
        // for that end: a one-line paragraph above a deeper line reads as a definition list there, a
        // block quote in docutils. Readers disagree, or would once the fit joins lines: kept.
        if lines[j - 1].hasSuffix("\\"), j < lines.count, isBlank(j), let next = (j..<lines.count).first(where: { !isBlank($0) }), indent(next) > k {
            let end = deeper(than: k, from: j)
            keep(i..<end)
            fresh = true
            return end
        }
        if j < lines.count, !isBlank(j) {
            let below = body(j)
            // A line ending in `\` joins the deeper line below it in pandoc, not in docutils.
            if indent(j) > rest && lines[j - 1].hasSuffix("\\") { return keepWithDeeper(i) }
            // A line like markup that goes on a paragraph in docutils may start a construct in pandoc.
            if indent(j) == rest && CellText.startsMarkup(CellText.firstWord(below)) && !lines[j - 1].hasSuffix("\\") {
                keep(i..<j)
                return j
            }
            // Below a list item, between its marker and its text: docutils ends the item, pandoc does not.
            if kind.isListItem && indent(j) > k && indent(j) < rest {
                keep(i..<j)
                return j
            }
            if CellText.isUnderlineLike(below) || indent(j) > rest {
                keep(i..<j)
                fresh = true
                if kind == .paragraph { terms = k }
                return j
            }
            if kind != .paragraph && kind != .admonition && indent(j) <= k && !(indent(j) == k && isSibling(below, of: kind, line: i)) {
                keep(i..<j)
                return j
            }
        }
        // A body indented past where its construct puts it by default is filled at that default (docutils
        // reads any indentation past the marker alike): a fit that puts every word on the first line would
        // else make the next fit read the default and wrap narrower.
        let layoutRest = kind == .paragraph || kind.isListItem ? rest : min(rest, defaultRest(kind, k: k, first: first.count - k))
        pieces.append(CellPiece(range: i..<j, wrap: CellText.Wrap(first: first, rest: String(repeating: " ", count: layoutRest), words: words)))
        if kind == .paragraph && terms == k { terms = nil }
        if kind != .paragraph && kind != .admonition { sibling = k }
        if lines[j - 1].hasSuffix("::") { return literal(from: j, past: k, quoted: kind == .paragraph) }
        return j
    }

    /// Whether `text` starts the construct after the one of kind `kind` on line `i`, as docutils reads it:
    /// an enumerated item is one only when the line below it is blank, indented, or the next item.
    private func isSibling(_ text: Substring, of kind: Kind, line i: Int) -> Bool {
        guard let (other, _) = construct(text), other == kind else { return false }
        guard kind == .enumerated else { return true }
        return RSTMarkers.followsEnumerator(CellText.firstWord(body(i)), with: CellText.firstWord(text))
    }

    /// After a kept block ending in `::`, the literal block docutils or pandoc may read below it, kept.
    private mutating func keptThenLiteral(_ i: Int, _ end: Int) -> Int {
        lines[end - 1].hasSuffix("::") ? literal(from: end, past: indent(i), quoted: true) : end
    }

    /// The literal block after a paragraph ending with `::`: the blank lines, then the lines indented past
    /// `k` or, where the paragraph stands at `k` itself, the quoted lines (starting with punctuation) there.
    private mutating func literal(from i: Int, past k: Int, quoted: Bool) -> Int {
        var j = i
        while j < lines.count && isBlank(j) { j += 1 }
        guard j < lines.count, indent(j) > k || (quoted && indent(j) == k && CellText.isUnderlineLike(body(j).prefix(1))) else { return i }
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
            return wrapped(i, first: first, rest: bodyIndent(after: i, past: k) ?? k + 3, kind: .admonition)
        }
        var j = i + 1
        while j < lines.count && !isBlank(j) && indent(j) > k && body(j).hasPrefix(":") { j += 1 }
        keep(i..<j)
        fresh = true
        return j
    }
}
