/// Where Python-Markdown (MkDocs) reads lines as raw HTML: from a block-level start tag at a line's start
/// (after at most three spaces) to the end tag that closes it, however many blank lines lie between, or
/// to the document's end when none does (its `HtmlBlockPreprocessor`). GitHub ends such an HTML block at
/// its first blank line and reads Markdown after it, so a table between `<div>` and `</div>` is a table
/// to GitHub and raw text to Python-Markdown (unless a site's `md_in_html` reads `<div markdown>`).
/// Fenced code is skipped, as MkDocs (which enables `fenced_code`) reads it.
enum PythonMarkdownHTML {
    /// Python-Markdown's `BLOCK_LEVEL_ELEMENTS`.
    static let blockTags: Set<[UInt8]> = Set([
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section", "table",
        "ul", "canvas", "colgroup", "dd", "body", "dt", "group", "html", "iframe", "li", "legend", "math", "map", "noscript",
        "output", "object", "option", "progress", "script", "style", "summary", "tbody", "td", "textarea", "tfoot", "th", "thead",
        "tr", "video", "center",
    ].map { Array($0.utf8) })

    /// For each line, whether Python-Markdown reads it as raw HTML; nil when the text holds no `<`.
    static func rawLines(_ text: TextLines) -> [Bool]? {
        let b = text.bytes
        guard b.containsByte(UInt8(ascii: "<")) else { return nil }
        var raw = [Bool](repeating: false, count: text.count)
        var fence: (marker: UInt8, length: Int)?
        var open: (name: [UInt8], depth: Int)?
        for line in 0..<text.count {
            let start = text.starts[line], end = text.contentEnd(line)
            if var tag = open {
                raw[line] = true
                tag.depth += depthChange(b, start, end, name: tag.name)
                open = tag.depth > 0 ? tag : nil
                continue
            }
            var p = start
            while p < end && p - start < 3 && b[p] == 0x20 { p += 1 }
            if let current = fence {
                if BlockSyntax.closingFence(b, p, end, marker: current.marker, length: current.length) { fence = nil }
                continue
            }
            if let opening = BlockSyntax.openingFence(b, p, end) {
                fence = (opening.marker, opening.length)
                continue
            }
            guard p < end, b[p] == UInt8(ascii: "<"), let name = tagName(b, p + 1, end), blockTags.contains(name) else { continue }
            raw[line] = true
            guard name != Array("hr".utf8) else { continue }  // empty: it closes itself
            let depth = depthChange(b, p, end, name: name)
            if depth > 0 { open = (name, depth) }
        }
        return raw
    }

    /// The lower-cased name of a tag starting at `p` (after its `<`) when a space, `>`, `/` or the line's end follows it.
    private static func tagName(_ b: [UInt8], _ p: Int, _ end: Int) -> [UInt8]? {
        var q = p
        while q < end && (isLetter(b[q]) || (q > p && b[q] >= 0x30 && b[q] <= 0x39)) { q += 1 }
        guard q > p, q == end || [0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(b[q]) else { return nil }
        return b[p..<q].map { $0 | 0x20 }
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    /// Start tags of `name` on the line (not closed by `/>`) less its end tags.
    private static func depthChange(_ b: [UInt8], _ start: Int, _ end: Int, name: [UInt8]) -> Int {
        var depth = 0, i = start
        while i < end {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            let closing = i + 1 < end && b[i + 1] == UInt8(ascii: "/")
            let nameStart = closing ? i + 2 : i + 1
            if let found = tagName(b, nameStart, end), found == name {
                let close = b[nameStart..<end].firstIndex(of: UInt8(ascii: ">")) ?? end
                if closing {
                    depth -= 1
                } else if !(close > nameStart && b[close - 1] == UInt8(ascii: "/")) {
                    depth += 1
                }
                i = close
            } else {
                i += 1
            }
        }
        return depth
    }
}
