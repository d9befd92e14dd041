import GridModel

/// Tables made from rows of fields, and fields read out of tables.
enum DelimitedTable {
    /// `rows` as a pipe table's lines (no terminators): the first row is the header, every row as wide as
    /// the widest, a `|` in a field escaped and a line break in one written `<br>` (GitHub's way to break
    /// a line inside a cell). Nil when there is no row.
    static func pipeTableLines(_ rows: [[String]], options: FormatOptions) -> [[UInt8]]? {
        guard let width = rows.map(\.count).max(), width > 0 else { return nil }
        let texts = rows.map { row in (row + Array(repeating: "", count: width - row.count)).map(cellText) }
        let table = PipeTable(texts: texts, alignments: Array(repeating: .none, count: width))
        return PipeTablePrinter(table, options: options).lines()
    }

    /// An empty pipe table of `rows` rows (the header among them) and `columns` columns.
    static func emptyPipeTableLines(rows: Int, columns: Int, options: FormatOptions) -> [[UInt8]]? {
        guard rows >= 1, columns >= 1 else { return nil }
        return pipeTableLines(Array(repeating: Array(repeating: "", count: columns), count: rows), options: options)
    }

    /// The fields of a table's grid, row by row: a cell's text in its first row and column (its lines
    /// joined by line breaks), other slots it spans empty; in a pipe table `\|` reads as `|`.
    package static func rows(of grid: Grid, kind: TableRegion.Kind) -> [[String]] {
        var rows = Array(repeating: Array(repeating: "", count: grid.columnCount), count: grid.rowCount)
        for cell in grid.cells {
            let text = cell.lines.joined(separator: "\n")
            rows[cell.rows.lowerBound][cell.columns.lowerBound] = kind == .pipe ? unescapingPipes(text) : text
        }
        return rows
    }

    /// A field as cell text that reads back as the field: `|` escaped, a backslash doubled where it would
    /// escape the punctuation after it, a line break as `<br>`.
    private static func cellText(_ field: String) -> String {
        var out = ""
        var characters = field.makeIterator(), next = characters.next()
        while let character = next {
            next = characters.next()
            switch character {
            case "|": out += "\\|"
            case "\\" where next.map(isASCIIPunctuation) ?? false: out += "\\\\"
            case _ where character.isNewline: out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    private static func isASCIIPunctuation(_ character: Character) -> Bool {
        character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol
    }

    /// Every `\|` as `|`, as cmark-gfm reads a cell before its inline content.
    private static func unescapingPipes(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "|" && out.last == "\\" { out.removeLast() }
            out.append(character)
        }
        return out
    }
}
