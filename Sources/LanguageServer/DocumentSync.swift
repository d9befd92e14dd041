import JSONRPC
import TextTables

extension Server {
    /// `params` consumed: its text's last reference goes on to the document, which drops it early.
    func didOpen(_ params: consuming DidOpenParams) throws(ResponseError) {
        let uri = params.uri
        let named = projectSyntax(DocumentSyntax(languageId: params.languageId, uri: uri), uri: uri)
        let settings = documentSettings(uri: uri)
        var text = ""
        swap(&text, &params.text)
        var document = OpenDocument(
            uri: uri, version: params.version, syntax: settings.syntax(named), named: named, text: consume text, options: settings.formatOptions())
        document.settings = settings
        publishDiagnostics(&document, onlyWhenChanged: false)
        pushTableRanges(&document)
        documents[uri] = document
    }

    /// A `file:` document's syntax when no setting names its reader: a `.md` page of a Quarto or bookdown
    /// project is pandoc's even when its language says `markdown` (what editors call every `.md` file);
    /// an untitled buffer keeps what its language says.
    func projectSyntax(_ named: DocumentSyntax, uri: String) -> DocumentSyntax {
        guard let path = Self.filePath(uri) else { return named }
        let bytes = Array(path.utf8)
        return PandocProject.syntax(named, path: bytes) { PandocProject.contains(PandocProject.parent(of: bytes) ?? [UInt8(ascii: "/")]) }
    }

    func didChange(_ params: DidChangeParams) throws(ResponseError) {
        // Taken out of the dictionary while it changes, so that its arrays are not copied on write.
        let uri = try self.document(params.uri).uri
        var document = documents.removeValue(forKey: uri)!
        defer { documents[uri] = document }
        // Runs of ranged changes are applied together (one index update); a whole-text change replaces all.
        var changes = params.changes[...]
        while !changes.isEmpty {
            let ranged = changes.prefix { $0.range != nil }
            if !ranged.isEmpty {
                let encoding = self.encoding
                document.replace(ranged.count) { n, text in
                    let change = ranged[ranged.startIndex + n]
                    let (start, end) = change.range!
                    return (text.clamp(start, encoding), text.clamp(end, encoding), Array(change.text.utf8))
                }
                changes = changes.dropFirst(ranged.count)
                continue
            }
            let text = changes.removeFirst().text
            let (settings, published, sent) = (document.settings, document.published, document.sentTableRanges)
            document = OpenDocument(
                uri: document.uri, version: document.version, syntax: document.syntax, named: document.namedSyntax, text: text,
                options: formatOptions(document))
            (document.settings, document.published, document.sentTableRanges) = (settings, published, sent)
            document.noteChanged(0...document.text.lineCount - 1)
        }
        if let version = params.version { document.version = version }
        publishDiagnostics(&document, onlyWhenChanged: true)
        pushTableRanges(&document)
    }

    func didClose(_ params: DocumentParams) throws(ResponseError) {
        let uri = params.uri
        documents[uri] = nil
        guard !client.pullsDiagnostics else { return }
        send(Outgoing.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
    }

    /// Clients that support `workspace/configuration` are asked for the `gridls` section.
    func pullConfiguration() {
        guard client.configuration else { return }
        guard case .success(let answer)? = ask("workspace/configuration", ["items": [["section": "gridls"]]]),
              let section = answer.array?.first, section != .null else { return }
        apply(settings: section)
    }

    func didChangeConfiguration(_ params: DidChangeConfigurationParams) {
        // Clients of the pull model send no settings here: ask for them.
        guard let pushed = params.settings else { return pullConfiguration() }
        apply(settings: pushed)
    }

    private func apply(settings section: JSON) {
        let before = settings
        let (editor, problems) = Settings.editor(initialization: initializationOptions, configuration: section)
        settings = editor
        for problem in problems { log(problem) }
        guard settings != before else { return }
        for uri in documents.keys.sorted() {
            let settings = documentSettings(uri: uri)
            documents[uri]!.settings = settings
            // A change of reader reads the document anew in the other syntax.
            documents[uri]!.reindex(options: settings.formatOptions(), syntax: settings.syntax(documents[uri]!.namedSyntax))
            publishDiagnostics(&documents[uri]!, onlyWhenChanged: false)
            pushTableRanges(&documents[uri]!)
        }
        if client.pullsDiagnostics && client.diagnosticRefresh { _ = ask("workspace/diagnostic/refresh", .null) }
    }

    func formatOptions(_ document: OpenDocument) -> FormatOptions { document.settings.formatOptions() }
}

extension OpenDocument {
    /// An LSP position as (line, byte): a line past the end is the document's end, a character past the
    /// end of its line is the line's end, one inside a character is that character's start.
    func clamp(_ position: Position, _ encoding: PositionEncoding) -> LinePosition {
        text.clamp(position, encoding)
    }

    func lspPosition(_ position: LinePosition, _ encoding: PositionEncoding) -> Position {
        let line = min(position.line, text.lineCount - 1)
        return Position(line: line, character: encoding.character(in: text.line(line), byteOffset: position.byte))
    }

    func lspRange(_ start: LinePosition, _ end: LinePosition, _ encoding: PositionEncoding) -> JSON {
        ["start": lspPosition(start, encoding).json, "end": lspPosition(end, encoding).json]
    }
}

extension DocumentSyntax {
    /// The `languageId`s gridls knows (compared without case); any other id, or none, leaves the choice to
    /// the URI's suffix (protocol/README.md). An untitled buffer has no suffix: only its id tells.
    static let languageIds: [String: DocumentSyntax] = [
        "markdown": .markdown, "md": .markdown, "gfm": .markdown,
        "quarto": .pandocMarkdown, "rmd": .pandocMarkdown, "rmarkdown": .pandocMarkdown, "pandoc": .pandocMarkdown,
        "restructuredtext": .restructuredText, "rst": .restructuredText,
    ]

    init(languageId: String?, uri: String) {
        self = languageId.flatMap { DocumentSyntax.languageIds[$0.lowercased()] } ?? DocumentSyntax(path: uri)
    }
}

extension DocumentText {
    /// `OpenDocument.clamp` on the text as it is now (between the changes of one `didChange`).
    func clamp(_ position: Position, _ encoding: PositionEncoding) -> LinePosition {
        guard position.line < lineCount else {
            let last = lineCount - 1
            return LinePosition(last, line(last).count)
        }
        return LinePosition(position.line, encoding.byteOffset(in: line(position.line), character: position.character))
    }
}
