// libFuzzer target: fitting grid tables to a width (`maxWidth`). The first byte picks the width (20-100),
// the second the syntax (reStructuredText or pandoc's Markdown); the rest is a document, and a grid
// table made of it is added (rows split at 0x1E, cells at 0x1F, else its lines in two cells). Fitting
// does not crash, fitting again changes nothing, and every grid table gridls reads after the fit holds
// the same words in each cell, in order, as it did before (formatting keeps words; only the fit re-wraps).
import GridModel
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 2, UTF8Validation.isValid(Array(input[2...])) else { return 0 }
    let maxWidth = 20 + Int(input[0]) % 81
    let syntax: DocumentSyntax = input[1] % 2 == 0 ? .restructuredText : .pandocMarkdown
    let text = String(decoding: input[2...], as: UTF8.self)
    let document = Array((text + "\n\n" + tableMade(of: text, syntax: syntax) + "\n").utf8)
    let fitting = FormatOptions(maxWidth: maxWidth)
    let fitted = DocumentFormatter.format(document, syntax: syntax, options: fitting).output
    precondition(DocumentFormatter.format(fitted, syntax: syntax, options: fitting).output == fitted, "fitting twice changed the document")
    let wordsFitted = gridTableWords(fitted, syntax: syntax), wordsBefore = gridTableWords(document, syntax: syntax)
    precondition(wordsFitted.count == wordsBefore.count, "fitting changed how many grid tables read: \(wordsBefore.count) → \(wordsFitted.count)")
    for (a, b) in zip(wordsBefore, wordsFitted) {
        precondition(a == b, "fitting changed the words of a cell:\n\(a)\n\(b)")
    }
    return 0
}

/// A grid table of `text`'s lines (control characters made spaces): rows at 0x1E, cells at 0x1F.
func tableMade(of text: String, syntax: DocumentSyntax) -> String {
    let clean = String(text.unicodeScalars.map { $0 == "\n" || $0 == "\u{1E}" || $0 == "\u{1F}" || $0.value >= 0x20 && $0.value != 0x7F ? Character($0) : " " })
    var rows = clean.split(separator: "\u{1E}", omittingEmptySubsequences: false).map { row in
        row.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }
    if rows.count == 1 && rows[0].count == 1 {
        let lines = rows[0][0]
        rows = [[Array(lines.prefix(lines.count / 2)), Array(lines.dropFirst(lines.count / 2))]]
    }
    let columns = min(8, rows.map(\.count).max() ?? 1)
    let cells = rows.prefix(8).enumerated().flatMap { r, row in
        (0..<columns).map { c in GridCell(rows: r..<r + 1, columns: c..<c + 1, lines: c < row.count ? row[c] : []) }
    }
    guard let grid = try? Grid(rowCount: min(8, rows.count), columnCount: columns, cells: cells, headerRowCount: 0) else { return "" }
    return GridTablePrinter(grid, options: WidthOptions(), syntax: syntax).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
}

/// The words of each cell of each grid table gridls reads in `document`, in order.
func gridTableWords(_ document: [UInt8], syntax: DocumentSyntax) -> [[[Substring]]] {
    let text = TextLines(document)
    return syntax.scan(text, options: ScanOptions()).tables.filter { $0.kind == .grid }.compactMap { region in
        guard case .success(let grid) = TableReading(text, region: region, options: FormatOptions()).grid else { return nil }
        return grid.cells.map { $0.lines.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "\t" }) }
    }
}
