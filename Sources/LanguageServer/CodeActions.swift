import JSONRPC
import TextTables

extension Server {
    /// A request's range as the document's (line, byte) positions.
    func selection(_ document: OpenDocument, _ range: (start: Position, end: Position)) -> (start: LinePosition, end: LinePosition) {
        (document.clamp(range.start, encoding), document.clamp(range.end, encoding))
    }

    func codeActions(_ params: CodeActionParams) throws(ResponseError) -> JSON {
        let document = try self.document(params.uri)
        let (start, end) = selection(document, params.range)
        let only = params.only
        func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        var actions: [JSON] = []
        if wanted("quickfix") { actions += quickFixes(document, start: start, end: end) }
        if wanted("refactor.rewrite"), let target = ActionTarget(document, start: start, end: end, options: formatOptions(document)) {
            for command in TableCommand.allCases {
                guard let action = target.action(command, syntax: document.syntax) else { continue }
                if let json = codeAction(command, action, target, document, start: start, end: end) { actions.append(json) }
            }
        }
        if wanted("refactor.rewrite"), linesToConvert(document, start: start, end: end) != nil {
            actions.append(linesToTableAction(document, start: start, end: end))
        }
        // Formatting the whole document is offered only when asked for by kind (on save, or a "source
        // action" menu): a cursor move asks for the actions at the cursor, and must not cost the document.
        if only != nil && wanted("source.fixAll.gridls"), let action = fixAllAction(document) { actions.append(action) }
        return .array(actions)
    }

    /// "Fix and format every table" (`source.fixAll.gridls`): the safe fixes, then formatting, exactly as
    /// `gridls format --fix` makes them (the same engine call on the same bytes); nil when nothing changes.
    private func fixAllAction(_ document: OpenDocument) -> JSON? {
        let bytes = document.text.bytes
        let result = DocumentFixer.fixAll(bytes, syntax: document.syntax, options: formatOptions(document))
        guard result.changed else { return nil }
        let lines = TextLines(bytes)  // the server's lines, which its positions count
        func position(_ offset: Int) -> LinePosition {
            let line = lines.line(containing: offset)
            return LinePosition(line, offset - lines.starts[line])
        }
        let edits: [JSON] = result.edits.map { edit in
            ["range": document.lspRange(position(edit.range.lowerBound), position(edit.range.upperBound), encoding),
             "newText": .string(String(decoding: edit.newText, as: UTF8.self))]
        }
        let title = result.fixed > 0 ? "Fix and format every table" : "Format every table"
        return ["title": .string(title), "kind": "source.fixAll.gridls", "edit": workspaceEdit(document, edits)]
    }

    /// An action at the cursor, decided without doing it: an editor asks on every cursor move, so the
    /// answer costs what the cursor touches, not the table. The edit is computed when the action is
    /// chosen: resolved later (`data`), or carried out as its command through `workspace/applyEdit`.
    private func codeAction(
        _ command: TableCommand, _ action: TableAction, _ target: ActionTarget, _ document: OpenDocument,
        start: LinePosition, end: LinePosition
    ) -> JSON? {
        var title = command.title
        if command == .mergeCells && target.table.kind == .pipe { title += " (converts the table to a grid table)" }
        if case .fit(let width) = action { title = "Fit table to \(width) columns" }
        // Every table action names its command in `data`, disabled ones too: editors find actions by it.
        let arguments = commandArguments(document, start: start, end: end)
        let json: JSON = [
            "title": .string(title), "kind": "refactor.rewrite",
            "data": ["command": .string(command.name), "arguments": [arguments], "version": .int(document.version)],
        ]
        if command == .formatTable {
            // Offered only where it changes something, known once per reading of the table.
            if document.isFormatted(target.table, options: formatOptions(document)) { return nil }
        } else if let failure = target.reading.refusal(action, syntax: document.syntax) {
            guard client.codeActionDisabled else { return nil }
            return json.setting("disabled", ["reason": .string(failure.reason)])
        }
        if client.codeActionResolvesEdits { return json }
        if client.applyEdit {
            return json.setting("command", ["title": .string(title), "command": .string(command.name), "arguments": [arguments]])
        }
        // A client that can neither resolve nor apply a server's edit gets the edit now.
        guard case .success(let done) = target.reading.applyPlacingCursor(action, syntax: document.syntax, from: target.first) else { return nil }
        return json.setting("edit", workspaceEdit(document, done.edits.map { lspEdit($0, in: target.local, document) }))
    }

    /// "Convert lines to table" on a selection of lines outside tables: its edit is made when chosen.
    private func linesToTableAction(_ document: OpenDocument, start: LinePosition, end: LinePosition) -> JSON {
        let command = TextCommand.linesToTable
        let arguments = commandArguments(document, start: start, end: end)
        let json: JSON = [
            "title": .string(command.title), "kind": "refactor.rewrite",
            "data": ["command": .string(command.name), "arguments": [arguments], "version": .int(document.version)],
        ]
        if client.codeActionResolvesEdits { return json }
        if client.applyEdit {
            return json.setting("command", ["title": .string(command.title), "command": .string(command.name), "arguments": [arguments]])
        }
        guard let (_, edits, _) = try? linesToTableEdits(CommandArgument(uri: document.uri, range: (document.lspPosition(start, encoding), document.lspPosition(end, encoding)))) else {
            return json
        }
        return json.setting("edit", workspaceEdit(document, edits))
    }

    func commandArguments(_ document: OpenDocument, start: LinePosition, end: LinePosition) -> JSON {
        ["uri": .string(document.uri), "range": document.lspRange(start, end, encoding)]
    }

    func resolveCodeAction(_ params: ResolveCodeActionParams) throws(ResponseError) -> JSON {
        guard let data = params.data else { return .object(params.action) }  // nothing to resolve
        if let uri = data.uri, let version = data.version, let current = documents[uri], version != current.version {
            throw ResponseError(code: ErrorCode.contentModified, message: "the document changed since the action was offered")
        }
        let made = try commandEdits(data.command, try data.argument.get())
        var action = JSON.object(params.action).setting("edit", workspaceEdit(made.document, made.edits))
        if let position = made.position, let data = action["data"] { action = action.setting("data", data.setting("position", position)) }
        return action
    }

    /// What a command does: its edits of `document`, its title, and where the cursor goes after them (an
    /// LSP position in the text after the edits; nil: where it was).
    struct CommandEdits {
        var document: OpenDocument
        var edits: [JSON]
        var title: String
        var position: JSON? = nil
    }

    /// The edits of a `gridls.*` command with its `{uri, range}` argument.
    func commandEdits(_ name: String, _ argument: CommandArgument) throws(ResponseError) -> CommandEdits {
        if name == TextCommand.linesToTable.name {
            let (document, edits, title) = try linesToTableEdits(argument)
            return CommandEdits(document: document, edits: edits, title: title)
        }
        if name == TextCommand.applyFix.name {
            let (document, edits, title) = try applyFixEdits(argument)
            return CommandEdits(document: document, edits: edits, title: title)
        }
        guard let command = TableCommand.allCases.first(where: { $0.name == name }) else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "unknown command \(name)")
        }
        let document = try self.document(argument.uri)
        let (start, end) = selection(document, argument.range)
        guard let target = ActionTarget(document, start: start, end: end, options: formatOptions(document)),
              let action = target.action(command, syntax: document.syntax) else {
            throw .invalidParams("\(command.title) does not apply at this place")
        }
        switch target.reading.applyPlacingCursor(action, syntax: document.syntax, from: target.first) {
        case .failure(let failure): throw ResponseError(code: ErrorCode.invalidParams, message: failure.reason)
        case .success(let done):
            var made = CommandEdits(document: document, edits: done.edits.map { lspEdit($0, in: target.local, document) }, title: command.title)
            if let cursor = done.cursor {
                let character = encoding.character(in: cursor.lineText[...], byteOffset: cursor.byte)
                made.position = Position(line: target.table.firstLine + cursor.line, character: character).json
            }
            return made
        }
    }

    func executeCommand(_ params: ExecuteCommandParams) throws(ResponseError) -> JSON {
        switch params.command {
        case TextCommand.copyTableAsCSV.name: return try copyTableAsCSV(params.argument)
        case TextCommand.insertTable.name: return try insertTable(params.argument)
        default: break
        }
        let made = try commandEdits(params.command, params.argument)
        let answer = ask("workspace/applyEdit", ["label": .string(made.title), "edit": workspaceEdit(made.document, made.edits)])
        guard case .success(let reply)? = answer else { return ["applied": false, "failureReason": "the client did not apply the edit"] }
        let applied = reply["applied"]?.bool ?? false
        guard applied, let position = made.position else { return ["applied": .bool(applied)] }
        return ["applied": true, "position": position]
    }

    func workspaceEdit(_ document: OpenDocument, _ edits: [JSON]) -> JSON {
        if client.documentChanges {
            return ["documentChanges": [[
                "textDocument": ["uri": .string(document.uri), "version": .int(document.version)], "edits": .array(edits),
            ]]]
        }
        return ["changes": .object([document.uri: .array(edits)])]
    }

    /// Quick fixes of the diagnostics that meet the selection. A fix of a few characters comes with its
    /// edits; one that rewrites the table is offered the way table actions are (resolved later, or as the
    /// `gridls.applyFix` command), so that a cursor move over a broken line does not print the table.
    func quickFixes(_ document: OpenDocument, start: LinePosition, end: LinePosition) -> [JSON] {
        var actions: [JSON] = []
        var offered = Set<String>()  // a fix shared by several diagnostics (re-laying a table) is offered once
        for found in fixableDiagnostics(document, meeting: start.line...end.line) {
            let diagnosticJSON = json(found.placed, firstLine: found.table.firstLine, in: document)
            for fix in found.diagnostic.fixes {
                var action: JSON = ["title": .string(fix.title), "kind": "quickfix", "diagnostics": [diagnosticJSON]]
                if fix.isPreferred { action = action.setting("isPreferred", true) }
                if fix.rewritesTable {
                    guard offered.insert("\(found.table.firstLine) \(fix.title)").inserted else { continue }
                    let at = found.placed.shifted(by: found.table.firstLine)
                    actions.append(lazyFix(action, fix, document, start: at.start, end: at.end, edits: found))
                } else {
                    actions.append(action.setting("edit", workspaceEdit(document, fix.edits.map { lspEdit($0, in: found.local, document) })))
                }
            }
        }
        return actions
    }

    /// A fix that rewrites the table: resolved later, carried out as a command, or (for a client that
    /// can do neither) with its edits.
    private func lazyFix(_ action: JSON, _ fix: Fix, _ document: OpenDocument, start: LinePosition, end: LinePosition, edits found: FoundDiagnostic) -> JSON {
        let command = TextCommand.applyFix
        let arguments = commandArguments(document, start: start, end: end).setting("fix", .string(fix.title))
        let action = action.setting("data", ["command": .string(command.name), "arguments": [arguments], "version": .int(document.version)])
        if client.codeActionResolvesEdits { return action }
        if client.applyEdit {
            return action.setting("command", ["title": .string(fix.title), "command": .string(command.name), "arguments": [arguments]])
        }
        return action.setting("edit", workspaceEdit(document, fix.edits.map { lspEdit($0, in: found.local, document) }))
    }

    struct FoundDiagnostic {
        var table: TableIndex.Table
        var local: OpenDocument.LocalTable
        var diagnostic: Diagnostic
        /// Its range in (line, byte), lines counted from the table's first line.
        var placed: TableIndex.LineDiagnostic
    }

    /// The diagnostics with their fixes that meet `selected` (lines of the document).
    private func fixableDiagnostics(_ document: OpenDocument, meeting selected: ClosedRange<Int>) -> [FoundDiagnostic] {
        var found: [FoundDiagnostic] = []
        for index in document.index.tableIndices(overlapping: selected.lowerBound..<selected.upperBound + 1) {
            let table = document.index.tables[index]
            // The index knows the table's diagnostics: only where one meets the selection is the table's
            // reading asked for the fixes (a cursor move in a sound table costs nothing here).
            let met = table.diagnostics.contains { (table.firstLine + $0.start.line...table.firstLine + $0.end.line).overlaps(selected) }
            guard met else { continue }
            let (local, reading) = document.reading(table, options: formatOptions(document))
            for diagnostic in reading.diagnosticsWithFixes() {
                let placed = TableIndex.place(diagnostic, in: local.text, firstLine: 0)
                guard (table.firstLine + placed.start.line...table.firstLine + placed.end.line).overlaps(selected) else { continue }
                found.append(FoundDiagnostic(table: table, local: local, diagnostic: diagnostic, placed: placed))
            }
        }
        return found
    }

    /// `gridls.applyFix`: the edits of the fix titled `fix` of the diagnostic whose range is `range` (a fix's
    /// title, its `FixKind`'s, is its name).
    func applyFixEdits(_ argument: CommandArgument) throws(ResponseError) -> (OpenDocument, [JSON], String) {
        let document = try self.document(argument.uri)
        guard let title = argument.fix else { throw .invalidParams("\(TextCommand.applyFix.name) takes {uri, range, fix}") }
        let (start, end) = selection(document, argument.range)
        let found = fixableDiagnostics(document, meeting: start.line...end.line).first { found in
            let at = found.placed.shifted(by: found.table.firstLine)
            return at.start == start && at.end == end && found.diagnostic.fixes.contains { $0.title == title }
        }
        guard let found, let fix = found.diagnostic.fixes.first(where: { $0.title == title }) else {
            throw .invalidParams("no diagnostic at this range has the fix \"\(title)\"")
        }
        return (document, fix.edits.map { lspEdit($0, in: found.local, document) }, title)
    }
}

extension JSON {
    func setting(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
