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
