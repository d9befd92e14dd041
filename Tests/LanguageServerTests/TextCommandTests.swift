import Foundation
@testable import JSONRPC
import Testing
import TestSupport

/// Lines made a table, tables copied as CSV, empty tables inserted, through the server.
struct TextCommandTests {
    let csv = "Intro\nname,city\n\"Smith, J\",\"New York\"\nOutro\n"

    @Test func selectedLinesBecomeATableThroughTheirCodeAction() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]])
        client.open("file:///c.md", csv)
        let offered = client.codeActions("file:///c.md", range(1, 0, 3, 0))
        let action = try #require(offered.first { $0["data"]?["command"] == "gridls.linesToTable" })
        #expect(action["title"] == "Convert lines to table")
        let resolved = client.request("codeAction/resolve", action)["result"]
        #expect(applying(resolved?["edit"]?["changes"]?["file:///c.md"]?.array ?? [], to: csv)
            == """
                Intro

                | name     | city     |
                | -------- | -------- |
                | Smith, J | New York |

                Outro

                """)
        // Not on one line, nor where a table is.
        #expect(!client.codeActions("file:///c.md", range(1, 0, 1, 4)).contains { $0["data"]?["command"] == "gridls.linesToTable" })
    }

    @Test func aTableIsCopiedAsCSV() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///t.md", """
            Intro

            | a | b |
            |---|---|
            | x, y | \"q\" |

            """)
        let answer = client.request("workspace/executeCommand", [
            "command": "gridls.copyTableAsCSV", "arguments": [["uri": "file:///t.md", "range": range(4, 2, 4, 2)]],
        ])
        #expect(answer["result"] == ["csv": "a,b\n\"x, y\",\"\"\"q\"\"\"\n"])
        let outside = client.request("workspace/executeCommand", [
            "command": "gridls.copyTableAsCSV", "arguments": [["uri": "file:///t.md", "range": range(0, 0, 0, 0)]],
        ])
        #expect(outside["error"]?["code"] == -32602)
    }

    @Test func anEmptyTableIsInsertedAndItsFirstCellReturned() throws {
        let client = try LSPClient()
        nonisolated(unsafe) var received: JSON?
        client.onServerRequest = { method, params in
            if method == "workspace/applyEdit" { received = params }
            return ["applied": true]
        }
        _ = client.initialize()
        let text = "Intro\nOutro\n"
        client.open("file:///i.md", text)
        let answer = client.request("workspace/executeCommand", [
            "command": "gridls.insertTable", "arguments": [["uri": "file:///i.md", "range": range(0, 2, 0, 2), "rows": 2, "columns": 2]],
        ])
        #expect(answer["result"] == ["applied": true, "position": ["line": 2, "character": 2]])
        #expect(applying(received?["edit"]?["changes"]?["file:///i.md"]?.array ?? [], to: text)
            == """
                Intro

                |     |     |
                | --- | --- |
                |     |     |

                Outro

                """)
        let sizeless = client.request("workspace/executeCommand", [
            "command": "gridls.insertTable", "arguments": [["uri": "file:///i.md", "range": range(0, 2, 0, 2), "rows": 0, "columns": 2]],
        ])
        #expect(sizeless["error"]?["code"] == -32602)
    }
}
