import Foundation
@testable import JSONRPC
import Testing

struct FormattingTests {
    let messy = """
        Text

        |a|b|
        |-|-|
        |long|x|

        |c|
        |-|

        """
    let tidy = """
        Text

        | a    | b   |
        | ---- | --- |
        | long | x   |

        | c   |
        | --- |

        """

    func ready(_ text: String, uri: String = "file:///f.md", options: JSON? = nil) throws -> LSPClient {
        let client = try LSPClient()
        _ = client.initialize(options: options)
        client.open(uri, text)
        return client
    }

    @Test func formattingGivesLineEditsThatTidyEveryTable() throws {
        let client = try ready(messy)
        let edits = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(edits.first == ["range": range(2, 0, 2, 5), "newText": "| a    | b   |"])
        #expect(edits.count == 5)
        #expect(applying(edits, to: messy) == tidy)
    }

    @Test func manyChangedLinesBecomeOneEditFromTheFirstChangeToTheLast() throws {
        // 3 tables × 2,000 changed lines: past the limit of 5,000 line edits.
        let table = """
            |a|b|
            |-|-|

            """ + String(repeating: "|1|22|\n", count: 1_998)
        let text = "Intro\n\n" + [table, table, table].joined(separator: """

            Text | between.


            """) + "\nEnd\n"
        let client = try ready(text)
        let edits = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(edits.count == 1)
        #expect(edits.first?["range"] == range(2, 0, 6007, 6))  // the last row of the third table
        let tidyTable = """
            | a   | b   |
            | --- | --- |

            """ + String(repeating: "| 1   | 22  |\n", count: 1_998)
        let tidy = "Intro\n\n" + [tidyTable, tidyTable, tidyTable].joined(separator: """

            Text | between.


            """) + "\nEnd\n"
        #expect(applying(edits, to: text) == tidy)
        // The text between the changes is copied with its own line endings.
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        let crlfClient = try ready(crlf, uri: "file:///crlf.md")
        let crlfEdits = crlfClient.request("textDocument/formatting", ["textDocument": textDocument("file:///crlf.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(crlfEdits.count == 1)
        #expect(applying(crlfEdits, to: crlf) == tidy.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func aTableOfMoreLinesThanTheLimitIsPrintedWhole() throws {
        // One table of 6,000 rows in a block quote, with CRLF: printed as the command line prints it.
        let table = "> |a|b|\r\n> |-|:-:|\r\n" + String(repeating: "> |1|22|\r\n", count: 6_000)
        let text = "Intro\r\n\r\n" + table + "\r\nEnd"
        let client = try ready(text)
        let edits = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(edits.count == 1)
        #expect(edits.first?["range"] == range(2, 0, 6003, 8))
        let tidy = "Intro\r\n\r\n> | a   |  b  |\r\n> | --- | :-: |\r\n" + String(repeating: "> | 1   | 22  |\r\n", count: 6_000) + "\r\nEnd"
        #expect(applying(edits, to: text) == tidy)
        // Formatted already: no edit.
        let again = try ready(tidy, uri: "file:///tidy.md")
        #expect(again.request("textDocument/formatting", ["textDocument": textDocument("file:///tidy.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"] == [])
    }

    /// An answer of more than a megabyte widens the pipe to the editor to 1 MB (fewer turns between the
    /// processes); small answers leave it as the system made it, so backpressure comes as soon as before.
    @Test func aLargeAnswerWidensThePipeToTheEditor() throws {
        let client = try ready("""
            |a|b|
            |-|-|

            """)
        let before = client.outputPipeSize
        _ = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(client.outputPipeSize == before)
        let large = """
            |a|b|
            |-|-|

            """ + String(repeating: "|1|22|\n", count: 100_000)  // 2 MB formatted
        client.open("file:///large.md", large)
        let answer = client.request("textDocument/formatting", ["textDocument": textDocument("file:///large.md"), "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(answer["result"]?.array?.count == 1)
        let allowed = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        #expect(client.outputPipeSize == 1 << 20 || (allowed < 1 << 20 && geteuid() != 0))
    }

    @Test func rangeFormattingTouchesOnlyTablesInTheRange() throws {
        let client = try ready(messy)
        let edits = client.request("textDocument/rangeFormatting", [
            "textDocument": textDocument("file:///f.md"), "range": range(6, 0, 6, 1), "options": ["tabSize": 4, "insertSpaces": true],
        ])["result"]?.array ?? []
        #expect(applying(edits, to: messy) == """
            Text

            |a|b|
            |-|-|
            |long|x|

            | c   |
            | --- |

            """)
    }

    @Test func typingAPipeRealignsTheTableUnderTheCursor() throws {
        let client = try ready(messy)
        let edits = client.request("textDocument/onTypeFormatting", [
            "textDocument": textDocument("file:///f.md"), "position": ["line": 4, "character": 8], "ch": "|",
            "options": ["tabSize": 4, "insertSpaces": true],
        ])["result"]?.array ?? []
        #expect(applying(edits, to: messy) == """
            Text

            | a    | b   |
            | ---- | --- |
            | long | x   |

            |c|
            |-|

            """)
    }

    /// A row being typed is tidied, and gains no cells after the cursor: `|one|` typed in a two-column
    /// table leaves the cursor right after its `|`, not behind an empty cell (Tab adds that). The other
    /// rows are realigned as usual, and a row with all its cells is formatted whole.
    @Test func typingAPipeAddsNoCellsAfterTheCursor() throws {
        let text = """
            | a | bb |
            |---|---|
            |one|
            |x|y|

            """
        let client = try ready(text, uri: "file:///t.md")
        func typed(line: Int, character: Int) -> String {
            let edits = client.request("textDocument/onTypeFormatting", [
                "textDocument": textDocument("file:///t.md"), "position": ["line": .int(line), "character": .int(character)], "ch": "|",
                "options": ["tabSize": 4, "insertSpaces": true],
            ])["result"]?.array ?? []
            return applying(edits, to: text)
        }
        #expect(typed(line: 2, character: 5) == """
            | a   | bb  |
            | --- | --- |
            | one |
            | x   | y   |

            """)
        // Typed on another row, the short row is any row: formatting fills it.
        #expect(typed(line: 3, character: 3) == """
            | a   | bb  |
            | --- | --- |
            | one |     |
            | x   | y   |

            """)
    }

    @Test func formatOnSaveFollowsTheSetting() throws {
        let client = try ready(messy)
        let save: JSON = ["textDocument": textDocument("file:///f.md"), "reason": 1]
        #expect(applying(client.request("textDocument/willSaveWaitUntil", save)["result"]?.array ?? [], to: messy) == tidy)
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": ["formatOnSave": false, "colour": "blue"]]])
        #expect(client.request("textDocument/willSaveWaitUntil", save)["result"] == [])
        #expect(client.notification("window/logMessage")?["message"] == "unknown setting colour ignored")
    }

    @Test func settingsChangeTheOutput() throws {
        let client = try ready("""
            |±|
            |:-|

            """, options: ["gridls": ["delimiterRow": "compact", "ambiguousWidth": 2]])
        let edits = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(applying(edits, to: """
            |±|
            |:-|

            """) == """
            | ±  |
            |:----|

            """)
    }

    @Test func crlfDocumentsKeepTheirLineEndings() throws {
        let text = "|a|\r\n|-|\r\n"
        let client = try ready(text)
        let edits = client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
        #expect(edits == [
            ["range": range(0, 0, 0, 3), "newText": "| a   |"], ["range": range(1, 0, 1, 3), "newText": "| --- |"],
        ])
    }

    @Test func aBrokenGridTableIsNotFormatted() throws {
        let client = try ready("""
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """)
        #expect(client.request("textDocument/formatting", ["textDocument": textDocument("file:///f.md"), "options": ["tabSize": 4, "insertSpaces": true]])["result"] == [])
    }
}

struct ConfigurationTests {
    @Test func settingsArePulledFromClientsThatOfferConfiguration() throws {
        let client = try LSPClient()
        client.onServerRequest = { method, _ in method == "workspace/configuration" ? [["formatOnSave": false]] : ["applied": true] }
        _ = client.initialize(["workspace": ["configuration": true]])
        #expect(client.waitFor { $0["method"] == "workspace/configuration" }?["params"] == ["items": [["section": "gridls"]]])
        client.open("file:///c.md", """
            |a|
            |-|

            """)
        #expect(client.request("textDocument/willSaveWaitUntil", ["textDocument": textDocument("file:///c.md"), "reason": 1])["result"] == [])
    }
}
