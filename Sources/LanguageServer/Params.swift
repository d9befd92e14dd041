import JSONRPC

/// Reading request parameters: every missing or wrong-typed field is an InvalidParams error that says
/// which field and what was expected.
struct Params {
    let json: JSON?

    func object(_ path: String = "params") throws(ResponseError) -> [String: JSON] {
        guard let object = json?.object else { throw .invalidParams("\(path) must be an object") }
        return object
    }

    func field(_ key: String) throws(ResponseError) -> JSON {
        guard let value = try object()[key] else { throw .invalidParams("params.\(key) is missing") }
        return value
    }

    func optional(_ key: String) -> JSON? { json?[key] }

    func string(_ key: String) throws(ResponseError) -> String {
        guard let value = try field(key).string else { throw .invalidParams("params.\(key) must be a string") }
        return value
    }

    /// `params.textDocument.uri`.
    func uri() throws(ResponseError) -> String {
        guard let uri = try field("textDocument")["uri"]?.string else {
            throw .invalidParams("params.textDocument.uri must be a string")
        }
        return uri
    }

    func position(_ key: String = "position") throws(ResponseError) -> Position {
        try Position(try field(key), path: "params.\(key)")
    }

    func range(_ key: String = "range") throws(ResponseError) -> (start: Position, end: Position) {
        try Position.range(try field(key), path: "params.\(key)")
    }
}

/// An LSP position as the client sent it: a line and a character offset in the negotiated encoding.
struct Position: Sendable, Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(_ json: JSON, path: String) throws(ResponseError) {
        guard let line = json["line"]?.int, let character = json["character"]?.int else {
            throw .invalidParams("\(path) must be {line, character} with whole numbers")
        }
        guard line >= 0, character >= 0 else { throw .invalidParams("\(path) has a negative line or character") }
        self.init(line: line, character: character)
    }

    static func range(_ json: JSON, path: String) throws(ResponseError) -> (start: Position, end: Position) {
        guard let start = json["start"], let end = json["end"] else { throw .invalidParams("\(path) must be {start, end}") }
        return (try Position(start, path: "\(path).start"), try Position(end, path: "\(path).end"))
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }
}
