/// Random Markdown pages as documentation sites write them: pipe tables among what MkDocs, MyST, Hugo,
/// Jekyll and VitePress add around and inside tables (colon fences and `:::{table}` captions, pymdownx
/// `///` blocks, kramdown attribute lists, goldmark attributes, Hugo shortcodes, footnotes, admonitions,
/// containers), with code spans holding pipes, escaped pipes, rows without outer pipes, short and long
/// rows, and tables right under or over text, headings, fences and list items with no blank line between.
/// Every common reader must read such a page the same before and after formatting it as `portable`.
public struct RandomSiteDocument {
    public var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let cells = ["alpha", "x", "42", "東京", "`code`", "`str | None`", "`a \\| b`", "a \\| b", "**bold**", "[link](u)", "",
                        "`x`|y`", "ｶﾀｶﾅ", "😀", "{{< ref x >}}", "$x$", "<br>", "a  b", "~~old~~"]
    /// What a site puts right above a table (or nothing but a blank line).
    static let above = ["", "", "", "Some text right above.", "# Heading", "## Options", "```\ncode\n```", "***", ":::{table} Caption\n:align: center\n",
                        ":::{table} Caption", "!!! note\n", "{{% note %}}", "{{< tabs >}}", "<div markdown=\"1\">", "(label)=", "Term\n: definition\n",
                        "- item", "- item\n", "> quote", "+++", "% a MyST comment"]
    /// What a site puts right under a table (or nothing but a blank line).
    static let below = ["", "", "", ":::", "/// caption\nA caption\n///", "/// table-caption\nCaption\n///", "{: .striped}", "{: #id .wide}",
                        "{.striped}", "{{% /note %}}", "{{< /tabs >}}", "[^1]: A footnote.", "Text right under.", "# Next", "- item", "> quote",
                        "</div>", "```\ncode\n```", "*[HTML]: Hyper Text", "Table: caption", "    indented"]

    public mutating func make() -> String {
        var blocks: [String] = []
        for _ in 0..<random.int(1...5) {
            let table = self.table()
            let top = random.pick(Self.above), bottom = random.pick(Self.below)
            var block = top.isEmpty ? table : top + (top.hasSuffix("\n") || random.chance(0.7) ? "\n" : "\n\n") + table
            if !bottom.isEmpty { block += (random.chance(0.8) ? "\n" : "\n\n") + bottom }
            blocks.append(random.chance(0.15) ? indented(block) : block)
        }
        return blocks.joined(separator: random.chance(0.9) ? "\n\n" : "\n") + (random.chance(0.9) ? "\n" : "")
    }

    /// The block inside a list item or an admonition (four spaces, as Python-Markdown needs), or a quote.
    private mutating func indented(_ block: String) -> String {
        let (first, rest) = random.pick([("- ", "  "), ("1. ", "   "), ("- ", "    "), ("> ", "> "), ("    ", "    ")])
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        let lead = random.chance(0.5) ? ["- item", ""] : []
        return (lead + lines.enumerated().map { (lead.isEmpty && $0.offset == 0 ? first : rest) + $0.element }).joined(separator: "\n")
    }

    private mutating func table() -> String {
        let columns = random.int(1...4)
        let outer = random.chance(0.8)
        func row(_ count: Int) -> String {
            let cells = (0..<count).map { _ in random.pick(Self.cells) }
            let body = cells.joined(separator: random.pick(["|", " | ", "  |  "]))
            return outer ? "| " + body + (random.chance(0.9) ? " |" : "") : (count == 1 ? "| " + body : body)
        }
        var lines = [row(columns)]
        let markers = (0..<columns).map { _ in random.pick(["-", "---", ":--", "--:", ":-:", "-----"]) }
        lines.append(outer || columns == 1 ? "|" + markers.joined(separator: "|") + "|" : markers.joined(separator: "|"))
        for _ in 0..<random.int(0...4) {
            lines.append(row(max(1, columns + random.pick([0, 0, 0, -1, 1]))))
        }
        // A placeholder row of dashes, which kramdown takes for one more delimiter row.
        if lines.count <= 3 && random.chance(0.1) { lines.append("| " + Array(repeating: "-", count: columns).joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}
