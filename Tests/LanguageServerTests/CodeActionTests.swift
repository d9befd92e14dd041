import Foundation
@testable import JSONRPC
import Testing

struct CodeActionTests {
    let pipe = """
        | a | b |
        |---|---|
        | 1 | 2 |
        | 3 | 4 |

        """
    let grid = """
        +---+---+---+
        | a | b | c |
        +===+===+===+
        | d     | e |
        +---+---+---+
        | f | g | h |
        +---+---+---+

        """

    func actions(_ client: LSPClient, _ uri: String, _ r: JSON, only: [String]? = nil) -> [JSON] {
        client.codeActions(uri, r, only: only)
    }

    @Test func theActionsAtAPipeTableCell() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let document = MarkedText("""
            | a | 2️⃣b |
            |---|---|
            | 1️⃣1 | 2 |
            | 3 | 4 |

            """)
        client.open("file:///p.md", document.text)
        let titles = client.codeActions("file:///p.md", document.range(1)).compactMap { $0["title"]?.string }
        #expect(titles == [
            "Format table", "Insert row above", "Insert row below", "Insert column left", "Insert column right", "Delete row", "Delete column",
            "Move row down", "Move column right", "Sort by this column (ascending)", "Sort by this column (descending)",
            "Convert to grid table",
        ])
        let header = client.codeActions("file:///p.md", document.range(2)).compactMap { $0["title"]?.string }
        #expect(!header.contains("Insert row above") && !header.contains("Delete row") && !header.contains("Move row down"))
        #expect(header.contains("Insert row below") && header.contains("Move column left"))
    }

    @Test func aSelectionFromCellToCellOffersTheirMerge() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let document = MarkedText("""
            | a | b |
            |---|---|
            | 1️⃣1 | 2 |
            | 3 | 42️⃣ |

            """)
        client.open("file:///m.md", document.text)
        let merge = client.codeActions("file:///m.md", document.range(1, 2)).first { $0["data"]?["command"] == "gridls.mergeCells" }
        #expect(merge?["title"] == "Merge cells (converts the table to a grid table)")
        #expect(client.codeActions("file:///m.md", document.range(1)).contains { $0["data"]?["command"] == "gridls.mergeCells" } == false)
    }

    @Test func insertRowBelowEditsExactly() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///p.md", pipe)
        let insert = actions(client, "file:///p.md", range(2, 2, 2, 2)).first { $0["title"] == "Insert row below" }
        let edits = insert?["edit"]?["changes"]?["file:///p.md"]?.array ?? []
        #expect(applying(edits, to: pipe) == """
            | a   | b   |
            | --- | --- |
            | 1   | 2   |
            |     |     |
            | 3   | 4   |

            """)
    }

    @Test func mergeOnAPipeTableSaysItConverts() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///p.md", pipe)
        let merge = actions(client, "file:///p.md", range(2, 2, 3, 2)).first { $0["title"]?.string?.hasPrefix("Merge") == true }
        #expect(merge?["title"] == "Merge cells (converts the table to a grid table)")
        let edits = merge?["edit"]?["changes"]?["file:///p.md"]?.array ?? []
        #expect(applying(edits, to: pipe) == """
            +---+---+
            | a | b |
            +===+===+
            | 1 | 2 |
            | 3 +---+
            |   | 4 |
            +---+---+

            """)
    }

    @Test func aRefusedMergeComesBackDisabledWithItsReason() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["disabledSupport": true]]])
        client.open("file:///g.md", grid)
        let merge = actions(client, "file:///g.md", range(3, 10, 5, 6)).first { $0["title"] == "Merge cells" }
        #expect(merge?["disabled"] == ["reason": "the cell at row 2, columns 1–2 sticks out of the selection: extend the selection to cover it, or split it first"])
        #expect(merge?["edit"] == nil)
        let withoutSupport = try LSPClient()
        _ = withoutSupport.initialize()
        withoutSupport.open("file:///g.md", grid)
        #expect(!actions(withoutSupport, "file:///g.md", range(3, 10, 5, 6)).contains { $0["title"] == "Merge cells" })
    }

    @Test func editsAreResolvedLazilyWhenTheClientCan() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]])
        client.open("file:///g.md", grid)
        let split = actions(client, "file:///g.md", range(3, 2, 3, 2)).first { $0["title"] == "Split cell" }
        #expect(split?["edit"] == nil)
        let resolved = client.request("codeAction/resolve", split ?? [:])["result"]
        let edits = resolved?["edit"]?["changes"]?["file:///g.md"]?.array ?? []
        #expect(applying(edits, to: grid) == """
            +---+---+---+
            | a | b | c |
            +===+===+===+
            | d |   | e |
            +---+---+---+
            | f | g | h |
            +---+---+---+

            """)
    }

    @Test func quickFixesComeWithTheirDiagnostics() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let broken = """
            +---+---+
            | a | b |
            +-------+
            | c | d |
            +---+---+

            """
        client.open("file:///q.md", broken)
        let fixes = actions(client, "file:///q.md", range(2, 4, 2, 4), only: ["quickfix"])
        #expect(fixes.map { $0["title"] } == ["Write the `+` back"])
        // The likely repair of a slip is marked, so that editors can apply it with one key.
        #expect(fixes.first?["isPreferred"] == true)
        #expect(fixes.first?["diagnostics"]?.array?.first?["code"] == "broken-border")
        #expect(fixes.first?["diagnostics"]?.array?.first?["message"] == "a `+` is missing here, where a column line crosses this border")
        #expect(applying(fixes.first?["edit"]?["changes"]?["q.md"]?.array ?? fixes.first?["edit"]?["changes"]?["file:///q.md"]?.array ?? [], to: broken)
            == """
                +---+---+
                | a | b |
                +---+---+
                | c | d |
                +---+---+

                """)
    }

    @Test func executeCommandAppliesTheEditThroughTheClient() throws {
        let client = try LSPClient()
        nonisolated(unsafe) var received: JSON?
        client.onServerRequest = { method, params in
            if method == "workspace/applyEdit" { received = params }
            return ["applied": true]
        }
        _ = client.initialize()
        client.open("file:///p.md", pipe)
        let result = client.request("workspace/executeCommand", [
            "command": "gridls.deleteColumn", "arguments": [["uri": "file:///p.md", "range": range(2, 6, 2, 6)]],
        ])
        #expect(result["result"] == ["applied": true, "position": ["line": 2, "character": 2]])
        #expect(received?["label"] == "Delete column")
        #expect(applying(received?["edit"]?["changes"]?["file:///p.md"]?.array ?? [], to: pipe) == """
            | a   |
            | --- |
            | 1   |
            | 3   |

            """)
        let refused = client.request("workspace/executeCommand", ["command": "gridls.splitCell", "arguments": [["uri": "file:///p.md", "range": range(2, 2, 2, 2)]]])
        #expect(refused["error"]?["code"] == -32602)
    }

    @Test func cancellingACommandEndsItsWaitForTheClientsAnswer() throws {
        let client = try LSPClient()
        client.answersServerRequests = false  // the client never answers workspace/applyEdit
        _ = client.initialize()
        client.open("file:///c.md", pipe)
        client.send(["jsonrpc": "2.0", "id": 99, "method": "workspace/executeCommand", "params": [
            "command": "gridls.deleteColumn", "arguments": [["uri": "file:///c.md", "range": range(2, 6, 2, 6)]],
        ]])
        #expect(client.waitFor { $0["method"] == "workspace/applyEdit" } != nil)
        let start = Date()
        client.notify("$/cancelRequest", ["id": 99])
        let answer = client.waitFor { $0["id"] == 99 && $0["method"] == nil }
        #expect(answer?["result"]?["applied"] == false)
        #expect(Date().timeIntervalSince(start) < 10)  // the wait would otherwise last 30 s
        #expect(client.request("textDocument/hover", ["textDocument": textDocument("file:///c.md"), "position": ["line": 2, "character": 2]])["result"] != nil)
    }

    @Test func fixAllFormatsEveryTable() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///p.md", """
            |a|
            |-|

            """)
        let fixAll = actions(client, "file:///p.md", range(0, 0, 0, 0), only: ["source.fixAll.gridls"])
        #expect(fixAll.map { $0["kind"] } == ["source.fixAll.gridls"])
    }

    @Test func aFixThatIsNotTheLikelyRepairIsNotPreferred() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let lShape = """
            +---+---+
            | a | b |
            +---+---+
            | c     |
            +---+   +
            | d |   |
            +---+---+

            """
        client.open("file:///s.md", lShape)
        let fixes = actions(client, "file:///s.md", range(3, 2, 3, 2), only: ["quickfix"])
        #expect(fixes.map { $0["title"] } == ["Split the region into rectangles along its grid lines"])
        #expect(fixes.allSatisfy { $0["isPreferred"] == nil })
    }
}

struct PipeQuickFixTests {
    @Test func extraAndMissingCellsHaveFixes() throws {
        let text = """
            | a | b |
            |---|---|
            | 1 | 2 | 3 |
            | 4 |

            """
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///x.md", text)
        func fixes(_ line: Int) -> [JSON] {
            client.request("textDocument/codeAction", ["textDocument": textDocument("file:///x.md"), "range": range(line, 2, line, 2), "context": ["diagnostics": [], "only": ["quickfix"]]])["result"]?.array ?? []
        }
        let extra = fixes(2)
        #expect(extra.map { $0["title"] } == ["Add header cells for the extra cells", "Delete the cells past the header"])
        #expect(applying(extra[0]["edit"]?["changes"]?["file:///x.md"]?.array ?? [], to: text)
            == """
                | a   | b   |     |
                | --- | --- | --- |
                | 1   | 2   | 3   |
                | 4   |     |     |

                """)
        #expect(applying(extra[1]["edit"]?["changes"]?["file:///x.md"]?.array ?? [], to: text)
            == """
                | a   | b   |
                | --- | --- |
                | 1   | 2   |
                | 4   |     |

                """)
        #expect(fixes(3).map { $0["title"] } == ["Fill the row with empty cells"])
    }
}
