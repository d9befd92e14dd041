/// Where a table sits in a document: its lines, and where each line's text starts after the prefixes
/// of the block quotes and list items that contain it. Prefixes are never changed by formatting.
package struct TableRegion: Sendable, Hashable {
    /// Pipe tables are Markdown's; grid tables Markdown's (pandoc) and reStructuredText's; simple tables
    /// and `list-table` directives reStructuredText's; `pandocSimple` and `multiline` tables pandoc's Markdown's.
    package enum Kind: Sendable, Hashable { case pipe, grid, simple, list, pandocSimple, multiline }

    package var kind: Kind
    /// Index of the table's first line (the header row of a pipe table, the top border of a grid or simple table).
    package var firstLine: Int
    /// For each line of the table, the byte offset just after its container prefix.
    package var contentStarts: [Int]
    /// The syntax of the document the table is in: it says which readers give a grid table its meaning
    /// (pandoc for Markdown; docutils and pandoc for reStructuredText).
    package var syntax: DocumentSyntax
    /// What a table's neighbours say about replacing it with another kind (reStructuredText).
    package struct Context: Sendable, Hashable {
        /// The table is the content of a directive (`.. table::` and the like), which a `list-table`
        /// directive cannot replace.
        var insideDirective = false
        /// The line after the table has text: a table of another kind put in its place is followed by a
        /// blank line, so that the line does not join it.
        var followedByText = false
        /// The line before the table has text (the last line of a table or element that ends there): a
        /// table of another kind put in its place starts after a blank line, so that it joins nothing above.
        var precededByText = false

        package init() {}
    }

    package var context = Context()

    package var lines: Range<Int> { firstLine..<firstLine + contentStarts.count }

    /// What lines added to the table end with: its first line's terminator, or `\n` when it has none.
    func newLineTerminator(in text: TextLines) -> [UInt8] {
        let terminator = text.terminator(firstLine)
        return terminator.isEmpty ? [0x0A] : Array(terminator)
    }

    /// The container prefix of the table's line `offset` (block-quote markers, list indentation).
    package func prefix(ofLine offset: Int, in text: TextLines) -> ArraySlice<UInt8> {
        text.bytes[text.starts[firstLine + offset]..<contentStarts[offset]]
    }

    package init(kind: Kind, firstLine: Int, contentStarts: [Int], syntax: DocumentSyntax) {
        self.kind = kind
        self.firstLine = firstLine
        self.contentStarts = contentStarts
        self.syntax = syntax
    }
}
