/// A replacement of a byte range of the document; edits never overlap.
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var newText: [UInt8]

    public init(range: Range<Int>, newText: [UInt8]) {
        self.range = range
        self.newText = newText
    }
}

/// Formats every table of a Markdown document, changing nothing outside them: container prefixes and
/// line terminators are copied, only the text of table lines is printed anew.
public enum DocumentFormatter {
    /// The smallest line edits that format every table: only lines whose text changes, and on each only
    /// the part after the container prefix and before the line terminator.
    public static func edits(_ text: TextLines, scan: MarkdownScan, options: FormatOptions = .init()) -> [TextEdit] {
        scan.tables.flatMap { tableEdits(text, region: $0, options: options) }
    }

    public static func edits(_ text: TextLines, options: FormatOptions = .init()) -> [TextEdit] {
        edits(text, scan: MarkdownScanner.scan(text), options: options)
    }

    /// The edits that format one table.
    public static func tableEdits(_ text: TextLines, region: TableRegion, options: FormatOptions) -> [TextEdit] {
        let printer = printer(text, region: region, options: options)
        var edits: [TextEdit] = []
        var line: [UInt8] = []
        for offset in 0..<printer.lineCount {
            line.removeAll(keepingCapacity: true)
            printer.appendLine(offset, to: &line)
            let range = region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)
            if !text.bytes[range].elementsEqual(line) { edits.append(TextEdit(range: range, newText: line)) }
        }
        return edits
    }

    /// The formatted document, printed straight into one buffer of the exact size.
    public static func format(_ bytes: [UInt8], options: FormatOptions = .init()) -> [UInt8] {
        let text = TextLines(bytes)
        let tables = MarkdownScanner.scan(text).tables.map { ($0, printer(text, region: $0, options: options)) }
        var size = bytes.count
        for (region, printer) in tables {
            size += printer.printedByteCount
            for offset in region.contentStarts.indices {
                size -= text.contentEnd(region.firstLine + offset) - region.contentStarts[offset]
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        var copied = 0
        for (region, printer) in tables {
            for offset in 0..<printer.lineCount {
                out.append(contentsOf: bytes[copied..<region.contentStarts[offset]])
                printer.appendLine(offset, to: &out)
                copied = text.contentEnd(region.firstLine + offset)
            }
        }
        out.append(contentsOf: bytes[copied...])
        assert(out.count == size, "printedByteCount is off")
        return out
    }

    private static func printer(_ text: TextLines, region: TableRegion, options: FormatOptions) -> PipeTablePrinter {
        let prefix = text.bytes[text.starts[region.firstLine]..<region.contentStarts[0]]
        let prefixWidth = PipeTableLayout.width(prefix, at: 0, options.width)
        return PipeTablePrinter(
            PipeTable.parse(text, region: region), indent: tableIndentation(text, region: region),
            startColumn: prefixWidth, options: options)
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

    /// Every diagnostic of the document: those found while scanning and each table's checks, in document order.
    public static func diagnostics(_ text: TextLines, scan: MarkdownScan) -> [Diagnostic] {
        var all = scan.diagnostics
        for region in scan.tables {
            all.append(contentsOf: PipeTableChecks.check(PipeTable.parse(text, region: region)))
        }
        return all.sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) }
    }
}
