/// How LSP positions count characters within a line: the client and server agree on one at initialize.
enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8", utf16 = "utf-16", utf32 = "utf-32"

    /// The byte offset in `line` of a character offset; past the end means the end, and an offset inside
    /// a multi-unit character means that character's start.
    func byteOffset(in line: ArraySlice<UInt8>, character: Int) -> Int {
        line.withUnsafeBufferPointer { byteOffset(in: $0, character: character) }
    }

    /// The character offset of a byte offset in `line`.
    func character(in line: ArraySlice<UInt8>, byteOffset: Int) -> Int {
        line.withUnsafeBufferPointer { character(in: $0, byteOffset: byteOffset) }
    }

    private func byteOffset(in line: UnsafeBufferPointer<UInt8>, character: Int) -> Int {
        if self == .utf8 {
            var offset = min(character, line.count)
            while offset > 0 && offset < line.count && line[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var units = 0
        var i = 0
        while i < line.count {
            let length = PositionEncoding.sequenceLength(line[i])
            let width = self == .utf32 ? 1 : (length == 4 ? 2 : 1)
            if units + width > character { return i }
            units += width
            i += length
        }
        return line.count
    }

    private func character(in line: UnsafeBufferPointer<UInt8>, byteOffset: Int) -> Int {
        if self == .utf8 { return min(byteOffset, line.count) }
        var units = 0
        var i = 0
        while i < min(byteOffset, line.count) {
            let length = PositionEncoding.sequenceLength(line[i])
            units += self == .utf32 ? 1 : (length == 4 ? 2 : 1)
            i += length
        }
        return units
    }

    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0xC0: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }
}
