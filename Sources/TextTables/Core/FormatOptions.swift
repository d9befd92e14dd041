/// How the delimiter row is written: `| :--- |` (padded, the default) or `|:-----|` (compact).
package enum DelimiterRowStyle: String, Sendable, Hashable, CaseIterable {
    case padded, compact
}

/// Options of the printers.
package struct FormatOptions: Sendable, Hashable {
    package var width: WidthOptions
    package var delimiterRow: DelimiterRowStyle
    /// The widest a grid table may print, in display columns from its first `+` to its last (nil: no
    /// bound); a wider one has the text of its widest columns re-wrapped (`GridTableFit`).
    package var maxWidth: Int?
    /// How the document's tables are found (the settings a document's scan follows travel with the rest).
    package var scan: ScanOptions

    package init(width: WidthOptions = .init(), delimiterRow: DelimiterRowStyle = .padded, maxWidth: Int? = nil, scan: ScanOptions = .init()) {
        self.width = width
        self.delimiterRow = delimiterRow
        self.maxWidth = maxWidth
        self.scan = scan
    }
}
