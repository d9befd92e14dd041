/// A carriage return that no line feed follows ends a line for cmark-gfm, docutils and the LSP
/// specification, but not for Vim, Neovim or gridls's own lines (it stays in the line, as those editors
/// keep it). Where one falls inside a table, readers and editors disagree on the table's rows, so the
/// table is left as it is and reported; a look-alike's error there becomes that report. pandoc deletes
/// every carriage return before it reads, so for pandoc a lone one joins two lines: see `guardingForPandoc`.
enum LoneCarriageReturn {
    static let carriageReturn = UInt8(ascii: "\r")

    /// Whether line `line` holds a carriage return in its text (its terminator, `\r\n` included, apart).
    static func isIn(_ text: TextLines, line: Int) -> Bool {
        text.bytes[text.starts[line]..<text.contentEnd(line)].contains(carriageReturn)
    }

    /// `scan` with every table that holds a lone carriage return taken out and reported, and look-alike
    /// errors on such lines reported the same way instead.
    static func guarding(_ scan: TableScan, in text: TextLines) -> TableScan {
        guard text.bytes.containsByte(carriageReturn) else { return scan }  // the common case: nothing to do
        var result = TableScan()
        for region in scan.tables {
            guard let line = region.lines.first(where: { isIn(text, line: $0) }) else {
                result.tables.append(region)
                continue
            }
            result.diagnostics.append(report(text, line: line))
        }
        for diagnostic in scan.diagnostics {
            let line = text.line(containing: diagnostic.range.lowerBound)
            let suspect = diagnostic.code == .delimiterCountMismatch && (isIn(text, line: line) || (line > 0 && isIn(text, line: line - 1)))
            result.diagnostics.append(suspect ? report(text, line: isIn(text, line: line) ? line : line - 1) : diagnostic)
        }
        result.diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
        return result
    }

    /// `guarding`, and for pandoc, which deletes every carriage return before reading (`printf 'a\rb'` is
    /// the one word `ab` to it): from the line above the first lone one, pandoc's lines are not the
    /// editor's (a blank line ending in one vanishes, a `-` before one starts no list), so every table from
    /// there on is left as it is and reported, and no scan may restart below it.
    static func guardingForPandoc(_ scan: TableScan, restartable: inout [Bool], in text: TextLines) -> TableScan {
        guard let first = firstLoneCarriageReturn(text.bytes) else { return scan }
        var result = guarding(scan, in: text)
        let from = max(text.line(containing: first) - 1, 0)
        for line in from..<restartable.count { restartable[line] = false }
        let (kept, joined) = (result.tables.filter { $0.lines.upperBound <= from }, result.tables.filter { $0.lines.upperBound > from })
        result.tables = kept
        for region in joined {
            result.diagnostics.append(Diagnostic(
                code: .ambiguousTable, severity: .warning, message: Diagnostic.Message.carriageReturnAbove,
                range: text.starts[region.firstLine]..<text.contentEnd(region.firstLine)))
        }
        result.diagnostics.sort { $0.range.lowerBound < $1.range.lowerBound }
        return result
    }

    /// The offset of the first carriage return that no line feed follows.
    private static func firstLoneCarriageReturn(_ bytes: [UInt8]) -> Int? {
        guard bytes.containsByte(carriageReturn) else { return nil }
        return bytes.indices.first { bytes[$0] == carriageReturn && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
    }

    private static func report(_ text: TextLines, line: Int) -> Diagnostic {
        Diagnostic(
            code: .ambiguousTable, severity: .warning,
            message: Diagnostic.Message.loneCarriageReturn,
            range: text.starts[line]..<text.contentEnd(line))
    }
}
