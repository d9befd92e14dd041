import Foundation
@testable import JSONRPC
import Testing
import TestSupport

/// An editor that runs table actions as their commands at its cursor, applies the edit the server sends
/// through workspace/applyEdit and puts the cursor where the command's answer says (or leaves it).
final class ActingEditor {
    let client: LSPClient
    let uri: String
    private(set) var text: String
    private(set) var cursor: (line: Int, character: Int)
    private var version = 1
    nonisolated(unsafe) private var received: JSON?

    /// `marked` holds `‸` where the cursor starts.
    init(_ marked: String, uri: String = "file:///acted.md") throws {
        client = try LSPClient()
        let caret = Caret(marked)
        cursor = (caret.line, caret.utf16Column)
        text = caret.text
        self.uri = uri
        client.onServerRequest = { [unowned self] method, params in
            if method == "workspace/applyEdit" { self.received = params }
            return ["applied": true]
        }
        _ = client.initialize()
        client.open(uri, text)
    }

    /// Runs `command` at the cursor; the answer's `position`, if any.
    @discardableResult
    func run(_ command: String) -> JSON? {
        received = nil
        let at: JSON = ["line": .int(cursor.line), "character": .int(cursor.character)]
        let answer = client.request("workspace/executeCommand", [
            "command": .string(command), "arguments": [["uri": .string(uri), "range": ["start": at, "end": at]]],
        ])
        guard let edits = received?["edit"]?["changes"]?[uri]?.array else { return nil }
        text = applying(edits, to: text)
        version += 1
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
        guard let position = answer["result"]?["position"] else { return nil }
        cursor = (position["line"]!.int!, position["character"]!.int!)
        return position
    }

    /// The text with `‸` at the cursor.
    var shown: String { Caret.shown(text, line: cursor.line, utf16Column: cursor.character) }
}

/// The cursor follows what an action moved or made, so that doing it again acts on the same thing.
struct ActionCursorTests {
    /// Runs each command in turn from `marked` (`‸` at the cursor) and expects the text shown after it.
    func expectSteps(_ marked: String, _ steps: [(command: String, shown: String)]) throws {
        let editor = try ActingEditor(marked)
        for step in steps {
            editor.run(step.command)
            #expect(editor.shown == step.shown, "after \(step.command)")
        }
    }

    @Test func aRowMovedTwiceGoesDownTwoRows() throws {
        try expectSteps("""
            | a | b |
            |---|---|
            | 1‸ | x |
            | 2 | y |
            | 3 | z |

            """, [
            ("gridls.moveRowDown", """
                | a   | b   |
                | --- | --- |
                | 2   | y   |
                | ‸1   | x   |
                | 3   | z   |

                """),
            ("gridls.moveRowDown", """
                | a   | b   |
                | --- | --- |
                | 2   | y   |
                | 3   | z   |
                | ‸1   | x   |

                """),
            ("gridls.moveRowUp", """
                | a   | b   |
                | --- | --- |
                | 2   | y   |
                | ‸1   | x   |
                | 3   | z   |

                """),
        ])
    }

    @Test func aColumnMovedTwiceGoesRightTwoColumns() throws {
        try expectSteps("""
            | a‸ | b | c |
            |---|---|---|
            | 1 | 2 | 3 |

            """, [
            ("gridls.moveColumnRight", """
                | b   | ‸a   | c   |
                | --- | --- | --- |
                | 2   | 1   | 3   |

                """),
            ("gridls.moveColumnRight", """
                | b   | c   | ‸a   |
                | --- | --- | --- |
                | 2   | 3   | 1   |

                """),
        ])
    }

    @Test func insertedRowsAndColumnsTakeTheCursor() throws {
        try expectSteps("""
            | a | b |
            |---|---|
            | 1 | 2‸ |

            """, [
            ("gridls.insertRowBelow", """
                | a   | b   |
                | --- | --- |
                | 1   | 2   |
                |     | ‸    |

                """),
            ("gridls.insertColumnLeft", """
                | a   |     | b   |
                | --- | --- | --- |
                | 1   |     | 2   |
                |     | ‸    |     |

                """),
            ("gridls.deleteRow", """
                | a   |     | b   |
                | --- | --- | --- |
                | 1   | ‸    | 2   |

                """),
        ])
    }

    @Test func aConversionKeepsTheCursorsCell() throws {
        try expectSteps("""
            +---+---+
            | a | b |
            +===+===+
            | c | d‸ |
            +---+---+

            """, [
            ("gridls.convertToPipe", """
                | a   | b   |
                | --- | --- |
                | c   | ‸d   |

                """),
            ("gridls.convertToGrid", """
                +---+---+
                | a | b |
                +===+===+
                | c | ‸d |
                +---+---+

                """),
        ])
    }

    /// In a simple table, a column inserted at the right end is blank: its line is padded so that the
    /// cursor stands in it, and Delete column there deletes that column, not the one before it.
    @Test func aBlankColumnAtASimpleTablesEndTakesTheCursor() throws {
        let editor = try ActingEditor("""
            ====  ===
            Name  Age
            ====  ===
            Ada   3‸6
            ====  ===

            """, uri: "file:///s.rst")
        editor.run("gridls.insertColumnRight")
        #expect(editor.shown == """
            ====  ===  =
            Name  Age
            ====  ===  =
            Ada   36   ‸
            ====  ===  =

            """)
        editor.run("gridls.deleteColumn")
        #expect(editor.shown == """
            ====  ===
            Name  Age
            ====  ===
            Ada   ‸36
            ====  ===

            """)
    }

    /// Clients that resolve actions get the cursor in the resolved action's `data.position`.
    @Test func aResolvedActionSaysWhereTheCursorGoes() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]]]]])
        let text = """
            | a | b |
            |---|---|
            | 1 | x |
            | 2 | y |

            """
        client.open("file:///r.md", text)
        let offered = client.codeActions("file:///r.md", range(2, 2, 2, 2))
        let action = try #require(offered.first { $0["data"]?["command"] == "gridls.moveRowDown" })
        let resolved = client.request("codeAction/resolve", action)["result"]
        #expect(resolved?["data"]?["position"] == ["line": 3, "character": 2])
        #expect(applying(resolved?["edit"]?["changes"]?["file:///r.md"]?.array ?? [], to: text)
            == """
                | a   | b   |
                | --- | --- |
                | 2   | y   |
                | 1   | x   |

                """)
    }
}
