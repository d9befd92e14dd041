import JSONRPC
import TextTables

extension Server {
    /// LSP text edits that format `tables` (refused tables are left alone): the changed part of each
    /// changed line, or past `FormattingEdits.limit` of them one edit from the first change to the last.
    func formattingEdits(_ document: OpenDocument, tables: [TableIndex.Table], options: FormatOptions) -> [JSON] {
        var edits = FormattingEdits(document: document)
        for table in tables {
            let local = document.local(table)
            guard case .success(let tableEdits) = TableReading(local.text, region: local.region, options: options).formattingEdits() else {
                continue
            }
            for edit in tableEdits {
                edits.add(from: document.position(edit.range.lowerBound, in: local), to: document.position(edit.range.upperBound, in: local), edit.newText)
            }
        }
        return edits.finished().map { edit in
            ["range": document.lspRange(edit.start, edit.end, encoding), "newText": .string(String(decoding: edit.newText, as: UTF8.self))]
        }
    }

    func lspEdit(_ edit: TextEdit, in local: OpenDocument.LocalTable, _ document: OpenDocument) -> JSON {
        [
            "range": document.lspRange(document.position(edit.range.lowerBound, in: local), document.position(edit.range.upperBound, in: local), encoding),
            "newText": .string(String(decoding: edit.newText, as: UTF8.self)),
        ]
    }

    /// The options of a formatting request: the settings, with the editor's `options.tabSize` for tabs.
    func requestFormatOptions(_ params: Params, _ document: OpenDocument) throws(ResponseError) -> FormatOptions {
        guard let tabSize = params.optional("options")?["tabSize"], tabSize != .null else { return formatOptions(document) }
        guard let n = tabSize.int, n >= 1 else { throw .invalidParams("params.options.tabSize must be a whole number above 0") }
        return document.settings.formatOptions(tabSize: min(n, 32))
    }

    func formatting(_ params: Params) throws(ResponseError) -> JSON {
        let document = try self.document(params)
        return .array(formattingEdits(document, tables: document.index.tables, options: try requestFormatOptions(params, document)))
    }

    func rangeFormatting(_ params: Params) throws(ResponseError) -> JSON {
        let document = try self.document(params)
        let (start, end) = try params.range()
        let lines = document.clamp(start, encoding).line...document.clamp(end, encoding).line
        let tables = document.index.tables.filter { $0.lines.overlaps(lines.lowerBound..<lines.upperBound + 1) }
        return .array(formattingEdits(document, tables: tables, options: try requestFormatOptions(params, document)))
    }

    /// After `|` is typed: realign the table under the cursor.
    func onTypeFormatting(_ params: Params) throws(ResponseError) -> JSON {
        let document = try self.document(params)
        let position = document.clamp(try params.position(), encoding)
        guard let table = document.index.table(at: position.line) else { return [] }
        return .array(formattingEdits(document, tables: [table], options: try requestFormatOptions(params, document)))
    }

    func willSaveWaitUntil(_ params: Params) throws(ResponseError) -> JSON {
        let document = try self.document(params)
        guard document.settings.formatOnSave else { return [] }
        return .array(formattingEdits(document, tables: document.index.tables, options: formatOptions(document)))
    }
}
