import JSONRPC
import TextTables

extension Server {
    /// LSP text edits that format `tables` (refused tables are left alone): the changed part of each
    /// changed line, or past `FormattingEdits.limit` of them one edit from the first change to the last.
    func formattingEdits(_ document: OpenDocument, tables: [TableIndex.Table], options: FormatOptions) -> [JSON] {
        return formattedEdits(document, tables: tables, options: options).map { edit in
            ["range": document.lspRange(edit.start, edit.end, encoding), "newText": .string(String(decoding: edit.newText, as: UTF8.self))]
        }
    }

    /// `formattingEdits` as the JSON text of a `TextEdit[]`, written straight to bytes: a document's
    /// formatting can be 100,000 edits, which as a tree of values cost more than formatting itself.
    func formattingAnswer(_ document: OpenDocument, tables: [TableIndex.Table], options: FormatOptions) -> JSON {
        writtenEdits(formattedEdits(document, tables: tables, options: options), in: document)
    }

    /// Edits as the JSON text of a `TextEdit[]`: the same text a tree of values would serialize to
    /// (members in name order).
    func writtenEdits(_ edits: [FormattingEdits.Edit], in document: OpenDocument) -> JSON {
        var out: [UInt8] = [UInt8(ascii: "[")]
        // Room for the text with a two-byte `\n` a line and for each edit's range: a 27 MB answer that
        // grew by doubling was copied and faulted in several times over.
        out.reserveCapacity(edits.reduce(2) { $0 + $1.newText.count + $1.newText.count / 16 + 128 })
        for (n, edit) in edits.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"newText":"#.utf8)
            JSON.writeString(utf8: edit.newText, to: &out)
            out.append(contentsOf: #","range":{"end":"#.utf8)
            write(document.lspPosition(edit.end, encoding), to: &out)
            out.append(contentsOf: #","start":"#.utf8)
            write(document.lspPosition(edit.start, encoding), to: &out)
            out.append(contentsOf: "}}".utf8)
        }
        out.append(UInt8(ascii: "]"))
        return .raw(out)
    }

    /// The edits that format `tables`, in document positions (tables that do not read are left out).
    private func formattedEdits(_ document: OpenDocument, tables: [TableIndex.Table], options: FormatOptions) -> [FormattingEdits.Edit] {
        var edits = FormattingEdits(document: document)
        for table in tables {
            let local = document.local(table)
            let reading = TableReading(local.text, region: local.region, options: options)
            if table.lines.count > FormattingEdits.limit {
                // Its line edits would be collapsed into one: print the table into one buffer instead.
                if let edit = reading.formattedWhole() { edits.add([edit], in: local) }
                continue
            }
            guard case .success(let tableEdits) = reading.formattingEdits() else { continue }
            edits.add(tableEdits, in: local)
        }
        return edits.finished()
    }

    private func write(_ position: Position, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"character":"#.utf8)
        JSON.writeInt(position.character, to: &out)
        out.append(contentsOf: #","line":"#.utf8)
        JSON.writeInt(position.line, to: &out)
        out.append(UInt8(ascii: "}"))
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
        return formattingAnswer(document, tables: document.index.tables, options: requestFormatOptions(tabSize: params.tabSize, document))
    }

    func rangeFormatting(_ params: RangeFormattingParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let lines = document.clamp(params.range.start, encoding).line...document.clamp(params.range.end, encoding).line
        let tables = document.index.tables.filter { $0.lines.overlaps(lines.lowerBound..<lines.upperBound + 1) }
        return formattingAnswer(document, tables: tables, options: requestFormatOptions(tabSize: params.tabSize, document))
    }

    /// After `|` is typed: realign the table under the cursor, the row being typed gaining no cells after
    /// the cursor (Tab adds them).
    func onTypeFormatting(_ params: OnTypeFormattingParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let position = document.clamp(params.position, encoding)
        guard let table = document.index.table(at: position.line) else { return [] }
        let options = requestFormatOptions(tabSize: params.tabSize, document)
        let prefix = { (line: Int) in document.text.line(line).dropFirst(table.prefixLengths[line - table.firstLine]) }
        guard table.kind == .pipe, TableReading.isShortRow(prefix(position.line), header: prefix(table.firstLine)) else {
            return formattingAnswer(document, tables: [table], options: options)
        }
        let local = document.local(table)
        let reading = TableReading(local.text, region: local.region, options: options)
        guard case .success(let tableEdits) = reading.formattingEdits(typingOn: position.line - table.firstLine) else { return [] }
        var edits = FormattingEdits(document: document)
        edits.add(tableEdits, in: local)
        return writtenEdits(edits.finished(), in: document)
    }

    func willSaveWaitUntil(_ params: DocumentParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        guard document.settings.formatOnSave else { return [] }
        return formattingAnswer(document, tables: document.index.tables, options: formatOptions(document))
    }
}
