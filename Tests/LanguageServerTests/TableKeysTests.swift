import Foundation
@testable import JSONRPC
import Testing
import TestSupport

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
