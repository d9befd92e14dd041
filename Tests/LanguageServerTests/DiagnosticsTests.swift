@testable import JSONRPC
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

    /// Pushed after `change` and pulled right after: both must be the fresh open's, exactly.
    func diagnosticsAfter(_ text: String, _ change: JSON) throws -> (pushed: JSON?, pulled: JSON?, fresh: JSON?) {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///e.md", text)
        _ = client.notification("textDocument/publishDiagnostics")
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///e.md", "version": 2], "contentChanges": [change]])
        let pushed = client.notification("textDocument/publishDiagnostics")?["diagnostics"]
        let pulled = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///e.md")])["result"]?["items"]
        client.open("file:///fresh.md", applying([["range": change["range"]!, "newText": change["text"]!]], to: text))
        let fresh = client.notification("textDocument/publishDiagnostics")?["diagnostics"]
        return (pushed, pulled, fresh)
    }

    static let mismatch: JSON = .string("not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells")

    /// A line inserted above a look-alike moves its diagnostic down; an edit below it keeps it.
    @Test(arguments: [
        ("intro\n\n| a | b |\n|---|\n", range(0, 0, 0, 0), "new line\n", 4),
        ("| a | b |\n|---|\n", range(2, 0, 2, 0), "x", 1),
    ] as [(String, JSON, String, Int)])
    func aLookAlikesDiagnosticFollowsItsLine(_ text: String, _ at: JSON, _ inserted: String, _ line: Int) throws {
        let (pushed, pulled, fresh) = try diagnosticsAfter(text, ["range": at, "text": .string(inserted)])
        let expected: JSON = [["range": range(line, 0, line, 5), "severity": 1, "code": "delimiter-count-mismatch", "source": "gridls", "message": Self.mismatch]]
        #expect(pushed == expected)
        #expect(pulled == expected)
        #expect(fresh == expected)
    }
}
