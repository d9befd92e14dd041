/// Recognisers for the block starts of pandoc's Markdown that CommonMark does not have, or has otherwise
/// (pandoc 3's `Text.Pandoc.Readers.Markdown`). Each takes a line's bytes from `p` (after its container
/// prefixes and indentation) to `end`, as `BlockSyntax` does.
enum PandocBlockSyntax {
    /// A fenced div's opening line: three or more colons, then attributes (`{.callout-note}`) or a class
    /// name, then optionally more colons. Its caller checks it is not indented: pandoc reads an indented
    /// one (as an indented closer) as text.
    static func divOpener(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        let afterColons = colons(b, p, end)
        guard afterColons - p >= 3 else { return false }
        let (_, q) = BlockSyntax.indentation(b, afterColons, end)
        guard q < end, b[q] != UInt8(ascii: ":") else { return false }
        return b[q] == UInt8(ascii: "{") || isWordByte(b[q])
    }

    /// A fenced div's closing line: three or more colons and nothing else but spaces.
    static func divCloser(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        let afterColons = colons(b, p, end)
        return afterColons - p >= 3 && BlockSyntax.isBlank(b, afterColons, end)
    }

    private static func colons(_ b: [UInt8], _ p: Int, _ end: Int) -> Int {
        var i = p
        while i < end && b[i] == UInt8(ascii: ":") { i += 1 }
        return i
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "_")
            || c == UInt8(ascii: "-") || c >= 0x80
    }

    /// A table caption's first line: `:` not followed by punctuation, or `Table:` / `table:`.
    static func captionStart(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard p < end else { return false }
        if b[p] == UInt8(ascii: ":") {
            return p + 1 == end || !isASCIIPunctuation(b[p + 1])
        }
        let table = Array("able:".utf8)
        return (b[p] == UInt8(ascii: "T") || b[p] == UInt8(ascii: "t")) && end - p > table.count
            && b[(p + 1)..<(p + 1 + table.count)].elementsEqual(table)
    }

    private static func isASCIIPunctuation(_ c: UInt8) -> Bool {
        (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x60).contains(c) || (0x7B...0x7E).contains(c)
    }

    /// A YAML metadata block's opening line: `---` and nothing else (its next line must have text).
    static func yamlOpener(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        end - p >= 3 && b[p..<(p + 3)].elementsEqual("---".utf8) && BlockSyntax.isBlank(b, p + 3, end)
    }

    /// A YAML metadata block's closing line: `---` or `...`.
    static func yamlCloser(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        yamlOpener(b, p, end) || (end - p >= 3 && b[p..<(p + 3)].elementsEqual("...".utf8) && BlockSyntax.isBlank(b, p + 3, end))
    }

    /// A line block's line: `|` then a space or the line's end.
    static func lineBlockLine(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        p < end && b[p] == PipeRowSyntax.pipe && (p + 1 == end || b[p + 1] == BlockSyntax.space)
    }

    /// A line pandoc may read as a pipe table's header or body row: it holds a `|`, and either starts or
    /// ends with one or has two cells or more.
    static func pipeRow(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard b[p..<end].contains(PipeRowSyntax.pipe) else { return false }
        var last = end
        while last > p && (b[last - 1] == BlockSyntax.space || b[last - 1] == BlockSyntax.tab) { last -= 1 }
        return b[p] == PipeRowSyntax.pipe || b[last - 1] == PipeRowSyntax.pipe || PipeRowSyntax.cellCount(b, p, end) > 1
    }

    /// Whether `c` is a bullet list's marker (`-`, `+`, `*`): pandoc tries a bullet list before a table,
    /// an ordered one after.
    static func isBullet(_ c: UInt8) -> Bool { c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: "*") }

    /// A bullet or ordered list item's marker as pandoc reads one (`-`, `+`, `*`; `1.`, `1)`, `(1)`, `#.`,
    /// a letter with `.` or `)`): the columns from `p` to the item's content and where that content starts.
    static func listMarker(_ b: [UInt8], _ p: Int, _ end: Int, column: Int) -> (width: Int, contentStart: Int)? {
        guard p < end, !BlockSyntax.thematicBreak(b, p, end) else { return nil }
        if let item = BlockSyntax.listMarker(b, p, end, column: column) { return (item.width, item.contentStart) }
        var i = p
        let parenthesized = b[i] == UInt8(ascii: "(")
        if parenthesized { i += 1 }
        let start = i
        if i < end && b[i] == UInt8(ascii: "#") {
            i += 1
        } else if i < end && ((0x61...0x7A).contains(b[i]) || (0x41...0x5A).contains(b[i])) {
            i += 1
        } else {
            while i < end && (0x30...0x39).contains(b[i]) { i += 1 }
        }
        guard i > start, i < end else { return nil }
        if parenthesized {
            guard b[i] == UInt8(ascii: ")") else { return nil }
        } else {
            guard b[i] == UInt8(ascii: ".") || (b[i] == UInt8(ascii: ")") && b[start] != UInt8(ascii: "#")) else { return nil }
        }
        i += 1
        // An upper-case letter and a period need two spaces after them (pandoc: "B. Russell" is no item).
        let upper = (0x41...0x5A).contains(b[start]) && b[i - 1] == UInt8(ascii: ".")
        let (padding, content) = BlockSyntax.indentation(b, i, end, column: column + i - p)
        guard content == end || padding >= (upper ? 2 : 1) else { return nil }
        if content == end { return (i - p + 1, end) }
        return padding > 4 ? (i - p + 1, i + 1) : (i - p + padding, content)
    }

    /// HTML whose content pandoc keeps raw to its end: a comment, or `pre`, `script`, `style`, `textarea`;
    /// what ends it.
    static func rawHTMLEnd(_ b: [UInt8], _ p: Int, _ end: Int) -> [UInt8]? {
        guard p < end, b[p] == UInt8(ascii: "<") else { return nil }
        if b[p..<end].starts(with: "<!--".utf8) { return Array("-->".utf8) }
        for tag in ["pre", "script", "style", "textarea"] where HTMLBlock.find(Array("<\(tag)".utf8), in: b, p, min(end, p + tag.count + 1), ignoringCase: true) {
            let after = p + tag.count + 1
            if after == end || [UInt8(ascii: ">"), BlockSyntax.space, BlockSyntax.tab].contains(b[after]) { return Array("</\(tag)>".utf8) }
        }
        return nil
    }

    /// An HTML block tag (`<div>`, `</table>`...) starting the line: whether it closes one.
    static func htmlBlockTag(_ b: [UInt8], _ p: Int, _ end: Int) -> (closing: Bool, void: Bool)? {
        guard p + 1 < end, b[p] == UInt8(ascii: "<") else { return nil }
        let closing = b[p + 1] == UInt8(ascii: "/")
        var i = p + 1 + (closing ? 1 : 0)
        let nameStart = i
        while i < end && ((0x41...0x5A).contains(b[i]) || (0x61...0x7A).contains(b[i]) || (i > nameStart && (0x30...0x39).contains(b[i]))) { i += 1 }
        guard i > nameStart, i == end || [UInt8(ascii: ">"), UInt8(ascii: "/"), BlockSyntax.space, BlockSyntax.tab].contains(b[i]) else { return nil }
        let name = String(decoding: b[nameStart..<i], as: UTF8.self).lowercased()
        guard HTMLBlock.blockTags.contains(name) else { return nil }
        let selfClosing = b[nameStart..<end].contains(UInt8(ascii: "/")) && b[..<end].last == UInt8(ascii: ">") && end >= 2 && b[end - 2] == UInt8(ascii: "/")
        return (closing, selfClosing || ["hr", "col", "base", "basefont", "link", "param", "track", "frame"].contains(name))
    }

    /// Whether the line ends with an attribute block (`{#tbl-id .class key="value"}`, spaces after), which
    /// ends a table caption there (pandoc 3 takes it for the table's attributes). One inside a code span,
    /// or that is no attribute block (`{x}`), does not; nor does one that starts on a line above.
    static func endsWithAttributes(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var last = end
        while last > p && (b[last - 1] == BlockSyntax.space || b[last - 1] == BlockSyntax.tab) { last -= 1 }
        guard last > p, b[last - 1] == UInt8(ascii: "}"), let open = b[p..<last].lastIndex(of: UInt8(ascii: "{")),
              b[p..<open].filter({ $0 == UInt8(ascii: "`") }).count % 2 == 0 else { return false }
        return isAttributeBlock(b[(open + 1)..<(last - 1)])
    }

    /// `#id`, `.class`, `key=value` (the value bare or quoted) and `-` items separated by spaces.
    private static func isAttributeBlock(_ inside: ArraySlice<UInt8>) -> Bool {
        var i = inside.startIndex
        let end = inside.endIndex
        func skipSpaces() { while i < end && (inside[i] == BlockSyntax.space || inside[i] == BlockSyntax.tab) { i += 1 } }
        func name() -> Bool {
            let start = i
            while i < end && (isWordByte(inside[i]) || inside[i] == UInt8(ascii: ":") || inside[i] == UInt8(ascii: ".")) { i += 1 }
            return i > start
        }
        skipSpaces()
        while i < end {
            switch inside[i] {
            case UInt8(ascii: "#"), UInt8(ascii: "."):
                i += 1
                guard name() else { return false }
            case UInt8(ascii: "-"):
                i += 1
            default:
                guard name(), i < end, inside[i] == UInt8(ascii: "=") else { return false }
                i += 1
                if i < end && (inside[i] == UInt8(ascii: "\"") || inside[i] == UInt8(ascii: "'")) {
                    let quote = inside[i]
                    i += 1
                    while i < end && inside[i] != quote { i += 1 }
                    guard i < end else { return false }
                    i += 1
                } else {
                    while i < end && inside[i] != BlockSyntax.space && inside[i] != BlockSyntax.tab { i += 1 }
                }
            }
            guard i == end || inside[i] == BlockSyntax.space || inside[i] == BlockSyntax.tab else { return false }
            skipSpaces()
        }
        return true
    }

    /// Whether a list item whose marker starts with `c` is an ordered one (not a bullet, not a definition).
    static func isOrderedMarkerStart(_ c: UInt8) -> Bool {
        !isBullet(c) && c != UInt8(ascii: ":") && c != UInt8(ascii: "~")
    }

    /// A definition's marker as pandoc 3.8 and later read it, as a list item's (`defListStart`): `:` or `~`,
    /// then a space, a tab or the line's end, the caller checking it is indented less than four columns.
    /// The columns from `p` to the definition's content and where that starts: after up to four columns
    /// of spaces, else after one (the rest is indented code).
    static func definitionListStart(_ b: [UInt8], _ p: Int, _ end: Int, column: Int) -> (width: Int, contentStart: Int)? {
        guard p < end, b[p] == UInt8(ascii: ":") || b[p] == UInt8(ascii: "~") else { return nil }
        guard p + 1 < end else { return (2, end) }
        guard b[p + 1] == BlockSyntax.space || b[p + 1] == BlockSyntax.tab else { return nil }
        let (padding, content) = BlockSyntax.indentation(b, p + 1, end, column: column + 1)
        if content == end { return (2, end) }
        return padding > 4 ? (2, p + 2) : (1 + padding, content)
    }

    /// A definition's marker as pandoc 3.7 and earlier read it (`:` or `~` indented less than three columns, then a space or tab): where the
    /// definition's text starts (after the spaces up to column 4, or all of them when fewer).
    static func definitionMarker(_ b: [UInt8], _ p: Int, _ end: Int, indent: Int) -> Int? {
        guard indent < 3, p + 1 < end, b[p] == UInt8(ascii: ":") || b[p] == UInt8(ascii: "~"),
              b[p + 1] == BlockSyntax.space || b[p + 1] == BlockSyntax.tab else { return nil }
        if b[p + 1] == BlockSyntax.tab { return p + 2 }
        let remaining = 4 - (indent + 1)
        var i = p + 1
        while i < end && b[i] == BlockSyntax.space && i - p - 1 < remaining { i += 1 }
        if i - p - 1 == remaining { return i }
        while i < end && (b[i] == BlockSyntax.space || b[i] == BlockSyntax.tab) { i += 1 }
        return i
    }

    /// A raw LaTeX environment's first line (`\begin{minipage}…`): what ends it (`\end{minipage}`).
    static func texEnvironmentEnd(_ b: [UInt8], _ p: Int, _ end: Int) -> [UInt8]? {
        let begin = Array("\\begin{".utf8)
        guard end - p > begin.count, b[p..<(p + begin.count)].elementsEqual(begin),
              let close = b[(p + begin.count)..<end].firstIndex(of: UInt8(ascii: "}")), close > p + begin.count else { return nil }
        return Array("\\end{".utf8) + b[(p + begin.count)...close]
    }
}
