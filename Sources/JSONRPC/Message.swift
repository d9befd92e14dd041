/// A request id: a number or a string, as the client chose.
package enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    package init?(_ json: JSON?) {
        switch json {
        case .int(let i)?: self = .int(i)
        case .string(let s)?: self = .string(s)
        case let value? where value.int != nil: self = .int(value.int!)
        default: return nil
        }
    }

    package var json: JSON {
        switch self {
        case .int(let i): .int(i)
        case .string(let s): .string(s)
        }
    }

    package var description: String { json.text }
}

/// JSON-RPC's error codes, and LSP's.
package enum ErrorCode {
    package static let parseError = -32700
    package static let invalidRequest = -32600
    package static let methodNotFound = -32601
    package static let invalidParams = -32602
    static let internalError = -32603
    package static let serverNotInitialized = -32002
    package static let requestCancelled = -32800
    package static let contentModified = -32801
}

/// An error a handler answers with.
package struct ResponseError: Error, Sendable, Equatable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    package static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: ErrorCode.invalidParams, message: message) }

    package var json: JSON { ["code": .int(code), "message": .string(message)] }
}

/// A message from the other side, classified.
package enum Incoming: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSON?)
    case notification(method: String, params: JSON?)
    case response(id: RequestID, result: Result<JSON, ResponseError>)
    /// Not a valid request, notification or response; `id` when one could be read.
    case invalid(id: RequestID?, reason: String)

    package static func classify(_ json: JSON) -> Incoming {
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
package enum Outgoing {
    package static func response(id: RequestID?, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]
    }

    package static func error(id: RequestID?, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    package static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    package static func request(id: RequestID, _ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }
}
