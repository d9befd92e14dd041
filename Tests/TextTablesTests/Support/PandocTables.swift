import Foundation
import GridModel
import TestSupport
@testable import TextTables

/// pandoc's simple and multiline tables of a document, found at the starts of its top-level blocks (a
/// blank line before) by `PandocTableFinder`, until the pandoc scanner asks it at every block start.
enum PandocTables {
    static func regions(_ text: TextLines) -> [TableRegion] {
        var regions: [TableRegion] = []
        var line = 0, blankBefore = true
        while line < text.count {
            let isBlank = text.bytes[text.starts[line]..<text.contentEnd(line)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if blankBefore && !isBlank,
               let extent = PandocTableFinder.table(at: line, in: text, contentStart: { $0 < text.count ? text.starts[$0] : nil }) {
                regions.append(TableRegion(kind: extent.kind == .simple ? .pandocSimple : .multiline, firstLine: extent.lines.lowerBound,
                                           contentStarts: extent.lines.map { text.starts[$0] }, syntax: .pandocMarkdown))
                line = max(extent.consumed.upperBound, line + 1)
                blankBefore = !extent.unclosed
                continue
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
        return String(decoding: DocumentFormatter.apply(edits, to: text.bytes), as: UTF8.self)
    }

    /// The document after `action` on its first table.
    static func converted(_ document: String, _ action: TableAction) throws -> String {
        let text = TextLines(document)
        guard let region = regions(text).first else { throw ReferenceReaders.Failure(description: "no table in \(document)") }
        let edits = try TableReading(text, region: region, options: FormatOptions()).apply(action, syntax: .pandocMarkdown).get().edits
        return String(decoding: DocumentFormatter.apply(edits, to: text.bytes), as: UTF8.self)
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
