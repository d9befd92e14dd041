import Foundation
import JSONRPC
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

    @Test func cancellationStormsAndClosedDocuments() throws {
        let client = try LSPClient()
        _ = client.initialize()
        var storm: [UInt8] = []
        for id in 0..<5000 {
            let cancel: JSON = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .int(id)]]
            storm += frame(cancel.serialized())
        }
        client.writeRaw(storm)
        client.open("file:///c.md", "|a|\n|-|\n")
        client.notify("textDocument/didClose", ["textDocument": textDocument("file:///c.md")])
        let late = client.request("textDocument/formatting", ["textDocument": textDocument("file:///c.md"), "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(late["error"]?["code"] == -32602)
        #expect(late["error"]?["message"] == "the document file:///c.md is not open")
        #expect(client.request("shutdown")["result"] == .null)
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
        let document = String(repeating: "| a | b |\n|-|-|\n| 1 | 2 |\n\n", count: 2000)
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
