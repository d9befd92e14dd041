/// Why bytes are not JSON, with the offset where reading stopped.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package var offset: Int
    package var reason: String
    package var description: String { "\(reason) at byte \(offset)" }
}

/// A strict JSON reader over UTF-8 bytes. Lone surrogates in `\u` escapes become U+FFFD rather than
/// an error, so that a client's bad string never costs it the whole message. Nesting is bounded.
package struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    static let maximumDepth = 512

    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(JSONParseError) -> JSON {
        guard i < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        for byte in word.utf8 {
            guard i < bytes.count, bytes[i] == byte else { throw error("invalid literal") }
            i += 1
        }
    }

    private mutating func nested() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw error("JSON nested too deeply") }
    }

    private mutating func object() throws(JSONParseError) -> JSON {
        try nested()
        defer { depth -= 1 }
        i += 1
        var members: [String: JSON] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            members[key] = try value()
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            i += 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONParseError) -> JSON {
        try nested()
        defer { depth -= 1 }
        i += 1
        var elements: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            i += 1
            return .array(elements)
        }
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        // Most strings have no escape: copied once from the message (a document's text can be 100 MB).
        let start = i
        i = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            // 0x22 is `"`, 0x5C `\`; through a buffer pointer, which debug builds (the tests') run fast too.
            while end < buffer.count, buffer[end] >= 0x20, buffer[end] != 0x22, buffer[end] != 0x5C { end += 1 }
            return end
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return String(decoding: bytes[start..<i - 1], as: UTF8.self)
        }
        // With escapes: decoded straight into the string's storage (no byte array copied into a string
        // after, which held a 100 MB document three times while its message was read). Up to the closing
        // quote bounds its length: no escape decodes longer than it is written.
        let close = bytes.withUnsafeBufferPointer { buffer in
            var end = i
            while end < buffer.count, buffer[end] != 0x22 { end += buffer[end] == 0x5C ? 2 : 1 }
            return min(end, buffer.count)
        }
        var failure: JSONParseError?
        // Raw bytes that are not UTF-8 become U+FFFD (the initializer repairs them).
        let decoded = String(unsafeUninitializedCapacity: max(1, close - start)) { out in
            var n = 0
            func put(_ byte: UInt8) {
                out[n] = byte
                n += 1
            }
            for byte in bytes[start..<i] { put(byte) }
            do throws(JSONParseError) {
                while true {
                    guard i < bytes.count else { throw error("unterminated string") }
                    let c = bytes[i]
                    if c == UInt8(ascii: "\"") { i += 1; break }
                    if c < 0x20 { throw error("control character in string") }
                    if c != UInt8(ascii: "\\") { put(c); i += 1; continue }
                    i += 1
                    guard i < bytes.count else { throw error("unterminated escape") }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): put(e)
                    case UInt8(ascii: "b"): put(0x08)
                    case UInt8(ascii: "f"): put(0x0C)
                    case UInt8(ascii: "n"): put(0x0A)
                    case UInt8(ascii: "r"): put(0x0D)
                    case UInt8(ascii: "t"): put(0x09)
                    case UInt8(ascii: "u"): for byte in String(try unicodeEscape()).utf8 { put(byte) }
                    default: throw error("invalid escape")
                    }
                }
            } catch {
                failure = error
                return 0
            }
            return n
        }
        if let failure { throw failure }
        return decoded
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            i += 1
        }
        return value
    }

    /// A `\u` escape, joining a surrogate pair; a lone surrogate is U+FFFD.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
            let save = i
            i += 2
            let second = try hex4()
            if (0xDC00...0xDFFF).contains(second) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            i = save
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func number() throws(JSONParseError) -> JSON {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var integral = true
        func digits() -> Int {
            let from = i
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
            return i - from
        }
        guard digits() > 0 else { throw error("invalid value") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard digits() > 0 else { throw error("invalid number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if integral, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw error("invalid number") }
        return .double(value)
    }
}
