import Foundation
@testable import JSONRPC
import Testing

/// The server reads the `.gridls.json` nearest each document's folder and puts the editor's settings over it.
struct ProjectConfigurationTests {
    static let messy = "|a|b|\n|-|-|\n"

    func formatted(_ client: LSPClient, _ uri: String) -> String {
        let edits = client.request("textDocument/formatting", [
            "textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true],
        ])["result"]?.array ?? []
        return applying(edits, to: Self.messy)
    }

    func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plain dir/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try Data(#"{"delimiterRow": "compact"}"#.utf8).write(to: root.appendingPathComponent(".gridls.json"))
        try Data(#"{"tabSize": 4}"#.utf8).write(to: root.appendingPathComponent("plain dir/sub/.gridls.json"))
        try Data(#"{"delimiterRow": "tight"}"#.utf8).write(to: root.appendingPathComponent("bad/.gridls.json"))
        return root
    }

    @Test func eachDocumentGetsItsNearestConfiguration() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try LSPClient()
        _ = client.initialize()
        let top = "file://\(root.path)/doc.md"
        let nested = "file://\(root.path)/plain%20dir/sub/doc.md"
        let elsewhere = "untitled:Untitled-1"
        for uri in [top, nested, elsewhere] { client.open(uri, Self.messy) }
        #expect(formatted(client, top) == "| a   | b   |\n|-----|-----|\n")
        // The nearest file wins whole: sub's says nothing of delimiter rows, so they are padded.
        #expect(formatted(client, nested) == "| a   | b   |\n| --- | --- |\n")
        #expect(formatted(client, elsewhere) == "| a   | b   |\n| --- | --- |\n")
    }

    @Test func editorSettingsGoOverTheConfiguration() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try LSPClient()
        _ = client.initialize(options: ["delimiterRow": "padded"])
        let top = "file://\(root.path)/doc.md"
        client.open(top, Self.messy)
        #expect(formatted(client, top) == "| a   | b   |\n| --- | --- |\n")
    }

    @Test func aBadConfigurationIsALogLine() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try LSPClient()
        _ = client.initialize()
        let uri = "file://\(root.path)/bad/doc.md"
        client.open(uri, Self.messy)
        let log = client.notification("window/logMessage")?["message"]?.string
        #expect(log == "\(root.path)/bad/.gridls.json: delimiterRow must be \"padded\" or \"compact\"; its settings are ignored")
        #expect(formatted(client, uri) == "| a   | b   |\n| --- | --- |\n")
    }
}
