import Foundation
@testable import JSONRPC
import Testing

struct FitActionTests {
    let wide = """
        +---+-----------------------------------------+
        | a | one two three four five six seven eight |
        +---+-----------------------------------------+

        """

    func edits(_ action: JSON?, _ uri: String) -> [JSON] { action?["edit"]?["changes"]?[uri]?.array ?? [] }

    @Test func aTableWiderThanTheLimitIsFittedOnDemandAndACellUnwrapped() throws {
        let client = try LSPClient()
        _ = client.initialize([:], options: ["maxWidth": 30])
        client.open("file:///w.md", wide)
        let fit = client.codeActions("file:///w.md", range(1, 2, 1, 2)).first { $0["data"]?["command"] == "gridls.fitTable" }
        #expect(fit?["title"] == "Fit table to 30 columns")
        let fitted = applying(edits(fit, "file:///w.md"), to: wide)
        #expect(fitted == """
            +---+----------------------+
            | a | one two three four   |
            |   | five six seven eight |
            +---+----------------------+

            """)
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///w.md", "version": 2], "contentChanges": [["text": .string(fitted)]]])
        #expect(!client.codeActions("file:///w.md", range(1, 2, 1, 2)).contains { $0["data"]?["command"] == "gridls.fitTable" })
        let unwrap = client.codeActions("file:///w.md", range(1, 6, 1, 6)).first { $0["data"]?["command"] == "gridls.unwrapCell" }
        #expect(unwrap?["title"] == "Unwrap cell")
        #expect(applying(edits(unwrap, "file:///w.md"), to: fitted) == wide)
        // A cell whose paragraphs are on one line each has nothing to unwrap.
        #expect(!client.codeActions("file:///w.md", range(1, 2, 1, 2)).contains { $0["data"]?["command"] == "gridls.unwrapCell" })
    }
}
