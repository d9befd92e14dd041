/// Decoding one scalar of UTF-8 without building a `String`.
enum UTF8Scalar {
    /// The scalar starting at `position` (a lead byte of 0x80 or more) and its length in bytes, or nil when
    /// the bytes there are not well-formed UTF-8 (truncated, overlong, a surrogate or past U+10FFFF).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt32(bytes[position])
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, lead & 0x1F)
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, lead & 0x0F)
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, lead & 0x07)
        default: return nil
        }
        guard position + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = UInt32(bytes[position + offset])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }
}
