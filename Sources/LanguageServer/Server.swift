import JSONRPC
import TextTables

/// The language server: takes classified messages one at a time and answers through `send`.
/// It holds the open documents; all table work is the engine's (TextTables), this layer only
/// translates between LSP's JSON and positions and the engine's bytes.
final class Server {
    /// What the server writes: responses, notifications and its own requests.
    typealias Send = (JSON) -> Void
    /// Sends a request to the client and waits for its answer (nil when none came in time).
    typealias Ask = (String, JSON) -> Result<JSON, ResponseError>?

    enum State { case uninitialized, running, shutDown }

    let send: Send
    let ask: Ask
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    var settings = Settings()
    /// What the editor gave in `initialize`: the settings under each workspace configuration it sends.
    var initializationOptions: JSON?
    var documents: [String: OpenDocument] = [:]
    var client = ClientCapabilities(nil)
    /// Set when `exit` arrives: the process ends with it.
    private(set) var exitCode: Int32?

    package init(send: @escaping Send, ask: @escaping Ask) {
        self.send = send
        self.ask = ask
    }

    /// Handles one message. Never throws and never crashes on bad input: errors become responses.
    /// `message` is consumed, so that a document's text has no reference left here once it is opened.
    package func handle(_ message: consuming Incoming) {
        switch consume message {
        case let .request(id, method, params):
            let result: Result<JSON, ResponseError>
            do {
                result = .success(try respond(to: method, params: Params(json: params)))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let value): send(Outgoing.response(id: id, result: value))
            case .failure(let error): send(Outgoing.error(id: id, error))
            }
        case let .notification(method, params):
            notify(method, params: Params(json: consume params))
        case .response:
            break  // answers to our requests are routed by the loop
        case let .invalid(id, reason):
            send(Outgoing.error(id: id, ResponseError(code: ErrorCode.invalidRequest, message: reason)))
        }
    }

    private func respond(to method: String, params: Params) throws(ResponseError) -> JSON {
        if method == InitializeParams.method { return try initialize(InitializeParams(params)) }
        switch state {
        case .uninitialized:
            throw ResponseError(code: ErrorCode.serverNotInitialized, message: "the server is not initialized: send initialize first")
        case .shutDown:
            throw ResponseError(code: ErrorCode.invalidRequest, message: "the server is shut down: only exit is accepted")
        case .running:
            break
        }
        switch method {
        case "shutdown": state = .shutDown; return .null
        case FormattingParams.method: return try formatting(FormattingParams(params))
        case RangeFormattingParams.method: return try rangeFormatting(RangeFormattingParams(params))
        case OnTypeFormattingParams.method: return try onTypeFormatting(OnTypeFormattingParams(params))
        case "textDocument/willSaveWaitUntil": return try willSaveWaitUntil(DocumentParams(params))
        case CodeActionParams.method: return try codeActions(CodeActionParams(params))
        case ResolveCodeActionParams.method: return try resolveCodeAction(ResolveCodeActionParams(params))
        case ExecuteCommandParams.method: return try executeCommand(ExecuteCommandParams(params))
        case "textDocument/diagnostic": return try pullDiagnostics(DocumentParams(params))
        case "textDocument/documentSymbol": return try documentSymbols(DocumentParams(params))
        case "textDocument/foldingRange": return try foldingRanges(DocumentParams(params))
        case SelectionRangeParams.method: return try selectionRanges(SelectionRangeParams(params))
        case HoverParams.method: return try hover(HoverParams(params))
        case NavigateCellParams.method: return try navigateCell(NavigateCellParams(params))
        case "gridls/documentState": return try documentState(DocumentStateParams(params))
        default:
            throw ResponseError(code: ErrorCode.methodNotFound, message: "unknown method \(method)")
        }
    }

    /// `params` consumed: a document's text is handed down to it without a reference left behind.
    private func notify(_ method: String, params: consuming Params) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        guard state == .running else { return }
        do {
            switch method {
            case "initialized": pullConfiguration()
            case DidOpenParams.method: try didOpen(DidOpenParams(consume params))
            case DidChangeParams.method: try didChange(DidChangeParams(params))
            case "textDocument/didClose": try didClose(DocumentParams(params))
            case "textDocument/didSave": break
            case DidChangeConfigurationParams.method: didChangeConfiguration(DidChangeConfigurationParams(params))
            default: break  // unknown notifications and $/ ones are ignored
            }
        } catch {
            log("\(method): \(error.message)")
        }
    }

    func log(_ message: String) {
        FileLog.write("gridls: \(message)")
        send(Outgoing.notification("window/logMessage", ["type": 3, "message": .string(message)]))
    }

    func document(_ uri: String) throws(ResponseError) -> OpenDocument {
        guard let document = documents[uri] else { throw .invalidParams("the document \(uri) is not open") }
        return document
    }
}

/// Lines for stderr, the only place besides the protocol where the server writes.
enum FileLog {
    static func write(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { _ = systemWrite(2, $0.baseAddress, $0.count) }
    }
}
