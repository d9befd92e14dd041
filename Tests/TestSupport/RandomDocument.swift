/// Random Markdown documents full of tables and look-alikes, for property and conformance tests:
/// pipe tables with CJK, emoji, combining marks, escapes and code spans, form feeds and vertical tabs, short
/// and long rows, inside block quotes and list items (their prefixes with tabs, taken in part or whole),
/// between code fences, HTML blocks (those cmark-gfm and CommonMark 0.31 read apart too), `$$` lines,
/// front matter and paragraphs that hold pipes, below empty list items and as lazy lines after grid tables,
/// under many levels of nested lists and quotes;
/// a byte-order mark may start the document.
public struct RandomDocument {
    public var random: SeededRandom
    /// Whether the document uses front matter or `$$` lines, which GitHub reads and cmark-gfm does not.
    public private(set) var usesExtensions = false

    static let words = ["alpha", "beta", "x", "42", "3.14", "", "東京", "日本語", "ＡＢＣ", "😀", "👨‍👩‍👧", "🇯🇵",
                        "❤️", "cafe\u{301}", "±°", "Ελλ", "a \\| b", "`code`", "`x \\| y`", "**bold**", "a\tb",
                        "<br>", "\\", "[link](u)", "ｶﾀｶﾅ", "f\u{0C}", "\u{0B}v", "\u{0C}", "$$", "a\u{0B}\u{0C}", "a\rb"]

    /// Prefixes of list-item lines (the item's content at column 2) and of quoted lines, with tabs that the
    /// item or the `>` takes whole or in part.
    static let listIndents = ["  ", "\t", " \t", "\t ", "  \t"]
    static let quotePrefixes = ["> ", ">", ">\t", "> \t", " >\t", ">\t ", "\t"]

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    public mutating func make() -> String {
        let newline = random.chance(0.25) ? "\r\n" : "\n"
        var blocks: [String] = []
        if random.chance(0.1) {
            blocks.append("---\ntitle: |a|b|\n---")
            usesExtensions = true
        }
        for _ in 0..<random.int(1...8) { blocks.append(block()) }
        var text = blocks.joined(separator: random.chance(0.9) ? "\n\n" : "\n")
        if random.chance(0.8) { text += "\n" }
        if random.chance(0.1) { text = "\u{FEFF}" + text }
        // Drawn last, so that every other document stays as it was before this block was added.
        if random.chance(0.1) { text += (text.hasSuffix("\n") ? "\n" : "\n\n") + deeplyNested() }
        return text.replacingOccurrences(of: "\n", with: newline)
    }

    /// A table under many levels of list items and block quotes (each level indented under the one above,
    /// with blank lines, tabs, empty items and lazy lines between): scanning them must cost each level its
    /// own prefix.
    private mutating func deeplyNested() -> String {
        var prefix = "", lines: [String] = []
        for level in 0..<random.int(3...14) {
            let (marker, rest) = random.pick([("- ", "  "), ("1. ", "   "), ("* ", "  "), ("> ", "> "), (">", ">"), ("-\t", "    ")])
            // Sometimes an item that starts empty, which a blank line closes.
            lines.append(prefix + marker + (random.chance(0.15) ? "" : "level \(level)"))
            if random.chance(0.3) { lines.append(random.pick(["", "", prefix + rest, "lazy text"])) }
            prefix += rest
        }
        lines.append(random.chance(0.8) ? prefix : "")
        return (lines + table().split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }).joined(separator: "\n")
    }

    private mutating func block() -> String {
        switch random.int(0...18) {
        case 0: return "```\n" + table() + "\n```"
        case 1: return "<div>\n" + table() + "\n</div>"
        case 2: return "Some prose with a | pipe and `code | pipe`."
        case 3: return "    " + table().replacingOccurrences(of: "\n", with: "\n    ")
        case 4: return prefixed(table(), first: "> ", rest: "> ")
        case 5:
            // Sometimes the table's header starts the item, after a task-list checkbox GitHub reads.
            let item = random.chance(0.5) ? "item\n\n" + table() : random.pick(["[ ] ", "[x] ", "[X] ", "[]", "[ ]"]) + table()
            return prefixed(item, first: random.pick(["- ", "1. ", "* "]), rest: "  ")
        case 6: return "# Heading | with pipe"
        case 7:
            usesExtensions = true
            return "$$\n" + table() + "\n$$"
        case 8: return "A paragraph line\n" + table()
        case 12:  // The header row continues a block quote lazily (without its >), maybe after spaces.
            let lines = table().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let rest = prefixed(lines.dropFirst().joined(separator: "\n"), first: random.pick([">", "> ", ">  "]), rest: "> ")
            return "> quoted\n" + String(repeating: " ", count: random.int(0...2)) + lines[0] + "\n" + rest
        case 9: return prefixed(table() + "\n" + follower(), first: random.pick(["> ", ">", "1. ", "- > "]), rest: random.pick(["> ", ">", "   ", "  > ", ""]))
        case 13:  // A list item whose lines are indented with tabs, which the item may take in part.
            return varied("x\n\n" + table() + (random.chance(0.5) ? "\n" + follower() : ""), first: "- ", rest: Self.listIndents)
        case 14:  // Quoted lines with tabs after (or before) the `>`.
            return varied(table() + (random.chance(0.5) ? "\n" + follower() : ""), first: random.pick(Self.quotePrefixes), rest: Self.quotePrefixes)
        case 15:
            usesExtensions = true
            return mathLines()
        case 16: return disputedHTML()
        case 17: return emptyListItem()
        case 18: return lazyAfterGridTable()
        default: return table() + (random.chance(0.5) ? "\n" + follower() : "")
        }
    }

    /// A line right after a table: some continue it as a row, some end it.
    private mutating func follower() -> String {
        random.pick([
            "a line without pipes", "|", "||", "| |", "- list item", "2. ordered", "* star", "# heading", "<div>",
            "<!-- comment -->", "    | indented | row |", "   | three | spaces |", "***", "---", "> quote", "```",
            "\\|", "$$", "| a | b | c | d | e | f |", "x|", "\t| tab |", "<span>x</span>", "[ref]: /url",
        ])
    }

    /// `$$` lines where GitHub's math and cmark-gfm disagree: around, before and inside tables and fences.
    private mutating func mathLines() -> String {
        switch random.int(0...5) {
        case 0: return "$$\n```$$\n" + table()
        case 1: return ">$$\n" + table()
        case 2: return "$$ x $$\n" + table()
        case 3: return "$$\n" + table() + "\n$$\n" + table()
        case 4: return "  $$\n\n" + table() + "\n$$"
        default: return table() + "\n$$\n" + table()
        }
    }

    /// HTML lines that cmark-gfm 0.29 and CommonMark 0.31 read apart (`</script>` alone starts a block in
    /// one, `<textarea>` is raw text in the other, `<search>` is a block tag in one), around tables.
    private mutating func disputedHTML() -> String {
        let tag = random.pick(["</script>", "</pre>", "</style>", "</textarea>", "<textarea>", "<TEXTAREA>", "<search>",
                               "<search x", "<pre>", "<script>", "<style>", "</div>", "<textarea x=\"1\">"])
        switch random.int(0...4) {
        case 0: return tag + "\n" + table()
        case 1: return tag + "\n\n" + table() + "\n\n" + random.pick(["</textarea>", "</pre>", "x </textarea> y", "</script>"]) + "\n\n" + table()
        case 2: return "A paragraph line\n" + tag + "\n" + table()
        case 3: return prefixed(tag + "\n" + table(), first: random.pick(["> ", "- "]), rest: random.pick(["> ", "  "]))
        default: return table() + "\n" + tag + "\n" + table()
        }
    }

    /// A list item that begins with a blank line: a second blank line closes it (CommonMark), and a table
    /// indented below it is then code or a table of its own, not the item's.
    private mutating func emptyListItem() -> String {
        let marker = random.pick(["-", "- ", "*", "1.", "2)", "-   ", "+"])
        let indent = String(repeating: " ", count: random.int(1...5))
        let indented = indent + table().replacingOccurrences(of: "\n", with: "\n" + indent)
        return marker + random.pick(["\n\n", "\n", "\n  \n", "\n      \n"]) + indented
    }

    /// A grid table in a block quote or list item, then lines without the container's prefix: to cmark-gfm
    /// the grid table is a paragraph, which such lazy lines continue.
    private mutating func lazyAfterGridTable() -> String {
        let grid = """
            +---+---+
            | a | b |
            +---+---+
            """
        let (first, rest) = random.pick([("> ", "> "), (">", ">"), ("- ", "  "), ("1. ", "   ")])
        let after = random.pick([table(), "text\n" + table(), table() + "\n" + follower()])
        let quotedAfter = random.chance(0.3) ? prefixed(after, first: "", rest: rest) : after
        return prefixed(grid, first: first, rest: rest) + "\n" + quotedAfter
    }

    /// Each line after the first gets a prefix picked from `rest`.
    private mutating func varied(_ text: String, first: String, rest: [String]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for i in lines.indices { lines[i] = (i == 0 ? first : random.pick(rest)) + lines[i] }
        return lines.joined(separator: "\n")
    }

    private func prefixed(_ text: String, first: String, rest: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
            (i == 0 ? first : rest) + line
        }.joined(separator: "\n")
    }

    public mutating func table() -> String {
        let columns = random.int(1...5)
        let indent = String(repeating: " ", count: random.chance(0.2) ? random.int(1...3) : 0)
        let outer = random.chance(0.8)
        var lines = [row((0..<columns).map { _ in cell() }, outer: outer)]
        let markers = [":-", "-:", ":-:", "---", "-"]
        lines.append(row((0..<columns).map { _ in random.pick(markers) }, outer: outer || columns == 1))
        for _ in 0..<random.int(0...6) {
            let count = random.chance(0.8) ? columns : random.int(1...columns + 2)
            lines.append(row((0..<count).map { _ in cell() }, outer: outer || count == 1))
        }
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    private mutating func cell() -> String {
        (0..<random.int(1...3)).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    private mutating func row(_ cells: [String], outer: Bool) -> String {
        let spaced = cells.map { String(repeating: " ", count: random.int(0...2)) + $0 + String(repeating: " ", count: random.int(0...2)) }
        let body = spaced.joined(separator: "|")
        return outer ? "|" + body + "|" : body
    }
}
