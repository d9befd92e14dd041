import TestSupport
@testable import TextTables

/// `RandomPandocDocument`'s blocks of containers (deeply nested, or going on after the ones they hold)
/// and of fences pandoc reads as text: drawn last in a document, so that the documents drawn before them
/// stay as they were.
extension RandomPandocDocument {
    /// Div fences indented one to three columns, which pandoc reads as text: a table right under an
    /// indented opener is a paragraph's lines; an indented closer is a line of the div's text.
    mutating func indentedFences() -> String {
        let pad = String(repeating: " ", count: random.int(1...3))
        kept.append("::: note")
        switch random.int(0...2) {
        case 0: return pad + "::: note\n" + pipeTable()
        case 1: return "::: note\n" + pipeTable() + "\n" + pad + ":::\n" + pipeTable() + "\n:::"
        default: return "::: note\nText.\n" + pad + ":::\n\n" + pipeTable() + "\n:::"
        }
    }

    /// A list item, block quote or definition holding another container, then going on after it: runs of
    /// blank lines, lazy lines, a table in the inner container, one back in the outer one below it and one
    /// in a next item. The outer container must read its lines as before once the inner one is read.
    mutating func containersGoingOn() -> String {
        // A definition's text at column 2 or 4 (read alike by pandoc 3.6 and 3.9 only at 4), its term right
        // above it or a blank line above.
        let outer = random.pick([("- ", "  "), ("1. ", "   "), ("> ", "> "), ("Term\n\n: ", "    "), ("Term\n:   ", "    "), ("Term\n~ ", "    ")])
        let inner = random.pick([("- ", "  "), ("> ", "> "), ("#. ", "   ")])
        func blanks(_ prefix: String) -> [String] {
            // Inside a block quote a blank line keeps its `>`, else it would end the quote.
            let blank = prefix.contains(">") ? String(prefix.reversed().drop { $0 == " " }.reversed()) : ""
            return Array(repeating: blank, count: random.int(1...3))
        }
        // A simple or multiline table only in the inner container: below it, its first line (often indented)
        // would go on with the inner container and the others be lazy lines, a table gridls leaves alone.
        func table(_ prefix: String, simple: Bool = false) -> [String] {
            let text: String
            switch random.int(0...(simple ? 3 : 2)) {
            case 0: text = gridTable(captioned: false)
            case 3: var generator = RandomPandocTable(seed: random.next()); text = String(generator.table().roomy.dropLast())
            default: text = pipeTable()
            }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? blanks(prefix)[0] : prefix + $0 }
        }
        var lines = [outer.0 + "outer text"]
        if random.chance(0.5) { lines.append("a lazy line") }
        lines += blanks(outer.1)
        lines.append(outer.1 + inner.0 + "inner text")
        if random.chance(0.5) { lines.append(random.pick(["a lazy line", outer.1 + "lazy in the inner"])) }
        lines += blanks(outer.1 + inner.1)
        if inner.0 != "> " && random.chance(0.3) {
            // A simple table with a header and no closing line, the next inner item right under it: its last
            // row has no blank line after it where pandoc reads the item (a paragraph, not a table).
            let widths = (0..<random.int(2...3)).map { _ in random.int(3...6) }
            let row = { (words: [String]) in zip(words, widths).map { $0 + String(repeating: " ", count: max(1, $1 + 2 - $0.count)) }.joined() }
            lines += [row(widths.map { _ in random.pick(["A", "B", "x", "42"]) }), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
                      row(widths.map { _ in random.pick(["1", "22", "alpha"]) })].map { outer.1 + inner.1 + $0 }
            lines.append(outer.1 + inner.0 + "next inner")
        } else {
            lines += table(outer.1 + inner.1, simple: true)
        }
        lines += blanks(outer.1)
        lines += table(outer.1)
        if random.chance(0.5) {
            if outer.0.hasPrefix("Term") {
                // A next definition right under the table ends it since pandoc 3.8; before, it was a row.
                lines += random.pick([["", "Another", "", ": next"], [": next"], ["~ next | x"]]) + blanks(outer.1) + table(outer.1)
            } else {
                lines += ["", outer.0 + "next"] + blanks(outer.1) + table(outer.1)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A table under many levels of list items and block quotes, each indented under the one above, with
    /// blank lines between.
    mutating func deeplyNested() -> String {
        var prefix = "", lines: [String] = []
        for level in 0..<random.int(3...12) {
            let (marker, rest) = random.pick([("- ", "  "), ("1. ", "   "), ("* ", "  "), ("> ", "> ")])
            lines.append(prefix + marker + "level \(level)")
            lines.append(random.chance(0.5) ? "" : prefix + rest)
            prefix += rest
        }
        return (lines + pipeTable().split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }).joined(separator: "\n")
    }

    /// A simple table on a list item's marker line, `spaces` after the marker: from five on, pandoc reads
    /// the item's text one space after the marker, the rest of the line indented in it (gridls leaves such
    /// a table alone, so `make` draws fewer).
    mutating func tableOnMarkerLine(spaces: ClosedRange<Int> = 1...4) -> String {
        let marker = random.pick(["-", "*", "(a)"])
        let padding = random.int(spaces)
        // The rows at the item's text column: after the spaces, or one space after the marker from five on.
        let indent = String(repeating: " ", count: marker.count + (padding > 4 ? 1 : padding))
        let widths = (0..<random.int(2...3)).map { _ in random.int(3...6) }
        let row = { (words: [String]) in zip(words, widths).map { $0 + String(repeating: " ", count: max(1, $1 + 2 - $0.count)) }.joined() }
        return [marker + String(repeating: " ", count: padding) + row(widths.map { _ in random.pick(["A", "Bb", "x", "42"]) }),
                indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
                indent + row(widths.map { _ in random.pick(["1", "22", "alpha"]) })].joined(separator: "\n")
    }

    /// A grid table's top border and rows without a border under them, then a simple table's lines right
    /// under it, or the same closed: unclosed, pandoc reads one paragraph of them all.
    mutating func unclosedGridOverTable() -> String {
        let cell = { (word: String) in " " + word + String(repeating: " ", count: 5 - word.count) }
        let rows = (0..<random.int(0...2)).map { _ in "|" + cell(random.pick(["a", "bb", "42"])) + "|" + cell(random.pick(["x", "yy"])) + "|" }
        let closed = !rows.isEmpty && random.chance(0.3) ? ["+------+------+"] : []
        return (["+------+------+"] + rows + closed).joined(separator: "\n") + "\n"
            + random.pick(["A   B\n--- ---\n1   2", "x     y\n----  ----\n22    3\n----  ----"])
    }
}
