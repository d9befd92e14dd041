@testable import JSONRPC
import Testing

/// Every setting reaches every printer: formatting, quick fixes, code actions and commands.
struct SettingsTests {
    let formatOptions: JSON = ["tabSize": 4, "insertSpaces": true]

    func formatting(_ client: LSPClient, _ uri: String, tabSize: Int = 4) -> [JSON] {
        client.request("textDocument/formatting", [
            "textDocument": textDocument(uri), "options": ["tabSize": .int(tabSize), "insertSpaces": true],
        ])["result"]?.array ?? []
    }

    /// Opens `text` with `options`, applies the quick fix titled `title` offered at `line`, and returns
    /// the fixed text after checking that formatting it has nothing left to do (the fix printed as
    /// formatting prints, with the same settings).
    func fixed(_ text: String, options: JSON, line: Int, title: String) throws -> String {
        let client = try LSPClient()
        _ = client.initialize(options: options)
        client.open("file:///q.md", text)
        let fixes = client.request("textDocument/codeAction", [
            "textDocument": textDocument("file:///q.md"), "range": range(line, 1, line, 1), "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"]?.array ?? []
        let fix = try #require(fixes.first { $0["title"] == .string(title) })
        let result = applying(fix["edit"]?["changes"]?["file:///q.md"]?.array ?? [], to: text)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///q.md", "version": 2], "contentChanges": [["text": .string(result)]],
        ])
        #expect(formatting(client, "file:///q.md") == [], "\(title)")
        return result
    }

    /// Grid tables are measured as their reader counts (`±` is one column for pandoc, whatever the setting).
    @Test func reLayingFixPrintsWhatFormattingPrints() throws {
        let broken = """
            +----+---+
            | ±± | b |
            +-----+---+
            | c | d |
            +----+---+

            """
        #expect(try fixed(broken, options: ["ambiguousWidth": 2], line: 2, title: "Re-lay the table from its cells")
            == """
                +----+---+
                | ±± | b |
                +----+---+
                | c  | d |
                +----+---+

                """)
    }

    /// `±` takes two columns here, in the fix as in formatting.
    @Test func pipeQuickFixMeasuresWithTheAmbiguousWidthSetting() throws {
        #expect(try fixed("""
            | ±± | b |
            |---|---|
            | 1 |

            """, options: ["ambiguousWidth": 2], line: 2, title: "Fill the row with empty cells")
            == """
                | ±± | b   |
                | ---- | --- |
                | 1    |     |

                """)
    }

    @Test func formattingTakesTheRequestsTabSize() throws {
        // A tab inside a cell reaches the next tab stop: 8 columns apart, as the CLI's --tab-size 8 prints it.
        let text = """
            |a\tb|c|
            |-|-|
            |x|y|

            """
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///t.md", text)
        #expect(applying(formatting(client, "file:///t.md", tabSize: 8), to: text) == """
            | a\tb | c   |
            | ------- | --- |
            | x       | y   |

            """)
        #expect(applying(formatting(client, "file:///t.md", tabSize: 4), to: text) == """
            | a\tb | c   |
            | --- | --- |
            | x   | y   |

            """)
        let bad = client.request("textDocument/formatting", ["textDocument": textDocument("file:///t.md"), "options": ["tabSize": 0]])
        #expect(bad["error"]?["code"] == -32602)
    }

    @Test func tabSizeSettingReachesCodeActionsAndSave() throws {
        let text = """
            |a\tb|c|
            |-|-|
            |x|y|

            """
        let client = try LSPClient()
        _ = client.initialize(options: ["tabSize": 8])
        client.open("file:///s.md", text)
        let saved = client.request("textDocument/willSaveWaitUntil", ["textDocument": textDocument("file:///s.md"), "reason": 1])["result"]?.array ?? []
        #expect(applying(saved, to: text) == """
            | a\tb | c   |
            | ------- | --- |
            | x       | y   |

            """)
        let actions = client.request("textDocument/codeAction", [
            "textDocument": textDocument("file:///s.md"), "range": range(2, 1, 2, 1), "context": ["diagnostics": []],
        ])["result"]?.array ?? []
        let format = try #require(actions.first { $0["title"] == "Format table" })
        #expect(applying(format["edit"]?["changes"]?["file:///s.md"]?.array ?? [], to: text) == """
            | a\tb | c   |
            | ------- | --- |
            | x       | y   |

            """)
    }

    @Test func badInitializationOptionsAreLoggedToTheClientToo() throws {
        let client = try LSPClient()
        _ = client.initialize(options: ["tabSize": "wide"])
        #expect(client.notification("window/logMessage")?["message"] == "tabSize must be a whole number from 1 to 32")
    }

    @Test func removedAndUnknownSettingsAreLoggedAndIgnored() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": ["escapeNewPipes": false, "tabSize": 0]]])
        let logs = [client.notification("window/logMessage"), client.notification("window/logMessage")].compactMap { $0?["message"]?.string }
        #expect(logs == ["unknown setting escapeNewPipes ignored", "tabSize must be a whole number from 1 to 32"])
    }
}
