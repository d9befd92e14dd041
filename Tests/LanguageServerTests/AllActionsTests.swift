@testable import JSONRPC
import Testing

/// Every action offered at a cell of a pipe table and of a grid table, run as its command through
/// workspace/applyEdit: the result reads back as a table without errors, and all but formatting change it.
struct AllActionsTests {
    static let documents: [(String, String, JSON)] = [
        ("file:///p.md", """
            | a | b | c |
            |---|:-:|--:|
            | 1 | 2 | 3 |
            | 4 | 5 | 6 |
            | 7 | 8 | 9 |

            """, range(3, 6, 3, 6)),
        ("file:///g.md", """
            +---+---+---+
            | a | b | c |
            +===+===+===+
            | d     | e |
            +---+---+---+
            | f | g | h |
            +---+---+---+
            | i | j | k |
            +---+---+---+

            """, range(5, 6, 5, 6)),
        ("file:///g2.md", """
            +---+---+---+
            | a | b | c |
            +===+===+===+
            | d     | e |
            +---+---+---+
            | f | g | h |
            +---+---+---+

            """, range(3, 2, 3, 2)),
    ]

    @Test(arguments: 0..<3)
    func everyOfferedActionWorks(_ which: Int) throws {
        let (uri, text, at) = Self.documents[which]
        let client = try LSPClient()
        nonisolated(unsafe) var applied: [JSON] = []
        client.onServerRequest = { _, params in
            applied.append(params ?? .null)
            return ["applied": true]
        }
        _ = client.initialize(["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]])
        client.open(uri, text)
        let offered = client.request("textDocument/codeAction", ["textDocument": textDocument(uri), "range": at, "context": ["diagnostics": [], "only": ["refactor.rewrite"]]])["result"]?.array ?? []
        #expect(offered.count >= 10)
        for action in offered {
            guard let data = action["data"], let command = data["command"]?.string else { Issue.record("no data: \(action)"); continue }
            let result = client.request("workspace/executeCommand", ["command": .string(command), "arguments": data["arguments"]!])
            #expect(result["result"]?["applied"] == true, "\(command)")
            guard let edit = applied.last, let edits = edit["edit"]?["changes"]?[uri]?.array else { continue }
            let after = applying(edits, to: text)
            // Formatting a tidy table and sorting a sorted column may change nothing; nothing else may.
            if !["gridls.formatTable", "gridls.sortAscending", "gridls.sortDescending"].contains(command) {
                #expect(after != text, "\(command) changed nothing")
            }
            // Re-open the result as another document: it must read without errors.
            let check = "file:///check-\(command).md"
            client.open(check, after)
            let diagnostics = client.request("textDocument/diagnostic", ["textDocument": textDocument(check)])["result"]?["items"]?.array ?? []
            #expect(diagnostics.filter { $0["severity"] == 1 } == [], "\(command): \(after)")
            let symbols = client.request("textDocument/documentSymbol", ["textDocument": textDocument(check)])["result"]?.array ?? []
            #expect(symbols.count == 1, "\(command): \(after)")
        }
    }

    @Test func aStaleResolveIsContentModified() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]])
        client.open("file:///s.md", """
            |a|b|
            |-|-|
            |1|2|

            """)
        let action = client.request("textDocument/codeAction", ["textDocument": textDocument("file:///s.md"), "range": range(2, 1, 2, 1), "context": ["diagnostics": []]])["result"]?.array?.first
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///s.md", "version": 2], "contentChanges": [["range": range(0, 0, 0, 0), "text": "x"]]])
        #expect(client.request("codeAction/resolve", action ?? [:])["error"]?["code"] == -32801)
    }
}
