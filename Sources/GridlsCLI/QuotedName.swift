/// How gridls prints a file name, in check lines, `would reformat` and `reformatted` lines, diff headers
/// and error messages: as it is, unless it holds what could mislead a reader or a program — a control
/// character (a newline would start a forged line), a double quote or a backslash (the quoting's own
/// characters), bytes that are not UTF-8, or a space at either end (`patch` strips it from a header's
/// name). Then it is printed as git and GNU diff print such names, in double quotes with C escapes
/// (`"a\nb.md"`, `"caf\351.md"`), which `patch` reads back. Valid UTF-8 other than control characters
/// stays as it is, as with git's `core.quotePath=false`.
enum QuotedName {
    static func display(_ bytes: [UInt8]) -> String {
        guard needsQuotes(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = [quote]
        for piece in pieces(bytes) {
            switch piece {
            case .scalar(let scalar, let encoded) where isControl(scalar) && scalar.value >= 0x80:
                for byte in encoded { out += octal(byte) }
            case .scalar(let scalar, let encoded) where scalar.isASCII:
                out += escaped(encoded[encoded.startIndex])
            case .scalar(_, let encoded):
                out += encoded
            case .invalid(let invalid):
                for byte in invalid { out += octal(byte) }
            }
        }
        return String(decoding: out + [quote], as: UTF8.self)
    }

    static func needsQuotes(_ bytes: [UInt8]) -> Bool {
        if bytes.first == space || bytes.last == space { return true }
        return pieces(bytes).contains { piece in
            switch piece {
            case .scalar(let scalar, _): isControl(scalar) || scalar == "\"" || scalar == "\\"
            case .invalid: true
            }
        }
    }

    /// What a name is made of: scalars, each with its UTF-8 bytes, and runs of bytes that are not UTF-8.
    private enum Piece {
        case scalar(Unicode.Scalar, ArraySlice<UInt8>)
        case invalid(ArraySlice<UInt8>)
    }

    private static func pieces(_ bytes: [UInt8]) -> [Piece] {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pieces: [Piece] = []
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let slice = bytes[offset..<offset + encoded.count]
                pieces.append(.scalar(Unicode.UTF8.decode(encoded), slice))
                offset += encoded.count
            case .error(let length):
                pieces.append(.invalid(bytes[offset..<offset + length]))
                offset += length
            case .emptyInput:
                return pieces
            }
        }
    }

    /// C0 and C1 control characters and DEL (Unicode's `Cc`).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x07: Array(#"\a"#.utf8)
        case 0x08: Array(#"\b"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0B: Array(#"\v"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case quote, backslash: [backslash, byte]
        case ..<0x20, 0x7F: octal(byte)
        default: [byte]
        }
    }

    /// `\ooo`, three octal digits, as git writes them.
    private static func octal(_ byte: UInt8) -> [UInt8] {
        [backslash, 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), space = UInt8(ascii: " ")
}
