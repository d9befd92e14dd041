@testable import JSONRPC
@testable import LanguageServer
import Testing

/// The formatting answer written straight to bytes is the text the tree of JSON values serializes to,
/// and reads back as the same edits: escapes, wide and astral characters in every position encoding,
/// container prefixes, CRLF lines, several tables, and no edit at all.
struct FormattingAnswerTests {
    static let documents = [
        """
            | a | b |
            |-|-|
            | \"quoted\" \\ back | tab\there |

            """,
        "> |表|😀 x|\r\n> |-|:-:|\r\n> |ünï|\u{1}ctl|\r\n\ntext\n\n|x|\n|-|\n|yy|",
        """
            - item

              +---+--+
              | a | b|
              +---+--+

            """,
        """
            | aligned |
            | ------- |
            | yes     |

            """,
    ]

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func theWrittenAnswerIsTheTreesText(_ encoding: String) throws {
        let server = Server(send: { _ in }, ask: { _, _ in nil })
        server.handle(.request(id: .int(1), method: "initialize", params: ["capabilities": ["general": ["positionEncodings": [.string(encoding)]]]]))
        server.handle(.notification(method: "initialized", params: [:]))
        for (n, text) in Self.documents.enumerated() {
            let uri = "file:///doc\(n).md"
            server.handle(.notification(method: "textDocument/didOpen", params: ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text)]]))
            let document = try server.document(uri)
            let tree = JSON.array(server.formattingEdits(document, tables: document.index.tables, options: server.formatOptions(document)))
            let written = server.formattingAnswer(document, tables: document.index.tables, options: server.formatOptions(document))
            guard case .raw(let bytes) = written else { Issue.record("not written as text"); continue }
            #expect(String(decoding: bytes, as: UTF8.self) == tree.text, "\(text)")
            #expect(try JSONParser.parse(bytes) == tree)
            #expect(n != 3 || tree == [], "an aligned table has no edits")
            #expect(n == 3 || tree != [], "a table out of line has edits: \(text)")
        }
    }
}
