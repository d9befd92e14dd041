/// Where pandoc's pipe table rows do not split cells: pandoc reads a row as a run of code spans, `$`
/// math, raw HTML tags, escaped characters and raw LaTeX commands, splitting at a `|` outside all of
/// them (its Markdown reader's `pipeTableRow`), and such a span may go on over the next rows or the
/// paragraph under the table (a comment or tag even past blank lines), which then join its row. GitHub,
/// and gridls's pipe rows, split at every unescaped `|` and end a row with its line; a table with a `|`
/// kept inside one of these, or one of these over two lines, is left alone.
extension PandocBlockSyntax {
    /// The index in `rows` (a pipe table's lines, each the range of its text) of the first row holding a `|`
    /// inside a code span, `$` math, a raw HTML tag (`<span title="a|b">`, `<!-- a|b -->`) or a raw LaTeX
    /// command's arguments (`\textbf{a|b}`, `\verb|x|`), or such a span that a later row or one of the
    /// `following` lines (those up to the first blank line under the table) closes, or a comment, processing
    /// instruction, declaration or tag the row leaves open (pandoc looks for its end past blank lines: whether
    /// one comes is left to no text below the table, which a scan may not read again); or nil.
    static func rowKeepingAPipe(_ b: [UInt8], _ rows: [Range<Int>], following: [Range<Int>]) -> Int? {
        let later = LaterClosers(b, rows + following)
        return rows.indices.first { keepsAPipe(b, rows[$0].lowerBound, rows[$0].upperBound, later: later) }
    }

    private static func keepsAPipe(_ b: [UInt8], _ p: Int, _ end: Int, later: LaterClosers) -> Bool {
        var i = p
        while i < end {
            let span: Span
            switch b[i] {
            case PipeRowSyntax.backslash:
                guard let command = latexCommand(b, i, end) else { i += 2; continue }  // an escaped character
                span = command
            case UInt8(ascii: "`"): span = codeSpan(b, i, end)
            case UInt8(ascii: "$"): span = math(b, i, end)
            case UInt8(ascii: "<"): span = htmlTag(b, i, end)
            default: span = .text
            }
            switch span {
            case .text: i += 1
            case .unclosed(let closer): if later.has(closer, after: end) { return true } else { i += 1 }
            case .closed(let after):
                if b[i..<after].contains(PipeRowSyntax.pipe) { return true }
                i = after
            }
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

    /// What starts at a byte of a row: text, a span ending on the row (the index after it), or the opener
    /// of a span the row does not close, with what would close it.
    private enum Span {
        case text, closed(Int), unclosed(Closer)
    }

    private enum Closer: Hashable {
        case backticks(Int), dollar, brace, bracket
        /// A comment's, processing instruction's or tag's `>`: pandoc looks for it past blank lines.
        case htmlEnd
    }

    /// Where each closer last occurs in a table's rows and the lines under it, found in one pass: a span a
    /// row leaves open goes on over the next lines when its closer occurs after it (a `$` closes math after
    /// a non-space, before no digit).
    private struct LaterClosers {
        private var last: [Closer: Int] = [:]

        init(_ b: [UInt8], _ rows: [Range<Int>]) {
            for row in rows {
                var i = row.lowerBound
                while i < row.upperBound {
                    switch b[i] {
                    case UInt8(ascii: "`"):
                        var run = i
                        while run < row.upperBound && b[run] == UInt8(ascii: "`") { run += 1 }
                        last[.backticks(run - i)] = i
                        i = run
                        continue
                    case UInt8(ascii: "$") where i > row.lowerBound && !isSpace(b[i - 1]) && !(i + 1 < row.upperBound && isDigit(b[i + 1])):
                        last[.dollar] = i
                    case UInt8(ascii: "}"): last[.brace] = i
                    case UInt8(ascii: "]"): last[.bracket] = i
                    default: break
                    }
                    i += 1
                }
            }
        }

        func has(_ closer: Closer, after p: Int) -> Bool { closer == .htmlEnd || (last[closer] ?? -1) >= p }
    }

    /// A code span opened by the backticks at `i`: it ends after a run of as many.
    private static func codeSpan(_ b: [UInt8], _ i: Int, _ end: Int) -> Span {
        var run = i
        while run < end && b[run] == UInt8(ascii: "`") { run += 1 }
        var j = run
        while j < end {
            guard b[j] == UInt8(ascii: "`") else { j += 1; continue }
            var close = j
            while close < end && b[close] == UInt8(ascii: "`") { close += 1 }
            if close - j == run - i { return .closed(close) }
            j = close
        }
        return .unclosed(.backticks(run - i))
    }

    /// `$…$` math at `i`: after the opener no space, before the closer no space and after it no digit.
    private static func math(_ b: [UInt8], _ i: Int, _ end: Int) -> Span {
        guard i + 1 < end, !isSpace(b[i + 1]), b[i + 1] != UInt8(ascii: "$") else { return .text }
        var j = i + 2
        while j < end {
            if b[j] == UInt8(ascii: "$") && !isSpace(b[j - 1]) && !(j + 1 < end && isDigit(b[j + 1])) { return .closed(j + 1) }
            j += 1
        }
        return .unclosed(.dollar)
    }

    /// A raw HTML tag at `i` that may hold a `|`: a comment (`<!-- … -->`), a processing instruction or
    /// declaration (`<?…>`, `<!…>`), or a tag with attributes (`<name ` up to a `>` outside quotes; `<name`
    /// at the row's end too, whose attributes may follow on the next lines);
    /// anything else pandoc reads as text (`<a|b>`, autolinks).
    private static func htmlTag(_ b: [UInt8], _ i: Int, _ end: Int) -> Span {
        guard i + 1 < end else { return .text }
        if b[i + 1] == UInt8(ascii: "!") || b[i + 1] == UInt8(ascii: "?") {
            let comment = b[(i + 1)..<end].starts(with: Array("!--".utf8))
            let closer: [UInt8] = comment ? Array("-->".utf8) : [UInt8(ascii: ">")]
            var j = i + 2
            while j + closer.count <= end {
                if b[j..<(j + closer.count)].elementsEqual(closer) { return .closed(j + closer.count) }
                j += 1
            }
            return .unclosed(.htmlEnd)
        }
        var j = i + 1
        while j < end && (isASCIILetter(b[j]) || (j > i + 1 && (b[j] == UInt8(ascii: "-") || isDigit(b[j])))) { j += 1 }
        guard j > i + 1, j == end || isSpace(b[j]) else { return .text }
        // No attribute starts with `|`: `<name | b |` is text to pandoc, as `<name|b|` is (and formatting
        // pads the one into the other).
        if let next = b[j..<end].firstIndex(where: { !isSpace($0) }), b[next] == PipeRowSyntax.pipe { return .text }
        var quote: UInt8?
        while j < end {
            if let open = quote {
                if b[j] == open { quote = nil }
            } else if b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") {
                quote = b[j]
            } else if b[j] == UInt8(ascii: ">") {
                return .closed(j + 1)
            }
            j += 1
        }
        return .unclosed(.htmlEnd)
    }

    /// A raw LaTeX command at the backslash `i` (`\name`, then `{…}` and `[…]` arguments, spaces between;
    /// `\verb` and its delimited text); nil where no letter follows the backslash (an escape).
    private static func latexCommand(_ b: [UInt8], _ i: Int, _ end: Int) -> Span? {
        var j = i + 1
        while j < end && isASCIILetter(b[j]) { j += 1 }
        guard j > i + 1 else { return nil }
        if b[(i + 1)..<j].elementsEqual("verb".utf8), j < end {
            guard let close = b[(j + 1)..<end].firstIndex(of: b[j]) else { return .closed(j) }
            return .closed(close + 1)
        }
        var last = j
        while true {
            var k = last
            while k < end && isSpace(b[k]) { k += 1 }
            guard k < end, b[k] == UInt8(ascii: "{") || b[k] == UInt8(ascii: "[") else { return .closed(last) }
            guard let close = groupEnd(b, k, end) else { return .unclosed(b[k] == UInt8(ascii: "{") ? .brace : .bracket) }
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

    private static func isSpace(_ c: UInt8) -> Bool { c == BlockSyntax.space || c == BlockSyntax.tab }
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isASCIILetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
}
