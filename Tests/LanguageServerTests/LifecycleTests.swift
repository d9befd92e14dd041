@testable import JSONRPC
import Testing

/// Initialize, shutdown and exit as lsp.md says, with position-encoding negotiation.
struct LifecycleTests {
    @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
        let client = try LSPClient()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///a.md", "version": 1, "text": "x"]])
        #expect(client.request("textDocument/formatting", ["textDocument": textDocument("file:///a.md")])["error"]?["code"] == -32002)
        _ = client.initialize()
        #expect(client.request("textDocument/formatting", ["textDocument": textDocument("file:///a.md")])["error"]?["code"] == -32602)
    }

    @Test(arguments: [
        ([], "utf-16"), (["utf-16", "utf-8"], "utf-8"), (["utf-32"], "utf-32"), (["utf-32", "utf-16"], "utf-16"),
    ])
    func positionEncodingIsNegotiated(_ offered: [String], _ chosen: String) throws {
        let client = try LSPClient()
        let capabilities: JSON = offered.isEmpty ? [:] : ["general": ["positionEncodings": .array(offered.map { .string($0) })]]
        #expect(client.initialize(capabilities)["result"]?["capabilities"]?["positionEncoding"] == .string(chosen))
    }

    @Test func theCapabilitiesAreAdvertised() throws {
        let capabilities = try LSPClient().initialize()["result"]!["capabilities"]!
        #expect(capabilities["textDocumentSync"] == ["openClose": true, "change": 2, "save": ["includeText": false], "willSaveWaitUntil": true])
        #expect(capabilities["codeActionProvider"] == [
            "codeActionKinds": ["quickfix", "refactor.rewrite", "source.fixAll.gridls"], "resolveProvider": true,
        ])
        #expect(capabilities["documentOnTypeFormattingProvider"] == ["firstTriggerCharacter": "|"])
        #expect(capabilities["executeCommandProvider"]?["commands"]?.array?.count == 26)  // 22 table actions, 4 text commands
        #expect(capabilities["experimental"] == ["gridls": ["navigateCell": true]])
    }

    @Test func shutdownThenExitEndsWithZero() throws {
        let client = try LSPClient()
        _ = client.initialize()
        #expect(client.request("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
        #expect(client.request("shutdown")["result"] == .null)
        #expect(client.request("textDocument/hover", ["textDocument": textDocument("file:///a.md"), "position": ["line": 0, "character": 0]])["error"]?["code"] == -32600)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.notify("exit")
        #expect(client.exitStatus() == 1)
    }

    @Test func endOfInputEndsTheServerCleanly() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.closeInput()
        #expect(client.exitStatus() == 0)
    }

    @Test func theStdioFlagIsAccepted() throws {
        let client = try LSPClient(arguments: ["--stdio"])
        #expect(client.initialize()["result"]?["serverInfo"]?["name"] == "gridls")
    }
}
