import GridModel
import TestSupport
@testable import TextTables

/// Random cell text built from the block constructs writers put in grid table cells, for the syntax's
/// reader: reStructuredText (docutils, pandoc -f rst) or pandoc's Markdown. Each block is named, so that
/// a test can say which construct a fit broke. Words include inline markup, long words and URLs, CJK, and
/// words that are markup at the start of a line, which re-wrapping may put there.
struct RandomCells {
    var random: SeededRandom
    let syntax: DocumentSyntax
    /// Numbers names that must be unique in a document (substitutions, footnotes).
    private var serial = 0

    init(seed: UInt64, syntax: DocumentSyntax) {
        random = SeededRandom(seed: seed)
        self.syntax = syntax
    }

    /// A cell: its lines and the names of its blocks.
    struct Cell {
        var lines: [String]
        var constructs: [String]
    }

    /// Words that are markup at the start of a line. Fences only in Markdown: in reStructuredText "```"
    /// makes pandoc -f rst read an inline literal across blocks, where docutils reads none (readers disagree
    /// before any fit).
    static let markupAtLineStart = ["===", "---", "*", "+", "#", ">", "|", "1.", "2)", "a.", "(b)", "#.", "..", ":x:", "-x",
                                    "--long", "/V", ">>>", "-", "::"]
    /// Words that are markup at the end of a line: a backslash (a hard break in pandoc, an escaped newline
    /// in docutils) and an escaped space (`\\` before the space that follows the word).
    static let markupAtLineEnd = ["back\\", "\\", "escaped\\ "]
    private var markupWords: [String] {
        Self.markupAtLineEnd + (syntax == .restructuredText ? Self.markupAtLineStart : Self.markupAtLineStart + ["~~~", "```"])
    }
    private static let plainWords = ["alpha", "beta", "gamma", "delta", "x", "42", "东京都", "日本語の文章", "±°", "Ελλάδα",
                                     "supercalifragilisticexpialidocious", "https://example.org/a/long/path/to/somewhere"]
    private var inlineMarkup: [String] {
        syntax == .restructuredText
            ? ["*emphasis*", "**strong words**", "``code with spaces``", "`interpreted`", ":code:`role text`", "<https://example.com>"]
            : ["*emphasis*", "**strong words**", "`code with spaces`", "<https://example.com>", "<span>inline html</span>", "$x + y$",
               "[a link](https://example.com/x)"]
    }

    mutating func words(_ count: ClosedRange<Int>) -> String {
        (0..<random.int(count)).map { _ in
            let roll = random.int(0...9)
            return roll < 5 ? random.pick(Self.plainWords) : roll < 8 ? random.pick(inlineMarkup) : random.pick(markupWords)
        }.joined(separator: " ")
    }

    /// A paragraph that starts with a word, never with markup (a paragraph that starts with markup is a
    /// different block already).
    mutating func paragraph(_ count: ClosedRange<Int> = 4...24) -> String {
        random.pick(["Some", "The", "alpha", "日本語"]) + " " + words(count)
    }

    mutating func cell() -> Cell {
        var cell = Cell(lines: [], constructs: [])
        for i in 0..<random.int(0...3) {
            let (name, lines) = syntax == .restructuredText ? rstBlock() : markdownBlock()
            if i > 0 { cell.lines.append("") }
            cell.lines += lines
            cell.constructs.append(name)
        }
        return cell
    }

    private func indented(_ lines: [String], by n: Int) -> [String] {
        lines.map { $0.isEmpty ? $0 : String(repeating: " ", count: n) + $0 }
    }

    private mutating func codeLine() -> String {
        random.pick(["x = compute(alpha, beta)  # a long comment that runs past the column bound of the table",
                     "    return [value for value in values if value is not None and value.ready]",
                     "print(\"東京都 and more text\")", "$ gridls format --max-width 40 docs/index.rst"])
    }

    mutating func rstBlock() -> (String, [String]) {
        serial += 1
        switch random.int(0...18) {
        case 0, 1: return ("paragraph", [paragraph()])
        case 2: return ("bullet list", rstList(style: random.int(0...2), depth: 0))
        case 3: return ("enumerated list", rstList(style: random.int(3...6), depth: 0))
        case 4: return ("definition list", [paragraph(3...14)] + indented([paragraph()], by: 3))
        case 5: return ("field list", [":field name: " + paragraph(), ":other: " + paragraph(2...8)])
        case 6: return ("option list", ["-a, --all  " + paragraph(), "--level=N  " + paragraph(2...10)])
        case 7: return ("line block", ["| " + paragraph(), "  " + words(2...6), "| " + paragraph(2...8)])
        case 8: return ("block quote", [paragraph(2...6), ""] + indented([paragraph()], by: 3))
        case 9: return ("literal block", [paragraph(2...8) + "::", "", "    " + codeLine(), "    " + codeLine()])
        case 10: return ("quoted literal block", ["::", "", "> " + codeLine(), "> " + codeLine()])
        case 11: return ("note directive", [".. note::", "", "   " + paragraph(), "", "   " + paragraph(2...10)])
        case 12:
            let options = random.chance(0.3) ? ["   :linenos:", "   :caption: " + words(2...8)] : []
            return ("code-block directive", [random.pick([".. code-block:: python", ".. code::"])] + options + ["", "   " + codeLine(), "   " + codeLine()])
        case 13: return ("unknown directive", [".. frobnicate:: " + words(1...4), "   :option: " + words(2...8), "", "   " + paragraph()])
        case 14: return ("comment", [".. " + paragraph()])
        case 15: return ("substitution definition", [".. |sub\(serial)| replace:: " + paragraph(2...12), "", paragraph(2...8) + " |sub\(serial)| " + words(1...6)])
        case 16: return ("doctest block", [">>> print(" + random.pick(Self.plainWords).debugDescription + ")", random.pick(Self.plainWords)])
        case 17:
            // A title and its underline, which a cell does not allow: docutils says so, and must say the same after.
            let title = paragraph(1...6)
            return ("section-like lines", [title, String(repeating: random.pick(["=", "-", "~"]), count: ReferenceReader(syntax).width(of: title) + 2)])
        default: return random.chance(0.5) ? ("nested grid table", nestedGrid()) : ("nested simple table", ["=====  =====", "a      " + words(1...3), "b      c", "=====  ====="])
        }
    }

    /// A list whose markers are bullets (style 0-2) or numbers (3-6), maybe with a nested bullet list.
    private mutating func rstList(style: Int, depth: Int) -> [String] {
        var lines: [String] = []
        for i in 0..<random.int(1...3) {
            let marker = ["- ", "* ", "+ ", "\(i + 1). ", "#. ", "(\(i + 1)) ", "\(i + 1)) "][style]
            lines.append(marker + paragraph())
            if depth == 0 && random.chance(0.3) {
                lines += [""] + indented(rstList(style: 0, depth: 1), by: marker.count) + [""]
            }
        }
        return lines.last == "" ? Array(lines.dropLast()) : lines
    }

    private mutating func nestedGrid() -> [String] {
        let cells = [GridCell(rows: 0..<1, columns: 0..<1, lines: [words(1...3)]), GridCell(rows: 0..<1, columns: 1..<2, lines: [paragraph(1...4)])]
        let grid = try! Grid(rowCount: 1, columnCount: 2, cells: cells, headerRowCount: 0)
        return GridTablePrinter(grid, options: WidthOptions(), syntax: syntax).lines().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func markdownBlock() -> (String, [String]) {
        serial += 1
        switch random.int(0...15) {
        case 0, 1: return ("paragraph", [paragraph()])
        case 2: return ("bullet list", markdownList(ordered: false, depth: 0))
        case 3: return ("ordered list", markdownList(ordered: true, depth: 0))
        case 4: return ("block quote", ["> " + paragraph(), "> " + words(2...8)])
        case 5: return ("ATX heading", [random.pick(["# ", "## ", "### "]) + paragraph(3...12)])
        case 6: return ("indented code", ["    " + codeLine(), "    " + codeLine()])
        case 7: return ("fenced code", random.chance(0.5) ? ["```", codeLine(), codeLine(), "```"] : ["~~~ python", codeLine(), "~~~"])
        case 8: return ("backslash hard break", [paragraph(2...10) + "\\", paragraph(2...10)])
        case 9: return ("two-space hard break", [paragraph(2...10) + "  ", paragraph(2...10)])
        case 10: return ("HTML block", ["<div class=\"note\">", paragraph(), "</div>"])
        case 11: return ("HTML comment", ["<!-- " + paragraph() + " -->"])
        case 12: return ("footnote", [paragraph(2...8) + " [^n\(serial)] " + words(1...5), "", "[^n\(serial)]: " + paragraph()])
        case 13: return ("definition list", [paragraph(1...6), ":   " + paragraph()])
        case 14: return ("line block", ["| " + paragraph(), "|    " + paragraph(2...8)])
        default: return ("nested grid table", nestedGrid())
        }
    }

    private mutating func markdownList(ordered: Bool, depth: Int) -> [String] {
        var lines: [String] = []
        for i in 0..<random.int(1...3) {
            let marker = ordered ? "\(i + 1). " : random.pick(["- ", "* "])
            lines.append(marker + paragraph())
            if depth == 0 && random.chance(0.3) {
                lines += indented(markdownList(ordered: false, depth: 1), by: marker.count)
            }
        }
        return lines
    }
}
