/// The HTML block rules of a CommonMark version. cmark-gfm 0.29, the reference for what GitHub renders,
/// and CommonMark 0.30 and later (which GitHub's own renderer may follow) disagree on a few tags: a
/// document is read both ways where one of them appears (`mayDiffer`), and a table the two readings see
/// differently is left alone (`ReadingAgreement`).
enum HTMLDialect: Sendable {
    /// cmark-gfm 0.29: `<textarea>` is no raw-text opener, a line holding only a closing tag such as
    /// `</script>` starts a block of kind 7, and `search` is no block tag.
    case cmarkGFM
    /// CommonMark 0.31.
    case commonMark

    /// Kind 1: the raw-text tags, whose block ends at their closing tag.
    var kindOneTags: [String] {
        switch self {
        case .cmarkGFM: ["script", "pre", "style"]
        case .commonMark: ["script", "pre", "style", "textarea"]
        }
    }

    /// Kind 7 takes any complete tag but these.
    func kindSevenTakes(_ name: String) -> Bool {
        switch self {
        case .cmarkGFM: true
        case .commonMark: !kindOneTags.contains(name)
        }
    }

    func isBlockTag(_ name: String) -> Bool {
        HTMLBlock.blockTags.contains(name) && (self == .commonMark || name != "search")
    }
}

/// CommonMark's seven kinds of HTML block: how each starts and what ends it.
enum HTMLBlockEnd: Equatable {
    case closingTag(HTMLDialect)  // kind 1: </script>, </pre>, </style> (and </textarea>, from 0.30)
    case text([UInt8])  // kinds 2–5: -->, ?>, >, ]]>
    case blankLine  // kinds 6 and 7

    /// Whether `line` (bytes p..<end) ends the block; a blank line ends kinds 6 and 7 without belonging to them.
    func isEnded(by b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        switch self {
        case .blankLine: return BlockSyntax.isBlank(b, p, end)
        case .text(let needle): return HTMLBlock.find(needle, in: b, p, end, ignoringCase: false)
        case .closingTag(let dialect):
            return dialect.kindOneTags.contains { HTMLBlock.find(Array("</\($0)>".utf8), in: b, p, end, ignoringCase: true) }
        }
    }
}

enum HTMLBlock {
    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The tags the dialects treat differently, after `<` or `</`.
    private static let disputedTags = ["script", "pre", "style", "textarea", "search"]

    /// Whether the dialects may read line `b[p..<end]` differently: it holds `<` or `</` before a tag they
    /// dispute (wherever it starts after its containers' markers).
    static func mayDiffer(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard b.containsByte(UInt8(ascii: "<"), in: p..<max(p, end)) else { return false }
        return disputedTags.contains { tag in
            find(Array("<\(tag)".utf8), in: b, p, end, ignoringCase: true) || find(Array("</\(tag)".utf8), in: b, p, end, ignoringCase: true)
        }
    }

    /// The end condition of the HTML block starting at `p`, or nil, as `dialect` reads it. Kind 7 cannot
    /// interrupt a paragraph.
    static func start(_ b: [UInt8], _ p: Int, _ end: Int, inParagraph: Bool, dialect: HTMLDialect) -> HTMLBlockEnd? {
        guard p < end, b[p] == UInt8(ascii: "<") else { return nil }
        let rest = b[(p + 1)..<end]
        if rest.starts(with: Array("!--".utf8)) { return .text(Array("-->".utf8)) }
        if rest.starts(with: Array("?".utf8)) { return .text(Array("?>".utf8)) }
        if rest.starts(with: Array("![CDATA[".utf8)) { return .text(Array("]]>".utf8)) }
        if rest.count >= 2, rest.first == UInt8(ascii: "!"), isLetter(rest[rest.startIndex + 1]) {
            return .text(Array(">".utf8))
        }
        let closing = rest.first == UInt8(ascii: "/")
        var i = p + 1 + (closing ? 1 : 0)
        let nameStart = i
        while i < end && (isLetter(b[i]) || (i > nameStart && (isDigit(b[i]) || b[i] == UInt8(ascii: "-")))) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: b[nameStart..<i], as: UTF8.self).lowercased()
        let next: UInt8? = i < end ? b[i] : nil
        let delimited = next == nil || isTagSpace(next!) || next == UInt8(ascii: ">")
        if !closing && dialect.kindOneTags.contains(name) && delimited { return .closingTag(dialect) }
        if dialect.isBlockTag(name)
            && (delimited || (next == UInt8(ascii: "/") && i + 1 < end && b[i + 1] == UInt8(ascii: ">")))
        {
            return .blankLine
        }
        if !inParagraph && dialect.kindSevenTakes(name), let tagEnd = completeTagEnd(b, i, end, closing: closing),
            b[tagEnd..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0C })  // cmark-gfm: [\t\n\f ]*, no \v
        {
            return .blankLine
        }
        return nil
    }

    /// Kind 7: the rest of a complete open or closing tag after its name; returns the offset past `>`.
    private static func completeTagEnd(_ b: [UInt8], _ start: Int, _ end: Int, closing: Bool) -> Int? {
        var i = start
        func skipSpace() -> Bool {
            let before = i
            while i < end && isTagSpace(b[i]) { i += 1 }
            return i > before
        }
        if closing {
            _ = skipSpace()
            return i < end && b[i] == UInt8(ascii: ">") ? i + 1 : nil
        }
        while true {
            let spaced = skipSpace()
            guard i < end else { return nil }
            if b[i] == UInt8(ascii: ">") { return i + 1 }
            if b[i] == UInt8(ascii: "/") { return i + 1 < end && b[i + 1] == UInt8(ascii: ">") ? i + 2 : nil }
            guard spaced, isAttributeNameStart(b[i]) else { return nil }
            while i < end && (isAttributeNameStart(b[i]) || isDigit(b[i]) || b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "-")) {
                i += 1
            }
            let beforeValue = i
            _ = skipSpace()
            guard i < end, b[i] == UInt8(ascii: "=") else { i = beforeValue; continue }
            i += 1
            _ = skipSpace()
            guard i < end else { return nil }
            if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                let quote = b[i]
                i += 1
                while i < end && b[i] != quote { i += 1 }
                guard i < end else { return nil }
                i += 1
            } else {
                let valueStart = i
                while i < end && !isTagSpace(b[i]) && !"\"'=<>`".utf8.contains(b[i]) { i += 1 }
                guard i > valueStart else { return nil }
            }
        }
    }

    static func find(_ needle: [UInt8], in b: [UInt8], _ p: Int, _ end: Int, ignoringCase: Bool) -> Bool {
        guard end - p >= needle.count else { return false }
        for start in p...(end - needle.count) {
            var matched = true
            for k in 0..<needle.count {
                var c = b[start + k]
                if ignoringCase && (0x41...0x5A).contains(c) { c += 0x20 }
                if c != needle[k] { matched = false; break }
            }
            if matched { return true }
        }
        return false
    }

    /// White space inside a tag and after its name (cmark-gfm's `spacechar`): space, tab, vertical tab, form feed.
    private static func isTagSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C }
    private static func isLetter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
    private static func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
    private static func isAttributeNameStart(_ c: UInt8) -> Bool {
        isLetter(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
    }
}
