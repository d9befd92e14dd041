extension DocumentSyntax {
    /// The tables of `text` as this syntax's reader finds them, and what only looks like one.
    package func scan(_ text: TextLines, options: ScanOptions) -> TableScan {
        switch self {
        case .markdown: MarkdownScanner.scan(text, frontMatter: true, readers: options.markdownReaders).scan
        case .pandocMarkdown: PandocMarkdownScanner.scan(text).scan
        case .restructuredText: RSTScanner.scan(text, options: options)
        }
    }

    /// A scan of `text` that also says after which lines scanning can restart (see `MarkdownScanner` and
    /// `PandocMarkdownScanner`).
    package func scanRestartable(_ text: TextLines, startsDocument: Bool, options: ScanOptions) -> (scan: TableScan, restartable: [Bool]) {
        switch self {
        case .markdown: MarkdownScanner.scan(text, frontMatter: startsDocument, readers: options.markdownReaders)
        case .pandocMarkdown: PandocMarkdownScanner.scan(text, startsDocument: startsDocument)
        case .restructuredText: RSTScanner.scanRestartable(text, options: options)
        }
    }
}
