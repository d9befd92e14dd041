/// A request id: a number or a string, as the client chose.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public init?(_ json: JSON?) {
        switch json {
        case .int(let i)?: self = .int(i)
        case .string(let s)?: self = .string(s)
        case let value? where value.int != nil: self = .int(value.int!)
        default: return nil
        }
    }

    public var json: JSON {
        switch self {
        case .int(let i): .int(i)
        case .string(let s): .string(s)
        }
    }

    public var description: String { json.text }
}

/// JSON-RPC's error codes, and LSP's.
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801
}

/// An error a handler answers with.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: ErrorCode.invalidParams, message: message) }

    public var json: JSON { ["code": .int(code), "message": .string(message)] }
}

/// A message from the other side, classified.
public enum Incoming: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSON?)
    case notification(method: String, params: JSON?)
    case response(id: RequestID, result: Result<JSON, ResponseError>)
    /// Not a valid request, notification or response; `id` when one could be read.
    case invalid(id: RequestID?, reason: String)

    public static func classify(_ json: JSON) -> Incoming {
        guard case .object(let members) = json else { return .invalid(id: nil, reason: "a message must be a JSON object") }
        let id = RequestID(members["id"])
        if let version = members["jsonrpc"], version != .string("2.0") {
            return .invalid(id: id, reason: "jsonrpc must be \"2.0\"")
        }
        if let method = members["method"] {
            guard case .string(let name) = method else { return .invalid(id: id, reason: "method must be a string") }
            let params = members["params"]
            if let params, params.object == nil, params.array == nil, params != .null {
                return .invalid(id: id, reason: "params must be an object or an array")
            }
            if members["id"] == nil { return .notification(method: name, params: params) }
            guard let id else { return .invalid(id: nil, reason: "id must be a number or a string") }
            return .request(id: id, method: name, params: params)
        }
        guard let id else { return .invalid(id: nil, reason: "a message needs a method, or an id with a result or error") }
        if let error = members["error"] {
            return .response(id: id, result: .failure(ResponseError(
                code: error["code"]?.int ?? ErrorCode.internalError, message: error["message"]?.string ?? "")))
        }
        if let result = members["result"] { return .response(id: id, result: .success(result)) }
        return .invalid(id: id, reason: "a response needs a result or an error")
    }
}

/// Outgoing messages, as JSON.
public enum Outgoing {
    public static func response(id: RequestID?, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]
    }

    public static func error(id: RequestID?, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    public static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    public static func request(id: RequestID, _ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }
}
