#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridModel

/// A replacement of a byte range of the document; edits never overlap.
package struct TextEdit: Sendable, Hashable {
    package var range: Range<Int>
    package var newText: [UInt8]

    package init(range: Range<Int>, newText: [UInt8]) {
        self.range = range
        self.newText = newText
    }
}

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

    package func scan(_ text: TextLines, options: ScanOptions) -> TableScan {
        switch self {
        case .markdown: MarkdownScanner.scan(text)
        case .pandocMarkdown: PandocMarkdownScanner.scan(text).scan
        case .restructuredText: RSTScanner.scan(text, options: options)
        }
    }

    /// A scan of `text` that also says after which lines scanning can restart (see `MarkdownScanner` and
    /// `PandocMarkdownScanner`).
    package func scanRestartable(_ text: TextLines, startsDocument: Bool, options: ScanOptions) -> (scan: TableScan, restartable: [Bool]) {
        switch self {
        case .markdown: MarkdownScanner.scan(text, frontMatter: startsDocument)
        case .pandocMarkdown: PandocMarkdownScanner.scan(text, startsDocument: startsDocument)
        case .restructuredText: RSTScanner.scanRestartable(text, options: options)
        }
    }
}

/// The formatted document and what it left as it was because it could not be read.
package struct FormatResult: Sendable {
    package var output: [UInt8]
    /// Every error diagnostic of the document, in document order: those of the tables formatting refused to
    /// rewrite and those of lines that only look like a table (a look-alike is never rewritten either).
    /// The same errors as `diagnostics(_:scan:options:)` reports, so `format` fails exactly where `check` does.
    package var refused: [Diagnostic]
    /// The input's lines as formatting read them (the reader's line ends), which callers need again.
    package var text: TextLines
    /// Whether the output differs from the input.
    package var changed: Bool
}

/// Formats every table of a document, changing nothing outside them: container prefixes and line
/// terminators are copied, only the text of table lines is printed anew. A table with an error is left
/// byte for byte and reported.
package enum DocumentFormatter {
    /// The edits that format every table, and the diagnostics of the tables refused.
    package static func edits(_ text: TextLines, scan: TableScan, options: FormatOptions) -> (edits: [TextEdit], refused: [Diagnostic]) {
        var edits: [TextEdit] = []
        var refused: [Diagnostic] = []
        for region in scan.tables {
            switch TableReading(text, region: region, options: options).formattingEdits() {
            case .success(let tableEdits): edits += tableEdits
            case .failure(let refusal): refused += refusal.diagnostics
            }
        }
        return (edits, refused)
    }

    package static func edits(_ text: TextLines, syntax: DocumentSyntax = .markdown, options: FormatOptions) -> [TextEdit] {
        edits(text, scan: syntax.scan(text, options: options.scan), options: options).edits
    }

    /// A table formatting will not rewrite, with the reasons.
    package struct Refusal: Error, Sendable {
        package var diagnostics: [Diagnostic]
    }

    /// The smallest edits turning the table's lines into `lines` (each placed after its prefix: only the
    /// lines whose text changes, and on each only the part after the container prefix and before the line
    /// terminator; or, when the line count changes, the run of whole lines that differ).
    static func lineEdits(_ text: TextLines, region: TableRegion, lines: [[UInt8]]) -> [TextEdit] {
        let old = region.lines
        func oldText(_ offset: Int) -> ArraySlice<UInt8> {
            text.bytes[region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset)]
        }
        guard lines.count != old.count else {
            return lines.indices.compactMap { offset in
                oldText(offset).elementsEqual(lines[offset]) ? nil
                    : TextEdit(range: region.contentStarts[offset]..<text.contentEnd(region.firstLine + offset), newText: lines[offset])
            }
        }
        var head = 0
        while head < min(lines.count, old.count) && oldText(head).elementsEqual(lines[head]) { head += 1 }
        var tail = 0
        while tail < min(lines.count, old.count) - head && oldText(old.count - 1 - tail).elementsEqual(lines[lines.count - 1 - tail]) {
            tail += 1
        }
        return [wholeLineEdit(text, region: region, lines: lines, replacing: head..<(old.count - tail), with: head..<(lines.count - tail))]
    }

    /// The edits that print `grid` as a grid table in place of the table at `region` (formatting, an
    /// action, a quick fix): each printed line placed after the prefix of the line it replaces.
    static func gridTableEdits(_ grid: Grid, text: TextLines, region: TableRegion, options: WidthOptions) -> [TextEdit] {
        lineEdits(text, region: region, lines: placedGridLines(grid, text: text, region: region, options: options))
    }

    static func placedGridLines(_ grid: Grid, text: TextLines, region: TableRegion, options: WidthOptions) -> [[UInt8]] {
        // pandoc (3.9) reads no grid table that is indented: in its own documents one is printed flush.
        let indent = region.syntax == .pandocMarkdown ? [] : Array(tableIndentation(text, region: region))
        var lines = GridTablePrinter(grid, indent: indent, options: options, syntax: region.syntax).lines()
        for offset in lines.indices.prefix(region.contentStarts.count) {
            keepOwnGridIndentation(&lines[offset], from: 0, indent: indent, text: text, region: region, offset: offset)
        }
        return lines.indices.map { offset in
            keepingIndentation(lines[offset], after: region.prefix(ofLine: min(offset, region.contentStarts.count - 1), in: text))
        }
    }

    /// A reStructuredText grid table's lines all stand at one indentation as docutils counts it (tabs to
    /// stops of 8), in bytes that may differ: where the line at `offset` or the table's indentation
    /// holds a tab, the printed line (in `line` from `start`, after `indent`) gets the line's own back.
    /// Its tabs are measured alike either way: the same columns of blanks lead to them.
    static func keepOwnGridIndentation(
        _ line: inout [UInt8], from start: Int, indent: [UInt8], text: TextLines, region: TableRegion, offset: Int
    ) {
        guard region.syntax == .restructuredText else { return }
        let own = ownIndentation(text, region: region, offset: offset)
        guard keepsOwnIndentation(prefix: [], own: own, table: indent), !own.elementsEqual(indent) else { return }
        line.replaceSubrange(start..<start + indent.count, with: own)
    }

    /// Replaces old table lines `removed` by new lines `inserted` (offsets in the table), terminators
    /// included, each new line with the prefix of the old line at its offset (or the last line's).
    private static func wholeLineEdit(
        _ text: TextLines, region: TableRegion, lines: [[UInt8]], replacing removed: Range<Int>, with inserted: Range<Int>
    ) -> TextEdit {
        let old = region.contentStarts.count
        let terminator = region.newLineTerminator(in: text)
        func prefix(_ offset: Int) -> ArraySlice<UInt8> { region.prefix(ofLine: min(offset, old - 1), in: text) }
        if removed.isEmpty && removed.lowerBound == old {
            // Lines added after the table's last line: insert them after its content, each after a terminator.
            let at = text.contentEnd(region.firstLine + old - 1)
            let added = inserted.flatMap { terminator + prefix($0) + lines[$0] }
            return TextEdit(range: at..<at, newText: added)
        }
        var newText = inserted.flatMap { prefix($0) + lines[$0] + terminator }
        var start = text.starts[region.firstLine + removed.lowerBound]
        guard !removed.isEmpty else { return TextEdit(range: start..<start, newText: newText) }
        let lastOld = region.firstLine + removed.upperBound - 1
        var end = text.fullEnd(lastOld)
        if text.terminator(lastOld).isEmpty {
            // The table ends the document without a newline: so does the new text.
            end = text.contentEnd(lastOld)
            if newText.isEmpty {
                if removed.lowerBound > 0 { start = text.contentEnd(region.firstLine + removed.lowerBound - 1) }
            } else {
                newText.removeLast(terminator.count)
            }
        }
        return TextEdit(range: start..<max(start, end), newText: newText)
    }

    /// The formatted document, printed table by table into one buffer (a table's printer is dropped once
    /// it is printed, so memory follows the largest table, not all of them together).
    package static func format(_ bytes: [UInt8], syntax: DocumentSyntax = .markdown, options: FormatOptions) -> FormatResult {
        let text = TextLines.readerLines(bytes)
        let scan = syntax.scan(text, options: options.scan)
        var refused = scan.diagnostics.filter { $0.severity == .error }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var copied = 0
        for region in scan.tables {
            let reading = TableReading(text, region: region, options: options)
            if let errors = reading.errors {
                refused += errors
                continue
            }
            reading.appendFormatted(to: &out, copied: &copied)
        }
        out.append(contentsOf: bytes[copied...])
        // memcmp: an unchanged document (`format --check` in CI) is compared whole, which a byte loop made
        // a noticeable share of the run.
        let changed = out.count != bytes.count
            || (!out.isEmpty && out.withUnsafeBytes { a in bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) != 0 } })
        return FormatResult(output: out, refused: refused.sorted(by: inDocumentOrder), text: text, changed: changed)
    }

    private static let quoteMarker = UInt8(ascii: ">"), space = UInt8(ascii: " ")

    /// After a `>` with no space behind it, the first space of a table line's indentation would be read
    /// as the block-quote marker's own, and the line would lose a column each time it is formatted: the
    /// marker's space is written first.
    static func needsMarkerSpace(after prefix: ArraySlice<UInt8>, before first: UInt8?) -> Bool {
        prefix.last == quoteMarker && first == space
    }

    private static let tab = UInt8(ascii: "\t")

    static func isIndentation(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The spaces and tabs a table line's text starts with, after its prefix.
    static func ownIndentation(_ text: TextLines, region: TableRegion, offset: Int) -> ArraySlice<UInt8> {
        let start = region.contentStarts[offset], end = text.contentEnd(region.firstLine + offset)
        return text.bytes[start..<(text.bytes[start..<end].firstIndex { !isIndentation($0) } ?? end)]
    }

    /// A tab spans to the next tab stop, so the columns of indentation holding one depend on what comes
    /// before it, and a tab in a prefix may have been taken in part by a list item or a `>` (CommonMark):
    /// the rest of it is the line's indentation. Where the prefix, the line's own indentation or the
    /// table's holds a tab, the line keeps its own indentation byte for byte: it read as a table row with
    /// it, and still does.
    static func keepsOwnIndentation(prefix: ArraySlice<UInt8>, own: ArraySlice<UInt8>, table: some Collection<UInt8>) -> Bool {
        prefix.contains(tab) || own.contains(tab) || table.contains(tab)
    }

    static func keepingIndentation(_ line: [UInt8], after prefix: ArraySlice<UInt8>) -> [UInt8] {
        needsMarkerSpace(after: prefix, before: line.first) ? [space] + line : line
    }

    /// The first line's indentation when it is 0–3 columns (a grid table's, any), else the delimiter
    /// row's (which always is): pipe-table rows indented 4 or more would turn into code.
    static func tableIndentation(_ text: TextLines, region: TableRegion) -> ArraySlice<UInt8> {
        for offset in 0..<min(2, region.contentStarts.count) {
            let start = region.contentStarts[offset]
            let (columns, end) = BlockSyntax.indentation(text.bytes, start, text.contentEnd(region.firstLine + offset))
            if columns < 4 || region.kind == .grid { return text.bytes[start..<end] }
        }
        return []
    }

    /// The document with `edits` applied (sorted by position, not overlapping).
    package static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
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

    /// Every diagnostic of the document: those found while scanning and each table's, in document order.
    package static func diagnostics(_ text: TextLines, scan: TableScan, options: FormatOptions) -> [Diagnostic] {
        let tables = scan.tables.flatMap { TableReading.diagnostics(text, region: $0, options: options) }
        return (scan.diagnostics + tables).sorted(by: inDocumentOrder)
    }

    private static func inDocumentOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.range.lowerBound, a.code.rawValue) < (b.range.lowerBound, b.code.rawValue)
    }
}
