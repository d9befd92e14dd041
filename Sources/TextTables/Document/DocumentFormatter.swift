#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    package static func edits(_ text: TextLines, syntax: DocumentSyntax, options: FormatOptions) -> [TextEdit] {
        edits(text, scan: syntax.scan(text, options: options.scan), options: options).edits
    }

    /// The formatted document, printed table by table into one buffer (a table's printer is dropped once
    /// it is printed, so memory follows the largest table, not all of them together).
    package static func format(_ bytes: [UInt8], syntax: DocumentSyntax, options: FormatOptions) -> FormatResult {
        let text = TextLines.readerLines(bytes)
        let scan = syntax.scan(text, options: options.scan)
        var refused = scan.diagnostics.filter { $0.severity == .error }
        var out: [UInt8] = []
        // Room for twice the input, reserved but not touched: the system maps a page only when a byte is
        // written to it. Aligning short tables can add half the input's size; a buffer of 1.125 times it was
        // outgrown and copied whole (a tenth of formatting many small tables, in copying and page faults).
        out.reserveCapacity(2 * bytes.count + 4096)
        var copied = 0
        for region in scan.tables {
            // Most long simple tables print from their bytes, without a grid (the same text).
            if region.kind == .simple, let table = PlainSimpleTable(text, region: region) {
                table.appendFormatted(to: &out, copied: &copied)
                continue
            }
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

    /// Every diagnostic of the document: those found while scanning and each table's, in document order.
    package static func diagnostics(_ text: TextLines, scan: TableScan, options: FormatOptions) -> [Diagnostic] {
        let tables = scan.tables.flatMap { TableReading.diagnostics(text, region: $0, options: options) }
        return (scan.diagnostics + tables).sorted(by: inDocumentOrder)
    }

    private static func inDocumentOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.range.lowerBound, a.code.rawValue) < (b.range.lowerBound, b.code.rawValue)
    }
}
