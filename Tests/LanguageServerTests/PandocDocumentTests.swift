@testable import JSONRPC
import Testing

/// A document whose languageId is `quarto` (or `rmd`), or whose URI ends in `.qmd`, is read as pandoc reads
/// it, on open and after edits: a div closer or caption right under a table is no row of it.
struct PandocDocumentTests {
    static let text = """
        ::: {.note}
        |a|b|
        |-|-|
        |1|2|
        :::

        |c|d|
        |-|-|
        : Caption {#tbl-c}

        """
    static let formatted = """
        ::: {.note}
        | a   | b   |
        | --- | --- |
        | 1   | 2   |
        :::

        | c   | d   |
        | --- | --- |
        : Caption {#tbl-c}

        """

    func formatted(_ client: LSPClient, _ uri: String, _ text: String) -> String? {
        client.request("textDocument/formatting", ["textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?
            .array.map { applying($0, to: text) }
    }

    @Test(arguments: [("quarto", "untitled:Untitled-1"), ("rmd", "file:///notes.txt"), ("markdown", "file:///notes.qmd"), ("plaintext", "file:///r.Rmd")])
    func aQuartoDocumentIsReadAsPandocReadsIt(_ languageId: String, _ uri: String) throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open(uri, Self.text, languageId: languageId)
        // An id gridls knows wins over the suffix: "markdown" is read by every common reader, whatever the
        // file's name. GitHub reads the closer and the caption as rows, kramdown the tables as paragraphs
        // because of them: those tables are left as written.
        if languageId == "markdown" {
            let portable = formatted(client, uri, Self.text) ?? ""
            #expect(!portable.contains("| :::") && portable.contains("\n: Caption {#tbl-c}\n"))
        } else {
            #expect(formatted(client, uri, Self.text) == Self.formatted)
        }
    }

    /// Typing a caption, then a div closer, right under a table: the index reads them as pandoc does.
    @Test func editsKeepThePandocReading() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let uri = "file:///doc.qmd"
        var text = """
            ::: {.note}
            |a|b|
            |-|-|
            |1|2|

            |c|d|
            |-|-|

            """
        client.open(uri, text, languageId: "quarto")
        func insert(_ inserted: String, line: Int) {
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                      "contentChanges": [["range": range(line, 0, line, 0), "text": .string(inserted)]]])
            var lines = text.components(separatedBy: "\n")
            lines.insert(contentsOf: inserted.components(separatedBy: "\n").dropLast(), at: line)
            text = lines.joined(separator: "\n")
        }
        insert(":::\n", line: 4)
        insert(": Caption {#tbl-c}\n", line: 8)
        #expect(text == Self.text)
        #expect(formatted(client, uri, text) == Self.formatted)
    }
}
