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
        lspEdit(edit, in: local.text, firstLine: local.firstLine, document)
    }

    /// An edit of a copy of the document's lines from `firstLine`, as an LSP text edit.
    func lspEdit(_ edit: TextEdit, in lines: TextLines, firstLine: Int, _ document: OpenDocument) -> JSON {
        let start = document.position(edit.range.lowerBound, in: lines, firstLine: firstLine)
        let end = document.position(edit.range.upperBound, in: lines, firstLine: firstLine)
        return ["range": document.lspRange(start, end, encoding), "newText": .string(String(decoding: edit.newText, as: UTF8.self))]
    }

    /// The options of a formatting request: the settings, with the editor's `options.tabSize` for tabs.
    func requestFormatOptions(tabSize: Int?, _ document: OpenDocument) -> FormatOptions {
        tabSize.map { document.settings.formatOptions(tabSize: $0) } ?? formatOptions(document)
    }

    func formatting(_ params: FormattingParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        return .array(formattingEdits(document, tables: document.index.tables, options: requestFormatOptions(tabSize: params.tabSize, document)))
    }

    func rangeFormatting(_ params: RangeFormattingParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let lines = document.clamp(params.range.start, encoding).line...document.clamp(params.range.end, encoding).line
        let tables = document.index.tables.filter { $0.lines.overlaps(lines.lowerBound..<lines.upperBound + 1) }
        return .array(formattingEdits(document, tables: tables, options: requestFormatOptions(tabSize: params.tabSize, document)))
    }

    /// After `|` is typed: realign the table under the cursor.
    func onTypeFormatting(_ params: OnTypeFormattingParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let position = document.clamp(params.position, encoding)
        guard let table = document.index.table(at: position.line) else { return [] }
        return .array(formattingEdits(document, tables: [table], options: requestFormatOptions(tabSize: params.tabSize, document)))
    }

    func willSaveWaitUntil(_ params: DocumentParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        guard document.settings.formatOnSave else { return [] }
        return .array(formattingEdits(document, tables: document.index.tables, options: formatOptions(document)))
    }
}
