import TestSupport
@testable import TextTables

/// Random documents of pandoc's Markdown as Quarto and R Markdown writers write them: pipe and grid tables
/// inside fenced divs (nested, with attributes) whose closer is right under the table, with captions
/// above or below (`: …`, `Table: …`) and attributes after them (`{#tbl-id tbl-colwidths="[30,70]"}`),
/// tables right under paragraph text (which they join), headings, line blocks and div openers, in list
/// items and block quotes; code blocks (``` and ~~~, indented), YAML blocks (at the top and further on),
/// HTML comments and `$$` lines holding table-like lines; ragged rows, CJK and emoji cells, alignments;
/// simple and multiline tables, in divs too; raw HTML and LaTeX in cells.
/// `kept` lists the lines formatting must leave byte for byte (captions, attributes, div fences).
struct RandomPandocDocument {
    var random: SeededRandom
    /// Lines formatting must keep byte for byte (the blocks of `RandomPandocContainers` add to it too).
    var kept: [String] = []
    /// Pipe tables' rows all have the header's cells: pandoc 3.6 reads some ragged rows otherwise than 3.9.
    var evenRows = false

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let words = ["alpha", "beta", "x", "42", "3.14", "東京", "日本語", "ＡＢＣ", "😀", "Ελλ", "±°", "`code`",
                        "**bold**", "a \\| b", "[link](u)", "ｶﾀｶﾅ", "*em*", "$x^2$"]

    mutating func make() -> String {
        var blocks: [String] = []
        if random.chance(0.2) {
            blocks.append("""
                ---
                title: "A | B"
                table: |
                  | a | b |
                  |---|---|
                ---
                """)
        }
        for _ in 0..<random.int(1...6) { blocks.append(block(depth: 0)) }
        // Drawn last, so that every other document stays as it was before this block was added.
        if random.chance(0.1) { blocks.append(deeplyNested()) }
        if random.chance(0.15) { blocks.append(containersGoingOn()) }
        if random.chance(0.1) { blocks.append(indentedFences()) }
        if random.chance(0.1) { blocks.append(tableOnMarkerLine()) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private mutating func block(depth: Int) -> String {
        switch random.int(0...24) {
        case 0, 1: return div(depth: depth)
        case 2: return "A paragraph line\n" + pipeTable()  // joins the paragraph: no table
        case 3:
            // Right under a block that ends on its line: a table; right under a line block's line: none.
            if random.chance(0.3) {
                kept += ["::: {.note}", ":::"]
                return "::: {.note}\n" + pipeTable() + "\n:::"
            }
            return random.pick(["# Heading\n", "Title\n=====\n", "```\ncode\n```\n"]) + pipeTable()
        case 4: return "- item\n\n" + indented(captioned(), "  ") + (random.chance(0.5) ? "\n- next" : "")
        case 5: return indented(captioned(), "> ", first: random.pick(["> ", ">"]))
        case 6:
            // Closed, or not (then no code). pandoc reads ```{r} as no fence (`{r}` is no attribute block), but
            // Quarto and R Markdown run such a chunk before pandoc reads the document: gridls leaves it alone,
            // and it is made closed here, where both readings see no table.
            let fence = random.pick(["```", "~~~", "```{r}"])
            return fence + "\n" + pipeTable() + "\n" + (fence == "```{r}" ? "```" : random.pick(["```", "~~~", ""]))
        case 7: return indented(pipeTable(), "    ")
        case 8: return "---\nkey: value\nrows: |\n  " + pipeTable().replacingOccurrences(of: "\n", with: "\n  ") + "\n..."
        case 9: return random.pick(["<!--\n" + pipeTable() + "\n-->", "\\begin{minipage}{3in}\n\n" + pipeTable() + "\n\n\\end{minipage}"])
        case 10: return "$$\n" + pipeTable() + "\n$$"
        case 11: return "Some prose with a | pipe\nand `code | pipe` in it."
        case 12: return gridTable(captioned: random.chance(0.5))
        case 13: return "1. item\n\n   " + captioned().replacingOccurrences(of: "\n", with: "\n   ")
        case 14: return "<div>\n" + pipeTable() + "\n</div>"
        case 15: return adjoined()
        case 16: return pipeTable() + "\n" + random.pick(["> quoted | text", "- item | text", "    indented | row", "# heading | text", "1. item | x", "|"])
        case 17: return nested()
        case 18: return simpleOrMultiline()
        case 19: return rawInlineTable()
        default: return captioned()
        }
    }

    /// A table right after another block, without a blank line between: a table and its caption with
    /// attributes, a rule, a lazy block quote line, a list item's line, a setext heading, a div opener.
    private mutating func adjoined() -> String {
        switch random.int(0...7) {
        case 0:
            kept.append(": Caption {#tbl-a}")
            return pipeTable() + "\n: Caption {#tbl-a}\n" + pipeTable()
        case 1: return random.pick(["***", "___"]) + "\n" + pipeTable()  // (pandoc reads "- - -" as a multiline table's top line)
        case 2: return "> quoted\n" + pipeTable()  // lazy lines of the quote's paragraph
        case 3: return "- item\n" + indented(pipeTable(), "  ")  // the item's paragraph
        case 4: return "- " + indented(pipeTable(), "  ", first: "")  // the item's table
        case 5: return "Heading\n-------\n" + pipeTable()
        case 6:
            kept += ["::: {.column-margin}", "Table: A caption {#tbl-m}", ":::"]
            return "::: {.column-margin}\nTable: A caption {#tbl-m}\n" + pipeTable() + "\n:::"
        default:
            // A nested list whose inner item holds a table after a blank line.
            return "- outer\n\n  - inner\n\n" + indented(pipeTable(), "    ")
        }
    }

    /// Containers and markers pandoc reads its own way: tabs after list markers, ordered lists of
    /// letters and `#.`, definition lists, captions inside quotes and items, a div inside an item, a grid
    /// table in a quote, a `<table>` around a pipe table, headings without a space, a table on an ordered
    /// item's marker line (pandoc tries a table there first: it is the item's only when its second line is
    /// indented four columns).
    private mutating func nested() -> String {
        switch random.int(0...10) {
        // Rows at the item's text column (a tab reaches column 4); lazy rows indented less are left alone.
        case 0: return "-\t" + indented(pipeTable(), "    ", first: "")
        case 1: return random.pick(["#. ", "a. ", "(1) ", "i) "]) + "item\n\n" + indented(pipeTable(), "    ")
        case 2:
            // A table after a definition, in one (indented), or where a definition would start (then the
            // `:` line is the table's caption).
            return random.pick(["Term\n\n:   Definition\n\n" + pipeTable(), "Term\n:   Definition\n\n" + indented(pipeTable(), "    "),
                                "Term\n\n~   " + indented(pipeTable(), "    ", first: ""), "Term\n\n: Caption {#tbl-d}\n\n" + pipeTable()])
        case 3:
            kept.append(": In the quote {#tbl-q}")
            return indented(pipeTable() + "\n: In the quote {#tbl-q}", "> ")
        case 4:
            kept += ["  ::: {.aside}", "  :::"]
            return "- item\n\n  ::: {.aside}\n" + indented(pipeTable(), "  ") + "\n  :::"
        case 5: return indented(gridTable(captioned: false), "> ")
        case 6: return "<table>\n" + pipeTable() + "\n</table>"
        case 7: return "#hashtag\n" + pipeTable()
        case 8: return "table: lower-case caption\n\n" + pipeTable()
        case 9:
            let marker = random.pick(["1. ", "0. ", "a) ", "#. "]), rest = random.pick(["    ", "     ", "\t"])
            return random.pick([indented(pipeTable(), rest, first: marker), "> " + indented(pipeTable(), ">     ", first: marker)])
        default: return "1. one\n2. two\n\n   " + pipeTable().replacingOccurrences(of: "\n", with: "\n   ")
        }
    }

    /// A pipe table whose cells hold raw HTML and LaTeX, and `|`s pandoc splits at as gridls does: after
    /// an autolink's `<http:`, a bare `<a`, a command without arguments, an escaped backslash, between an
    /// element's tags (a `|` inside a tag or a command's arguments, which pandoc keeps in its cell, leaves
    /// the table alone: PandocAdversaryTests), a form feed inside a cell, and an opener in the last row.
    private mutating func rawInlineTable() -> String {
        let raw = [#"<span title="t">x</span>"#, "<br>", "<!-- note -->", #"\textbf{bold}"#, #"\verb!v!"#, "<http://a|b>",
                   "<a|b>", #"\alpha|beta"#, "<b>x|y</b>", #"\\textbf{a|b}"#, "x\u{0C}y", "<kbd>Ctrl</kbd>", #"\foo[o]{a}"#]
        var table = pipeTable().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for row in [0] + Array(table.indices.dropFirst(2)) where random.chance(0.7) {
            // Into the row's last cell; the header's keeps its count of cells.
            let text = random.pick(row == 0 ? raw.filter { !$0.contains("|") } : raw)
            table[row] = table[row].hasSuffix("|") ? table[row].dropLast() + " " + text + " |" : table[row] + " " + text
        }
        // An opener no later row closes is text (one a later row closed would join the rows: left alone).
        if table.count > 2 && random.chance(0.3) {
            table[table.count - 1] += " " + random.pick(["it`s", "$5", #"\emph{open"#, "a < b"])
        }
        return table.joined(separator: "\n")
    }

    /// Simple and multiline tables, alone or in fenced divs whose closer is right under them (several
    /// divs in a row).
    private mutating func simpleOrMultiline() -> String {
        var generator = RandomPandocTable(seed: random.next())
        func table() -> String { String(generator.table().roomy.dropLast()) }
        switch random.int(0...2) {
        case 0, 1:
            let divs = (0..<random.int(1...3)).map { _ in
                let opener = random.pick(["::: {.callout-note}", "::: note", ":::: {.column}"])
                let closer = opener.hasPrefix("::::") ? "::::" : ":::"
                kept += [opener, closer]
                return opener + "\n" + table() + "\n" + closer
            }
            return divs.joined(separator: random.pick(["\n\n", "\n"]))
        default: return table()
        }
    }

    /// A fenced div holding a table (whose closer may be right under it) and maybe another div.
    private mutating func div(depth: Int) -> String {
        let colons = String(repeating: ":", count: 3 + depth + random.int(0...1))
        let opener = colons + " " + random.pick(["{.callout-note}", "{#fig-a .panel layout-ncol=2}", "note", "{.column width=\"50%\"}"])
        var body = [captioned()]
        if depth < 2 && random.chance(0.4) { body.append(div(depth: depth + 1)) }
        if random.chance(0.3) { body.insert("Text in the div.", at: 0) }
        let closer = random.chance(0.5) ? colons : ":::"
        kept += [opener, closer]
        return opener + "\n" + body.joined(separator: random.pick(["\n\n", "\n"])) + "\n" + closer
    }

    /// A table with a caption above (then a blank line), right below, or below after a blank line, with
    /// attributes or not; or without a caption.
    private mutating func captioned() -> String {
        let table = random.chance(0.8) ? pipeTable() : gridTable(captioned: false)
        let attributes = random.pick(["", " {#tbl-\(random.int(1...999))}", " {#tbl-x tbl-colwidths=\"[30,70]\"}", " {.striped .hover}"])
        let caption = random.pick([": ", "Table: ", ": A *caption* with 東京 "]) + random.pick(["Prices", "Results of the run", "| a caption with a pipe"]) + attributes
        switch random.int(0...3) {
        case 0:
            guard !caption.contains("|") else { return table }
            kept.append(caption)
            return caption + "\n\n" + table
        case 1:
            // Right under the table, a caption with a | would be one more row.
            guard !caption.contains("|") else { return table }
            kept.append(caption)
            return table + "\n" + caption
        case 2:
            kept.append(caption)
            return table + "\n\n" + caption
        default: return table
        }
    }

    private mutating func cell() -> String {
        random.chance(0.1) ? "" : (0..<random.int(1...3)).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    /// A pipe table drawn loosely: rows with fewer or more cells than the header, outer pipes or not,
    /// alignments, sometimes a line longer than 72 columns.
    mutating func pipeTable() -> String {
        let columns = random.int(1...4)
        let outer = columns == 1 || random.chance(0.7)
        func row(_ cells: [String]) -> String {
            let inner = cells.joined(separator: random.pick([" | ", "|", "  |  "]))
            return outer ? "| " + inner + random.pick([" |", "|", " |"]) : inner
        }
        var lines = [row((0..<columns).map { _ in
            let text = cell()
            return text.isEmpty ? "h" : text
        })]
        lines.append(row((0..<columns).map { _ in random.pick(["---", ":--", "--:", ":-:", "-", "------"]) }))
        for _ in 0..<random.int(0...4) {
            let ragged = max(1, columns + random.pick([0, 0, 0, -1, 1]))
            let count = evenRows ? columns : ragged
            var cells = (0..<count).map { _ in cell() }
            if random.chance(0.1) { cells[0] = String(repeating: "long words ", count: 8) }
            lines.append(outer || count > 1 ? row(cells) : "| " + cells[0] + " |")
        }
        return lines.joined(separator: "\n")
    }

    mutating func gridTable(captioned: Bool) -> String {
        var generator = RandomGridTable(seed: random.next(), combiningMarks: false)
        let table = generator.text(generator.grid())
        guard captioned else { return table }
        let caption = random.pick([": A grid {#tbl-grid}", "Table: Grid"])
        kept.append(caption)
        return table + "\n" + caption
    }

    private func indented(_ text: String, _ prefix: String, first: String? = nil) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            line.isEmpty ? (prefix.hasPrefix(">") ? ">" : "") : (index == 0 ? first ?? prefix : prefix) + line
        }.joined(separator: "\n")
    }
}
