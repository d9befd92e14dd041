extension JSON {
    /// Compact UTF-8 JSON, members sorted by name so that output is deterministic.
    package func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    package var text: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .int(let i): JSON.writeInt(i, to: &out)
        case .double(let d): out.append(contentsOf: Array((d.isFinite ? "\(d)" : "null").utf8))
        case .string(let s): JSON.writeString(s, to: &out)
        case .raw(let text): out.append(contentsOf: text)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, key) in members.keys.sorted().enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Writes an integer in decimal, without making a String of it.
    package static func writeInt(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    /// Writes `s` quoted and escaped: runs of bytes that need no escape are copied whole (a formatting
    /// answer can carry a whole document's text in one string).
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// Writes UTF-8 `bytes` as a quoted, escaped JSON string (for `.raw` answers written by hand).
    package static func writeString(utf8 bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { writeString(utf8: $0, to: &out) }
    }

    private static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        do {
            // A plain index loop: iterators and `enumerated()` cost a great deal in debug builds, which the
            // tests run.
            var run = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                    appendEscape(byte, to: &out)
                    run = index + 1
                }
                index += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            out.append(contentsOf: Array("\\u00".utf8))
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }
}
