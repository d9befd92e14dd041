import Foundation
import GridModel
import TestSupport
@testable import TextTables

/// pandoc's simple and multiline tables of a document, found at the starts of its top-level blocks by
/// `PandocTableFinder`, until the pandoc scanner asks it at every block start. A block starts after a
/// blank line, a table, a setext heading's underline or a horizontal rule (what the random documents
/// hold; paragraphs run to a blank line).
enum PandocTables {
    static func regions(_ text: TextLines) -> [TableRegion] {
        var regions: [TableRegion] = []
        var line = 0, blankBefore = true
        func bytes(_ line: Int) -> ArraySlice<UInt8> { text.bytes[text.starts[line]..<text.contentEnd(line)] }
        /// A horizontal rule: three `-` or more, spaces between them allowed, and nothing else.
        func isRule(_ line: Int) -> Bool {
            line < text.count && bytes(line).allSatisfy { $0 == 0x2D || $0 == 0x20 } && bytes(line).filter { $0 == 0x2D }.count >= 3
                && bytes(line).prefix { $0 == 0x20 }.count < 4
        }
        while line < text.count {
            let isBlank = bytes(line).allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if blankBefore && !isBlank {
                if let extent = PandocTableFinder.table(at: line, in: text, contentStart: { $0 < text.count ? text.starts[$0] : nil }) {
                    regions.append(TableRegion(kind: extent.kind == .simple ? .pandocSimple : .multiline, firstLine: extent.lines.lowerBound,
                                               contentStarts: extent.lines.map { text.starts[$0] }, syntax: .pandocMarkdown))
                    // pandoc reads an unclosed table's lines as other blocks: read on after its first line.
                    if !extent.unclosed {
                        line = max(extent.consumed.upperBound, line + 1)
                        continue
                    }
                }
                if line + 1 < text.count, bytes(line + 1).first == 0x2D,
                   bytes(line + 1).allSatisfy({ $0 == 0x2D || $0 == 0x20 }), !bytes(line + 1).dropFirst().drop(while: { $0 == 0x2D }).contains(0x2D) {
                    line += 2  // a setext heading
                    continue
                }
                if isRule(line) { line += 1; continue }
            }
            blankBefore = isBlank
            line += 1
        }
        return regions
    }

    static func readings(_ document: String, options: FormatOptions = FormatOptions()) -> [TableReading] {
        let text = TextLines(document)
        return regions(text).map { TableReading(text, region: $0, options: options) }
    }

    /// The document with every table formatted (tables that do not read left as they are).
    static func formatted(_ document: String) -> String {
        let text = TextLines(document)
        let edits = regions(text).flatMap { (try? TableReading(text, region: $0, options: FormatOptions()).formattingEdits().get()) ?? [] }
        return String(decoding: TextEdit.apply(edits, to: text.bytes), as: UTF8.self)
    }

    /// The document after `action` on its first table.
    static func converted(_ document: String, _ action: TableAction) throws -> String {
        let text = TextLines(document)
        guard let region = regions(text).first else { throw ReferenceReaders.Failure(description: "no table in \(document)") }
        let edits = try TableReading(text, region: region, options: FormatOptions()).apply(action, syntax: .pandocMarkdown).get().edits
        return String(decoding: TextEdit.apply(edits, to: text.bytes), as: UTF8.self)
    }

    static func pandoc(_ document: String, widths: Bool = false) throws -> String {
        try ReferenceReaders.read(widths ? "pandoc-markdown-widths" : "pandoc-markdown", Array(document.utf8), fileExtension: "md")
    }

    /// The tables pandoc reads in `document`, as JSON objects (with their widths).
    static func pandocTables(_ document: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(pandoc(document, widths: true).utf8)) as? [[String: Any]] ?? []
    }

    /// Whether two of pandoc's readings have the same cells and alignments, and (`widths`) relative widths
    /// within 0.02.
    static func same(_ a: [String: Any], _ b: [String: Any], widths: Bool) -> Bool {
        var a = a, b = b
        let wa = a.removeValue(forKey: "widths") as? [Double] ?? [], wb = b.removeValue(forKey: "widths") as? [Double] ?? []
        guard NSDictionary(dictionary: a).isEqual(to: b) else { return false }
        return !widths || (wa.count == wb.count && zip(wa, wb).allSatisfy { abs($0 - $1) <= 0.02 })
    }
}
