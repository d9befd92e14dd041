/// Where docutils starts a body element, line by line: it reads a table only where one starts. One starts
/// after a blank line and at the end of an indented block (a line less indented than the one above it).
/// Right below a line of text at the same indentation, one starts only where that line ended its element:
/// a section title's underline (or an over- and underlined title's last line), a line of explicit markup
/// (`..`, `__`), a bullet item's, a field's or a line block's first line, or a table. Further in than the
/// line above, one starts after a title or a table (a block quote), and below a paragraph's line (a
/// definition, or a block quote after "unexpected indentation"), a bullet's or an enumerated item's first
/// line further in than its text or less (a definition inside the item, a block quote after it).
/// A line that may be an option list's item is taken for a paragraph's that nothing ends or indents
/// (they are told apart by what this does not read); a doctest block runs to a blank line; the lines
/// further in below explicit markup or a line block, up to a blank line, are its own (a directive's
/// arguments and options, a line's continuation); and below an item or a field whose text is a simple
/// table's top border, the item's lines are its own blank lines and all, since that table (which gridls
/// does not read there) may hold lines of any indentation.
///
/// Driven by `RSTScanner`: `startsElement` for each line with text, then `record` (or `tableEnded`,
/// `literal`, `blank`). Only an item's table reaches past a blank line, and only over lines further in
/// than the item, so a scan restarts after any blank line whose next line with text is not indented.
struct RSTBlockStarts {
    private enum Title {
        /// A paragraph's first line, which an underline would make a title: its indentation and width.
        case text(indent: Int, width: Int)
        /// An overline (4 marks or more) that started an element: the next two lines are the title's.
        case overline(indent: Int)
        case overlineTitle(indent: Int)
    }

    /// The indentation of the line above, nil after a blank line.
    private var above: Int?
    /// Whether the line above ended its element: a line at its indentation starts one.
    private var ended = true
    /// Whether a line further in than the one above starts an element too (after a title or a table).
    private var endedDeeper = true
    /// The column a paragraph's next line continues it at (its text's, an item's text's): a line further
    /// in, or in an item's marker and text, starts an element.
    private var paragraph: Int?
    /// Explicit markup or a line block at this indentation owns the lines further in, to a blank line.
    private var owner: Int?
    /// A doctest block started at this indentation: it runs to a blank line.
    private var doctest: Int?
    /// An item or field at this indentation starts with a simple table: it owns the lines further in.
    private var itemTable: Int?
    private var title: Title?

    /// Whether a line with text at `indent` starts an element.
    func startsElement(indent: Int) -> Bool {
        if let itemTable, indent > itemTable { return false }
        guard let above else { return true }
        switch title {
        case .overline(let at), .overlineTitle(let at): if indent >= at { return false }
        default: break
        }
        if let doctest, indent >= doctest { return false }
        if let owner, indent > owner { return false }
        if indent < above { return true }
        if indent == above { return ended }
        if endedDeeper { return true }
        return paragraph.map { indent != $0 } ?? false
    }

    mutating func blank() {
        let table = itemTable
        self = RSTBlockStarts()
        itemTable = table
    }

    /// A table (or a directive read as one) ended on the line above.
    mutating func tableEnded(indent: Int) {
        self = RSTBlockStarts()
        above = indent
    }

    /// A line of a literal block (or a comment's or a code directive's body), indented past its opener.
    mutating func literal(indent: Int) {
        above = indent
        (ended, endedDeeper, title, paragraph) = (false, false, nil, nil)
    }

    /// Records the line from `p` to `end` at `indent`, which starts an element or not (`started`).
    mutating func record(_ b: [UInt8], _ p: Int, _ end: Int, indent: Int, started: Bool) {
        defer { above = indent }
        let previous = title
        (ended, endedDeeper, title) = (false, false, nil)
        if let at = itemTable, indent > at { return }
        if let at = doctest, indent >= at { return }
        if let at = owner, indent > at { return }
        (owner, doctest, itemTable) = (nil, nil, nil)
        switch previous {
        case .overline(let at) where indent >= at:
            // An adornment right below the overline is an invalid title: the line after starts an element.
            if RSTLineKind.isAdornment(b, p, end) { (ended, endedDeeper) = (true, true) } else { title = .overlineTitle(indent: at) }
            return
        case .overlineTitle(let at) where indent >= at:
            (ended, endedDeeper, paragraph) = (true, true, nil)  // the underline, matching or not (docutils reports the latter)
            return
        case .text(let at, let width) where !started && indent == at && RSTLineKind.isAdornment(b, p, end):
            // Too short for its title and under 4 marks, it is the paragraph's text.
            let length = SimpleTableSyntax.ruleLength(b, p, end)
            if length >= 4 || length >= width { (ended, endedDeeper, paragraph) = (true, true, nil) }
            return
        default:
            break
        }
        guard started else {
            if let column = paragraph, indent != column { paragraph = nil }
            return
        }
        paragraph = nil
        let kind = RSTLineKind(b, p, end)
        switch kind {
        case .explicit, .lineBlock:
            owner = indent
            ended = true
        case .bullet(let text):
            ended = true
            paragraph = text.map { $0.column + indent }
        case .field:
            ended = true
        case .enumerated(let text):
            paragraph = text.map { $0.column + indent }
            title = .text(indent: indent, width: RSTLineKind.width(b, p, end))
        case .doctest:
            doctest = indent
        case .adornment:
            if SimpleTableSyntax.ruleLength(b, p, end) >= 4 { title = .overline(indent: indent) }
        case .text:
            paragraph = indent
            title = .text(indent: indent, width: RSTLineKind.width(b, p, end))
        case .other:
            break
        }
        if let text = kind.text, SimpleTableSyntax.isTopBorder(b, text, end) { itemTable = indent }
    }
}
