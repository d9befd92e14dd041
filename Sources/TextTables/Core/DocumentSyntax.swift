/// Which language a document is written in and which reader reads it: where its tables are found and
/// what they mean. Markdown is GitHub's (cmark-gfm) or pandoc's (Quarto, R Markdown); reStructuredText
/// is docutils's, as Sphinx reads it.
package enum DocumentSyntax: Sendable, Hashable {
    case markdown, pandocMarkdown, restructuredText

    /// `.rst` and `.rest` files are reStructuredText, `.qmd`, `.Rmd` and `.rmd` pandoc's Markdown, and
    /// everything else is read as GitHub's Markdown.
    package init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".rst") || lower.hasSuffix(".rest") {
            self = .restructuredText
        } else if lower.hasSuffix(".qmd") || lower.hasSuffix(".rmd") {
            self = .pandocMarkdown
        } else {
            self = .markdown
        }
    }

    /// Markdown, whichever reader reads it.
    package var isMarkdown: Bool { self != .restructuredText }
}
