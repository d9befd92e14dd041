import JSONRPC

/// What the client said it supports, as far as the server cares.
struct ClientCapabilities {
    var positionEncodings: [String]
    var codeActionResolvesEdits: Bool
    var codeActionDisabled: Bool
    var documentChanges: Bool
    /// Whether the client carries out `workspace/applyEdit` (then actions can be offered as commands).
    var applyEdit: Bool
    var configuration: Bool
    /// Whether the client pulls diagnostics (`textDocument/diagnostic`): then it gets none pushed, which it
    /// would show twice (Neovim 0.11, VS Code), and is asked to pull again when settings change.
    var pullsDiagnostics: Bool
    var diagnosticRefresh: Bool
    /// Whether the client asked for `gridls/tableRanges` (`experimental.gridls.tableRanges`).
    var tableRanges: Bool

    init(_ json: JSON?) {
        positionEncodings = json?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        let codeAction = json?["textDocument"]?["codeAction"]
        codeActionResolvesEdits = codeAction?["resolveSupport"]?["properties"]?.array?.contains("edit") ?? false
        codeActionDisabled = codeAction?["disabledSupport"]?.bool ?? false
        documentChanges = json?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        applyEdit = json?["workspace"]?["applyEdit"]?.bool ?? false
        configuration = json?["workspace"]?["configuration"]?.bool ?? false
        pullsDiagnostics = json?["textDocument"]?["diagnostic"]?.object != nil
        diagnosticRefresh = json?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool ?? false
        tableRanges = json?["experimental"]?["gridls"]?["tableRanges"]?.bool ?? false
    }
}

extension Server {
    static let commands = CommandTable.all.map(\.name)

    func initialize(_ params: InitializeParams) throws(ResponseError) -> JSON {
        guard state == .uninitialized else { throw ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already sent") }
        client = ClientCapabilities(params.capabilities)
        let offered = client.positionEncodings
        encoding = offered.contains("utf-8") ? .utf8 : offered.contains("utf-16") || offered.isEmpty ? .utf16
            : offered.contains("utf-32") ? .utf32 : .utf16
        initializationOptions = params.initializationOptions
        for problem in settings.apply(params.initializationOptions) { log(problem) }  // logMessage may precede the answer
        state = .running
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false], "willSaveWaitUntil": true],
                "documentFormattingProvider": true,
                "documentRangeFormattingProvider": true,
                "documentOnTypeFormattingProvider": ["firstTriggerCharacter": "|"],
                "codeActionProvider": [
                    "codeActionKinds": ["quickfix", "refactor.rewrite", "source.fixAll.gridls"],
                    "resolveProvider": true,
                ],
                "executeCommandProvider": ["commands": .array(Server.commands.map { .string($0) })],
                "diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": false],
                "documentSymbolProvider": true,
                "foldingRangeProvider": true,
                "selectionRangeProvider": true,
                "hoverProvider": true,
                "experimental": ["gridls": ["navigateCell": true]],
            ],
            "serverInfo": ["name": "gridls", "version": .string(gridlsVersion)],
        ]
    }
}

/// gridls's version: what the server reports in `serverInfo` and `gridls --version` prints.
package let gridlsVersion = "0.1.0"
