@testable import JSONRPC
import Testing

/// `gridls/tableRanges`: pushed to clients that ask for it, after open and after a change that moves,
/// adds or removes a table; never to other clients.
struct TableRangesTests {
    let text = """
        Intro

        | a | b |
        |---|---|
        | 1 | 2 |

        +---+
        | x |
        +---+

        """
    let asking: JSON = ["experimental": ["gridls": ["tableRanges": true]]]

    @Test func rangesArePushedOnOpenAndWhenTheyChange() throws {
        let client = try LSPClient()
        _ = client.initialize(asking)
        client.open("file:///r.md", text)
        #expect(client.notification("gridls/tableRanges") == [
            "textDocument": ["uri": "file:///r.md", "version": 1], "ranges": [[2, 4], [6, 8]],
        ])
        // Typing in the paragraph moves no table: nothing is sent.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///r.md", "version": 2], "contentChanges": [["range": range(0, 5, 0, 5), "text": "s"]],
        ])
        _ = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///r.md")])  // the change is handled
        #expect(!client.unclaimed.contains { $0["method"] == "gridls/tableRanges" })
        // A line above the tables, and a row added to the first one.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///r.md", "version": 3], "contentChanges": [
                ["range": range(0, 0, 0, 0), "text": "\n"],
                ["range": range(6, 0, 6, 0), "text": "| 3 | 4 |\n"],
            ],
        ])
        #expect(client.notification("gridls/tableRanges") == [
            "textDocument": ["uri": "file:///r.md", "version": 3], "ranges": [[3, 6], [8, 10]],
        ])
    }

    @Test func clientsThatDoNotAskGetNone() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///n.md", text)
        _ = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///n.md")])
        #expect(!client.unclaimed.contains { $0["method"] == "gridls/tableRanges" })
    }

    /// A reStructuredText simple table is a table too (the editors' keys walk it).
    @Test func aSimpleTableHasItsRange() throws {
        let client = try LSPClient()
        _ = client.initialize(asking)
        client.open("file:///s.rst", """
            Title

            =====  =====
            A      B
            =====  =====
            1      2
            =====  =====

            """)
        #expect(client.notification("gridls/tableRanges")?["ranges"] == [[2, 6]])
    }
}
