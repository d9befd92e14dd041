import Foundation
@testable import JSONRPC
import Testing
import TestSupport

/// An editor typing into one document through the server's table keys: it applies each answer's edits,
/// syncs the whole text, and puts the cursor where the answer says.
final class TypingEditor {
    let client: LSPClient
    let uri: String
    private(set) var text: String
    /// The cursor as LSP counts it (UTF-16).
    private(set) var cursor: (line: Int, character: Int) = (0, 0)
    private var version = 1

    init(_ uri: String = "file:///typed.md", text: String = "", capabilities: JSON = [:]) throws {
        client = try LSPClient()
        _ = client.initialize(capabilities)
        self.uri = uri
        self.text = text
        client.open(uri, text)
    }

    /// Types `typed` at the cursor.
    func type(_ typed: String) {
        let position: JSON = ["line": .int(cursor.line), "character": .int(cursor.character)]
        apply([["range": ["start": position, "end": position], "newText": .string(typed)]])
        let lines = typed.split(separator: "\n", omittingEmptySubsequences: false)
        cursor = lines.count == 1 ? (cursor.line, cursor.character + typed.utf16.count) : (cursor.line + lines.count - 1, lines.last!.utf16.count)
    }

    func moveTo(line: Int, character: Int) { cursor = (line, character) }

    /// Presses a table key; false when the server said the key keeps its usual meaning here.
    @discardableResult
    func press(_ direction: String) -> Bool {
        let answer = client.request("gridls/navigateCell", [
            "textDocument": ["uri": .string(uri)], "position": ["line": .int(cursor.line), "character": .int(cursor.character)],
            "direction": .string(direction),
        ])
        guard let result = answer["result"], result != .null else { return false }
        apply(result["edits"]?.array ?? [])
        cursor = (result["position"]!["line"]!.int!, result["position"]!["character"]!.int!)
        return true
    }

    private func apply(_ edits: [JSON]) {
        guard !edits.isEmpty else { return }
        text = applying(edits, to: text)
        version += 1
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]],
        ])
    }

    /// The text with `‸` at the cursor.
    var shown: String { Caret.shown(text, line: cursor.line, utf16Column: cursor.character) }
}

struct TableKeysTests {
    @Test func aTableTypedFromNothing() throws {
        let editor = try TypingEditor()
        editor.type("| Name | Age")
        #expect(editor.press("nextCell"))
        #expect(editor.shown == """
            | Name | Age |
            | ---- | --- |
            | ‸     |     |
            """)
        editor.type("Ada")
        editor.press("nextCell")
        editor.type("36")
        #expect(editor.press("nextRow"))
        #expect(editor.shown == """
            | Name | Age |
            | ---- | --- |
            | Ada  | 36  |
            |      | ‸    |
            """)
        editor.press("previousCell")
        editor.type("Grace Hopper")
        editor.press("nextCell")
        editor.type("85")
        editor.press("previousCell")
        editor.press("previousCell")
        #expect(editor.shown == """
            | Name         | Age |
            | ------------ | --- |
            | Ada          | ‸36  |
            | Grace Hopper | 85  |
            """)
    }

    @Test func theCursorIsCountedInTheClientsEncoding() throws {
        let editor = try TypingEditor(text: """
            | 表 | 😀 | c |
            |---|---|---|

            """)
        editor.moveTo(line: 0, character: 5)  // after the emoji's two UTF-16 units
        #expect(editor.press("nextCell"))
        #expect(editor.shown == """
            | 表  | 😀  | ‸c   |
            | --- | --- | --- |

            """)
        #expect(editor.cursor.character == 13)
    }

    @Test func outsideTablesTheKeysKeepTheirMeaning() throws {
        let editor = try TypingEditor(text: """
            Intro

            +---+---+
            | a | b |
            +---+--+

                | code |

            """)
        for line in [0, 3, 6] {
            editor.moveTo(line: line, character: 3)
            #expect(!editor.press("nextCell"))
        }
        let rst = try TypingEditor("file:///t.rst", text: "| a | b\n")
        rst.moveTo(line: 0, character: 3)
        #expect(!rst.press("nextCell"))  // reStructuredText has no pipe tables to begin
    }

    /// A line that starts with `|` where the reader reads code, HTML or a comment is no table: the keys
    /// keep their meaning there, however far above the block opens (the server scans from a line where a
    /// scan restarts, not from the key's line).
    @Test func codeThatLooksLikeATableIsNotMadeOne() throws {
        let paragraphs = String(repeating: "Some text.\n\n", count: 200)
        let ocaml = "```ocaml\nlet f = function\n" + String(repeating: "  | Some x -> x\n", count: 100) + """
            | None -> 0
            ```

            """
        let text = paragraphs + ocaml + """

            <!--
            | a | b
            -->

            """
        let editor = try TypingEditor(text: text)
        for line in [402, 450, 502, 506] {
            for direction in ["nextCell", "nextRow"] {
                editor.moveTo(line: line, character: 4)
                #expect(!editor.press(direction), "line \(line), \(direction)")
            }
        }
        #expect(editor.text == text)
    }

    /// Org's way to add a column: type it at the header's end, then Tab. The header states the columns.
    @Test func aColumnTypedAtTheHeadersEndWidensTheTable() throws {
        let editor = try TypingEditor(text: """
            | Name | Age |
            | ---- | --: |
            | Ada  |  36 |

            """)
        editor.moveTo(line: 0, character: 14)
        editor.type(" Town |")
        #expect(editor.press("nextCell"))
        #expect(editor.shown == """
            | Name | Age | Town |
            | ---- | --: | ---- |
            | ‸Ada  |  36 |      |

            """)
        editor.press("nextCell")
        editor.press("nextCell")
        editor.type("Paris")
        editor.press("nextCell")
        #expect(editor.shown == """
            | Name | Age | Town  |
            | ---- | --: | ----- |
            | Ada  |  36 | Paris |
            | ‸     |     |       |

            """)
    }

    @Test func aBadDirectionIsInvalidParams() throws {
        let editor = try TypingEditor(text: """
            | a |
            |---|

            """)
        let answer = editor.client.request("gridls/navigateCell", [
            "textDocument": ["uri": .string(editor.uri)], "position": ["line": 0, "character": 2], "direction": "up",
        ])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["message"]?.string?.contains("params.direction") == true)
    }

    /// Realigning a table of more lines than formatting's limit is one edit of the table, as formatting's is.
    @Test func aLongTableIsRealignedInOneEdit() throws {
        let rows = String(repeating: "|1|22|\n", count: 6_000)
        let editor = try TypingEditor(text: """
            Intro

            |a|b|
            |-|-|

            """ + rows + "\nEnd\n")
        editor.moveTo(line: 4, character: 1)
        let answer = editor.client.request("gridls/navigateCell", [
            "textDocument": ["uri": .string(editor.uri)], "position": ["line": 4, "character": 1], "direction": "nextCell",
        ])["result"]
        #expect(answer?["edits"]?.array?.count == 1)
        editor.press("nextCell")
        let aligned = "| 1   | 22  |\n"
        #expect(editor.shown == """
            Intro

            | a   | b   |
            | --- | --- |
            | 1   | ‸22  |

            """ + String(repeating: aligned, count: 5_999) + "\nEnd\n")
    }

    @Test func aGridTableGrowsARowAtItsEnd() throws {
        let editor = try TypingEditor(text: """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +---+---+

            """)
        editor.moveTo(line: 3, character: 6)
        editor.press("nextCell")
        editor.type("e")
        editor.press("nextCell")
        #expect(editor.shown == """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +---+---+
            | e | ‸  |
            +---+---+

            """)
    }
}

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
