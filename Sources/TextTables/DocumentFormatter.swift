/// A replacement of a byte range of the document; edits never overlap.
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var newText: [UInt8]

    public init(range: Range<Int>, newText: [UInt8]) {
        self.range = range
        self.newText = newText
    }
}

/// Formats every table of a Markdown document, changing nothing outside them.
public enum DocumentFormatter {
    /// The smallest line edits that format every table: only lines whose text changes, and on each only
    /// the part after the container prefix and before the line terminator.
    public static func edits(_ text: TextLines, scan: MarkdownScan, options: FormatOptions = .init()) -> [TextEdit] {
        var edits: [TextEdit] = []
        for region in scan.tables {
            edits.append(contentsOf: tableEdits(text, region: region, options: options))
        }
        return edits
    }

    public static func edits(_ text: TextLines, options: FormatOptions = .init()) -> [TextEdit] {
        edits(text, scan: MarkdownScanner.scan(text), options: options)
    }

    /// The edits that format one table.
    public static func tableEdits(_ text: TextLines, region: TableRegion, options: FormatOptions) -> [TextEdit] {
        let b = text.bytes
        let table = PipeTable.parse(text, region: region)
        let indent = tableIndentation(text, region: region)
        let prefixWidth = DisplayWidth.of(
            String(decoding: b[text.starts[region.firstLine]..<region.contentStarts[0]], as: UTF8.self),
            options: options.width)
        let printed = PipeTablePrinter.lines(table, indent: indent, startColumn: prefixWidth, options: options)
        var edits: [TextEdit] = []
        for (offset, newLine) in printed.enumerated() {
            let range = region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)
            if !b[range].elementsEqual(newLine) { edits.append(TextEdit(range: range, newText: newLine)) }
        }
        return edits
    }

    /// The header's indentation when it is 0–3 columns, else the delimiter row's (which always is):
    /// body rows indented 4 or more would turn into code.
    static func tableIndentation(_ text: TextLines, region: TableRegion) -> ArraySlice<UInt8> {
        for offset in 0..<2 {
            let start = region.contentStarts[offset]
            let (columns, end) = BlockSyntax.indentation(text.bytes, start, text.contentEnd(region.firstLine + offset))
            if columns < 4 { return text.bytes[start..<end] }
        }
        return []
    }

    /// The document with `edits` applied (sorted by position, not overlapping).
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var position = 0
        for edit in edits {
            out.append(contentsOf: bytes[position..<edit.range.lowerBound])
            out.append(contentsOf: edit.newText)
            position = edit.range.upperBound
        }
        out.append(contentsOf: bytes[position...])
        return out
    }

    /// The formatted document.
    public static func format(_ bytes: [UInt8], options: FormatOptions = .init()) -> [UInt8] {
        apply(edits(TextLines(bytes), options: options), to: bytes)
    }

    /// Every diagnostic of the document: those found while scanning and each table's checks, in document order.
    public static func diagnostics(_ text: TextLines, scan: MarkdownScan) -> [Diagnostic] {
        var all = scan.diagnostics
        for region in scan.tables {
            all.append(contentsOf: PipeTableChecks.check(PipeTable.parse(text, region: region)))
        }
        return all.sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) }
    }
}
