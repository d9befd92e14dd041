/// An edit inside the cells of one row of a long grid table, and what it changes: that row's lines alone.
/// The server's index asks it on every keystroke in a grid table, so that typing in a 100,000-row table
/// re-reads the row typed in (between its two borders), not the table.
///
/// Why a row read alone says what the whole reading says of it: the row lies between two borders drawn
/// edge to edge with a `+` on every column line of the table and holds no `+` itself, so no cell crosses
/// those borders and no rule run of the row can add or move a column line; its lines' text is printable
/// ASCII (or tabs), which every reader counts as an editor draws it, so no reader-width finding of the
/// row changes. What such an edit can do is push the row's `|` off their column lines (a keystroke makes
/// the line a column longer): the whole reading then reports each such line as drifted, and nothing
/// else, as long as the table had nothing else to say. The table must also be longer than the slip search
/// reaches (`slipSearchLimit`): a shorter one may explain a drift by a slipped border instead.
package enum GridRowEdit {
    /// Tables of more lines than this are past the slip search, whose findings are the whole table's.
    package static var longerThan: Int { GridTableReader.slipSearchLimit.lines }

    /// Whether an edit of one line, `line` as it is after it (terminator excluded, its text from
    /// `contentStart`), which put `inserted` at `start` in place of `removed`, may keep the table's shape:
    /// it lies strictly between the line's first and last `|`, moves no `|` or `+`, and the line holds no
    /// `+` and only printable ASCII or tabs.
    package static func keepsShape(line: ArraySlice<UInt8>, contentStart: Int, start: Int, removed: ArraySlice<UInt8>, inserted: ArraySlice<UInt8>) -> Bool {
        let base = line.startIndex, end = start + inserted.count
        guard contentStart >= 0, contentStart <= start, end <= line.count else { return false }
        let plain = { (byte: UInt8) in (byte == 0x09 || (byte >= 0x20 && byte < 0x7F)) && byte != G.plus }
        guard removed.allSatisfy({ plain($0) && $0 != G.pipe }), inserted.allSatisfy({ plain($0) && $0 != G.pipe }) else { return false }
        guard line[(base + contentStart)...].allSatisfy(plain) else { return false }
        return line[(base + contentStart)..<(base + start)].contains(G.pipe) && line[(base + end)...].contains(G.pipe)
    }

    /// Whether a line, from `contentStart`, is a border drawn edge to edge: spaces, `+`, then runs of `-`,
    /// `=` or `:` each closed by a `+`, then blanks. Its `+` columns (x from the text's start) when it is.
    package static func junctions(of line: ArraySlice<UInt8>, contentStart: Int) -> [Int]? {
        // Spaces before it count as columns (a reStructuredText table indented in a directive).
        let text = line.dropFirst(contentStart), indent = text.prefix { $0 == G.space }.count
        let drawn = text.dropFirst(indent).prefix { $0 != G.space && $0 != 0x09 }
        guard drawn.first == G.plus, drawn.last == G.plus,
              text.dropFirst(indent + drawn.count).allSatisfy({ $0 == G.space || $0 == 0x09 }) else { return nil }
        var xs: [Int] = []
        for (offset, byte) in drawn.enumerated() {
            let x = indent + offset
            if byte == G.plus {
                guard xs.last.map({ $0 + 1 < x }) ?? true else { return nil }  // `++`: an empty column
                xs.append(x)
            } else if byte != G.dash && byte != G.equals && byte != G.colon {
                return nil
            }
        }
        return xs
    }

    /// Where a row's top border is looked for from its line `line`: the nearest line above, at most `reach`
    /// lines up, for which `hasPlus` holds (a taller row is read with its table).
    package static func lineWithPlus(above line: Int, reach: Int, _ hasPlus: (Int) -> Bool) -> Int? {
        stride(from: line - 1, through: max(0, line - reach), by: -1).first(where: hasPlus)
    }

    /// Where its bottom border is looked for: the nearest line below, fewer than `reach` lines down and
    /// before line `count`, for which `hasPlus` holds.
    package static func lineWithPlus(below line: Int, count: Int, reach: Int, _ hasPlus: (Int) -> Bool) -> Int? {
        (line + 1..<min(count, line + reach)).first(where: hasPlus)
    }

    /// A border line's bytes with its `=` and `:` drawn as `-`: the row read alone is no header and has
    /// no alignments (neither changes what is found of a row of printable ASCII).
    package static func plainBorder(_ line: ArraySlice<UInt8>, contentStart: Int) -> [UInt8] {
        var bytes = Array(line)
        for i in contentStart..<bytes.count where bytes[i] == G.equals || bytes[i] == G.colon { bytes[i] = G.dash }
        return bytes
    }

    /// Whether a diagnostic is the drift a keystroke makes (`GridTableReader.reportDrift`).
    package static func isDrift(code: Diagnostic.Code, severity: Diagnostic.Severity, message: String, syntax: DocumentSyntax) -> Bool {
        code == .brokenBorder && severity == .error && message == Diagnostic.Message.drift(syntax)
    }

    /// The diagnostics of a row read alone: `text` holds its top border, its lines and its bottom border
    /// (`plainBorder`), `region` over them. Nil unless every line between the borders has no `+`, the
    /// reading's column lines are `columnLines` (the whole table's), and all it finds is drift on the
    /// row's lines: then only the whole table can say.
    package static func rowDiagnostics(_ text: TextLines, region: TableRegion, columnLines: [Int], options: FormatOptions) -> [Diagnostic]? {
        var reader = GridTableReader(text: text, region: region, options: options.width)
        guard reader.columnLineX == columnLines else { return nil }
        _ = reader.read()
        let inner = region.lines.dropFirst().dropLast()
        let rowLines = (text.starts[inner.lowerBound])..<text.contentEnd(inner.upperBound - 1)
        guard reader.diagnostics.allSatisfy({
            isDrift(code: $0.code, severity: $0.severity, message: $0.message, syntax: region.syntax) && rowLines.contains($0.range.lowerBound)
        }) else { return nil }
        return reader.diagnostics.map { var plain = $0; plain.fixes = []; return plain }
    }

    private typealias G = GridTableGeometry
}
