@testable import JSONRPC
import Testing

/// Incremental changes in each position encoding, checked against the server's own view of the text.
struct DocumentSyncTests {
    func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    func state(_ client: LSPClient, _ uri: String) -> JSON? {
        client.request("gridls/documentState", ["textDocument": textDocument(uri)])["result"]
    }

    func change(_ client: LSPClient, _ uri: String, version: Int, _ r: JSON, _ text: String) {
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": r, "text": .string(text)]],
        ])
    }

    @Test func utf16PositionsCountSurrogatePairsAsTwo() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///u.md", """
            | 😀 | 東京 |
            |-|-|

            """)
        // Character 5 is the pipe after "| 😀 " (the emoji is two UTF-16 units).
        change(client, "file:///u.md", version: 2, range(0, 5, 0, 5), "x")
        // Inside the surrogate pair: clamped to the emoji's start.
        change(client, "file:///u.md", version: 3, range(0, 3, 0, 3), "y")
        // "| y😀 x| " is 9 units: replace 東京.
        change(client, "file:///u.md", version: 4, range(0, 9, 0, 11), "大阪")
        let expected = """
            | y😀 x| 大阪 |
            |-|-|

            """
        #expect(state(client, "file:///u.md") == [
            "version": 4, "length": .int(expected.utf8.count), "lines": 3, "fnv1a64": .string(fnv1a(expected)), "tables": 1, "reader": "portable",
        ])
    }

    @Test func utf8PositionsCountBytes() throws {
        let client = try LSPClient()
        _ = client.initialize(["general": ["positionEncodings": ["utf-8"]]])
        client.open("file:///u.md", "| 東京 | b |\n")
        change(client, "file:///u.md", version: 2, range(0, 8, 0, 8), "!")  // after 東京 (6 bytes)
        change(client, "file:///u.md", version: 3, range(0, 4, 0, 4), "?")  // inside 東: clamped to its start
        #expect(state(client, "file:///u.md")?["fnv1a64"] == .string(fnv1a("| ?東京! | b |\n")))
    }

    @Test func multiLineInsertsAndDeletesInACRLFDocument() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///c.md", "a\r\nb\r\n\r\nc\r\n")
        change(client, "file:///c.md", version: 2, range(1, 0, 2, 0), "| x |\r\n| - |\r\n| 1 |\r\n")
        change(client, "file:///c.md", version: 3, range(0, 1, 0, 1), "\r\n")
        let expected = "a\r\n\r\n| x |\r\n| - |\r\n| 1 |\r\n\r\nc\r\n"
        #expect(state(client, "file:///c.md")?["fnv1a64"] == .string(fnv1a(expected)))
        #expect(state(client, "file:///c.md")?["tables"] == 1)
    }

    @Test func aChangeWithoutARangeReplacesTheText() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///f.md", "old")
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///f.md", "version": 2], "contentChanges": [["text": """
            | n |
            |-|

            """]]])
        #expect(state(client, "file:///f.md")?["tables"] == 1)
    }

    @Test func openingAFenceHidesTheTablesBelowAndClosingItShowsThem() throws {
        let client = try LSPClient()
        _ = client.initialize()
        var text = "# T\n\n"
        for n in 0..<50 { text += "| \(n) |\n|-|\n\n" }
        client.open("file:///f.md", text)
        #expect(state(client, "file:///f.md")?["tables"] == 50)
        change(client, "file:///f.md", version: 2, range(1, 0, 1, 0), "```")
        #expect(state(client, "file:///f.md")?["tables"] == 0)
        change(client, "file:///f.md", version: 3, range(1, 0, 1, 3), "")
        #expect(state(client, "file:///f.md")?["tables"] == 50)
    }
}
