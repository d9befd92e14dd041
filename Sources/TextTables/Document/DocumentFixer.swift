/// What `format --fix` (and the server's fix-all) made of a document: its safe fixes applied, table by
/// table, then every table formatted.
package struct FixAllResult: Sendable {
    /// The edits of the original document that make `output` (sorted, not overlapping).
    package var edits: [TextEdit]
    package var output: [UInt8]
    /// How many fixes were applied.
    package var fixed: Int
    /// The errors left (formatting left their tables as they were), placed in `fixedText`.
    package var refused: [Diagnostic]
    /// The document after the fixes, before formatting: where `refused` points.
    package var fixedText: TextLines
    package var changed: Bool
}

/// Applies the preferred fix of every diagnostic whose fix is safe (`Fix.isSafe`: one reading only), then
/// formats. A fix can change the table's lines and what follows, so the document is read again after each
/// round; a round fixes each table at most once (its first safe fix), which is what fixing the tables one
/// after another gives, since a table's fix touches only its own lines.
package enum DocumentFixer {
    package static func fixAll(_ bytes: [UInt8], syntax: DocumentSyntax, options: FormatOptions) -> FixAllResult {
        var current = bytes
        var edits: [TextEdit] = []
        var fixed = 0
        var text = TextLines.readerLines(current)
        var scan = syntax.scan(text, options: options.scan)
        // Each round fixes at least one table, and a fixed table reads (or needs a choice): bounded.
        for _ in 0...(scan.tables.count + scan.diagnostics.count) {
            let round = safeFixes(text, scan: scan, options: options)
            let roundEdits = round.flatMap { $0 }
            let next = TextEdit.apply(roundEdits, to: current)
            // A fix that changes nothing would be offered again: the round is the last.
            if round.isEmpty || next == current { break }
            fixed += round.count
            edits = compose(edits, then: roundEdits, middle: current)
            current = next
            text = TextLines.readerLines(current)
            scan = syntax.scan(text, options: options.scan)
        }
        let formatting = DocumentFormatter.edits(text, scan: scan, options: options)
        edits = compose(edits, then: formatting.edits, middle: current)
        let output = TextEdit.apply(formatting.edits, to: current)
        let refused = (scan.diagnostics + formatting.refused).filter { $0.severity == .error }
            .sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) }
        return FixAllResult(edits: edits, output: output, fixed: fixed, refused: refused, fixedText: text, changed: output != bytes)
    }

    /// The edits of each safe fix to make now: per table the first (in document order) of its diagnostics
    /// with one, and those of the scan (an unclosed simple table); in document order, none overlapping.
    static func safeFixes(_ text: TextLines, scan: TableScan, options: FormatOptions) -> [[TextEdit]] {
        var found: [[TextEdit]] = scan.diagnostics.compactMap { $0.safeFix?.edits }
        for region in scan.tables {
            let diagnostics = TableReading(text, region: region, options: options).diagnosticsWithFixes()
            let first = diagnostics.filter { $0.safeFix != nil }.min { $0.range.lowerBound < $1.range.lowerBound }
            if let edits = first?.safeFix?.edits { found.append(edits) }
        }
        var chosen: [[TextEdit]] = []
        var end = -1
        for edits in found.filter({ !$0.isEmpty }).sorted(by: { $0[0].range.lowerBound < $1[0].range.lowerBound }) {
            // Touching fixes wait a round: each is made on the text as its table reads it.
            guard edits[0].range.lowerBound > end else { continue }
            chosen.append(edits)
            end = edits.map(\.range.upperBound).max()!
        }
        return chosen
    }

    /// Edits of the original text that make what `first` and then `second` (edits of the text `first`
    /// made, `middle`) make. Edits of both that overlap or touch become one.
    static func compose(_ first: [TextEdit], then second: [TextEdit], middle: [UInt8]) -> [TextEdit] {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        // Each edit as the range it covers in `middle`: the first's new text, the second's range.
        var items: [(range: Range<Int>, delta: Int, second: TextEdit?)] = []
        var shift = 0
        for edit in first {
            let start = edit.range.lowerBound + shift
            items.append((start..<start + edit.newText.count, edit.newText.count - edit.range.count, nil))
            shift += edit.newText.count - edit.range.count
        }
        items += second.map { ($0.range, 0, $0) }
        items.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var result: [TextEdit] = []
        var before = 0  // length change of the first's edits before the cluster
        var i = 0
        while i < items.count {
            let low = items[i].range.lowerBound
            var high = items[i].range.upperBound, j = i + 1
            while j < items.count && items[j].range.lowerBound <= high { high = max(high, items[j].range.upperBound); j += 1 }
            let cluster = items[i..<j]
            var newText: [UInt8] = [], position = low
            for edit in cluster.compactMap(\.second) {
                newText += middle[position..<edit.range.lowerBound] + edit.newText
                position = edit.range.upperBound
            }
            newText += middle[position..<high]
            let delta = cluster.map(\.delta).reduce(0, +)
            result.append(TextEdit(range: (low - before)..<(high - before - delta), newText: newText))
            before += delta
            i = j
        }
        return result
    }
}
