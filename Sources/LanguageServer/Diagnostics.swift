import JSONRPC
import TextTables

extension Server {
    /// Every diagnostic of the document, from the index's caches: proportional to the tables, not the text.
    func diagnostics(_ document: OpenDocument) -> [TableIndex.LineDiagnostic] {
        document.settings.diagnosticsEnabled ? document.index.allDiagnostics : []
    }

    func diagnosticsJSON(_ document: OpenDocument) -> [JSON] {
        diagnostics(document).map { json($0, firstLine: 0, in: document) }
    }

    func json(_ placed: TableIndex.LineDiagnostic, firstLine: Int, in document: OpenDocument) -> JSON {
        let d = placed.diagnostic
        return [
            "range": document.lspRange(placed.start.shifted(by: firstLine), placed.end.shifted(by: firstLine), encoding),
            "severity": .int(Server.severity(d.severity)),
            "code": .string(d.code.rawValue),
            "source": "gridls",
            "message": .string(d.message),
        ]
    }

    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .information: 3
        case .hint: 4
        }
    }

    /// Pushes the document's diagnostics; after an edit, only when they are not the ones pushed last (a
    /// keystroke in a document with 163,000 diagnostics would otherwise send them all again each time).
    func publishDiagnostics(_ document: inout OpenDocument, onlyWhenChanged: Bool) {
        guard !client.pullsDiagnostics else { return }
        let moved = movedInClientCharacters(document)
        // The index says whether an edit changed or moved a diagnostic: most keystrokes change none, and
        // gathering 163,000 of them to compare took longer than the keystroke's own work.
        if onlyWhenChanged && document.published != nil && !document.diagnosticsMayDiffer && !moved { return }
        let current = diagnostics(document)
        if onlyWhenChanged && document.published?.map(\.shown) == current.map(\.shown) && !moved {
            document.noteSameDiagnostics()
            return
        }
        document.notePublished(current)
        send(Outgoing.notification("textDocument/publishDiagnostics", [
            "uri": .string(document.uri), "version": .int(document.version),
            "diagnostics": .array(current.map { json($0, firstLine: 0, in: document) }),
        ]))
    }

    /// Whether a diagnostic may stand at other characters for the client than when it was pushed, though
    /// its (line, byte) places are the same: one on a line changed since, in UTF-16 or UTF-32, where a
    /// character's size in the encoding is not its size in bytes.
    private func movedInClientCharacters(_ document: OpenDocument) -> Bool {
        guard encoding != .utf8, let changed = document.changedSincePublish, document.settings.diagnosticsEnabled else { return false }
        return document.index.hasDiagnostic(on: changed)
    }

    func pullDiagnostics(_ params: DocumentParams) throws(ResponseError) -> JSON {
        ["kind": "full", "items": .array(diagnosticsJSON(try document(params.uri)))]
    }

    /// A debugging aid for soak tests: the server's view of a document, to compare with the client's.
    func documentState(_ params: DocumentStateParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let bytes = document.text.bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let state: JSON = [
            "version": .int(document.version), "length": .int(bytes.count), "lines": .int(document.text.lineCount),
            "fnv1a64": .string(String(hash, radix: 16)), "tables": .int(document.index.tables.count),
            "reader": .string(document.syntax.readerName(document.settings.formatOptions().scan.markdownReaders)),
        ]
        return params.includeText ? state.setting("text", .string(String(decoding: bytes, as: UTF8.self))) : state
    }
}

extension DocumentSyntax {
    /// The reader a document is read by, as `gridls/documentState` names it.
    func readerName(_ readers: MarkdownReaders) -> String {
        switch self {
        case .restructuredText: "docutils"
        case .pandocMarkdown: "pandoc"
        case .markdown: readers == .github ? "github" : "portable"
        }
    }
}
