import TextTables

/// An open document: its text, version, syntax and table index.
struct OpenDocument: Sendable {
    let uri: String
    var version: Int
    let syntax: DocumentSyntax
    private(set) var text: DocumentText
    private(set) var index: TableIndex
    /// The project's `.gridls.json` with the editor's settings over it (`Server.documentSettings`).
    var settings = Settings()
    /// The diagnostics last pushed to the client (nil before the first push).
    var published: [TableIndex.LineDiagnostic]?

    /// `syntax` defaults to the one the URI's suffix says.
    init(uri: String, version: Int, syntax: DocumentSyntax? = nil, bytes: [UInt8], options: FormatOptions) {
        self.uri = uri
        self.version = version
        self.syntax = syntax ?? DocumentSyntax(path: uri)
        let whole = TextLines(bytes)
        text = DocumentText(whole)
        index = TableIndex(text, whole: whole, syntax: self.syntax, options: options)
    }

    /// Replaces a range given as (line, byte) positions and updates the table index around it.
    mutating func replace(from start: LinePosition, to end: LinePosition, with bytes: [UInt8]) {
        let new = text.replace(from: start, to: end, with: bytes)
        index.update(text, replaced: start.line...end.line, with: new)
    }

    mutating func reindex(options: FormatOptions) {
        index = TableIndex(text, syntax: syntax, options: options)
    }

    /// One table on its own: its lines as a buffer, the region in that buffer, and the first line.
    struct LocalTable {
        var text: TextLines
        var region: TableRegion
        var firstLine: Int
    }

    func local(_ table: TableIndex.Table) -> LocalTable {
        let lines = TextLines(text.slice(table.lines))
        let region = TableRegion(
            kind: table.kind, firstLine: 0,
            contentStarts: table.prefixLengths.enumerated().map { lines.starts[$0] + $1 }, syntax: syntax)
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
