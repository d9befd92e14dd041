/// Definition lists as pandoc reads them, which changed in pandoc 3.8: since then a definition is a list
/// item whose marker is `:` or `~`, its content as deep as the text after the marker; before, its content
/// was indented four columns whatever the marker line. Quarto bundles either, so a document with
/// definitions is read both ways and only the tables both readings see alike are tables (`PandocVersions`).
extension PandocMarkdownScanner {
    /// A definition list's item: its term (`lines[i]`) and its definitions; nil when no definition follows
    /// the term. Not where a blank line parts the term from a marker that starts a captioned table (pandoc
    /// reads `: …` as the table's caption); right under the term, `: …` is a definition all the same.
    mutating func readDefinitions(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        definitionsAsListItems
            ? readDefinitionItems(lines, i, reading: reading, divDepth: divDepth, inList: inList)
            : readDefinitionsByFourColumns(lines, i, reading: reading, divDepth: divDepth, inList: inList)
    }

    /// Whether a line whose text starts at `p`, `indent` columns in, starts a definition as pandoc 3.8 and
    /// later read one: a list item, which ends a list item's lines and, in a list, a paragraph. Noted, so
    /// that the document is read again as earlier versions read it.
    mutating func startsDefinitionItem(_ p: Int, _ end: Int, column indent: Int) -> Bool {
        guard definitionsAsListItems, PandocBlockSyntax.definitionListStart(b, p, end, column: indent) != nil else { return false }
        sawDefinitionMarker = true
        return true
    }

    /// Pandoc 3.8 and later: the term, then blank lines or none, then definitions, each a list item
    /// (`readListItem`) whose marker is `:` or `~`.
    private mutating func readDefinitionItems(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        var j = i + 1
        var found = false
        while true {
            // pandoc looks for the first marker right under the term or after one blank line.
            let m = found ? blankRunEnd(lines, from: j) : (j < lines.endIndex && isBlank(lines[j]) ? j + 1 : j)
            guard m < lines.endIndex, case let (indent, p) = indentation(lines[m]), indent < 4,
                  let marker = PandocBlockSyntax.definitionListStart(b, p, end(lines[m]), column: indent) else { break }
            sawDefinitionMarker = true
            if !found && m > j && startsCaptionedTable(lines, m, reading: reading, divDepth: divDepth, inList: inList) { return nil }
            found = true
            j = readListItem(lines, m, marker: marker, indent: indent, reading: reading, divDepth: divDepth)
        }
        return found ? j : nil
    }

    /// Whether a table starts at `lines[m]` (with its caption above): asked of a scanner of its own, so that
    /// what it finds is not kept (nor copied).
    mutating func startsCaptionedTable(_ lines: Lines, _ m: Int, reading: Int, divDepth: Int, inList: Bool) -> Bool {
        var probe = PandocMarkdownScanner(text: text, restartable: [], runs: runs, ends: ends)
        probe.htmlDepth = htmlDepth
        probe.definitionsAsListItems = definitionsAsListItems
        return probe.readTable(lines, m, reading: reading, divDepth: divDepth, inList: inList) != nil
    }

    /// A definition list's item as pandoc 3.7 and earlier read it: its term (`lines[i]`), then definitions
    /// (`:` or `~`, a blank line before or none), each read as blocks: its marker line's text, lines
    /// indented four columns (or going on lazily) and, after blank lines, more indented lines.
    private mutating func readDefinitionsByFourColumns(_ lines: Lines, _ i: Int, reading: Int, divDepth: Int, inList: Bool) -> Int? {
        var j = i + 1
        var found = false
        while true {
            var m = j
            if m < lines.endIndex && isBlank(lines[m]) { m += 1 }
            guard m < lines.endIndex, case let (indent, p) = indentation(lines[m]),
                  let start = PandocBlockSyntax.definitionMarker(b, p, end(lines[m]), indent: indent) else { break }
            if !found && m > j && startsCaptionedTable(lines, m, reading: reading, divDepth: divDepth, inList: inList) { return nil }
            found = true
            var changes: [Line] = []
            changes.note(lines[m], readAs: Line(index: lines[m].index, start: start, lazy: lines[m].lazy))
            // pandoc before 3.8 trimmed a definition's trailing blank lines and gave it two back only after a
            // blank line above its marker or when it went on after blank lines.
            var endsWithBlank = m > j
            j = m + 1
            while true {
                while j < lines.endIndex, !isBlank(lines[j]), !closesBlock(lines[j], divDepth: divDepth) {
                    if let line = gobbled(lines[j], 4) {
                        changes.note(lines[j], readAs: line)
                    } else if case let (indent, p) = indentation(lines[j]), PandocBlockSyntax.definitionMarker(b, p, end(lines[j]), indent: indent) == nil {
                        changes.note(lines[j], readAs: lines[j].lazily)
                    } else {
                        break
                    }
                    j += 1
                }
                let k = blankRunEnd(lines, from: j)
                guard k < lines.endIndex, k > j, !closesBlock(lines[k], divDepth: divDepth), let first = gobbled(lines[k], 4) else { break }
                changes.note(lines[k], readAs: first)
                endsWithBlank = true
                j = k + 1
            }
            readContent(lines[m..<j], changes: changes, divDepth: divDepth, inList: false, endsWithoutBlank: !endsWithBlank)
        }
        return found ? j : nil
    }
}
