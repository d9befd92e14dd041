import TestSupport
@testable import TextTables

/// Random reStructuredText documents whose tables stand where docutils may or may not start a body
/// element: right under section titles (underlined, over- and underlined, with underlines too short),
/// right after explicit markup (comments, directives with options, targets), bullet items, fields, line
/// blocks, doctest blocks, enumerated items, paragraphs, literal blocks and block quotes, right after
/// other tables, inside a block quote that ends right below them, and after blank lines. Their simple
/// tables have row-group `-` lines, right-aligned columns of numbers, header spans and rows of several
/// lines; their list-tables have titles on one or two lines and options. Every table here reads in
/// docutils wherever docutils starts an element; `broken` adds tables that do not (no bottom border, no
/// blank line before a list-table's rows, rows of different lengths).
struct RandomRSTDocument {
    var random: SeededRandom
    let broken: Bool
    /// The directives made so far whose body formatting must leave alone, each as made.
    var verbatim: [String] = []

    init(seed: UInt64, broken: Bool = false) {
        random = SeededRandom(seed: seed)
        self.broken = broken
    }

    static let words = ["alpha", "beta", "x", "東京", "日本語", "ＡＢＣ", "😀", "Ελλ", "±°", "`code`", "**bold**"]
    static let numbers = ["3", "12", "1,024", "3.14", "-7", "0", "99.5", "100"]

    mutating func make() -> String {
        (0..<random.int(1...5)).map { _ in block() }.joined(separator: "\n\n")
    }

    /// A table in one of the places the class of missed tables came from, or after a blank line.
    mutating func block() -> String {
        let table = table()
        switch random.int(0...23) {
        case 0: return title() + table
        case 1: return random.pick(["======", "------", "~~~~~~~~~~~~"]).withTitle("Overlined") + table
        case 2: return random.pick([".. a comment\n", "..\n", ".. _target: https://example.org\n", "__ https://example.org\n",
                                    ".. |s| replace:: text\n", ".. comment\n   on two lines\n"]) + table
        case 3: return random.pick([".. note:: A note.\n   :class: aside\n", ".. image:: a.png\n   :alt: A\n"]) + table
        case 4: return random.pick(["- item\n", "* item\n  more\n", ":Field: value\n", ":Author: A\n:Date: B\n", "| a line\n", "| a line\n  going on\n"]) + table
        case 5: return "A paragraph line\n" + table  // continues the paragraph: no table
        case 6: return random.pick([">>> 1 + 1\n2\n", "1. item\n", "A. item\n"]) + table  // a doctest block, a paragraph
        case 7: return "A literal block::\n\n    code\n" + table
        case 8: return "  A block quote.\n" + table
        case 9: return random.pick([gridTable(), listTable()]) + "\n" + random.pick([listTable(), simpleTable()])  // a table right after another
        case 10: return random.pick(["1. Introduction\n================\n", "(a) Part\n========\n", "Title\n=====\nSubtitle\n--------\n"]) + table
        case 11: return title() + indented(table, by: 2)  // a block quote right under the title
        case 12: return "A paragraph.\n\n" + indented(simpleTable(), by: random.int(1...4)) + "\n" + random.pick(["After.", ".. comment", "- item"])
        case 13: return random.pick(["Short\n===\n", "Longer title\n===\n", "Longer title\n====\n"]) + table  // under 4 marks: a paragraph
        case 14: return ".. table:: Title\n" + indented(gridTable(), by: 3)  // the title's lines, no table (and no content)
        case 15: return "- item\n" + indented(table, by: 2)  // the item's paragraph
        case 16: return "| a line\n" + indented(table, by: 3)  // the line's continuation
        case 17: return ".. note::\n\n   Text.\n" + indented(table, by: 3)  // inside the note, right below its text
        case 18: return random.pick(["A paragraph line\n", "Two lines\nof a paragraph\n", "- item\n", "1. item\n"]) + indented(table, by: 4)  // a definition, a block quote
        case 19:
            // A grid or simple table drawn roomy in a directive that shows its body as written, or one
            // docutils does not know (Sphinx's): left alone byte for byte.
            let directive = random.pick([".. testoutput::", ".. code-block:: text", ".. code::", ".. math::", ".. doctest::\n   :options: +ELLIPSIS",
                                         ".. ipython::", ".. jupyter-execute::", ".. parsed-literal::", ".. some-extension:: arg"])
            let block = directive + "\n\n" + indented(random.pick([gridTable(), simpleTable()]), by: 3)
            verbatim.append(block)
            return block + "\n\n" + table
        case 20:
            // A directive docutils reads the body of: its tables are found.
            return random.pick([".. container::", ".. topic:: Topic", ".. admonition:: Title", ".. warning::", ".. sidebar:: Side"]) + "\n\n" + indented(table, by: 3)
        default: return table
        }
    }

    private mutating func title() -> String {
        let text = random.pick(["Title", "Prices", "東京"])
        let width = SimpleTablePrinter.width(of: text)
        return text + "\n" + String(repeating: random.pick(["=", "-", "~", "^", "#"]), count: width + random.int(0...3)) + "\n"
    }

    private func indented(_ text: String, by columns: Int) -> String {
        let indent = String(repeating: " ", count: columns)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
    }

    mutating func table() -> String {
        switch random.int(0...2) {
        case 0: return gridTable()
        case 1: return simpleTable()
        default: return listTable()
        }
    }

    mutating func gridTable() -> String {
        var generator = RandomGridTable(seed: random.next(), combiningMarks: false)
        return generator.text(generator.grid())
    }

    private mutating func phrase() -> String {
        (0..<random.int(1...2)).map { _ in random.pick(Self.words) }.joined(separator: " ")
    }

    /// A simple table drawn roomier than formatting draws it: columns of words, left-aligned, and columns
    /// of numbers, flush right or left; `-` lines between groups of body rows (after some rows or all);
    /// sometimes a header whose first row spans two columns, rows continued on a second line, blank lines
    /// between rows, an empty first cell (`\`).
    mutating func simpleTable() -> String {
        let columns = random.int(2...4)
        let numeric = (0..<columns).map { $0 > 0 && random.chance(0.5) }
        let flushRight = numeric.map { $0 && random.chance(0.8) }
        let bodyRows = (0..<random.int(1...5)).map { _ in
            (0..<columns).map { c -> String in numeric[c] ? (random.chance(0.1) ? "" : random.pick(Self.numbers)) : phrase() }
        }
        let header = random.chance(0.6) ? [(0..<columns).map { c in numeric[c] ? random.pick(["N", "Qty", "Count"]) : random.pick(["Name", "Item", "東京"]) }] : []
        let spanning = !header.isEmpty && columns > 2 && random.chance(0.2)
        let gap = String(repeating: " ", count: random.int(2...3))
        var widths = (0..<columns).map { c in
            max(1, (header + bodyRows).map { SimpleTablePrinter.width(of: $0[c]) }.max()! + random.int(0...3))
        }
        if spanning { widths[1] = max(widths[1], SimpleTablePrinter.width(of: "Both columns") - widths[0] - gap.count) }
        func rule(_ mark: Character, spans: [Range<Int>]? = nil) -> String {
            let runs = spans ?? (0..<columns).map { $0..<$0 + 1 }
            return runs.map { run in
                String(repeating: mark, count: run.map { widths[$0] }.reduce(0, +) + gap.count * (run.count - 1))
            }.joined(separator: gap)
        }
        func line(_ cells: [String], right: [Bool]) -> String {
            var text = ""
            for (c, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[c] - SimpleTablePrinter.width(of: cell)))
                text += (c > 0 ? gap : "") + (right[c] ? pad + cell : cell + pad)
            }
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        var lines = [rule("=")]
        if spanning {
            lines.append("Both columns")
            lines.append(rule("-", spans: [0..<2] + (2..<columns).map { $0..<$0 + 1 }))
        }
        for row in header { lines.append(line(row, right: flushRight.map { $0 && random.chance(0.5) })) }
        if !header.isEmpty { lines.append(rule("=")) }
        let grouped = random.chance(0.5), everyRow = random.chance(0.3), spaced = random.chance(0.2)
        for (r, row) in bodyRows.enumerated() {
            var cells = row
            if cells[0].isEmpty || random.chance(0.05) { cells[0] = "\\" }
            lines.append(line(cells, right: flushRight))
            if !numeric[columns - 1] && random.chance(0.15) {
                // The row's last cell goes on (text may run past the last column).
                lines.append(line(Array(repeating: "", count: columns - 1) + [random.pick(["more", "text going on"])], right: flushRight))
            }
            guard r < bodyRows.count - 1 else { continue }
            if spaced { lines.append("") }
            if grouped && (everyRow || random.chance(0.4)) { lines.append(rule("-")) }
        }
        if broken && random.chance(0.3) { return lines.joined(separator: "\n") }  // no bottom border
        lines.append(rule("="))
        return lines.joined(separator: "\n")
    }

    /// A simple table of one-line rows drawn roomy, most lines printable ASCII (formatting prints such a
    /// table from its bytes, `PlainSimpleTable`), now and then with what sends it the general way or makes
    /// it an error: wide and combining characters, a tab, a blank first cell (the line continues the row
    /// above), a row of `=` and `-` text, a header rule with a column span or right below the top border,
    /// a `-` line, a blank line, text under a gap, text past the last column, trailing blanks, a rule of
    /// another length. Columns of numbers are flush right or left.
    mutating func oneLineRowsSimpleTable() -> String {
        let columns = random.int(2...4), odd = random.pick([0.0, 0.03, 0.1])
        let plain = ["a", "bc", "word", "two words", "x", "12", "1,024", "-7", "3.14"]
        let rare = ["東京", "e\u{301}", "ＡＢ", "a\tb", "\t", "==", "--", "= -", "=", "", "===  ===", "\\"]
        func cell() -> String { random.chance(odd) ? random.pick(rare) : random.pick(plain) }
        let rows = (0..<random.int(1...6)).map { _ in (0..<columns).map { _ in cell() } }
        let headerRows = random.chance(0.6) ? random.int(min(1, rows.count - 1)...min(2, rows.count - 1)) : 0
        let flushRight = (0..<columns).map { $0 > 0 && random.chance(0.4) }
        let gap = String(repeating: " ", count: random.int(2...3))
        let widths = (0..<columns).map { c in
            let widest = rows.map { SimpleTablePrinter.width(of: $0[c]) }.max()!
            // Narrower than its text now and then: the text runs into the gap, or past the last column.
            return max(1, random.chance(odd) ? widest - random.int(1...2) : widest + random.int(0...3))
        }
        func rule(_ mark: Character, spans: [Range<Int>]) -> String {
            spans.map { run in String(repeating: mark, count: run.map { widths[$0] }.reduce(0, +) + gap.count * (run.count - 1)) }.joined(separator: gap)
        }
        let units = (0..<columns).map { $0..<$0 + 1 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (c, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[c] - SimpleTablePrinter.width(of: cell)))
                text += (c > 0 ? gap : "") + (flushRight[c] && random.chance(0.9) ? pad + cell : cell + pad)
            }
            return random.chance(odd) ? text : String(text.reversed().drop { $0 == " " }.reversed())
        }
        let top = rule("=", spans: units)
        var lines = [top]
        if random.chance(odd) { lines.append(top) }  // an empty row, or a header of one
        for (r, row) in rows.enumerated() {
            lines.append(line(row))
            if random.chance(odd / 2) { lines.append(line([""] + row.dropFirst().map { _ in cell() })) }  // the row goes on
            if r == headerRows - 1 {
                // A header rule whose first run spans two columns, or drawn a mark longer.
                let spans = columns > 2 && random.chance(odd) ? [0..<2] + (2..<columns).map { $0..<$0 + 1 } : units
                lines.append(rule("=", spans: spans) + (random.chance(odd / 2) ? "=" : ""))
            } else if r < rows.count - 1 {
                if random.chance(odd / 2) { lines.append("") }
                if random.chance(odd / 2) { lines.append(rule("-", spans: random.chance(0.5) ? units : [0..<2] + (2..<columns).map { $0..<$0 + 1 })) }
            }
        }
        lines.append(top)
        return lines.joined(separator: "\n")
    }

    /// A list-table: no title, a title on the directive line, one running on to a second line, or one that
    /// starts below the directive line; options; rows of one to three cells.
    mutating func listTable() -> String {
        let rows = random.int(1...3), columns = random.int(1...3)
        var lines = [".. list-table::" + random.pick(["", " Prices", " Prices of", ""])]
        if lines[0].hasSuffix(" of") { lines.append("   " + random.pick(["the season", "  fruit and *nuts*"])) }
        if lines[0] == ".. list-table::" && random.chance(0.3) { lines.append("   A title below the directive") }
        if rows > 1 && random.chance(0.5) { lines.append("   :header-rows: 1") }
        if random.chance(0.4) { lines.append("   :widths: " + (0..<columns).map { _ in String(random.int(1...30)) }.joined(separator: " ")) }
        if !(broken && random.chance(0.3)) { lines.append("") }
        for r in 0..<rows {
            let count = broken && r == rows - 1 && random.chance(0.3) ? columns + 1 : columns
            for c in 0..<count { lines.append("   " + (c == 0 ? "* - " : "  - ") + phrase()) }
        }
        return lines.joined(separator: "\n")
    }
}

private extension String {
    /// An over- and underlined title with this adornment.
    func withTitle(_ title: String) -> String { self + "\n" + title + "\n" + self + "\n" }
}
