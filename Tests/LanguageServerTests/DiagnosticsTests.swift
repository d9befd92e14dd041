import JSONRPC
import Testing

struct DiagnosticsTests {
    let lShape = "+---+---+\n| a | b |\n+---+   |\n| c     |\n+---+---+\n"

    @Test func diagnosticsArePushedAfterOpenAndChangeAndClearedOnClose() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///d.md", "| a | b |\n|-|-|\n| 1 | 2 | 3 |\n")
        let opened = client.notification("textDocument/publishDiagnostics")
        #expect(opened == [
            "uri": "file:///d.md", "version": 1,
            "diagnostics": [[
                "range": range(2, 10, 2, 11), "severity": 2, "code": "extra-cells", "source": "gridls",
                "message": "row has 3 cells but the header has 2: the last cell is not rendered; add a header cell or remove it",
            ]],
        ])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///d.md", "version": 2],
            "contentChanges": [["range": range(2, 9, 2, 13), "text": ""]],
        ])
        #expect(client.notification("textDocument/publishDiagnostics") == ["uri": "file:///d.md", "version": 2, "diagnostics": []])
        client.notify("textDocument/didClose", ["textDocument": textDocument("file:///d.md")])
        #expect(client.notification("textDocument/publishDiagnostics") == ["uri": "file:///d.md", "diagnostics": []])
    }

    @Test func aNonRectangularCellIsAnErrorOnPull() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///g.md", lShape)
        let items = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///g.md")])["result"]?["items"]?.array
        #expect(items?.map { $0["code"] } == ["non-rectangular-cell"])
        #expect(items?.first?["severity"] == 1)
        #expect(items?.first?["range"] == range(1, 0, 3, 9))
    }

    @Test func diagnosticsCanBeTurnedOff() throws {
        let client = try LSPClient()
        _ = client.initialize(options: ["diagnostics": ["enable": false]])
        client.open("file:///g.md", lShape)
        #expect(client.notification("textDocument/publishDiagnostics")?["diagnostics"] == [])
    }
}
