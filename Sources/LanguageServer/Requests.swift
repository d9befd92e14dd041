import JSONRPC
import TextTables

/// The parameters of a method the server handles, read once from JSON into typed values, with the
/// method's name beside them (as sourcekit-lsp's request types are): handlers take these, never raw
/// JSON. Reading fails with InvalidParams naming the field and what was expected.
protocol MethodParams {
    static var method: String { get }
    init(_ params: Params) throws(ResponseError)
}

/// An editor's `options.tabSize` of a formatting request: nil when absent; at most the `tabSize` setting's most.
private func requestedTabSize(_ params: Params) throws(ResponseError) -> Int? {
    guard let tabSize = params.optional("options")?["tabSize"], tabSize != .null else { return nil }
    guard let n = tabSize.int, n >= 1 else { throw .invalidParams("params.options.tabSize must be a whole number above 0") }
    return min(n, SettingTable.tabSize.range?.upperBound ?? n)
}

struct FormattingParams: MethodParams {
    static let method = "textDocument/formatting"
    let uri: String
    let tabSize: Int?
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        tabSize = try requestedTabSize(params)
    }
}

struct RangeFormattingParams: MethodParams {
    static let method = "textDocument/rangeFormatting"
    let uri: String
    let range: (start: Position, end: Position)
    let tabSize: Int?
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        range = try params.range()
        tabSize = try requestedTabSize(params)
    }
}

struct OnTypeFormattingParams: MethodParams {
    static let method = "textDocument/onTypeFormatting"
    let uri: String
    let position: Position
    let tabSize: Int?
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        position = try params.position()
        tabSize = try requestedTabSize(params)
    }
}

/// The parameters of the methods that take only the document (diagnostics, symbols, folding ranges,
/// willSaveWaitUntil, didClose).
struct DocumentParams {
    let uri: String
    init(_ params: Params) throws(ResponseError) { uri = try params.uri() }
}

struct CodeActionParams: MethodParams {
    static let method = "textDocument/codeAction"
    let uri: String
    let range: (start: Position, end: Position)
    /// The kinds asked for (`context.only`), nil for all.
    let only: [String]?
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        range = try params.range()
        only = params.optional("context")?["only"]?.array?.compactMap(\.string)
    }
}

/// The `{uri, range}` argument of a `gridls.*` command (`path` says where it came from).
struct CommandArgument {
    let uri: String
    let range: (start: Position, end: Position)
    /// `rows` and `columns` of `gridls.insertTable` (nil when absent).
    let size: (rows: Int, columns: Int)?
    /// `fix` of `gridls.applyFix`: the title of the fix to make (nil when absent).
    let fix: String?
    init(uri: String, range: (start: Position, end: Position)) {
        (self.uri, self.range, size, fix) = (uri, range, nil, nil)
    }

    init(_ argument: Params) throws(ResponseError) {
        uri = try argument.string("uri")
        range = try argument.range()
        if let fix = argument.optional("fix") {
            guard let title = fix.string else { throw .invalidParams("\(argument.path).fix must be a string") }
            self.fix = title
        } else {
            fix = nil
        }
        guard argument.optional("rows") != nil || argument.optional("columns") != nil else {
            size = nil
            return
        }
        guard let rows = argument.optional("rows")?.int, let columns = argument.optional("columns")?.int,
              (1...10_000).contains(rows), (1...1_000).contains(columns) else {
            throw .invalidParams("\(argument.path).rows and .columns must be whole numbers from 1 (at most 10,000 rows, 1,000 columns)")
        }
        size = (rows, columns)
    }
}

struct ExecuteCommandParams: MethodParams {
    static let method = "workspace/executeCommand"
    let command: String
    let argument: CommandArgument
    init(_ params: Params) throws(ResponseError) {
        command = try params.string("command")
        guard let argument = params.optional("arguments")?.array?.first else {
            throw .invalidParams("\(command) takes one argument: {uri, range}")
        }
        self.argument = try CommandArgument(Params(json: argument, path: "arguments[0]"))
    }
}

/// A code action coming back to be resolved: the action as sent, and what its `data` names (nil when it
/// has nothing to resolve). `data` is the server's own, but it comes back through the client: it is read
/// as strictly as params.
struct ResolveCodeActionParams: MethodParams {
    static let method = "codeAction/resolve"
    let action: [String: JSON]
    /// The command `data` names, the document its argument names (read leniently: a stale version is
    /// reported before a malformed argument), the argument, and the version the action was offered for.
    let data: (command: String, uri: String?, argument: Result<CommandArgument, ResponseError>, version: Int?)?
    init(_ params: Params) throws(ResponseError) {
        action = try params.object()
        guard let data = action["data"], let name = data["command"]?.string else {
            self.data = nil
            return
        }
        guard let argument = data["arguments"]?.array?.first else { throw .invalidParams("data.arguments must be [{uri, range}]") }
        let version = data["version"]
        guard version == nil || version?.int != nil else { throw .invalidParams("data.version must be a whole number") }
        let parsed = Result { () throws(ResponseError) in try CommandArgument(Params(json: argument, path: "data.arguments[0]")) }
        self.data = (name, argument["uri"]?.string, parsed, version?.int)
    }
}

struct SelectionRangeParams: MethodParams {
    static let method = "textDocument/selectionRange"
    let uri: String
    let positions: [Position]
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        guard let positions = try params.field("positions").array else { throw .invalidParams("params.positions must be an array") }
        var read: [Position] = []
        for (n, json) in positions.enumerated() { read.append(try Position(json, path: "params.positions[\(n)]")) }
        self.positions = read
    }
}

struct HoverParams: MethodParams {
    static let method = "textDocument/hover"
    let uri: String
    let position: Position
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        position = try params.position()
    }
}

struct DidOpenParams: MethodParams {
    static let method = "textDocument/didOpen"
    let uri: String
    let languageId: String?
    let version: Int
    var text: String
    init(_ params: consuming Params) throws(ResponseError) {
        let item = try params.field("textDocument")
        guard let uri = item["uri"]?.string, let text = item["text"]?.string else {
            throw .invalidParams("params.textDocument needs uri and text")
        }
        (self.uri, self.text) = (uri, text)
        languageId = item["languageId"]?.string
        version = item["version"]?.int ?? 0
    }
}

struct DidChangeParams: MethodParams {
    static let method = "textDocument/didChange"
    /// One change: the text of `range`, or of the whole document when it has none.
    struct Change {
        let range: (start: Position, end: Position)?
        let text: String
    }

    let uri: String
    let version: Int?
    let changes: [Change]
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        guard let changes = try params.field("contentChanges").array else { throw .invalidParams("params.contentChanges must be an array") }
        var read: [Change] = []
        for change in changes {
            guard let text = change["text"]?.string else { throw .invalidParams("each content change needs text") }
            let range = try change["range"].map { range throws(ResponseError) in try Position.range(range, path: "params.contentChanges[].range") }
            read.append(Change(range: range, text: text))
        }
        self.changes = read
        version = params.optional("textDocument")?["version"]?.int
    }
}

struct InitializeParams: MethodParams {
    static let method = "initialize"
    let capabilities: JSON?
    let initializationOptions: JSON?
    init(_ params: Params) throws(ResponseError) {
        _ = try params.object()
        capabilities = params.optional("capabilities")
        initializationOptions = params.optional("initializationOptions")
    }
}

struct DidChangeConfigurationParams: MethodParams {
    static let method = "workspace/didChangeConfiguration"
    /// The pushed settings; nil from clients of the pull model.
    let settings: JSON?
    init(_ params: Params) {
        settings = params.optional("settings").flatMap { $0 == .null ? nil : $0 }
    }
}

/// `gridls/navigateCell`: the cursor and the key's direction (protocol/README.md).
struct NavigateCellParams: MethodParams {
    static let method = "gridls/navigateCell"
    let uri: String
    let position: Position
    let direction: NavigationDirection
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        position = try params.position()
        let names = NavigationDirection.allCases.map(\.rawValue)
        guard let direction = params.optional("direction")?.string.flatMap(NavigationDirection.init(rawValue:)) else {
            throw .invalidParams("params.direction must be one of \(names.joined(separator: ", "))")
        }
        self.direction = direction
    }
}

/// `gridls/documentState` (a debugging aid): the document, and whether to send its whole text back
/// (editor tests compare it with their buffer).
struct DocumentStateParams {
    let uri: String
    let includeText: Bool
    init(_ params: Params) throws(ResponseError) {
        uri = try params.uri()
        includeText = params.optional("includeText")?.bool ?? false
    }
}
