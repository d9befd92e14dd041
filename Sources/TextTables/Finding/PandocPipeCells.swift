/// Where pandoc's pipe table rows do not split cells: pandoc reads a row as a run of code spans, `$`
/// math, raw HTML tags, escaped characters and raw LaTeX commands, splitting at a `|` outside all of
/// them (its Markdown reader's `pipeTableRow`). GitHub, and gridls's pipe rows, split at every unescaped
/// `|`; a row with a `|` kept inside one of these is left alone.
extension PandocBlockSyntax {
    /// Whether an unescaped `|` lies inside a code span, `$` math, a raw HTML tag (`<span title="a|b">`,
    /// `<!-- a|b -->`) or a raw LaTeX command's arguments (`\textbf{a|b}`, `\verb|x|`) on the line.
    static func pipeKeptInCell(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var i = p
        while i < end {
            let after: Int?
            switch b[i] {
            case PipeRowSyntax.backslash:
                guard let command = latexCommandEnd(b, i, end) else { i += 2; continue }  // an escaped character
                after = command
            case UInt8(ascii: "`"): after = codeSpanEnd(b, i, end)
            case UInt8(ascii: "$"): after = mathEnd(b, i, end)
            case UInt8(ascii: "<"): after = htmlTagEnd(b, i, end)
            default: after = nil
            }
            guard let after else { i += 1; continue }
            if b[i..<after].contains(PipeRowSyntax.pipe) { return true }
            i = after
        }
        return false
    }

    /// Whether a form feed or vertical tab follows a `|` (spaces and tabs between) or starts the row: pandoc
    /// keeps it in the cell's text, where gridls, as GitHub, skips it with the spaces after a pipe.
    static func cellStartsWithFormFeed(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var afterPipe = true
        for c in b[p..<end] {
            if afterPipe && (c == 0x0B || c == 0x0C) { return true }
            if c == PipeRowSyntax.pipe { afterPipe = true } else if c != BlockSyntax.space && c != BlockSyntax.tab { afterPipe = false }
        }
        return false
    }

    /// A code span opened by the backticks at `i`: the index after its closing run of as many.
    private static func codeSpanEnd(_ b: [UInt8], _ i: Int, _ end: Int) -> Int? {
        var run = i
        while run < end && b[run] == UInt8(ascii: "`") { run += 1 }
        var j = run
        while j < end {
            guard b[j] == UInt8(ascii: "`") else { j += 1; continue }
            var close = j
            while close < end && b[close] == UInt8(ascii: "`") { close += 1 }
            if close - j == run - i { return close }
            j = close
        }
        return run  // no closer: the backticks are text
    }

    /// `$…$` math at `i` (no space after the opener or before the closer): the index after it.
    private static func mathEnd(_ b: [UInt8], _ i: Int, _ end: Int) -> Int? {
        guard i + 1 < end, b[i + 1] != BlockSyntax.space, b[i + 1] != UInt8(ascii: "$"),
              let close = b[(i + 1)..<end].firstIndex(of: UInt8(ascii: "$")), b[close - 1] != BlockSyntax.space else { return nil }
        return close + 1
    }

    /// A raw HTML tag at `i` that may hold a `|`: a comment (`<!-- … -->`), a processing instruction or
    /// declaration (`<?…>`, `<!…>`), or a tag with attributes (`<name ` up to a `>` outside quotes). The
    /// index after it; nil for anything else, which pandoc reads as text (`<a|b>`, autolinks).
    private static func htmlTagEnd(_ b: [UInt8], _ i: Int, _ end: Int) -> Int? {
        guard i + 1 < end else { return nil }
        if b[i + 1] == UInt8(ascii: "!") || b[i + 1] == UInt8(ascii: "?") {
            let closer: [UInt8] = b[(i + 1)..<end].starts(with: Array("!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
            var j = i + 2
            while j + closer.count <= end {
                if b[j..<(j + closer.count)].elementsEqual(closer) { return j + closer.count }
                j += 1
            }
            return nil
        }
        var j = i + 1
        while j < end && (isASCIILetter(b[j]) || (j > i + 1 && (b[j] == UInt8(ascii: "-") || (b[j] >= 0x30 && b[j] <= 0x39)))) { j += 1 }
        guard j > i + 1, j < end, b[j] == BlockSyntax.space || b[j] == BlockSyntax.tab else { return nil }
        var quote: UInt8?
        while j < end {
            if let open = quote {
                if b[j] == open { quote = nil }
            } else if b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") {
                quote = b[j]
            } else if b[j] == UInt8(ascii: ">") {
                return j + 1
            }
            j += 1
        }
        return nil
    }

    /// A raw LaTeX command at the backslash `i` (`\name`, then `{…}` and `[…]` arguments, spaces between;
    /// `\verb` and its delimited text): the index after it; nil where no letter follows the backslash.
    private static func latexCommandEnd(_ b: [UInt8], _ i: Int, _ end: Int) -> Int? {
        var j = i + 1
        while j < end && isASCIILetter(b[j]) { j += 1 }
        guard j > i + 1 else { return nil }
        if b[(i + 1)..<j].elementsEqual("verb".utf8), j < end {
            let delimiter = b[j]
            guard let close = b[(j + 1)..<end].firstIndex(of: delimiter) else { return j }
            return close + 1
        }
        var last = j
        while true {
            var k = last
            while k < end && (b[k] == BlockSyntax.space || b[k] == BlockSyntax.tab) { k += 1 }
            guard k < end, b[k] == UInt8(ascii: "{") || b[k] == UInt8(ascii: "["),
                  let close = groupEnd(b, k, end) else { return last }
            last = close
        }
    }

    /// The index after the `}` or `]` that closes the group opened at `k` (braces nest), or nil.
    private static func groupEnd(_ b: [UInt8], _ k: Int, _ end: Int) -> Int? {
        let open = b[k], close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var depth = 0, j = k
        while j < end {
            if b[j] == PipeRowSyntax.backslash { j += 2; continue }
            if b[j] == open { depth += 1 } else if b[j] == close {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return nil
    }

    private static func isASCIILetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
}
