import Testing
@testable import TextTables

/// `rstContentDirectives`: a project names the directives of its own extensions whose body is ordinary
/// reStructuredText; their tables are found and formatted. Verbatim directives stay left alone.
struct RSTContentDirectiveTests {
    /// Sphinx's and docutils' directives that show or compare their body as written.
    static let verbatim = ["testoutput", "testcode", "doctest", "code-block", "sourcecode", "literalinclude", "ipython",
                           "jupyter-execute", "highlight", "code", "parsed-literal", "math", "raw", "csv-table"]

    static func document(_ verbatim: String) -> String {
        """
        Text.

        .. \(verbatim)::

           +---+------+
           | a | bb   |
           +---+------+


        """
            + """
                .. exercise:: One
                   :label: one

                   +---+------+
                   | c | dd   |
                   +---+------+

                """
    }

    static func formatted(_ document: String, _ options: ScanOptions) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText, options: FormatOptions(scan: options)).output, as: UTF8.self)
    }

    @Test func theKnownVerbatimListHoldsSphinxsVerbatimDirectives() {
        #expect(Self.verbatim.filter { !RSTDirectives.verbatimDirectives.contains($0) } == [])
        #expect(Self.verbatim.filter { RSTDirectives.holdsContent($0) } == [])
    }

    /// The verbatim directive's table is left as written; the named directive's is formatted, its
    /// options skipped; unnamed, it is an unknown directive and left alone too.
    @Test(arguments: verbatim)
    func aNamedDirectivesTableIsFormattedAVerbatimOnesIsNot(_ name: String) {
        let document = Self.document(name)
        #expect(Self.formatted(document, ScanOptions()) == document)
        #expect(Self.formatted(document, ScanOptions(rstContentDirectives: ["Exercise", "solution"]))
            == document.replacingOccurrences(of: """
                   +---+------+
                   | c | dd   |
                   +---+------+

                """, with: """
                   +---+----+
                   | c | dd |
                   +---+----+

                """))
        let scan = RSTScanner.scan(TextLines(Array(document.utf8)), options: ScanOptions(rstContentDirectives: ["exercise"]))
        #expect(scan.tables.map(\.firstLine) == [11])
        #expect(scan.tables.map(\.context.insideDirective) == [true])
    }

    /// Naming a directive matches it as written: a domain's form only when named with its domain.
    @Test func namesMatchAsWritten() {
        let added: Set<String> = ["exercise", "my:card"]
        #expect(RSTDirectives.holdsContent("Exercise", added: added))
        #expect(RSTDirectives.holdsContent("my:card", added: added))
        #expect(!RSTDirectives.holdsContent("py:exercise", added: added))
        #expect(!RSTDirectives.holdsContent("card2", added: added))
    }

    /// The server's index scans in windows (`scanRestartable`): the setting reaches it there too.
    @Test func theRestartableScanFollowsTheSetting() {
        let text = TextLines(Array(Self.document("code").utf8))
        let named = DocumentSyntax.restructuredText.scanRestartable(text, startsDocument: true, options: ScanOptions(rstContentDirectives: ["exercise"]))
        #expect(named.scan.tables.map(\.firstLine) == [11])
        #expect(DocumentSyntax.restructuredText.scanRestartable(text, startsDocument: true).scan.tables.isEmpty)
    }

    /// The reader setting picks the reader of Markdown only.
    @Test func theReaderChoosesAmongMarkdownReadersOnly() {
        #expect(DocumentSyntax.markdown.read(by: .pandoc) == .pandocMarkdown)
        #expect(DocumentSyntax.pandocMarkdown.read(by: .github) == .markdown)
        #expect(DocumentSyntax.pandocMarkdown.read(by: nil) == .pandocMarkdown)
        #expect(DocumentSyntax.restructuredText.read(by: .pandoc) == .restructuredText)
        #expect(["a.md", "a.markdown", "a.qmd", "a.Rmd", "a.rmd", "a.rst", "a.txt"].map { DocumentSyntax(path: $0) }
            == [.markdown, .markdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText, .markdown])
    }
}
