/// Which reader reads a Markdown document, as a setting names it (`reader`): every common reader at once
/// (`portable`, the default where no project names one), GitHub's (cmark-gfm) alone, or pandoc's.
/// reStructuredText has one reader, docutils, whatever the setting says.
package enum MarkdownReader: String, Sendable, Hashable, CaseIterable {
    case portable, github, pandoc

    var syntax: DocumentSyntax { self == .pandoc ? .pandocMarkdown : .markdown }
}

/// Which readers must read a pipe table alike for gridls to format it: GitHub's alone, or every common
/// Markdown reader (GitHub's cmark-gfm, markdown-it, Python-Markdown, goldmark and kramdown), which read
/// the lines around a table differently (`PortableTables`).
package enum MarkdownReaders: Sendable, Hashable {
    case github, portable

    /// The readers a `reader` setting names: GitHub's alone for `github`, every common one otherwise (and
    /// where no setting says: a Markdown page whose reader is not known must read the same everywhere).
    package init(_ reader: MarkdownReader?) { self = reader == .github ? .github : .portable }
}

extension DocumentSyntax {
    /// This document read by `reader` when it is Markdown (nil: the reader its name or language says).
    package func read(by reader: MarkdownReader?) -> DocumentSyntax {
        guard isMarkdown, let reader else { return self }
        return reader.syntax
    }
}

/// What a scan needs to know beyond the syntax: the reStructuredText directives a project adds to those
/// whose body is ordinary reStructuredText (`RSTDirectives`), for extensions gridls does not know, and
/// which Markdown readers must agree on a pipe table.
package struct ScanOptions: Sendable, Hashable {
    /// Directive names in lower case, as `RSTDirectives.holdsContent` compares them.
    package var rstContentDirectives: Set<String>
    /// The settings decide it for users (`MarkdownReaders(reader)`: portable unless GitHub is named); the
    /// engine's own default is GitHub's reading, the one its tests were written for.
    package var markdownReaders: MarkdownReaders

    package init(rstContentDirectives: some Sequence<String> = [], markdownReaders: MarkdownReaders = .github) {
        self.rstContentDirectives = Set(rstContentDirectives.map { $0.lowercased() })
        self.markdownReaders = markdownReaders
    }
}
