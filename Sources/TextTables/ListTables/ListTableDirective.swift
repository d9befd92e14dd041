/// A `.. list-table::` directive as written: its indentation, its title and option lines kept byte for
/// byte, and what `:header-rows:` and `:stub-columns:` say.
struct ListTableDirective: Sendable, Hashable {
    /// The directive line's leading white space.
    var indent: [UInt8]
    /// The text after `.. list-table::` (the title's first line), without the blanks around it.
    var title: [UInt8]
    /// The lines the title runs on to below the directive line, each without the block's indentation (any
    /// further indentation kept as spaces).
    var titleLines: [[UInt8]] = []
    /// Each option line's field (`:class: x`), without its indentation, and the lines that continue a field
    /// (indented under it), with the spaces they stand further in.
    var options: [[UInt8]]
    var headerRows: Int
    var hasStubColumns: Bool
    /// What `:stub-columns:` says (-1 when it is no whole number), 0 without it.
    var stubColumns = 0
    /// What `:widths:` gives each column, nil without it (or with `auto` or `grid`); empty when docutils
    /// cannot read it (a number not whole and positive).
    var widths: [Int]?

    /// The option lines other than those a grid table says in its own way (`:header-rows:` by its `=`
    /// separator): what a `.. table::` directive around the grid table keeps.
    var keptOptions: [[UInt8]] {
        var kept: [[UInt8]] = []
        var dropping = false
        for line in options {
            if line.first == UInt8(ascii: ":") { dropping = line.starts(with: Array(":header-rows:".utf8)) }
            if !dropping { kept.append(line) }
        }
        return kept
    }

    var hasTitle: Bool { !title.isEmpty || !titleLines.isEmpty }

    /// The directive's first lines under another name (`.. table::`): the name with the title, the title's
    /// further lines and `options`, each below the first indented three spaces past it.
    func head(_ marker: String, options: [[UInt8]]) -> [[UInt8]] {
        var first = indent + Array(marker.utf8)
        if !title.isEmpty { first += [0x20] + title }
        let body = indent + Array("   ".utf8)
        return [first] + titleLines.map { body + $0 } + options.map { body + $0 }
    }
}

extension ListTableDirective {
    /// A `:widths:` value as docutils reads it: `auto`, `grid`, or whole positive numbers apart by commas
    /// (where there is one) or blanks; empty when it is none of them.
    static func widths(_ value: Substring) -> [Int]? {
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" }
        let value = value.trimming(isBlank)
        if value == "auto" || value == "grid" { return nil }
        let entries = value.contains(",") ? value.split(separator: ",", omittingEmptySubsequences: false)
            : value.split(whereSeparator: isBlank)
        let numbers = entries.map { Int($0.trimming(isBlank)) }
        return !numbers.isEmpty && numbers.allSatisfy({ ($0 ?? 0) > 0 }) ? numbers.map { $0! } : []
    }
}

extension ListTableReader {
    /// The directive's title and options, split from its block as docutils splits it
    /// (`parse_directive_block`), and the line its rows start after: the title runs from the directive line
    /// on to the first blank line or option line (`:name: value` at the block's indentation), the options
    /// from there to the first blank line, and the rows come after that blank line (without one there are
    /// none). A line among the options that neither is one nor is indented under one is an invalid option
    /// block, which docutils reports.
    func directive() throws(Failure) -> (directive: ListTableDirective, rows: Int) {
        let (_, p0) = indentation(0)
        let titleStart = min(p0 + ListTableSyntax.marker.utf8.count, end(0))
        let count = region.contentStarts.count
        let blockIndent = (1..<max(1, count)).filter { !isBlank($0) }.map { indentation($0).columns }.min() ?? 0
        var directive = ListTableDirective(indent: Array(b[region.contentStarts[0]..<p0]), title: [], options: [], headerRows: 0, hasStubColumns: false)
        var fields: [String] = []
        let firstText = Array(b[titleStart..<end(0)].trimming(Blank.isSpaceOrTab))
        if ListTableSyntax.isOption(firstText, 0, firstText.count) {
            directive.options.append(firstText)
            fields.append(String(decoding: firstText, as: UTF8.self))
        } else {
            directive.title = firstText
        }
        func line(_ offset: Int) -> (columns: Int, text: [UInt8]) {
            let (columns, p) = indentation(offset)
            return (columns, Array(b[p..<end(offset)].trimmingEnd(Blank.isSpaceOrTab)))
        }
        var offset = 1
        while offset < count && !isBlank(offset) {
            let (columns, text) = line(offset)
            let further = [UInt8](repeating: 0x20, count: columns - blockIndent) + text
            if columns == blockIndent && ListTableSyntax.isOption(text, 0, text.count) {
                directive.options.append(text)
                fields.append(String(decoding: text, as: UTF8.self))
            } else if fields.isEmpty {
                directive.titleLines.append(further)
            } else if columns > blockIndent {
                directive.options.append(further)
                fields[fields.count - 1] += "\n" + String(decoding: text, as: UTF8.self)
            } else {
                throw failure(.malformedListTable, Diagnostic.Message.listTableOptionBlock, line: offset)
            }
            offset += 1
        }
        for field in fields {
            if field.hasPrefix(":header-rows:") {
                directive.headerRows = Int(String(field.dropFirst(":header-rows:".count).filter { $0 != " " && $0 != "\t" })) ?? -1
            }
            if field.hasPrefix(":stub-columns:") {
                directive.hasStubColumns = true
                directive.stubColumns = Int(String(field.dropFirst(":stub-columns:".count).filter { $0 != " " && $0 != "\t" })) ?? -1
            }
            if field.hasPrefix(":widths:") { directive.widths = ListTableDirective.widths(field.dropFirst(":widths:".count)) }
        }
        return (directive, offset)
    }
}
