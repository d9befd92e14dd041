import JSONRPC
import Testing

/// Every setting reaches every printer: formatting, quick fixes, code actions and commands.
struct SettingsTests {
    let formatOptions: JSON = ["tabSize": 4, "insertSpaces": true]

    func formatting(_ client: LSPClient, _ uri: String, tabSize: Int = 4) -> [JSON] {
        client.request("textDocument/formatting", [
            "textDocument": textDocument(uri), "options": ["tabSize": .int(tabSize), "insertSpaces": true],
        ])["result"]?.array ?? []
    }

    /// Grid tables are measured as their reader counts (`±` is one column for pandoc, whatever the
    /// setting); the fix prints what formatting prints, so formatting has nothing left to do.
    @Test func reLayingFixPrintsWhatFormattingPrints() throws {
        let broken = "+----+---+\n| ±± | b |\n+-----+---+\n| c | d |\n+----+---+\n"
        let client = try LSPClient()
        _ = client.initialize(options: ["ambiguousWidth": 2])
        client.open("file:///w.md", broken)
        let fixes = client.request("textDocument/codeAction", [
            "textDocument": textDocument("file:///w.md"), "range": range(2, 0, 2, 0), "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"]?.array ?? []
        let relay = try #require(fixes.first { $0["title"] == "Re-lay the table from its cells" })
        let fixed = applying(relay["edit"]?["changes"]?["file:///w.md"]?.array ?? [], to: broken)
        #expect(fixed == "+----+---+\n| ±± | b |\n+----+---+\n| c  | d |\n+----+---+\n")
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///w.md", "version": 2], "contentChanges": [["text": .string(fixed)]],
        ])
        #expect(formatting(client, "file:///w.md") == [])
    }

    @Test func pipeQuickFixMeasuresWithTheAmbiguousWidthSetting() throws {
        let short = "| ±± | b |\n|---|---|\n| 1 |\n"
        let client = try LSPClient()
        _ = client.initialize(options: ["ambiguousWidth": 2])
        client.open("file:///p.md", short)
        let fixes = client.request("textDocument/codeAction", [
            "textDocument": textDocument("file:///p.md"), "range": range(2, 1, 2, 1), "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"]?.array ?? []
        let fill = try #require(fixes.first { $0["title"] == "Fill the row with empty cells" })
        let fixed = applying(fill["edit"]?["changes"]?["file:///p.md"]?.array ?? [], to: short)
        // `±` takes two columns here, in the fix as in formatting.
        #expect(fixed == "| ±± | b   |\n| ---- | --- |\n| 1    |     |\n")
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": "file:///p.md", "version": 2], "contentChanges": [["text": .string(fixed)]],
        ])
        #expect(formatting(client, "file:///p.md") == [])
    }

    @Test func formattingTakesTheRequestsTabSize() throws {
        // A tab inside a cell reaches the next tab stop: 8 columns apart, as the CLI's --tab-size 8 prints it.
        let text = "|a\tb|c|\n|-|-|\n|x|y|\n"
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///t.md", text)
        #expect(applying(formatting(client, "file:///t.md", tabSize: 8), to: text) == "| a\tb | c   |\n| ------- | --- |\n| x       | y   |\n")
        #expect(applying(formatting(client, "file:///t.md", tabSize: 4), to: text) == "| a\tb | c   |\n| --- | --- |\n| x   | y   |\n")
        let bad = client.request("textDocument/formatting", ["textDocument": textDocument("file:///t.md"), "options": ["tabSize": 0]])
        #expect(bad["error"]?["code"] == -32602)
    }

    @Test func tabSizeSettingReachesCodeActionsAndSave() throws {
        let text = "|a\tb|c|\n|-|-|\n|x|y|\n"
        let client = try LSPClient()
        _ = client.initialize(options: ["tabSize": 8])
        client.open("file:///s.md", text)
        let saved = client.request("textDocument/willSaveWaitUntil", ["textDocument": textDocument("file:///s.md"), "reason": 1])["result"]?.array ?? []
        #expect(applying(saved, to: text) == "| a\tb | c   |\n| ------- | --- |\n| x       | y   |\n")
        let actions = client.request("textDocument/codeAction", [
            "textDocument": textDocument("file:///s.md"), "range": range(2, 1, 2, 1), "context": ["diagnostics": []],
        ])["result"]?.array ?? []
        let format = try #require(actions.first { $0["title"] == "Format table" })
        #expect(applying(format["edit"]?["changes"]?["file:///s.md"]?.array ?? [], to: text) == "| a\tb | c   |\n| ------- | --- |\n| x       | y   |\n")
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
