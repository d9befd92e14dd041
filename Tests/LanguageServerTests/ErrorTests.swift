@testable import JSONRPC
import Testing

/// Every error code of lsp.md, and the server keeps serving after each.
struct ErrorTests {
    func ready() throws -> LSPClient {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///a.md", """
            | a | b |
            |-|-|
            | 1 | 2 |

            """)
        return client
    }

    func stillServes(_ client: LSPClient) {
        #expect(client.request("textDocument/foldingRange", ["textDocument": textDocument("file:///a.md")])["result"]
            == [["startLine": 0, "endLine": 2, "kind": "region"]])
    }

    @Test func invalidJSONGetsAParseErrorWithANullID() throws {
        let client = try ready()
        client.writeRaw(frame(Array("{\"jsonrpc\": \"2.0\", \"id\": 9, ".utf8)))
        let error = client.waitFor { $0["error"] != nil }
        #expect(error?["id"] == .null)
        #expect(error?["error"]?["code"] == -32700)
        stillServes(client)
    }

    @Test func anInvalidRequestGetsInvalidRequest() throws {
        let client = try ready()
        client.send(["jsonrpc": "2.0", "id": 5, "method": 42])
        #expect(client.waitFor { $0["id"] == 5 }?["error"]?["code"] == -32600)
        stillServes(client)
    }

    @Test func unknownMethodsAndNotifications() throws {
        let client = try ready()
        #expect(client.request("textDocument/teleport")["error"]?["code"] == -32601)
        client.notify("$/setTrace", ["value": "off"])
        client.notify("custom/thing")
        stillServes(client)
    }

    static let wrongParams: [(JSON, String)] = [
        (["textDocument": ["uri": "file:///a.md"], "position": ["line": -1, "character": 0]], "params.position has a negative line or character"),
        (["textDocument": ["uri": "file:///a.md"], "position": ["line": "2", "character": 0]], "params.position must be {line, character} with whole numbers"),
        (["textDocument": ["uri": "file:///missing.md"], "position": ["line": 0, "character": 0]], "the document file:///missing.md is not open"),
        (["position": ["line": 0, "character": 0]], "params.textDocument is missing"),
    ]

    @Test(arguments: wrongParams)
    func wrongParamsAreInvalidParamsWithAReason(_ params: JSON, _ message: String) throws {
        let client = try ready()
        let error = client.request("textDocument/hover", params)["error"]
        #expect(error?["code"] == -32602)
        #expect(error?["message"] == .string(message))
        stillServes(client)
    }

    @Test func positionsPastTheEndAreClamped() throws {
        let client = try ready()
        let hover = client.request("textDocument/hover", ["textDocument": textDocument("file:///a.md"), "position": ["line": 1, "character": 999]])
        #expect(hover["error"] == nil)
        let pastEnd = client.request("textDocument/selectionRange", ["textDocument": textDocument("file:///a.md"), "positions": [["line": 99, "character": 0]]])
        #expect(pastEnd["result"] == [["range": range(3, 0, 3, 0)]])
    }

    @Test func aBadHeaderIsSkipped() throws {
        let client = try ready()
        client.writeRaw(Array("Content-Length: nope\r\n\r\n{\"x\":1}".utf8))
        stillServes(client)
    }

    @Test func aHeaderEndedByBareLineFeedsIsReadAndTheNextMessageStillArrives() throws {
        let client = try ready()
        func folding(_ id: Int) -> [UInt8] {
            (["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/foldingRange", "params": ["textDocument": textDocument("file:///a.md")]] as JSON).serialized()
        }
        client.writeRaw(Array("Content-Length: \(folding(50).count)\n\n".utf8) + folding(50) + frame(folding(51)))
        #expect(client.waitFor { $0["id"] == 50 }?["result"] == [["startLine": 0, "endLine": 2, "kind": "region"]])
        #expect(client.waitFor { $0["id"] == 51 }?["result"] == [["startLine": 0, "endLine": 2, "kind": "region"]])
    }

    @Test func aQueuedRequestCanBeCancelled() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let big = String(repeating: """
            | a | b | c |
            |-|-|-|
            | 1 | 22 | 333 |


            """, count: 3000)
        client.open("file:///big.md", big)
        var batch: [UInt8] = []
        for id in 100...102 {
            let request: JSON = ["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/formatting", "params": ["textDocument": textDocument("file:///big.md"), "options": ["tabSize": 4, "insertSpaces": true]]]
            batch += frame(request.serialized())
        }
        let cancel: JSON = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 102]]
        batch += frame(cancel.serialized())
        client.writeRaw(batch)
        #expect(client.waitFor { $0["id"] == 100 }?["result"]?.array?.count == 1)  // 9,000 line edits, collapsed
        #expect(client.waitFor { $0["id"] == 101 }?["result"] != nil)
        #expect(client.waitFor { $0["id"] == 102 }?["error"]?["code"] == -32800)
    }
}
