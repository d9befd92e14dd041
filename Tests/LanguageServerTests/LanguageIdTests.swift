@testable import JSONRPC
import Testing

/// The language of a document comes from didOpen's `languageId`; the URI's suffix decides only when
/// the id is not one gridls knows. An untitled reStructuredText buffer has no suffix to go by.
struct LanguageIdTests {
    /// A look-alike pipe table (Markdown only), a grid table in a literal block (reStructuredText skips
    /// it) and a grid table both read.
    static let text = """
        Title
        =====

        | a | b |
        |---|

        Example::

          +---+------+
          | x | y    |
          +---+------+

        +---+------+
        | a | b    |
        +===+======+
        | 1 | 2    |
        +---+------+

        """
    static let asRST = """
        Title
        =====

        | a | b |
        |---|

        Example::

          +---+------+
          | x | y    |
          +---+------+

        +---+---+
        | a | b |
        +===+===+
        | 1 | 2 |
        +---+---+

        """
    static let asMarkdown = """
        Title
        =====

        | a | b |
        |---|

        Example::

          +---+---+
          | x | y |
          +---+---+

        +---+---+
        | a | b |
        +===+===+
        | 1 | 2 |
        +---+---+

        """
    static let lookAlike: JSON = [
        "range": range(4, 0, 4, 5), "severity": 1, "code": "delimiter-count-mismatch", "source": "gridls",
        "message": "not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells",
    ]

    func formatted(_ client: LSPClient, _ uri: String) -> String? {
        client.request("textDocument/formatting", ["textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?
            .array.map { applying($0, to: Self.text) }
    }

    func diagnostics(_ client: LSPClient, _ uri: String) -> JSON? {
        client.request("textDocument/diagnostic", ["textDocument": textDocument(uri)])["result"]?["items"]
    }

    @Test func anUntitledRestructuredTextBufferIsReadAsRestructuredText() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("untitled:Untitled-1", Self.text, languageId: "restructuredtext")
        #expect(client.notification("textDocument/publishDiagnostics")?["diagnostics"] == [])
        #expect(diagnostics(client, "untitled:Untitled-1") == [])
        #expect(formatted(client, "untitled:Untitled-1") == Self.asRST)
        let titles = client.request("textDocument/codeAction", ["textDocument": textDocument("untitled:Untitled-1"), "range": range(13, 2, 13, 2), "context": ["diagnostics": []]])["result"]?
            .array?.compactMap { $0["title"]?.string } ?? []
        #expect(!titles.isEmpty && !titles.contains("Convert to pipe table"))
        // A full-text change keeps the language.
        client.notify("textDocument/didChange", ["textDocument": ["uri": "untitled:Untitled-1", "version": 2], "contentChanges": [["text": .string(Self.text)]]])
        #expect(diagnostics(client, "untitled:Untitled-1") == [])
        #expect(formatted(client, "untitled:Untitled-1") == Self.asRST)
    }

    @Test func anUntitledMarkdownBufferIsReadAsMarkdown() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("untitled:Untitled-2", Self.text, languageId: "markdown")
        #expect(diagnostics(client, "untitled:Untitled-2") == [Self.lookAlike])
        #expect(formatted(client, "untitled:Untitled-2") == Self.asMarkdown)
    }

    /// (languageId, URI, read as reStructuredText)
    static let choices: [(String?, String, Bool)] = [
        ("rst", "untitled:Untitled-3", true),  // Vim and Neovim send the filetype
        ("RestructuredText", "untitled:Untitled-3", true),
        ("markdown", "file:///notes.rst", false),  // the id wins over the suffix
        ("restructuredtext", "file:///notes.md", true),
        ("plaintext", "file:///notes.rst", true),  // an unknown id: the suffix decides
        ("plaintext", "untitled:Untitled-3", false),
        (nil, "file:///notes.rest", true),
        (nil, "file:///notes.txt", false),
    ]

    @Test(arguments: choices)
    func theIdDecidesAndTheSuffixOnlyWhenTheIdIsUnknown(_ languageId: String?, _ uri: String, _ isRST: Bool) throws {
        let client = try LSPClient()
        _ = client.initialize()
        var item: JSON = ["uri": .string(uri), "version": 1, "text": .string(Self.text)]
        if let languageId { item = item.setting("languageId", .string(languageId)) }
        client.notify("textDocument/didOpen", ["textDocument": item])
        #expect(diagnostics(client, uri) == (isRST ? [] : [Self.lookAlike]))
        #expect(formatted(client, uri) == (isRST ? Self.asRST : Self.asMarkdown))
    }
}

extension JSON {
    func setting(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
