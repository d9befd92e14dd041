import JSONRPC
import TextTables

extension Server {
    /// Org's table keys: the edits that realign the table under the cursor (opening a row past its end)
    /// and where the cursor goes. `null` outside tables and in tables that cannot be read: there the key
    /// keeps its usual meaning.
    func navigateCell(_ params: NavigateCellParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let position = document.clamp(params.position, encoding)
        guard let table = document.index.table(at: position.line) else { return tableBegun(document, at: position, params.direction) }
        let options = formatOptions(document)
        let (local, reading) = document.reading(table, options: options)
        let formatted = document.isFormatted(table, options: options)  // known once per reading of the table
        let offset = document.offset(position, in: local)
        guard let step = reading.navigate(from: offset, params.direction, syntax: document.syntax, isFormatted: formatted) else {
            return .null
        }
        let character = encoding.character(in: step.lineText[...], byteOffset: step.byte)
        // As formatting's: past `FormattingEdits.limit` line edits, one edit of the table (an editor applies
        // it far faster than a realigned 100,000-row table's edits one by one).
        var edits = FormattingEdits(document: document)
        for edit in step.edits {
            edits.add(from: document.position(edit.range.lowerBound, in: local), to: document.position(edit.range.upperBound, in: local), edit.newText)
        }
        return [
            "edits": writtenEdits(edits.finished(), in: document),
            "position": Position(line: table.firstLine + step.line, character: character).json,
        ]
    }

    /// Outside tables in Markdown, a line that starts with `|` becomes a table's header (Org's way to
    /// begin one); `null` for any other line.
    private func tableBegun(_ document: OpenDocument, at position: LinePosition, _ direction: NavigationDirection) -> JSON {
        guard document.syntax == .markdown else { return .null }
        let line = Array(document.text.line(position.line))
        let terminator: [UInt8] = document.text.slice(position.line..<position.line + 1).suffix(2) == [0x0D, 0x0A] ? [0x0D, 0x0A] : [0x0A]
        guard let made = TablesFromText.tableBegun(on: line, at: position.byte, direction, terminator: terminator, options: formatOptions(document)) else {
            return .null
        }
        let text = TextLines(made.newText)
        let lineText = text.bytes[text.starts[made.line]..<text.contentEnd(made.line)]
        let edit: JSON = [
            "range": document.lspRange(LinePosition(position.line, 0), LinePosition(position.line, line.count), encoding),
            "newText": .string(String(decoding: made.newText, as: UTF8.self)),
        ]
        let character = encoding.character(in: lineText, byteOffset: made.byte)
        return ["edits": [edit], "position": Position(line: position.line + made.line, character: character).json]
    }
}
