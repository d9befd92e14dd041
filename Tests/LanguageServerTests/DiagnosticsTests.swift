@testable import JSONRPC
import Testing

struct DiagnosticsTests {
    let lShape = """
        +---+---+
        | a | b |
        +---+   |
        | c     |
        +---+---+

        """

    @Test func diagnosticsArePushedAfterOpenAndChangeAndClearedOnClose() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///d.md", """
            | a | b |
            |-|-|
            | 1 | 2 | 3 |

            """)
        let opened = client.notification("textDocument/publishDiagnostics")
        #expect(opened == [
            "uri": "file:///d.md", "version": 1,
            "diagnostics": [[
                "range": range(2, 10, 2, 11), "severity": 2, "code": "extra-cells", "source": "gridls",
                "message": "row has 3 cells but the header has 2: GitHub and most readers do not render the last cell (kramdown adds a column for it); add a header cell or remove it",
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

    /// An edit that leaves the diagnostics as they were pushes nothing; one that changes them pushes them.
    @Test func diagnosticsArePushedOnlyWhenTheyChange() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///u.md", """
            Text

            | a | b |
            |-|-|
            | 1 | 2 | 3 |

            """)
        #expect(client.notification("textDocument/publishDiagnostics")?["diagnostics"]?.array?.count == 1)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///u.md", "version": 2], "contentChanges": [["range": range(0, 4, 0, 4), "text": "s"]],
        ])
        _ = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///u.md")])  // the change is handled
        #expect(!client.unclaimed.contains { $0["method"] == "textDocument/publishDiagnostics" })
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///u.md", "version": 3], "contentChanges": [["range": range(0, 0, 0, 0), "text": "\n"]],
        ])
        let shifted = client.notification("textDocument/publishDiagnostics")
        #expect(shifted?["version"] == 3 && shifted?["diagnostics"]?.array?.first?["range"] == range(5, 10, 5, 11))
    }

    /// Found by the soak: "東" (3 bytes, 1 UTF-16 unit) replaced by "xxx" (3 bytes, 3 units) leaves the
    /// extra cell at the same byte but two UTF-16 characters further: it is pushed again, where it is now.
    /// In UTF-8, where characters are bytes, nothing is pushed.
    @Test(arguments: ["utf-16", "utf-8"])
    func aDiagnosticWhoseBytesStayButCharactersMoveIsPushedAgain(_ encoding: String) throws {
        let client = try LSPClient()
        _ = client.initialize(["general": ["positionEncodings": [.string(encoding)]]])
        client.open("file:///w.md", """
            | a | b |
            |-|-|
            | 東 | 2 | 3 |

            """)
        let wide = encoding == "utf-16" ? 10 : 12
        #expect(client.notification("textDocument/publishDiagnostics")?["diagnostics"]?.array?.first?["range"] == range(2, wide, 2, wide + 1))
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///w.md", "version": 2],
            "contentChanges": [["range": range(2, 2, 2, encoding == "utf-16" ? 3 : 5), "text": "xxx"]],
        ])
        _ = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///w.md")])  // the change is handled
        if encoding == "utf-16" {
            #expect(client.notification("textDocument/publishDiagnostics")?["diagnostics"]?.array?.first?["range"] == range(2, 12, 2, 13))
        } else {
            #expect(!client.unclaimed.contains { $0["method"] == "textDocument/publishDiagnostics" })
        }
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
        let opened = client.notification("textDocument/publishDiagnostics")?["diagnostics"]
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///e.md", "version": 2], "contentChanges": [change]])
        // The pull is answered after the change is handled; a push comes only if the diagnostics changed.
        let pulled = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///e.md")])["result"]?["items"]
        let pushed = client.unclaimed.last { $0["method"] == "textDocument/publishDiagnostics" }.map { $0["params"]?["diagnostics"] } ?? opened
        client.open("file:///fresh.md", applying([["range": change["range"]!, "newText": change["text"]!]], to: text))
        let fresh = client.notification("textDocument/publishDiagnostics")?["diagnostics"]
        return (pushed, pulled, fresh)
    }

    static let mismatch: JSON = .string("not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells")

    /// A line inserted above a look-alike moves its diagnostic down; an edit below it keeps it.
    @Test(arguments: [
        ("""
            intro

            | a | b |
            |---|

            """, range(0, 0, 0, 0), "new line\n", 4),
        ("""
            | a | b |
            |---|

            """, range(2, 0, 2, 0), "x", 1),
    ] as [(String, JSON, String, Int)])
    func aLookAlikesDiagnosticFollowsItsLine(_ text: String, _ at: JSON, _ inserted: String, _ line: Int) throws {
        let (pushed, pulled, fresh) = try diagnosticsAfter(text, ["range": at, "text": .string(inserted)])
        let expected: JSON = [["range": range(line, 0, line, 5), "severity": 1, "code": "delimiter-count-mismatch", "source": "gridls", "message": Self.mismatch]]
        #expect(pushed == expected)
        #expect(pulled == expected)
        #expect(fresh == expected)
    }
}
