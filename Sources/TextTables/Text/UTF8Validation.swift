/// Checks that bytes are well-formed UTF-8 without copying them into a String.
package enum UTF8Validation {
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    package static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        while i < n {
            // ASCII runs, eight bytes at a time.
            while i + 8 <= n {
                let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < n else { return true }
            let lead = b[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // bounds of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard i + length <= n, (low...high).contains(b[i + 1]) else { return false }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(b[i + k]) { return false }
            i += length
        }
        return true
    }
}
