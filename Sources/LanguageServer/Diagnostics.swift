import JSONRPC
import TextTables

extension Server {
    /// Every diagnostic of the document, from the index's caches: proportional to the tables, not the text.
    func diagnosticsJSON(_ document: OpenDocument) -> [JSON] {
        guard document.settings.diagnosticsEnabled else { return [] }
        return document.index.allDiagnostics.map { json($0, firstLine: 0, in: document) }
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

    func publishDiagnostics(_ document: OpenDocument) {
        send(Outgoing.notification("textDocument/publishDiagnostics", [
            "uri": .string(document.uri), "version": .int(document.version), "diagnostics": .array(diagnosticsJSON(document)),
        ]))
    }

    func pullDiagnostics(_ params: DocumentParams) throws(ResponseError) -> JSON {
        ["kind": "full", "items": .array(diagnosticsJSON(try document(params.uri)))]
    }

    /// A debugging aid for soak tests: the server's view of a document, to compare with the client's.
    func documentState(_ params: DocumentParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let bytes = document.text.bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return [
            "version": .int(document.version), "length": .int(bytes.count), "lines": .int(document.text.lineCount),
            "fnv1a64": .string(String(hash, radix: 16)), "tables": .int(document.index.tables.count),
        ]
    }
}
