import Foundation
@testable import JSONRPC
import TestSupport
import Testing

/// Clients that misbehave: the server answers what it can and exits cleanly, never spins.
struct HostileClientTests {
    @Test func aMessageCutShortByEndOfInputEndsTheServerCleanly() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.writeRaw(Array("Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9,".utf8))
        client.closeInput()
        #expect(client.exitStatus() == 0)
    }

    /// Requests cancelled while they wait in the queue are answered RequestCancelled, the others normally,
    /// each exactly once; thousands of cancellations of requests never sent are answered by nothing.
    @Test func cancellationStormsAndClosedDocuments() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///c.md", """
            |a|
            |-|

            """)
        // The handler waits for the client's answer to workspace/applyEdit until every request is queued.
        let queued = DispatchSemaphore(value: 0)
        client.onServerRequest = { _, _ in
            queued.wait()
            return ["applied": true]
        }
        client.send(["jsonrpc": "2.0", "id": 1, "method": "workspace/executeCommand", "params": ["command": "gridls.formatTable", "arguments": [["uri": "file:///c.md", "range": range(0, 1, 0, 1)]]]])
        func cancel(_ id: Int) -> [UInt8] { frame((["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .int(id)]] as JSON).serialized()) }
        var storm = (10_000..<15_000).flatMap(cancel)
        let hovers = 100..<200
        for id in hovers {
            storm += frame((["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/hover", "params": ["textDocument": textDocument("file:///c.md"), "position": ["line": 0, "character": 1]]] as JSON).serialized())
            if id.isMultiple(of: 2) { storm += cancel(id) }
        }
        client.writeRaw(storm)
        queued.signal()
        #expect(client.waitFor { $0["id"] == 1 && $0["method"] == nil }?["result"]?["applied"] == true)
        for id in hovers {
            let answer = client.waitFor { $0["id"] == .int(id) }
            if id.isMultiple(of: 2) {
                #expect(answer?["error"]?["code"] == -32800, "request \(id)")
            } else {
                #expect(answer?["result"]?["contents"] != nil && answer?["error"] == nil, "request \(id)")
            }
        }
        client.notify("textDocument/didClose", ["textDocument": textDocument("file:///c.md")])
        let late = client.request("textDocument/formatting", ["textDocument": textDocument("file:///c.md"), "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(late["error"]?["code"] == -32602)
        #expect(late["error"]?["message"] == "the document file:///c.md is not open")
        #expect(client.request("shutdown")["result"] == .null)
        // Answered once each: no second answer to a hover, none to a cancellation of a request never sent.
        #expect(!client.unclaimed.contains { $0["id"]?.int.map { hovers.contains($0) || $0 >= 10_000 } ?? false })
    }

    @Test func nulBytesAndLoneSurrogatesInStrings() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.writeRaw(frame(Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///n.md","version":1,"text":"|a\u0000|\ud800|\n|-|-|\n"}}}"#.utf8)))
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": textDocument("file:///n.md")])
        #expect(symbols["result"]?.array?.first?["name"] == "Table 1 (2×1)")
    }

    @Test func aClientThatStopsReadingDoesNotHangTheServerForever() throws {
        let process = try ChildProcess(LSPClient.binary.path, input: .pipe, output: .pipe)
        let document = String(repeating: """
            | a | b |
            |-|-|
            | 1 | 2 |


            """, count: 2000)
        let initialize: JSON = ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]]
        let open: JSON = ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///big.md", "version": 1, "text": .string(document)]]]
        var stream = frame(initialize.serialized()) + frame(open.serialized())
        for id in 2..<40 {
            let format: JSON = ["jsonrpc": "2.0", "id": .int(id), "method": "textDocument/formatting", "params": ["textDocument": ["uri": "file:///big.md"], "options": ["tabSize": 4, "insertSpaces": true]]]
            stream += frame(format.serialized())
        }
        // Nobody reads the answers; then the reading end goes away and the input ends.
        let bytes = Data(stream), input = process.input!
        Thread { try? input.write(contentsOf: bytes); try? input.close() }.start()
        Thread.sleep(forTimeInterval: 0.5)
        try process.output!.close()
        #expect(process.wait(killingAfter: 20) != nil)
    }
}
