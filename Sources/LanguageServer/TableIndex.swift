import TextTables

/// Where the tables of an open document are, kept up to date by re-scanning only from the last line
/// after which the scanner restarts cleanly, down to the first such line past the change that was one
/// before it too: typing in a paragraph re-reads that paragraph, not the document.
struct TableIndex: Sendable {
    struct Table: Sendable {
        var kind: TableRegion.Kind
        var firstLine: Int
        /// What its neighbours say (`TableRegion.Context`).
        var context = TableRegion.Context()
        /// Per line of the table: the length of its container prefix (block quote markers, list indent).
        var prefixLengths: PrefixLengths
        /// The table's diagnostics, positions counted from its first line (so they survive shifts).
        var diagnostics: [LineDiagnostic]
        /// What code actions learnt of the table; a new entry (the table re-read) starts empty.
        var memo = TableMemo()
        /// A grid table's column lines, when it was read whole (`TableReading.gridColumnLines`).
        var gridColumns: [Int]?
        var lines: Range<Int> { firstLine..<firstLine + prefixLengths.count }
    }

    let syntax: DocumentSyntax
    let options: FormatOptions
    private(set) var tables: [Table] = []
    private(set) var scanDiagnostics: [ScanDiagnostic] = []
    /// Per line: whether a scan can restart just after it.
    private(set) var restartable: [Bool] = []
    /// Markdown front matter: what the first line opens and the first line after its closer (0: none). A
    /// closer may lie anywhere below, so it is followed here rather than found by a scan near the change.
    private(set) var frontMatter: (kind: FrontMatter?, end: Int) = (nil, 0)
    /// Lines scanned by the last update (for tests and benchmarks of proportional work).
    var lastScannedLines = 0
    /// Whether the last update may have changed the document's diagnostics (their text or place): when
    /// not, a keystroke need not gather every diagnostic to compare them with those last pushed.
    private(set) var diagnosticsChanged = true
    /// During an update: the diagnostics of what it took out and of what it put in, lines counted from
    /// the document's start (the text before the change for what it took out above the change's end).
    private var exchanged: (removed: [LineDiagnostic], added: [LineDiagnostic])?
    /// Whether tables read by the scan keep their reading (an edit's rescan, not the whole document's on open).
    private var keepsReadings = false
    /// Tables of at least this many lines are read whole by an edit and keep their reading, and grid tables
    /// that long keep theirs on open (reading a grid table again takes about 1 ms per 1,000 lines: past
    /// this, longer than a cursor move may take).
    static let keptOnOpen = 10_000
    /// The lines of the tables that keep their reading on open, at most (then about 60 MB).
    static let openBudget = 400_000
    private var keptOnOpenLines = 0

    /// `whole`, the same text in one buffer when the caller has it, spares a copy of the document. Without
    /// it, the text is scanned in windows of about `openWindow` lines (`scanInWindows`).
    init(_ text: DocumentText, whole: TextLines? = nil, syntax: DocumentSyntax, options: FormatOptions, openWindow: Int = TableIndex.openWindow) {
        self.syntax = syntax
        self.options = options
        restartable = [Bool](repeating: false, count: text.lineCount)
        if syntax.isMarkdown, let kind = FrontMatter(opening: TextLines(text.slice(0..<1)), line: 0) {
            frontMatter = (kind, whole.map(FrontMatter.end) ?? closer(of: kind, in: text, lines: 1..<text.lineCount).map { $0 + 1 } ?? 0)
        }
        if whole == nil {
            scanInWindows(text, lines: openWindow)
        } else {
            rescan(text, from: 0, changedThrough: text.lineCount - 1, whole: whole)
        }
    }

    /// Updates the index after lines `old` were replaced by lines `new` (both starting at the same line).
    mutating func update(_ text: DocumentText, replaced old: ClosedRange<Int>, with new: ClosedRange<Int>) {
        let delta = new.count - old.count
        restartable.replaceSubrange(old, with: repeatElement(false, count: new.count))
        // Whether a scan restarts after a paragraph line depends on the line after it too (see MarkdownScanner).
        // After a blank line it does not (no paragraph is open there): typing below a table does not make
        // the index read the table again.
        if new.lowerBound > 0 && !text.isBlank(line: new.lowerBound - 1) {
            restartable[new.lowerBound - 1] = false
        }
        // In reStructuredText and pandoc's Markdown, whether a scan restarts after a blank line depends on
        // the next line with text (indented, it may continue a directive or list item above the blank
        // lines): the change may be that line.
        if syntax != .markdown {
            var line = new.lowerBound - 1
            while line >= 0 && text.isBlank(line: line) {
                restartable[line] = false
                line -= 1
            }
        }
        exchanged = ([], [])
        var moved = false  // a diagnostic below the change moved to another line
        let touched = tableIndices(overlapping: old.lowerBound..<old.upperBound + 1)
        takeOut(tables: touched, scanDiagnosticsOn: old)
        if delta != 0 {
            for index in touched.lowerBound..<tables.count {
                tables[index].firstLine += delta
                moved = moved || !tables[index].diagnostics.isEmpty
            }
            for index in scanDiagnostics.indices where scanDiagnostics[index].line > old.upperBound {
                scanDiagnostics[index].line += delta
                moved = true
            }
        }
        var start = scanStart(for: new.lowerBound)
        let before = frontMatter.end > old.upperBound + 1 ? frontMatter.end + delta : frontMatter.end
        updateFrontMatter(text, replaced: old, with: new)
        // Front matter that came, went or moved its closer changes how every line above the closer reads.
        if frontMatter.end != before { start = 0 }
        // A scan from the top sees the front matter only if it reaches the closer; what was front matter
        // before must be read again too.
        // The old closer may lie past the end of a document that lost lines: the last line is as far as it goes.
        let changed = start == 0 ? max(new.upperBound, frontMatter.end - 1, before - 1) : new.upperBound
        keepsReadings = true
        rescan(text, from: start, changedThrough: min(changed, text.lineCount - 1))
        keepsReadings = false
        diagnosticsChanged = moved || exchanged.map { TableIndex.differ($0.removed, $0.added) } ?? true
        exchanged = nil
    }

    /// Updates the index after an edit inside the cells of one GitHub pipe-table row that keeps the table's
    /// shape (`PipeRowEdit.keepsRow`): the row alone is read again, for its diagnostics, and nothing else
    /// (typing in a 100,000-row table costs the row). False, nothing done, when
    /// the edit may change more: `update` then reads the table again.
    /// A grid table's row is read alone the same way (`GridRowEdit`, `gridRowChange`).
    mutating func updateRow(_ text: DocumentText, line: Int, at byte: Int, removed: ArraySlice<UInt8>, inserted: [UInt8]) -> Bool {
        guard let index = tableIndices(overlapping: line..<line + 1).first else { return false }
        // `tables[index]` is read in place, not copied: its diagnostics are then changed without a copy.
        let row = line - tables[index].firstLine
        let rows: Range<Int>, added: [LineDiagnostic]
        if tables[index].kind == .grid {
            guard let change = gridRowChange(text, table: index, row: row, at: byte, removed: removed, inserted: inserted[...]) else { return false }
            (rows, added) = change
        } else {
            guard syntax == .markdown, tables[index].kind == .pipe, row >= 2,
                  tables[index].diagnostics.first?.diagnostic.code != .ambiguousTable else { return false }
            let edit = PipeRowEdit(line: text.line(line), contentStart: tables[index].prefixLengths[row], start: byte, removed: removed, inserted: inserted[...])
            guard edit.keepsRow, let found = TableIndex.rowDiagnostics(text, of: tables[index], row: row) else { return false }
            (rows, added) = (row..<row + 1, found)
        }
        // The rows' diagnostics, found by binary search: the others are in row order (no table-wide one).
        let lower = tables[index].diagnostics.partitionPoint { $0.start.line >= rows.lowerBound }
        let upper = tables[index].diagnostics.partitionPoint { $0.start.line >= rows.upperBound }
        let taken = Array(tables[index].diagnostics[lower..<upper])
        tables[index].diagnostics.replaceSubrange(lower..<upper, with: added)
        if tables[index].kind == .grid {
            // The kept reading is forgotten, not patched: patching a 100,000-row table's copy costs as much
            // as reading it again, which the next request that needs it does once, after a burst of typing.
            tables[index].memo = TableMemo()
        } else {
            tables[index].memo = tables[index].memo.afterRowEdit(row: row) {
                let after = text.line(line), base = after.startIndex
                return Array(after[..<(base + byte)]) + removed + after[(base + byte + inserted.count)...]
            }
        }
        lastScannedLines = tables[index].kind == .grid ? rows.count + 2 : 1
        diagnosticsChanged = TableIndex.differ(taken, added)
        return true
    }

    /// Removes the tables at `indices` and the scan's diagnostics on `lines`, noting their diagnostics as
    /// taken out during an update.
    private mutating func takeOut(tables indices: Range<Int>, scanDiagnosticsOn lines: ClosedRange<Int>) {
        if exchanged != nil {
            exchanged!.removed += tables[indices].flatMap { table in table.diagnostics.map { $0.shifted(by: table.firstLine) } }
            exchanged!.removed += scanDiagnostics.filter { lines.contains($0.line) }.map { $0.diagnostic.shifted(by: $0.line) }
        }
        tables.removeSubrange(indices)
        scanDiagnostics.removeAll { lines.contains($0.line) }
    }

    /// Whether two lists of diagnostics show a client different ones, in whatever order.
    private static func differ(_ a: [LineDiagnostic], _ b: [LineDiagnostic]) -> Bool {
        a.count != b.count || a.map(\.shown).sorted() != b.map(\.shown).sorted()
    }

    /// Follows the front matter after lines `old` became `new`, reading only lines the change can matter to:
    /// the new lines, and past them only when the change took the old closer.
    private mutating func updateFrontMatter(_ text: DocumentText, replaced old: ClosedRange<Int>, with new: ClosedRange<Int>) {
        guard syntax.isMarkdown else { return }
        let kind = old.lowerBound == 0 ? FrontMatter(opening: TextLines(text.slice(0..<1)), line: 0) : frontMatter.kind
        guard let kind else { return frontMatter = (nil, 0) }
        let delta = new.count - old.count, end = frontMatter.end
        var closer: Int?
        if kind != frontMatter.kind {
            closer = self.closer(of: kind, in: text, lines: 1..<text.lineCount)
        } else if end > 0 && old.lowerBound >= end {
            return  // below the closer: nothing above it changed
        } else {
            // No line above the change closed it, and no line below did when there was no closer.
            closer = self.closer(of: kind, in: text, lines: max(1, new.lowerBound)..<new.upperBound + 1)
            if closer == nil && end > 0 {
                closer = end - 1 > old.upperBound ? end - 1 + delta : self.closer(of: kind, in: text, lines: new.upperBound + 1..<text.lineCount)
            }
        }
        frontMatter = (kind, closer.map { $0 + 1 } ?? 0)
    }

    private func closer(of kind: FrontMatter, in text: DocumentText, lines: Range<Int>) -> Int? {
        lines.first { kind.isClosed(byLaterLine: text.line($0)) }
    }

    /// Scans from `start` (a restart point) past `changed` to the first line after which both the old and
    /// the new scan restart, and replaces what the index held for those lines.
    private mutating func rescan(_ text: DocumentText, from start: Int, changedThrough changed: Int, whole: TextLines? = nil) {
        let changed = min(changed, text.lineCount - 1)
        var window = 64
        while true {
            let end = min(text.lineCount, changed + 1 + window)
            let lines = start == 0 && end == text.lineCount ? whole ?? TextLines(text.slice(start..<end)) : TextLines(text.slice(start..<end))
            var (scan, restart) = syntax.scanRestartable(lines, startsDocument: start == 0, options: options.scan)
            restart = Array(restart.prefix(end - start))
            let sync = ((changed + 1)..<end).first { restart[$0 - start] && restartable[$0] }
            if sync == nil && end < text.lineCount {
                window *= 4
                continue
            }
            let last = sync ?? text.lineCount - 1
            lastScannedLines = end - start
            replace(start...max(start, last), with: consume scan, restart: restart, windowStart: start, lines: lines)
            return
        }
    }

    /// The lines of the table at `region` in a buffer of their own, and the region in it.
    static func local(_ region: TableRegion, in lines: TextLines) -> (text: TextLines, region: TableRegion) {
        let first = lines.starts[region.firstLine], end = region.lines.upperBound < lines.count ? lines.starts[region.lines.upperBound] : lines.bytes.count
        let text = TextLines(Array(lines.bytes[first..<end]))
        var local = TableRegion(kind: region.kind, firstLine: 0, contentStarts: region.contentStarts.map { $0 - first }, syntax: region.syntax)
        local.context = region.context
        return (text, local)
    }

    mutating func replace(_ range: ClosedRange<Int>, with scan: consuming TableScan, restart: [Bool], windowStart: Int, lines: TextLines) {
        let touched = tableIndices(overlapping: range.lowerBound..<range.upperBound + 1)
        takeOut(tables: touched, scanDiagnosticsOn: range)
        for line in range where line - windowStart < restart.count { restartable[line] = restart[line - windowStart] }
        var found: [Table] = []
        found.reserveCapacity(scan.tables.count)
        for n in scan.tables.indices where range.contains(windowStart + scan.tables[n].firstLine) {
            let region = scan.tables[n]
            // Each region's line offsets are let go once its entry is made: a document's scan holds them
            // all (a tenth of a document of small tables), and so would the peak of opening it.
            scan.tables[n].contentStarts = []
            var table = Table(kind: region.kind, firstLine: windowStart + region.firstLine,
                              prefixLengths: PrefixLengths(contentStarts: region.contentStarts, lineStarts: lines.starts, firstLine: region.firstLine),
                              diagnostics: [])
            table.context = region.context
            let long = region.lines.count >= TableIndex.keptOnOpen
            if keepsReadings ? region.kind == .grid || long : region.kind == .grid && long && keptOnOpenLines < TableIndex.openBudget {
                // A grid table's diagnostics come from reading it whole: an edit of the table is where the
                // cursor is, so the reading is kept for the code actions and keys that follow; a pipe table
                // so long that reading it again would hold up the next cursor move is read whole then too.
                // On open, where the cursor will go is not known: only long grid tables (slow to read
                // again) keep theirs, up to a budget of lines, so that a big document's memory stays bounded.
                if !keepsReadings { keptOnOpenLines += region.lines.count }
                let local = TableIndex.local(region, in: lines)
                let reading = TableReading(local.text, region: local.region, options: options)
                table.memo.keep(reading)
                table.gridColumns = reading.gridColumnLines
                // For such a long table, whether it is formatted too (printing it takes as long as a step).
                if long { _ = table.memo.isFormatted(options: options) { reading.isFormatted } }
                table.diagnostics = reading.diagnostics.map { TableIndex.place($0, in: local.text, firstLine: 0) }
            } else if region.kind == .grid {
                // Read for its diagnostics only, and the column lines a row read alone is checked against.
                let reading = TableReading(lines, region: region, options: options)
                table.diagnostics = reading.diagnostics.map { TableIndex.place($0, in: lines, firstLine: region.firstLine) }
                table.gridColumns = reading.gridColumnLines
            } else {
                table.diagnostics = TableIndex.diagnostics(of: region, in: lines, options: options)
            }
            found.append(table)
        }
        if tables.isEmpty { tables = found } else { tables.insert(contentsOf: found, at: touched.lowerBound) }
        for diagnostic in scan.diagnostics {
            let placed = TableIndex.place(diagnostic, in: lines, firstLine: 0)
            guard range.contains(windowStart + placed.start.line) else { continue }
            scanDiagnostics.append(ScanDiagnostic(line: windowStart + placed.start.line, diagnostic: placed.shifted(by: -placed.start.line)))
            exchanged?.added.append(placed.shifted(by: windowStart))
        }
        if exchanged != nil {
            exchanged!.added += found.flatMap { table in table.diagnostics.map { $0.shifted(by: table.firstLine) } }
        }
        scanDiagnostics.sort { $0.line < $1.line }
    }

    /// Every diagnostic, lines counted from the document's start: the scan's, then each table's, the order
    /// in which a fresh reading of the text finds them.
    var allDiagnostics: [LineDiagnostic] {
        scanDiagnostics.map { $0.diagnostic.shifted(by: $0.line) }
            + tables.flatMap { table in table.diagnostics.map { $0.shifted(by: table.firstLine) } }
    }

    /// Whether a diagnostic stands on one of `lines`, found among the tables there and the scan's.
    func hasDiagnostic(on lines: ClosedRange<Int>) -> Bool {
        let meets = { (d: LineDiagnostic) in lines.overlaps(d.start.line...d.end.line) }
        return scanDiagnostics.contains { meets($0.diagnostic.shifted(by: $0.line)) }
            || tables[tableIndices(overlapping: lines.lowerBound..<lines.upperBound + 1)].contains { table in
                table.diagnostics.contains { meets($0.shifted(by: table.firstLine)) }
            }
    }

    /// The indices of the tables that meet `lines`, found by binary search (tables are sorted and disjoint).
    func tableIndices(overlapping lines: Range<Int>) -> Range<Int> {
        let low = tables.partitionPoint { $0.lines.upperBound > lines.lowerBound }
        var end = low
        while end < tables.count && tables[end].firstLine < lines.upperBound { end += 1 }
        return low..<end
    }

    /// Where a scan that reads line `line` as the whole document's scan does may start: just after the last
    /// line above it after which a scan restarts.
    func scanStart(for line: Int) -> Int {
        (restartable[..<min(max(line, 0), restartable.count)].lastIndex(of: true) ?? -1) + 1
    }

    /// The table holding line `line`.
    func table(at line: Int) -> Table? {
        tableIndices(overlapping: line..<line + 1).first.map { tables[$0] }
    }
}
