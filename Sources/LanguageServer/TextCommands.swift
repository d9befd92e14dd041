import JSONRPC
import TextTables

/// The commands that make tables from text and text from tables (protocol/README.md). Unlike the table
/// actions they apply outside tables, or give back text rather than an edit.
enum TextCommand: String, CaseIterable {
    /// The selected lines (CSV, TSV or columns apart by runs of spaces) made a table; also a code action.
    case linesToTable
    /// The table at the cursor as CSV, in the command's result.
    case copyTableAsCSV
    /// An empty table of `rows` × `columns` at the cursor; the result says where its first cell is.
    case insertTable
    /// The quick fix titled `fix` of the diagnostic at `range` (a fix that rewrites the table is offered
    /// as this command, or resolved through it, so that its edits are made only when it is chosen).
    case applyFix

    var name: String { "gridls." + rawValue }

    var title: String {
        switch self {
        case .linesToTable: "Convert lines to table"
        case .copyTableAsCSV: "Copy table as CSV"
        case .insertTable: "Insert table"
        case .applyFix: "Apply quick fix"
        }
    }
}

extension Server {
    /// The lines "Convert lines to table" makes a table of: the selection's lines, less a last line the
    /// selection only reaches the start of (a selection of whole lines). Nil when the selection is on one
    /// line, meets a table, or holds only blank lines.
    func linesToConvert(_ document: OpenDocument, start: LinePosition, end: LinePosition) -> Range<Int>? {
        let last = end.byte == 0 && end.line > start.line ? end.line - 1 : end.line
        guard last > start.line, document.index.tableIndices(overlapping: start.line..<last + 1).isEmpty else { return nil }
        let lines = start.line..<last + 1
        return lines.contains { !document.text.line($0).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } } ? lines : nil
    }

    /// The edit of "Convert lines to table", as LSP text edits.
    func linesToTableEdits(_ argument: CommandArgument) throws(ResponseError) -> (OpenDocument, [JSON], String) {
        let document = try self.document(argument.uri)
        let (start, end) = selection(document, argument.range)
        guard let lines = linesToConvert(document, start: start, end: end) else {
            throw .invalidParams("\(TextCommand.linesToTable.title) needs a selection of two lines or more outside tables")
        }
        // The lines with one neighbour on each side, which decide the blank lines around the table.
        let around = max(lines.lowerBound - 1, 0)..<min(lines.upperBound + 1, document.text.lineCount)
        let local = TextLines(document.text.slice(around))
        let inLocal = (lines.lowerBound - around.lowerBound)..<(lines.upperBound - around.lowerBound)
        guard let edit = TablesFromText.table(from: inLocal, in: local, syntax: document.syntax, options: formatOptions(document)) else {
            throw .invalidParams("the selected lines hold no text to make a table of")
        }
        return (document, [lspEdit(edit, in: local, firstLine: around.lowerBound, document)], TextCommand.linesToTable.title)
    }

    /// `gridls.copyTableAsCSV`: `{csv}`, the table's cells row by row.
    func copyTableAsCSV(_ argument: CommandArgument) throws(ResponseError) -> JSON {
        let document = try self.document(argument.uri)
        let (start, _) = selection(document, argument.range)
        guard let table = document.index.table(at: start.line) else { throw .invalidParams("there is no table at this place") }
        let reading = document.reading(table, options: formatOptions(document)).reading
        guard let csv = TablesFromText.csv(reading) else {
            throw .invalidParams(TableEditFailure.unreadable(reading.errors ?? []).reason)
        }
        return ["csv": .string(csv)]
    }

    /// `gridls.insertTable`: the empty table's edit sent through `workspace/applyEdit`; `{applied, position}`
    /// with the position of its first cell, where the editor puts the cursor.
    func insertTable(_ argument: CommandArgument) throws(ResponseError) -> JSON {
        let document = try self.document(argument.uri)
        guard let size = argument.size else { throw .invalidParams("\(TextCommand.insertTable.name) takes {uri, range, rows, columns}") }
        let (start, _) = selection(document, argument.range)
        if let table = document.index.table(at: start.line) ?? document.index.table(at: start.line + 1), table.lines.contains(start.line) {
            throw .invalidParams("a table cannot go inside another table")
        }
        let around = max(start.line - 1, 0)..<min(start.line + 2, document.text.lineCount)
        let local = TextLines(document.text.slice(around))
        guard let made = TablesFromText.emptyTable(
            rows: size.rows, columns: size.columns, at: start.line - around.lowerBound, in: local,
            syntax: document.syntax, options: formatOptions(document)) else {
            throw .invalidParams("a table needs at least one row and one column")
        }
        let edit = lspEdit(made.edit, in: local, firstLine: around.lowerBound, document)
        let answer = ask("workspace/applyEdit", ["label": .string(TextCommand.insertTable.title), "edit": workspaceEdit(document, [edit])])
        guard case .success(let reply)? = answer else { return ["applied": false, "failureReason": "the client did not apply the edit"] }
        // The first cell's line holds only ASCII up to the cursor: its byte is its character in any encoding.
        let position = Position(line: around.lowerBound + made.line, character: made.byte)
        return ["applied": .bool(reply["applied"]?.bool ?? false), "position": position.json]
    }
}
