import TextTables

/// An open document: its text, version, syntax and table index.
struct OpenDocument: Sendable {
    let uri: String
    var version: Int
    /// The syntax its language id or name says (`DocumentSyntax(languageId:uri:)`; pandoc's for a `.md`
    /// page of a pandoc project, `Server.projectSyntax`), before the `reader` setting picks the reader.
    let namedSyntax: DocumentSyntax
    /// The syntax it is read in: `namedSyntax` read by the document's settings.
    private(set) var syntax: DocumentSyntax
    private(set) var text: DocumentText
    private(set) var index: TableIndex
    /// The project's `.gridls.json` with the editor's settings over it (`Server.documentSettings`).
    var settings = Settings()
    /// The diagnostics last pushed to the client (nil before the first push).
    var published: [TableIndex.LineDiagnostic]?
    /// The lines changed since that push (now numbered). A diagnostic on one of them may stand at another
    /// UTF-16 or UTF-32 character though its byte position is the same (a wide character before it was
    /// replaced): it is pushed again.
    private(set) var changedSincePublish: ClosedRange<Int>?
    /// Whether the diagnostics may differ from those last pushed (an edit changed or moved one, or the
    /// document was read anew): when not, there is nothing to compare.
    private(set) var diagnosticsMayDiffer = true
    /// The table ranges last sent in `gridls/tableRanges`, flat: first and last line of each table.
    var sentTableRanges: [Int]?

    /// Notes that `lines` (numbered in the text as it now is) changed. A second change is taken to reach
    /// the end of the text: the first one's lines may have moved since.
    mutating func noteChanged(_ lines: ClosedRange<Int>) {
        guard let earlier = changedSincePublish else { return changedSincePublish = lines }
        changedSincePublish = min(earlier.lowerBound, lines.lowerBound)...max(lines.upperBound, text.lineCount - 1)
    }

    mutating func notePublished(_ diagnostics: [TableIndex.LineDiagnostic]) {
        published = diagnostics
        changedSincePublish = nil
        diagnosticsMayDiffer = false
    }

    /// Notes that the diagnostics, compared, are those last pushed (which the client still places by the
    /// lines changed since).
    mutating func noteSameDiagnostics() {
        diagnosticsMayDiffer = false
    }

    /// `syntax` defaults to the one the URI's suffix says.
    init(uri: String, version: Int, syntax: DocumentSyntax? = nil, bytes: [UInt8], options: FormatOptions) {
        self.uri = uri
        self.version = version
        self.syntax = syntax ?? DocumentSyntax(path: uri)
        namedSyntax = self.syntax
        let whole = TextLines(bytes)
        text = DocumentText(whole)
        index = TableIndex(text, whole: whole, syntax: self.syntax, options: options)
    }

    /// A document opened with `text`. Its chunks are cut straight from the client's string, which is then
    /// let go (the server hands it down consumed from the message: this is its last reference), and the
    /// index scans the chunks in windows: no copy of the whole text is made. (With the string kept and a
    /// whole copy for the index, opening 50 MB of small tables peaked at 3.2 times its size.)
    /// `named` is the syntax the document's language id or name says, when `syntax` differs from it.
    init(uri: String, version: Int, syntax: DocumentSyntax? = nil, named: DocumentSyntax? = nil, text string: consuming String, options: FormatOptions) {
        self.uri = uri
        self.version = version
        let syntax = syntax ?? DocumentSyntax(path: uri)
        self.syntax = syntax
        namedSyntax = named ?? syntax
        text = string.withUTF8 { DocumentText($0) }
        _ = consume string
        index = TableIndex(text, syntax: syntax, options: options)
    }

    /// Replaces a range given as (line, byte) positions and updates the table index around it.
    mutating func replace(from start: LinePosition, to end: LinePosition, with bytes: [UInt8]) {
        // Within one line, what the edit takes out: a keystroke in a table's row may re-read that row only.
        let line = text.line(start.line)
        let removed = start.line == end.line && start.byte <= end.byte && end.byte <= line.count
            ? Array(line.dropFirst(start.byte).prefix(end.byte - start.byte)) : nil
        let new = text.replace(from: start, to: end, with: bytes)
        if let removed, new == start.line...start.line,
           index.updateRow(text, line: start.line, at: start.byte, removed: removed[...], inserted: bytes) {
            diagnosticsMayDiffer = diagnosticsMayDiffer || index.diagnosticsChanged
            return noteChanged(new)
        }
        updateIndex(replaced: start.line...end.line, with: new)
    }

    /// Several replacements in order (one `didChange`: an editor applying a realigned table's edits sends
    /// one per line), each range in the text the previous ones left, given as a closure that places it
    /// then. The index is updated once, over the lines they touched together: a table's worth of edits
    /// costs one reading of the table, not one per edit.
    mutating func replace(_ count: Int, _ change: (Int, DocumentText) -> (start: LinePosition, end: LinePosition, bytes: [UInt8])) {
        guard count > 1 else {
            if count == 1 {
                let (start, end, bytes) = change(0, text)
                replace(from: start, to: end, with: bytes)
            }
            return
        }
        // The lines touched so far, now (`current`) and in the text before the first change (`original`):
        // lines above them are where they were, lines below them moved by `delta`.
        var current: ClosedRange<Int>?, original: ClosedRange<Int>?, delta = 0
        for n in 0..<count {
            let (start, end, bytes) = change(n, text)
            let new = text.replace(from: start, to: end, with: bytes)
            let shift = new.count - (end.line - start.line + 1)
            if let touched = current, let before = original {
                let bottom = max(touched.upperBound, end.line)
                let originalBottom = end.line > touched.upperBound ? end.line - delta : before.upperBound
                current = min(touched.lowerBound, start.line)...(bottom + shift)
                original = min(before.lowerBound, start.line)...originalBottom
            } else {
                current = new
                original = start.line...end.line
            }
            delta += shift
        }
        if let current, let original {
            updateIndex(replaced: original, with: current)
        }
    }

    /// Updates the index after lines `old` of the text became lines `new`, and notes what that changed.
    private mutating func updateIndex(replaced old: ClosedRange<Int>, with new: ClosedRange<Int>) {
        index.update(text, replaced: old, with: new)
        diagnosticsMayDiffer = diagnosticsMayDiffer || index.diagnosticsChanged
        noteChanged(new)
    }

    /// Reads the document anew (its settings changed), in `syntax` when its reader changed.
    mutating func reindex(options: FormatOptions, syntax: DocumentSyntax? = nil) {
        if let syntax { self.syntax = syntax }
        index = TableIndex(text, syntax: self.syntax, options: options)
        diagnosticsMayDiffer = true
    }

    /// One table on its own: its lines as a buffer, the region in that buffer, and the first line.
    struct LocalTable {
        var text: TextLines
        var region: TableRegion
        var firstLine: Int
    }

    func local(_ table: TableIndex.Table) -> LocalTable {
        let lines = TextLines(text.slice(table.lines))
        var region = TableRegion(
            kind: table.kind, firstLine: 0,
            contentStarts: table.prefixLengths.enumerated().map { lines.starts[$0] + $1 }, syntax: syntax)
        region.context = table.context
        return LocalTable(text: lines, region: region, firstLine: table.firstLine)
    }

    /// Document (line, byte) of an offset into a local table buffer.
    func position(_ offset: Int, in local: LocalTable) -> LinePosition {
        position(offset, in: local.text, firstLine: local.firstLine)
    }

    /// Document (line, byte) of an offset into a copy of the document's lines from `firstLine`.
    func position(_ offset: Int, in lines: TextLines, firstLine: Int) -> LinePosition {
        let line = lines.line(containing: offset)
        return LinePosition(firstLine + line, offset - lines.starts[line])
    }

    /// Offset in a local table buffer of a document (line, byte) inside the table.
    func offset(_ position: LinePosition, in local: LocalTable) -> Int {
        let line = min(max(0, position.line - local.firstLine), local.text.count - 1)
        return min(local.text.starts[line] + position.byte, local.text.contentEnd(line))
    }
}
