/// The tree a reader reads from a document of numbered cases (`scripts/read_tables.py`'s -tree modes,
/// a node a line, indented by nesting), cut into the part each case's table reads as, so that a test
/// can compare documents case by case and say where two differ.
struct ReaderTree {
    /// A document holding `tables`, each after a paragraph `FitCase N` that marks where its part starts;
    /// a last marker `FitCase end` keeps messages about the document (docutils's unresolved references)
    /// out of the last case.
    static func document(_ tables: [String]) -> [UInt8] {
        Array((tables.enumerated().map { "FitCase \($0)\n\n\($1)\n" }.joined() + "FitCase end\n").utf8)
    }

    /// Each case's lines by its number ("end" for the document's tail).
    let parts: [String: [Substring]]

    init(_ tree: String) {
        var parts: [String: [Substring]] = [:], current = "start", lines = tree.split(separator: "\n")
        var i = 0
        while i < lines.count {
            // A marker is a paragraph at the top of the document (docutils's are under `document`) whose
            // text is `FitCase N`.
            if i + 1 < lines.count, !lines[i].hasPrefix("   "), lines[i + 1].drop(while: { $0 == " " }).hasPrefix("\"FitCase "),
               let name = lines[i + 1].split(separator: " ").last?.dropLast() {
                current = String(name)
                i += 2
                continue
            }
            parts[current, default: []].append(lines[i])
            i += 1
        }
        self.parts = parts
    }

    /// How `after` differs from `before`: the first line that differs, with lines around it from both,
    /// and the index (in document order) of the cell of the outermost table that holds it.
    static func difference(_ before: [Substring], _ after: [Substring]) -> (cell: Int?, text: String)? {
        guard before != after else { return nil }
        let first = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(before.count, after.count)
        let cell = cellIndex(before, at: min(first, max(0, before.count - 1)))
        // Where the first differing lines part: a long line (a code block's text) is shown from a little before.
        let from = first < min(before.count, after.count)
            ? zip(before[first], after[first]).prefix { $0 == $1 }.count : 0
        func around(_ lines: [Substring]) -> String {
            let range = max(0, first - 8)..<min(lines.count, first + 8)
            return range.map { $0 == first ? ">> " + shortened(lines[$0], from: from) : "   " + shortened(lines[$0], from: 0) }.joined(separator: "\n")
        }
        return (cell, "before:\n\(around(before))\nafter:\n\(around(after))")
    }

    /// A line of at most 400 characters from `from` less 150 (a code block's text is one line).
    private static func shortened(_ line: Substring, from: Int) -> String {
        guard line.count > 400 else { return String(line) }
        let indent = line.prefix { $0 == " " }, start = max(indent.count, from - 150)
        return indent + (start > indent.count ? "…" : "") + line.dropFirst(start).prefix(400) + "…"
    }

    /// The cell of the outermost table that holds line `index`: cells start with `entry` (docutils) or
    /// `Cell` (pandoc) lines, and the outermost are the least indented.
    private static func cellIndex(_ lines: [Substring], at index: Int) -> Int? {
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        func isCell(_ line: Substring) -> Bool {
            let text = line.drop { $0 == " " }
            return text == "entry" || text.hasPrefix("entry ") || text.hasPrefix("Cell ")
        }
        guard let outer = lines.filter(isCell).map(indent).min() else { return nil }
        let count = lines[...index].count { isCell($0) && indent($0) == outer }
        return count > 0 ? count - 1 : nil
    }
}
