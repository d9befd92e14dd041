/// Which reader reads a Markdown document, as a setting names it (`reader`): GitHub's (cmark-gfm) or
/// pandoc's. reStructuredText has one reader, docutils, whatever the setting says.
package enum MarkdownReader: String, Sendable, Hashable, CaseIterable {
    case github, pandoc

    var syntax: DocumentSyntax { self == .github ? .markdown : .pandocMarkdown }
}

extension DocumentSyntax {
    /// This document read by `reader` when it is Markdown (nil: the reader its name or language says).
    package func read(by reader: MarkdownReader?) -> DocumentSyntax {
        guard isMarkdown, let reader else { return self }
        return reader.syntax
    }
}

/// What a scan needs to know beyond the syntax: the reStructuredText directives a project adds to those
/// whose body is ordinary reStructuredText (`RSTDirectives`), for extensions gridls does not know.
package struct ScanOptions: Sendable, Hashable {
    /// Directive names in lower case, as `RSTDirectives.holdsContent` compares them.
    package var rstContentDirectives: Set<String>

    package init(rstContentDirectives: some Sequence<String> = []) {
        self.rstContentDirectives = Set(rstContentDirectives.map { $0.lowercased() })
    }
}
