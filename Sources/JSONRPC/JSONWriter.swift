extension JSON {
    /// Compact UTF-8 JSON, members sorted by name so that output is deterministic.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// The message framed for the wire: its `Content-Length` header, then `serialized()`, handed to `emit`
    /// in one piece, written after room left for the header (no copy of the body to put it behind one).
    /// A message with a `.raw` member longer than `chunkSize` (a formatting answer of tens of megabytes)
    /// goes in pieces of about that size instead, the long part as it is: its length is counted first.
    package func writeFramed(chunkSize: Int, _ emit: (ArraySlice<UInt8>) -> Void) {
        guard hasRawMember(longerThan: chunkSize) else {
            let room = JSON.headerRoom
            var out = [UInt8](repeating: 0, count: room)
            write(to: &out)
            let header = frameHeader(length: out.count - room)
            out.replaceSubrange(room - header.count..<room, with: header)
            emit(out[(room - header.count)...])
            return
        }
        let count = serializedCount
        var out = frameHeader(length: count)
        out.reserveCapacity(out.count + chunkSize + 64)
        write(to: &out) { out, raw in
            guard out.count + (raw?.count ?? 0) >= chunkSize else { return false }
            emit(out[...])
            out.removeAll(keepingCapacity: true)
            if let raw { emit(raw[...]) }
            return raw != nil
        }
        if !out.isEmpty { emit(out[...]) }
    }

    /// Room for any message's header: as long as a header can be.
    private static let headerRoom = frameHeader(length: Int.max).count

    private func hasRawMember(longerThan count: Int) -> Bool {
        guard case .object(let members) = self else { return false }
        return members.values.contains { if case .raw(let bytes) = $0 { bytes.count > count } else { false } }
    }

    package var text: String { String(decoding: serialized(), as: UTF8.self) }

    /// How many bytes `serialized()` makes.
    var serializedCount: Int {
        switch self {
        case .null: 4
        case .bool(let b): b ? 4 : 5
        case .int(let i): JSON.decimalCount(i)
        case .double(let d): (d.isFinite ? "\(d)" : "null").utf8.count
        case .string(let s): JSON.quotedCount(s)
        case .raw(let text): text.count
        case .array(let elements): elements.reduce(max(1, elements.count) + 1) { $0 + $1.serializedCount }
        case .object(let members): members.reduce(max(1, members.count) + 1) { $0 + JSON.quotedCount($1.key) + 1 + $1.value.serializedCount }
        }
    }

    /// `flush` is asked after each value whether to hand over what `out` holds (and before a `.raw` part,
    /// with that part: true when it took it).
    private func write(to out: inout [UInt8], flush: (inout [UInt8], [UInt8]?) -> Bool = { _, _ in false }) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSON.writeInt(i, to: &out)
        case .double(let d): out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
        case .string(let s): JSON.writeString(s, to: &out)
        case .raw(let text):
            if !flush(&out, text) { out.append(contentsOf: text) }
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out, flush: flush)
                _ = flush(&out, nil)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, key) in members.keys.sorted().enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out, flush: flush)
                _ = flush(&out, nil)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func decimalCount(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var magnitude = value.magnitude
        while magnitude >= 10 { (magnitude, count) = (magnitude / 10, count + 1) }
        return count
    }

    private static func quotedCount(_ s: String) -> Int {
        s.utf8.reduce(2) { $0 + escapedCount($1) }
    }

    /// Bytes that `byte` takes in a JSON string.
    @inline(__always)
    private static func escapedCount(_ byte: UInt8) -> Int {
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return 2 }
        if byte >= 0x20 { return 1 }
        return byte == 0x0A || byte == 0x0D || byte == 0x09 ? 2 : 6
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
        // Runs that need no escape are found eight bytes at a time and copied whole; a plain index loop
        // otherwise (iterators cost a great deal in debug builds, which the tests run).
        var run = 0, index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, !needsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                appendEscape(byte, to: &out)
                run = index + 1
            }
            index += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Whether one of eight bytes is a control character, `"` or `\` (the usual bit tricks: a byte
    /// below 0x20, or one equal to a given byte, sets its high bit in the result).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below = (word &- ones &* 0x20) & ~word & highs != 0
        return below || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }

    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            out.append(contentsOf: "u00".utf8)
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }
}
