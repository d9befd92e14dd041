import JSONRPC

/// Reading request parameters: every missing or wrong-typed field is an InvalidParams error that says
/// which field and what was expected.
struct Params {
    let json: JSON?
    /// How messages name this object: `params`, or a command argument such as `arguments[0]`.
    var path = "params"

    init(json: JSON?, path: String = "params") {
        self.json = json
        self.path = path
    }

    func object() throws(ResponseError) -> [String: JSON] {
        guard let object = json?.object else { throw .invalidParams("\(path) must be an object") }
        return object
    }

    func field(_ key: String) throws(ResponseError) -> JSON {
        guard let value = try object()[key] else { throw .invalidParams("\(path).\(key) is missing") }
        return value
    }

    func optional(_ key: String) -> JSON? { json?[key] }

    func string(_ key: String) throws(ResponseError) -> String {
        guard let value = try field(key).string else { throw .invalidParams("\(path).\(key) must be a string") }
        return value
    }

    /// `params.textDocument.uri`.
    func uri() throws(ResponseError) -> String {
        guard let uri = try field("textDocument")["uri"]?.string else {
            throw .invalidParams("\(path).textDocument.uri must be a string")
        }
        return uri
    }

    func position(_ key: String = "position") throws(ResponseError) -> Position {
        try Position(try field(key), path: "\(path).\(key)")
    }

    /// A range, its ends in order (see `Position.range`).
    func range(_ key: String = "range") throws(ResponseError) -> (start: Position, end: Position) {
        try Position.range(try field(key), path: "\(path).\(key)")
    }
}

/// An LSP position as the client sent it: a line and a character offset in the negotiated encoding.
struct Position: Sendable, Equatable, Comparable {
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

    /// A range whose end may come before its start (LSP does not say what that means): gridls reads it
    /// as the ordered range, as an editor's selection made backwards (protocol/README.md). Ordering before
    /// clamping is the same as after: clamping never reorders two positions.
    static func range(_ json: JSON, path: String) throws(ResponseError) -> (start: Position, end: Position) {
        guard let start = json["start"], let end = json["end"] else { throw .invalidParams("\(path) must be {start, end}") }
        let ends = (try Position(start, path: "\(path).start"), try Position(end, path: "\(path).end"))
        return ends.0 <= ends.1 ? ends : (ends.1, ends.0)
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}
