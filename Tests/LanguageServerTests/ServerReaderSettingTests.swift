import Foundation
@testable import JSONRPC
@testable import LanguageServer
import Testing
@testable import TextTables

/// The `reader` setting chooses the reader of each open Markdown document (editor over the project's
/// overrides over its file over the document's language or ending); a change of it reads the document
/// anew and pushes its diagnostics again. `rstContentDirectives` reaches the index the same way.
struct ServerReaderSettingTests {
    /// A server in this process, its documents open to inspection, and what it sent.
    final class Session {
        let server: Server
        private let box: Box
        final class Box { var sent: [JSON] = [] }

        init(options: JSON? = nil) {
            let box = Box()
            self.box = box
            server = Server(send: { box.sent.append($0) }, ask: { _, _ in nil })
            var params: [String: JSON] = ["capabilities": [:]]
            if let options { params["initializationOptions"] = options }
            server.handle(.request(id: .int(1), method: "initialize", params: .object(params)))
            server.handle(.notification(method: "initialized", params: [:]))
        }

        func open(_ uri: String, languageId: String, _ text: String = """
            |a|b|
            |-|-|

            """) {
            server.handle(.notification(method: "textDocument/didOpen", params: [
                "textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": 1, "text": .string(text)],
            ]))
        }

        func configure(_ settings: JSON) {
            box.sent = []
            server.handle(.notification(method: "workspace/didChangeConfiguration", params: ["settings": ["gridls": settings]]))
        }

        /// Each document's syntax, and its index's, which must agree.
        func syntaxes(_ uris: [String]) -> [DocumentSyntax?] {
            uris.map { uri in
                let document = server.documents[uri]
                #expect(document?.index.syntax == document?.syntax, "\(uri)")
                return document?.syntax
            }
        }

        /// The URIs whose diagnostics were pushed since the last `configure`, and the messages logged.
        var pushed: [String] { box.sent.filter { $0["method"] == "textDocument/publishDiagnostics" }.compactMap { $0["params"]?["uri"]?.string } }
        var logged: [String] { box.sent.filter { $0["method"] == "window/logMessage" }.compactMap { $0["params"]?["message"]?.string } }
    }

    static let uris = ["file:///notes.md", "file:///report.qmd", "untitled:Untitled-1", "file:///paper.Rmd", "file:///manual.rst"]

    func opened(options: JSON? = nil) -> Session {
        let session = Session(options: options)
        for (uri, id) in zip(Self.uris, ["markdown", "quarto", "quarto", "rmd", "rst"]) { session.open(uri, languageId: id) }
        return session
    }

    @Test func theLanguageOrEndingDecidesWhenNothingIsSet() {
        #expect(opened().syntaxes(Self.uris) == [.markdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
    }

    /// The editor's reader applies to every Markdown document; a change of it reads each again and
    /// pushes its diagnostics; null gives the choice back.
    @Test func aChangeOfReaderReadsTheDocumentsAgain() {
        let session = opened(options: ["reader": "pandoc"])
        #expect(session.syntaxes(Self.uris) == [.pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
        session.configure(["reader": "github"])
        #expect(session.syntaxes(Self.uris) == [.markdown, .markdown, .markdown, .markdown, .restructuredText])
        #expect(session.pushed == Self.uris.sorted())
        #expect(session.logged == [])
        session.configure(["reader": .null])
        #expect(session.syntaxes(Self.uris) == [.markdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
        // A full-text change keeps the document's reader.
        session.server.handle(.notification(method: "textDocument/didChange", params: [
            "textDocument": ["uri": "file:///notes.md", "version": 2], "contentChanges": [["text": """
                |x|
                |-|

                """]],
        ]))
        session.configure(["reader": "pandoc"])
        session.server.handle(.notification(method: "textDocument/didChange", params: [
            "textDocument": ["uri": "file:///notes.md", "version": 3], "contentChanges": [["text": """
                |y|
                |-|

                """]],
        ]))
        #expect(session.syntaxes(["file:///notes.md"]) == [.pandocMarkdown])
        #expect(session.server.documents["file:///notes.md"]?.namedSyntax == .markdown)
    }

    /// A bad value is a log line naming the key; the documents keep their readers and the server serves.
    @Test func aBadReaderIsLoggedAndIgnored() {
        let session = opened()
        session.configure(["reader": "commonmark", "rstContentDirectives": ["a b"], "overrides": []])
        #expect(session.logged == [
            "overrides are read from a project's .gridls.json only: ignored",
            "reader must be \"portable\", \"github\" or \"pandoc\"",
            "rstContentDirectives must be a list of directive names, such as [\"exercise\", \"solution\"]",
        ])
        #expect(session.syntaxes(Self.uris) == [.markdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
        session.server.handle(.request(id: .int(2), method: "textDocument/formatting", params: [
            "textDocument": ["uri": "file:///notes.md"], "options": ["tabSize": 4, "insertSpaces": true],
        ]))
        #expect(session.logged.count == 3)
        #expect(session.server.documents["file:///notes.md"]?.settings.reader == nil)
    }

    /// The project's file and its overrides, with the editor's setting over both.
    @Test func overridesChooseByPathAndTheEditorWins() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs/deep"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"reader": "pandoc", "overrides": [{"files": ["docs/**/*.md"], "reader": "github"}, {"files": "keep.md", "reader": "pandoc"}]}"#.utf8)
            .write(to: root.appendingPathComponent(".gridls.json"))
        let uris = ["top.md", "docs/a.md", "docs/deep/b.md", "docs/deep/keep.md", "docs/c.qmd"].map { "file://\(root.path)/\($0)" }
        let session = Session()
        for uri in uris { session.open(uri, languageId: "markdown") }
        #expect(session.syntaxes(uris) == [.pandocMarkdown, .markdown, .markdown, .pandocMarkdown, .pandocMarkdown])
        session.configure(["reader": "github"])
        #expect(session.syntaxes(uris) == [.markdown, .markdown, .markdown, .markdown, .markdown])
        // VS Code sends its unset settings as null: the project's file decides again.
        session.configure(["reader": .null, "rstContentDirectives": .null])
        #expect(session.syntaxes(uris) == [.pandocMarkdown, .markdown, .markdown, .pandocMarkdown, .pandocMarkdown])
        #expect(session.logged == [])
    }

    /// A directive the editor names has its table formatted and diagnosed; unnamed again, it is left alone.
    @Test func namedDirectivesReachTheIndex() throws {
        let text = """
            Text.

            .. exercise::

               +---+------+
               | a | bb   |
               +---+------+

            """
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///course.rst", text)
        func formatted() -> String {
            applying(client.request("textDocument/formatting", [
                "textDocument": textDocument("file:///course.rst"), "options": ["tabSize": 4, "insertSpaces": true],
            ])["result"]?.array ?? [], to: text)
        }
        #expect(formatted() == text)
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": ["rstContentDirectives": ["exercise"]]]])
        #expect(formatted() == """
            Text.

            .. exercise::

               +---+----+
               | a | bb |
               +---+----+

            """)
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": [:]]])
        #expect(formatted() == text)
    }

    /// A `.md` page of a Quarto or bookdown project is pandoc's, though the editor says `markdown`; every
    /// setting still wins, the same page outside the project is GitHub's, an untitled buffer keeps its id.
    @Test(arguments: ["_quarto.yml", "_quarto.yaml", "_bookdown.yml", "_site.yml"])
    func aPandocProjectsMarkdownPagesArePandocs(marker: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("site/docs/deep"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("project:\n  type: website\n".utf8).write(to: root.appendingPathComponent("site/" + marker))
        let uris = ["site/index.md", "site/docs/deep/page.markdown", "site/notes.txt", "outside.md", "site/manual.rst"].map { "file://\(root.path)/\($0)" }
        let session = Session()
        for (uri, id) in zip(uris, ["markdown", "markdown", "plaintext", "markdown", "restructuredtext"]) { session.open(uri, languageId: id) }
        session.open("untitled:Untitled-1", languageId: "markdown")
        #expect(session.syntaxes(uris + ["untitled:Untitled-1"]) == [.pandocMarkdown, .pandocMarkdown, .markdown, .markdown, .restructuredText, .markdown])
        session.configure(["reader": "github"])
        #expect(session.syntaxes(uris) == [.markdown, .markdown, .markdown, .markdown, .restructuredText])
        session.configure(["reader": .null])
        #expect(session.syntaxes(uris) == [.pandocMarkdown, .pandocMarkdown, .markdown, .markdown, .restructuredText])
        // The project's .gridls.json beside the marker wins too, read when a document opens.
        try Data(#"{"reader": "github"}"#.utf8).write(to: root.appendingPathComponent("site/.gridls.json"))
        let later = "file://\(root.path)/site/later.md"
        session.open(later, languageId: "markdown")
        #expect(session.syntaxes([later]) == [.markdown])
    }

    /// `gridls/documentState` names the reader of a project's page, opened in a server process.
    @Test func theServerReportsAProjectPagesReader() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("project:\n  type: book\n".utf8).write(to: root.appendingPathComponent("_quarto.yml"))
        let uri = "file://\(root.path)/intro.md"
        let client = try LSPClient()
        _ = client.initialize()
        client.open(uri, """
            ::: {.callout-note}
            |a|b|
            |-|-|
            |1|2|
            :::

            """, languageId: "markdown")
        let state = client.request("gridls/documentState", ["textDocument": textDocument(uri)])["result"]
        #expect(state?["reader"] == "pandoc")
    }

    /// The remembered walk answers as a fresh one does, whichever folder is asked first.
    @Test func theProjectLookupRemembersEachFolderRightly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("site/a/b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("other/c"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: root.appendingPathComponent("site/_bookdown.yml"))
        let folders = ["site/a/b", "other/c", "site", "other", "", "site/a/", "site/a/b/"].map { Array((root.path + "/" + $0).utf8) }
        var lookup = PandocProject.Lookup()
        let remembered = folders.map { lookup.contains($0) }
        #expect(remembered == [true, false, true, false, false, true, true])
        #expect(folders.map(PandocProject.contains) == remembered)
    }
}
