/// Finds the grid and simple tables and the `list-table` directives of a reStructuredText document: a top
/// border (or the directive) where docutils starts a body element (`RSTBlockStarts`: after a blank line,
/// a section title, explicit markup, a table, at the end of an indented block...); for a grid table every line below at
/// the same indentation that starts with `+` or `|`, for a simple table the lines down to its bottom
/// border as docutils finds it (`simpleTableEnd`), for a list-table the lines indented past it.
/// Literal blocks (after a paragraph ending in `::`), comments and the bodies of directives other than
/// those whose body is ordinary reStructuredText (`RSTDirectives`: code, doctest, math, unknown ones...)
/// are skipped.
package enum RSTScanner {

    package static func scan(_ text: TextLines, options: ScanOptions) -> TableScan {
        scanRestartable(text, options: options).scan
    }

    /// Scans and reports, per line, whether a scan starting just after it finds the same tables below:
    /// true after a blank line outside any literal block whose next line with text is not indented (an
    /// indented one may belong to a directive above: a list-table's next row, a `.. table::`'s table).
    package static func scanRestartable(_ text: TextLines, options: ScanOptions) -> (scan: TableScan, restartable: [Bool]) {
        var restartable = [Bool](repeating: false, count: text.count)
        var result = TableScan()
        let b = text.bytes
        var line = 0
        /// Lines from here on may read otherwise with more text below them.
        var unsettled = text.count
        var blocks = RSTBlockStarts()
        /// Lines indented more than this belong to a literal block.
        var literalIndent: Int?
        var lastDirectiveAnswer: DirectiveAnswer?
        while line < text.count {
            let start = text.starts[line], end = text.contentEnd(line)
            let (indent, p) = BlockSyntax.indentation(b, start, end, tabStop: 8)
            let blank = p == end
            if let limit = literalIndent, blank || indent > limit {
                // A table may start right after the block's last blank line, or its last line.
                if blank { blocks.blank() } else { blocks.literal(indent: indent) }
                line += 1
                continue
            }
            literalIndent = nil
            if blank {
                blocks.blank()
                restartable[line] = true
                line += 1
                continue
            }
            let startsElement = blocks.startsElement(indent: indent)
            if startsElement && GridTableSyntax.isDocutilsTopBorder(b, p, end) {
                var region = TableRegion(kind: .grid, firstLine: line, contentStarts: [start], syntax: .restructuredText)
                line += 1
                while line < text.count {
                    let (next, q) = BlockSyntax.indentation(b, text.starts[line], text.contentEnd(line), tabStop: 8)
                    guard next == indent, q < text.contentEnd(line), b[q] == UInt8(ascii: "+") || b[q] == UInt8(ascii: "|") else { break }
                    region.contentStarts.append(text.starts[line])
                    line += 1
                }
                region.context.insideDirective = isDirectiveContent(text, before: region.firstLine, indent: indent, &lastDirectiveAnswer)
                region.context.followedByText = hasText(text, line: line)
                region.context.precededByText = region.firstLine > 0 && hasText(text, line: region.firstLine - 1)
                result.tables.append(region)
                blocks.tableEnded(indent: indent)
                continue
            }
            if startsElement && SimpleTableSyntax.isTopBorder(b, p, end) {
                switch simpleTableEnd(text, top: line, indent: indent) {
                case .end(let last):
                    var region = TableRegion(kind: .simple, firstLine: line, contentStarts: text.starts[line...last].map { $0 }, syntax: .restructuredText)
                    region.context.insideDirective = isDirectiveContent(text, before: line, indent: indent, &lastDirectiveAnswer)
                    region.context.followedByText = hasText(text, line: last + 1)
                    region.context.precededByText = region.firstLine > 0 && hasText(text, line: region.firstLine - 1)
                    result.tables.append(region)
                    line = last + 1
                case .unclosed(let last, let rows, let atEnd):
                    result.diagnostics.append(Diagnostic(
                        code: .unclosedTable, severity: .error, message: Diagnostic.Message.simpleUnclosed,
                        range: start..<text.contentEnd(line), fixes: [closingFix(text, top: line, last: rows)]))
                    // A scan of a window of the document cannot tell: the text below it may close the table.
                    if atEnd { unsettled = min(unsettled, line) }
                    line = last + 1
                }
                blocks.tableEnded(indent: indent)
                continue
            }
            if startsElement && ListTableSyntax.isDirective(b, p, end) {
                // The directive and every line below indented past it (blank ones inside), up to its last text.
                var last = line
                var next = line + 1
                while next < text.count {
                    let (columns, q) = BlockSyntax.indentation(b, text.starts[next], text.contentEnd(next), tabStop: 8)
                    if q == text.contentEnd(next) {
                        next += 1
                        continue
                    }
                    guard columns > indent else { break }
                    last = next
                    next += 1
                }
                var region = TableRegion(kind: .list, firstLine: line, contentStarts: text.starts[line...last].map { $0 }, syntax: .restructuredText)
                region.context.followedByText = hasText(text, line: last + 1)
                region.context.precededByText = region.firstLine > 0 && hasText(text, line: region.firstLine - 1)
                result.tables.append(region)
                for blank in last + 1..<next { restartable[blank] = true }
                line = next
                if next > last + 1 { blocks.blank() } else { blocks.tableEnded(indent: indent) }
                continue
            }
            blocks.record(b, p, end, indent: indent, started: startsElement)
            if opensLiteralBlock(b, p, end, startsElement: startsElement, options) { literalIndent = indent }
            line += 1
        }
        keepOnlyBlanksBeforeUnindentedText(text, &restartable)
        for blank in unsettled..<text.count { restartable[blank] = false }
        return (LoneCarriageReturn.guarding(result, in: text), restartable)
    }

    /// Clears `restartable` for blank lines whose next line with text is indented, or that have none in
    /// `text` (a window of a document may end before it).
    private static func keepOnlyBlanksBeforeUnindentedText(_ text: TextLines, _ restartable: inout [Bool]) {
        var nextIndent: Int?  // of the next line with text below
        for line in stride(from: text.count - 1, through: 0, by: -1) {
            let (indent, p) = BlockSyntax.indentation(text.bytes, text.starts[line], text.contentEnd(line), tabStop: 8)
            if p == text.contentEnd(line) {
                restartable[line] = restartable[line] && nextIndent == 0
            } else {
                nextIndent = indent
            }
        }
    }

    enum SimpleTableEnd {
        /// The bottom border's line.
        case end(Int)
        /// No bottom border: the last line docutils took for the table (after which it reads on), the last
        /// of the lines that look like its rows (where a bottom border would close it), and whether the
        /// search reached the text's end (text below it might close the table).
        case unclosed(Int, rows: Int, atEnd: Bool)
    }

    /// Where the simple table whose top border is line `top` ends, as docutils isolates it: at the second
    /// `=` rule below the top border, or at the first one followed by a blank line or the end of the
    /// table's block (a line less indented than the table) (a rule of another length ends it too, and the
    /// reading reports it). The table's lines are those indented at least as far as its top border, and
    /// blank lines. Without an end, docutils takes the lines to the first rule (reading on below it), or
    /// with none every line of the block.
    static func simpleTableEnd(_ text: TextLines, top: Int, indent: Int) -> SimpleTableEnd {
        let b = text.bytes
        let (_, q) = BlockSyntax.indentation(b, text.starts[top], text.contentEnd(top), tabStop: 8)
        let topLength = SimpleTableSyntax.ruleLength(b, q, text.contentEnd(top))
        var lastRule: Int?
        var line = top + 1
        /// No end up to `blockEnd`, the block's last line.
        func unclosed(_ blockEnd: Int) -> SimpleTableEnd {
            let atEnd = blockEnd == text.count - 1
            guard let rule = lastRule else { return .unclosed(blockEnd, rows: blockEnd, atEnd: atEnd) }
            // The rows the author meant: the lines below the rule up to a blank line.
            let rows = (rule + 1...max(rule + 1, blockEnd)).prefix { $0 <= blockEnd && hasText(text, line: $0) }.last ?? rule
            return .unclosed(rule, rows: rows, atEnd: atEnd)
        }
        while line < text.count {
            let end = text.contentEnd(line)
            let (columns, p) = BlockSyntax.indentation(b, text.starts[line], end, tabStop: 8)
            if p == end {
                line += 1
                continue
            }
            if columns < indent { return lastRule == line - 1 ? .end(line - 1) : unclosed(line - 1) }
            if columns == indent && SimpleTableSyntax.isBorder(b, p, end) {
                let nextBlank = line + 1 >= text.count || BlockSyntax.isBlank(b, text.starts[line + 1], text.contentEnd(line + 1))
                if lastRule != nil || nextBlank || SimpleTableSyntax.ruleLength(b, p, end) != topLength { return .end(line) }
                lastRule = line
            }
            line += 1
        }
        return unclosed(text.count - 1)
    }

    /// "Close the table with a bottom border": the top border again below the table's last line of text,
    /// and a blank line after it where the next line is not blank (docutils wants one after a table).
    /// Safe: the columns are the top border's, and only the bottom border is missing.
    private static func closingFix(_ text: TextLines, top: Int, last: Int) -> Fix {
        let b = text.bytes
        let lastText = (top...last).last { !BlockSyntax.isBlank(b, text.starts[$0], text.contentEnd($0)) } ?? top
        let terminator = text.terminator(top).isEmpty ? [UInt8(0x0A)] : Array(text.terminator(top))
        var inserted = terminator + Array(b[text.starts[top]..<SimpleTableSyntax.trimmedEnd(b, text.starts[top], text.contentEnd(top))])
        let next = lastText + 1
        if next < text.count && !BlockSyntax.isBlank(b, text.starts[next], text.contentEnd(next)) { inserted += terminator }
        let at = text.contentEnd(lastText)
        return Fix(.closeWithBottomBorder, edits: [TextEdit(range: at..<at, newText: inserted)], isPreferred: true, isSafe: true)
    }

    /// Whether line `line` exists and holds text.
    private static func hasText(_ text: TextLines, line: Int) -> Bool {
        line < text.count && !BlockSyntax.isBlank(text.bytes, text.starts[line], text.contentEnd(line))
    }

    /// The answer for the table at `first`: the search for a later table at the same indentation that
    /// reaches `first` ends the same way, so that a directive holding N tables is searched once, not N times.
    struct DirectiveAnswer {
        var first: Int, indent: Int, inside: Bool
    }

    /// Whether the block at `indent` starting at line `before` is a directive's content: the nearest line
    /// above it with text, less indented, is a directive (`.. name::`).
    private static func isDirectiveContent(_ text: TextLines, before first: Int, indent: Int, _ last: inout DirectiveAnswer?) -> Bool {
        guard indent > 0 else { return false }
        let b = text.bytes
        var inside = false
        for line in stride(from: first - 1, through: 0, by: -1) {
            if let last, last.first == line, last.indent == indent {
                inside = last.inside
                break
            }
            let (columns, p) = BlockSyntax.indentation(b, text.starts[line], text.contentEnd(line), tabStop: 8)
            guard p < text.contentEnd(line), columns < indent else { continue }
            let body = b[p..<text.contentEnd(line)]
            inside = body.starts(with: Array(".. ".utf8)) && body.contains(UInt8(ascii: ":"))
                && String(decoding: body, as: UTF8.self).contains("::")
            break
        }
        last = DirectiveAnswer(first: first, indent: indent, inside: inside)
        return inside
    }

    /// A paragraph line ending in `::`, a comment, or a directive whose body is not ordinary
    /// reStructuredText (the last two where an element starts: elsewhere `..` continues a paragraph)
    /// starts a block of indented text left alone.
    private static func opensLiteralBlock(_ b: [UInt8], _ p: Int, _ end: Int, startsElement: Bool, _ options: ScanOptions) -> Bool {
        let line = b[p..<end].trimmingEnd(Blank.isSpaceOrTab)
        let colon = UInt8(ascii: ":"), dot = UInt8(ascii: ".")
        guard startsElement && line.starts(with: [dot, dot]) else { return line.count >= 2 && line.suffix(2).allSatisfy { $0 == colon } }
        let body = line.dropFirst(2).drop { $0 == 0x20 }
        guard let marker = body.indices.first(where: { $0 + 1 < body.endIndex && body[$0] == colon && body[$0 + 1] == colon }) else {
            return true  // a comment
        }
        let name = String(decoding: body[..<marker].filter { $0 != 0x20 }, as: UTF8.self)
        return !RSTDirectives.holdsContent(name, added: options.rstContentDirectives)
    }
}
