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
        guard let step = document.step(table, at: position, params.direction, options: formatOptions(document)) else { return .null }
        return [
            "edits": writtenEdits(step.edits.finished(), in: document),
            "position": Position(line: step.line, character: encoding.character(in: step.lineText[...], byteOffset: step.byte)).json,
        ]
    }

    /// Outside tables in Markdown, a line that starts with `|` becomes a table's header, and a header
    /// widened past its delimiter row widens the table (Org's ways); `null` for any other line, and for
    /// lines the reader does not read as a table where they stand (code, HTML, comments, math).
    private func tableBegun(_ document: OpenDocument, at position: LinePosition, _ direction: NavigationDirection) -> JSON {
        guard document.syntax.isMarkdown else { return .null }
        let start = document.index.scanStart(for: position.line)
        // The window reaches past the line's block: the table that results takes the rows below it.
        var end = position.line + 1
        while end < document.text.lineCount && !document.text.isBlank(line: end) { end += 1 }
        let window = TextLines(document.text.slice(start..<end))
        guard let made = TablesFromText.tableBegun(in: window, startsDocument: start == 0, line: position.line - start, at: position.byte,
                                                   direction, syntax: document.syntax, options: formatOptions(document)) else { return .null }
        let lastReplaced = start + made.replaced.upperBound - 1
        let edit: JSON = [
            "range": document.lspRange(LinePosition(position.line, 0), LinePosition(lastReplaced, document.text.line(lastReplaced).count), encoding),
            "newText": .string(String(decoding: made.newText, as: UTF8.self)),
        ]
        let text = TextLines(made.newText)
        let lineText = text.bytes[text.starts[made.line]..<text.contentEnd(made.line)]
        let character = encoding.character(in: lineText, byteOffset: made.byte)
        return ["edits": [edit], "position": Position(line: position.line + made.line, character: character).json]
    }
}
