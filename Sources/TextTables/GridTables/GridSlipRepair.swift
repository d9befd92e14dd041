import GridModel

/// A grid table that does not read, and the one slip of a writer that explains it: a junction or a `|`
/// lost or overwritten, a border character doubled or dropped, a stray `+` or `|`. The candidates are the
/// one-character edits that make the table's lines agree with its column lines (where the other lines
/// draw `+` and `|`) or its width (the other lines' length); the table is read again after each, and a
/// candidate counts only when it reads. One candidate left, or several that read as the same table, is the
/// repair: one diagnostic at that place in the writer's words, with the edit as its preferred fix. Where
/// candidates disagree, nothing is guessed.
extension GridTableReader {
    /// A repair found for this reading's errors: the diagnostic that replaces them.
    struct SlipRepair {
        var diagnostic: Diagnostic
        /// The table's line (counted from its first) that slipped.
        var line: Int
    }

    /// What the slip search found: one repair (every candidate that reads, reads as the same table), or
    /// repairs that read as different tables, one fix for each, none preferred: which one the writer
    /// meant is theirs to say.
    enum SlipSearch {
        case repair(SlipRepair)
        case choices([Fix])
    }

    /// Tables this large are not searched, and no more candidates than this are read (those on the lines
    /// the errors point at first): a keystroke in a broken table must stay cheap.
    static let slipSearchLimit = (lines: 60, columns: 300, bytes: 3_000, candidates: 80)

    private enum SlipKind {
        case junctionLost, barLost, strayJunction(UInt8), strayBar, barInBorder(UInt8), doubled(UInt8), dropped(UInt8), mixedFill(UInt8)
        case shiftedRight, shiftedLeft
    }

    private struct Candidate {
        var line: Int
        var x: Int
        var edit: TextEdit
        var kind: SlipKind
    }

    /// Replaces the errors by the one slip that explains them, when there is one. A region that is not a
    /// rectangle keeps its diagnostics, with "restore the border here" before "split into rectangles".
    /// `onBorderOnly`: only a slip in a border line counts (text typed into a cell is not a slip: it is
    /// re-laid).
    mutating func reportSlip(onBorderOnly: Bool) {
        let searched: Set<Diagnostic.Code> = [.brokenBorder, .nonRectangularCell, .unclosedTable, .multipleHeaderSeparators]
        guard diagnostics.contains(where: { $0.severity == .error && searched.contains($0.code) }), let found = slipSearch() else { return }
        guard case .repair(let repair) = found else {
            if onBorderOnly, case .choices = found { return }
            if case .choices(let fixes) = found {
                for index in diagnostics.indices where diagnostics[index].severity == .error { diagnostics[index].fixes += fixes }
            }
            return
        }
        guard !onBorderOnly || isBorder(repair.line) else { return }
        if diagnostics.contains(where: { $0.code == .nonRectangularCell }) {
            var fix = repair.diagnostic.fixes[0]
            fix.kind = .restoreBorder
            for index in diagnostics.indices where diagnostics[index].code == .nonRectangularCell {
                diagnostics[index].fixes.insert(fix, at: 0)
            }
            return
        }
        diagnostics = diagnostics.filter { $0.severity != .error } + [repair.diagnostic]
    }

    /// The one repair, when there is one (`slipSearch`).
    func slipRepair() -> SlipRepair? {
        if case .repair(let repair) = slipSearch() { return repair }
        return nil
    }

    func slipSearch() -> SlipSearch? {
        let tableBytes = text.fullEnd(region.lines.upperBound - 1) - text.starts[region.firstLine]
        guard lines.count >= 3, lines.count <= Self.slipSearchLimit.lines, tableBytes <= Self.slipSearchLimit.bytes,
              lines.allSatisfy({ $0.width <= Self.slipSearchLimit.columns }) else { return nil }
        // The lines errors point at (not a region's first line: the region is not where its border broke).
        let flagged = Set(diagnostics.filter { $0.severity == .error && $0.code != .nonRectangularCell }
            .map { text.line(containing: $0.range.lowerBound) - region.firstLine })
        let columnLineXs = drawnColumnLineXs()
        var valid: [(candidate: Candidate, grid: Grid, matchesNeighbour: Bool)] = []
        // Candidates that make the same line (a run's places) are read once; only the line is hashed.
        struct EditedLine: Hashable { var line: Int; var bytes: ArraySlice<UInt8> }
        var tried = Set<EditedLine>()
        // A region that is not a rectangle lost a piece of border: only a border is restored there.
        let regionBroke = diagnostics.contains { $0.code == .nonRectangularCell }
        let widths = lines.map { $0.lastNonBlank + 1 }
        let common = Dictionary(grouping: widths, by: { $0 }).max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key ?? 0
        // A readable table's lines all end on its right edge: one edit mends at most one line that does not.
        let offEdge = lines.indices.filter { widths[$0] != common }
        guard offEdge.count <= 1 else { return nil }
        // Before any reading: the edited line is as wide as the others and its `+` and `|` are on column lines.
        let ordered = slipCandidates(columnLineXs: columnLineXs, widths: widths, common: common).filter {
            (offEdge.isEmpty || $0.line == offEdge[0]) && (!regionBroke || isBorder($0.line)) && fits($0, columnLineXs: columnLineXs, width: common)
        }
        let queue = ordered.filter { flagged.contains($0.line) } + ordered.filter { !flagged.contains($0.line) }
        for candidate in queue.prefix(Self.slipSearchLimit.candidates) {
            var bytes = Array(text.bytes[text.starts[region.firstLine]..<text.fullEnd(region.lines.upperBound - 1)])
            let shift = text.starts[region.firstLine]
            bytes.replaceSubrange((candidate.edit.range.lowerBound - shift)..<(candidate.edit.range.upperBound - shift), with: candidate.edit.newText)
            // A repair puts the line's `+` and `|` on the table's column lines, and reads.
            let lineStart = text.starts[region.firstLine + candidate.line] - shift
            let lineEnd = text.fullEnd(region.firstLine + candidate.line) - shift + candidate.edit.newText.count - candidate.edit.range.count
            guard tried.insert(EditedLine(line: candidate.line, bytes: bytes[lineStart..<lineEnd])).inserted,
                  let (grid, line) = readsAsGrid(bytes, line: candidate.line, delta: candidate.edit.newText.count - candidate.edit.range.count),
                  (0..<line.width).allSatisfy({ !(line.char($0) == G.plus || line.char($0) == G.pipe) || columnLineXs.contains($0) }) else { continue }
            valid.append((candidate, grid, bars(of: line) == neighbourBars(of: candidate.line)))
        }
        // Every candidate that reads counts, on the lines the errors point at or not: a slip may be on
        // another line than the contradiction it makes (a `+` lost below makes the one above stray).
        let found = valid
        guard let first = found.first else { return nil }
        if found.allSatisfy({ $0.grid == first.grid }) {
            return .repair(SlipRepair(diagnostic: diagnostic(for: first.candidate), line: first.candidate.line))
        }
        // The candidates read as different tables: one fix for each table, none preferred. The likelier
        // come first: on a line the errors point at, a content line's `|` where the next content line of
        // its row draws them, then the table with more cells (slips lose structure more often than they
        // add it).
        let likeliestFirst = found.enumerated().sorted { a, b in
            func rank(_ c: (offset: Int, element: (candidate: Candidate, grid: Grid, matchesNeighbour: Bool))) -> (Int, Int, Int, Int) {
                (flagged.contains(c.element.candidate.line) ? 0 : 1, c.element.matchesNeighbour ? 0 : 1, -c.element.grid.cells.count, c.offset)
            }
            return rank(a) < rank(b)
        }.map(\.element)
        var grids: [Grid] = []
        var fixes: [Fix] = []
        for choice in likeliestFirst where !grids.contains(choice.grid) {
            grids.append(choice.grid)
            var fix = diagnostic(for: choice.candidate).fixes[0]
            fix.isPreferred = false
            fix.isSafe = false
            fix.choice = (choice.candidate.line + 1, choice.candidate.x + 1)
            fixes.append(fix)
        }
        return .choices(fixes)
    }

    /// The grid the table's lines read as after a candidate edit of line `line` that changed its length by
    /// `delta`, when they read without errors. The lines are where they were (an edit never touches a line
    /// end): the text's own line starts, shifted after the edited line, whatever ends its lines (a lone
    /// `\r` ends one for the command line, not for the server).
    private func readsAsGrid(_ bytes: [UInt8], line: Int, delta: Int) -> (Grid, GridTextLine)? {
        let first = text.starts[region.firstLine]
        var lineStarts = region.lines.map { text.starts[$0] - first + ($0 - region.firstLine > line ? delta : 0) }
        if let last = bytes.last, last == 0x0A || last == 0x0D { lineStarts.append(bytes.count) }
        let edited = TextLines(bytes: bytes, starts: lineStarts)
        let starts = region.contentStarts.indices.map {
            region.contentStarts[$0] - text.starts[region.firstLine + $0] + lineStarts[$0]
        }
        let moved = TableRegion(kind: .grid, firstLine: 0, contentStarts: starts, syntax: region.syntax)
        var reader = GridTableReader(text: edited, region: moved, options: geometry.options)
        reader.searchesSlips = false
        guard let grid = reader.read() else { return nil }  // nil on any error
        return (grid, reader.lines[line])
    }

    // MARK: Candidates

    /// The candidate's line after its edit, drawn column by column, fits: as wide as `width`, with its
    /// `+` and `|` on `columnLineXs`. (A wide glyph is one column in this sketch: the line is then let through.)
    private func fits(_ candidate: Candidate, columnLineXs: Set<Int>, width: Int) -> Bool {
        let line = lines[candidate.line]
        guard (0..<line.width).allSatisfy({ line.char($0) < 0x80 }) else { return true }
        var chars = (0..<line.width).map { line.char($0) }
        let x = candidate.x
        switch (candidate.edit.range.count, candidate.edit.newText.first) {
        case (1, let byte?): chars[x] = byte
        case (1, nil): chars.remove(at: x)
        case (_, let byte?): chars.insert(byte, at: min(x, chars.count))
        default: return true
        }
        while chars.last == G.space { chars.removeLast() }
        return chars.count == width && chars.indices.allSatisfy { !(chars[$0] == G.plus || chars[$0] == G.pipe) || columnLineXs.contains($0) }
    }

    private func bars(of line: GridTextLine) -> [Int] {
        (0..<line.width).filter { line.char($0) == G.pipe || line.char($0) == G.plus }
    }

    /// The `|` of the content line above or below line `i` in the same row (nil for a border line, or a
    /// row of one line).
    private func neighbourBars(of i: Int) -> [Int]? {
        guard !isBorder(i) else { return nil }
        for j in [i - 1, i + 1] where lines.indices.contains(j) && !isBorder(j) { return bars(of: lines[j]) }
        return nil
    }

    private func isBorder(_ i: Int) -> Bool {
        let line = lines[i]
        guard let x = (0..<line.width).first(where: { line.char($0) != G.space }) else { return false }
        return line.char(x) == G.plus
    }

    /// The x of every column line the table draws, as it stands: a `+` in the top or bottom border, or a `+` or `|`
    /// on two lines or more.
    func drawnColumnLineXs() -> Set<Int> {
        var counts: [Int: Int] = [:]
        for line in lines {
            for x in 0..<line.width where line.char(x) == G.plus || line.char(x) == G.pipe { counts[x, default: 0] += 1 }
        }
        var xs = Set(counts.filter { $0.value >= 2 }.keys)
        for i in [0, lines.count - 1] where isBorder(i) {
            for x in 0..<lines[i].width where lines[i].char(x) == G.plus { xs.insert(x) }
        }
        return xs
    }

    private func fill(of i: Int) -> UInt8 {
        let line = lines[i]
        let equals = (0..<line.width).filter { line.char($0) == G.equals }.count
        let dashes = (0..<line.width).filter { line.char($0) == G.dash }.count
        return equals > dashes ? G.equals : G.dash
    }

    /// The one-character edits worth reading, given the table's column lines, each line's width (to its
    /// last non-blank column) and the width most lines have.
    private func slipCandidates(columnLineXs: Set<Int>, widths: [Int], common: Int) -> [Candidate] {
        var candidates: [Candidate] = []
        for i in lines.indices {
            let line = lines[i], border = isBorder(i), fill = fill(of: i)
            func replace(_ x: Int, with byte: UInt8, _ kind: SlipKind) {
                guard x < line.width, line.offset(x + 1) - line.offset(x) == 1 else { return }
                candidates.append(Candidate(line: i, x: x, edit: TextEdit(range: line.offset(x)..<line.offset(x) + 1, newText: [byte]), kind: kind))
            }
            for x in 0..<max(line.width, common) {
                let here = line.char(x)
                if columnLineXs.contains(x) {
                    let nextToRule = [x - 1, x + 1].contains { line.char($0) == G.dash || line.char($0) == G.equals }
                    if (border || nextToRule) && (here == G.dash || here == G.equals || here == G.space || here == G.pipe) {
                        replace(x, with: G.plus, .junctionLost)
                    }
                    if !border && (here == G.space || here == G.dash || here == G.plus || here == G.equals) { replace(x, with: G.pipe, .barLost) }
                } else if border && here == G.pipe {
                    replace(x, with: fill, .barInBorder(fill))
                }
                // A `+` or `|` inside a line (a column line of another row may run there too).
                if x > 0 && x < widths[i] - 1 {
                    if border && here == G.plus { replace(x, with: fill, .strayJunction(fill)) }
                    if !border && here == G.pipe { replace(x, with: G.space, .strayBar) }
                }
                if border && (here == G.dash || here == G.equals || here == G.space) && here != fill && x > 0 && x < widths[i] - 1 {
                    replace(x, with: fill, .mixedFill(fill))
                }
            }
            // A line one column longer or shorter than the others: a character doubled or dropped.
            // Removing or adding a character anywhere in a run of the same ones makes the same line: only
            // the first place of each run is a candidate.
            func runStart(_ x: Int) -> Bool { x == 0 || line.char(x) != line.char(x - 1) }
            if widths[i] == common + 1 {
                for x in 0..<widths[i] where runStart(x) && [G.plus, G.dash, G.equals, G.pipe, G.space].contains(line.char(x)) && line.offset(x + 1) - line.offset(x) == 1 {
                    let kind: SlipKind = x == 0 && line.char(0) == G.space ? .shiftedRight : .doubled(line.char(x))
                    candidates.append(Candidate(line: i, x: x, edit: TextEdit(range: line.offset(x)..<line.offset(x) + 1, newText: []), kind: kind))
                }
            } else if widths[i] == common - 1 {
                // What may have been dropped: a column line's character, the line's fill, or a rule
                // character of a border drawn inside a content line (under a cell that spans rows).
                let rules = (0..<line.width).contains { line.char($0) == G.dash || line.char($0) == G.equals }
                for x in 0...widths[i] where runStart(x) || columnLineXs.contains(x) {
                    var bytes = [columnLineXs.contains(x) ? (border ? G.plus : G.pipe) : (border ? fill : G.space)]
                    if !border && rules { bytes += [G.dash, G.equals, G.plus] }
                    let at = x < line.width ? line.offset(x) : line.end
                    for byte in bytes {
                        let kind: SlipKind = x == 0 && byte == G.space ? .shiftedLeft : .dropped(byte)
                        candidates.append(Candidate(line: i, x: x, edit: TextEdit(range: at..<at, newText: [byte]), kind: kind))
                    }
                }
            }
        }
        return candidates
    }

    // MARK: The report

    private func diagnostic(for candidate: Candidate) -> Diagnostic {
        let line = lines[candidate.line]
        let at = candidate.edit.range.lowerBound
        let range = at..<max(at + 1, min(candidate.edit.range.upperBound, line.end))
        let (message, kind) = Self.words(candidate.kind)
        return Diagnostic(code: .brokenBorder, severity: .error, message: message, range: range.upperBound <= line.end ? range : at..<at,
                          fixes: [Fix(kind, edits: [candidate.edit], isPreferred: true, isSafe: true)])
    }

    private static func words(_ kind: SlipKind) -> (message: String, fix: FixKind) {
        let shown = FixKind.shown
        switch kind {
        case .junctionLost:
            return ("a `+` is missing here, where a column line crosses this border", .writeBack(G.plus))
        case .barLost:
            return ("a `|` is missing here, where a column line runs through this line", .writeBack(G.pipe))
        case .strayJunction(let fill):
            return ("this `+` crosses no column line: it should be a \(shown(fill))", .writeHere(fill))
        case .strayBar:
            return ("this `|` stands where no column line runs", .removeStrayBar)
        case .barInBorder(let fill):
            return ("a `|` in this border, where no column line crosses it: it should be a \(shown(fill))", .writeHere(fill))
        case .doubled(let byte):
            return ("this line is one column longer than the others: the \(shown(byte)) here is one too many", .removeExtra(byte))
        case .dropped(let byte):
            return ("this line is one column shorter than the others: a \(shown(byte)) is missing here", .writeMissing(byte))
        case .shiftedRight:
            return ("this line starts one column too far to the right", .moveLineLeft)
        case .shiftedLeft:
            return ("this line starts one column too far to the left", .moveLineRight)
        case .mixedFill(let fill):
            return ("this border is drawn with \(shown(fill)) but this character is not one", .writeHere(fill))
        }
    }
}
