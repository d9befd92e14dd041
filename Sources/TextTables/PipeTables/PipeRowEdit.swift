/// An edit inside the cells of one body row of a GitHub pipe table, and what it changes: that row alone.
/// The server's index asks it on every keystroke in a table, so that typing in a 100,000-row table
/// re-reads the row typed in, not the table (the table is read again only where its shape may change).
package struct PipeRowEdit: Sendable {
    /// The row's line as it is after the edit (terminator excluded), and where its text starts after the
    /// prefixes of its block quotes and list items.
    package var line: ArraySlice<UInt8>
    package var contentStart: Int
    /// Where in the line the edit starts, and the bytes it took out and put in.
    package var start: Int
    package var removed: ArraySlice<UInt8>
    package var inserted: ArraySlice<UInt8>

    package init(line: ArraySlice<UInt8>, contentStart: Int, start: Int, removed: ArraySlice<UInt8>, inserted: ArraySlice<UInt8>) {
        self.line = line
        self.contentStart = contentStart
        self.start = start
        self.removed = removed
        self.inserted = inserted
    }

    /// Whether cmark-gfm still reads the line as a row of the same table, its pipes separating cells as
    /// before: the edit lies after the row's first pipe (what decides whether a line opens another block
    /// lies before it, unchanged), neither side holds a byte that could end the line, separate or escape
    /// cells, or open a block (`|`, `\`, `` ` ``, `~`, `$`, `<`, `>`, control bytes), the byte before the edit
    /// escapes nothing, and the line still holds a cell and nothing an HTML dialect or a carriage return
    /// could make the readers dispute.
    package var keepsRow: Bool {
        let base = line.startIndex
        guard start >= 0, start <= line.count, contentStart >= 0, contentStart <= start else { return false }
        guard let bar = line[(base + contentStart)..<(base + start)].firstIndex(of: PipeRowSyntax.pipe) else { return false }
        if start > 0 && line[base + start - 1] == PipeRowSyntax.backslash { return false }
        guard removed.allSatisfy(PipeRowEdit.isPlain), inserted.allSatisfy(PipeRowEdit.isPlain) else { return false }
        guard !line.contains(UInt8(ascii: "<")), !line.contains(0x0D) else { return false }
        // A lone `|` holds no cell: a row emptied to that ends the table.
        let bytes = Array(line[bar...])
        return PipeRowSyntax.hasCell(bytes, 0, bytes.count)
    }

    /// A byte that an edit inside a cell may take out or put in without changing the table's shape.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, 0x7F, UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "$"),
             UInt8(ascii: "<"), UInt8(ascii: ">"):
            false
        default:
            true
        }
    }

    /// The diagnostics of the row on line 2 of `text`, a table's header line, its delimiter row and the
    /// row (`region` over them); nil when the table-wide check (a cell that starts with a byte cmark-gfm
    /// skips after a pipe) has something to say, which only the whole table can place.
    package static func rowDiagnostics(_ text: TextLines, region: TableRegion) -> [Diagnostic]? {
        let found = PipeTableChecks.check(text, region: region)
        return found.contains { $0.code == .ambiguousTable } ? nil : found
    }
}
