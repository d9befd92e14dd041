/// Byte questions answered eight bytes at a time: a 64-bit word's bytes compared at once (SWAR), for the
/// loops that go over every byte of a table's rows. A loop taking one byte a turn was the largest share of
/// formatting a document of many small tables.
///
/// The masks set the high bit of each byte that matches. A borrow can set it in a byte above a true match
/// too, never below one: "is there any" and "where is the first" are exact, which is all that is asked.
enum WordScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func word(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highBits }

    @inline(__always)
    private static func bytes(_ x: UInt64, equalTo byte: UInt8) -> UInt64 { zeroBytes(x ^ (ones &* UInt64(byte))) }

    /// The first index in `b[start..<end]` holding `first` or `second`; `end` when neither occurs. Like
    /// `firstNonBlank`, reads the word that holds `end` whole where the buffer has it.
    @inline(__always)
    static func firstIndex(of first: UInt8, or second: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while i < end && i + 8 <= b.count {
            let x = word(b, at: i)
            let found = bytes(x, equalTo: first) | bytes(x, equalTo: second)
            if found != 0 { return min(i + found.trailingZeroBitCount / 8, end) }
            i += 8
        }
        while i < end && b[i] != first && b[i] != second { i += 1 }
        return min(i, end)
    }

    /// High bit set in exactly the bytes of `x` equal to `byte` (no borrow reaches another byte): for a
    /// word whose every match counts.
    @inline(__always)
    private static func exactBytes(_ x: UInt64, equalTo byte: UInt8) -> UInt64 {
        let y = x ^ (ones &* UInt64(byte))
        return ~(((y & ~highBits) &+ ~highBits) | y | ~highBits)
    }

    /// The first index in `b[start..<end]` whose byte is none of the four; `end` when all are.
    @inline(__always)
    static func firstIndex(notAmong set: (UInt8, UInt8, UInt8, UInt8), in b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while i < end && i + 8 <= b.count {
            let x = word(b, at: i)
            let among = exactBytes(x, equalTo: set.0) | exactBytes(x, equalTo: set.1) | exactBytes(x, equalTo: set.2) | exactBytes(x, equalTo: set.3)
            let found = ~among & highBits
            if found != 0 { return min(i + found.trailingZeroBitCount / 8, end) }
            i += 8
        }
        while i < end && (b[i] == set.0 || b[i] == set.1 || b[i] == set.2 || b[i] == set.3) { i += 1 }
        return min(i, end)
    }

    /// High bit set in exactly the bytes of `x` that are not blank: space, tab unless `tabs` is false, and
    /// with `feeds` vertical tab and form feed too.
    @inline(__always)
    private static func notBlank(_ x: UInt64, tabs: Bool = true, feeds: Bool) -> UInt64 {
        var blank = exactBytes(x, equalTo: 0x20)
        if tabs { blank |= exactBytes(x, equalTo: 0x09) }
        if feeds { blank |= exactBytes(x, equalTo: 0x0B) | exactBytes(x, equalTo: 0x0C) }
        return ~blank & highBits
    }

    /// The first index in `b[start..<end]` whose byte is not blank (see `notBlank`); `end` when all are.
    /// Reads a word past `end` where the buffer holds one: a cell's padding ends at the next few bytes,
    /// and a loop ending at an unforeseen byte costs more than the word.
    @inline(__always)
    static func firstNonBlank(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, feeds: Bool) -> Int {
        var i = start
        while i < end && i + 8 <= b.count {
            let found = notBlank(word(b, at: i), feeds: feeds)
            if found != 0 { return min(i + found.trailingZeroBitCount / 8, end) }
            i += 8
        }
        while i < end && notBlank(UInt64(b[i]), feeds: feeds) & 0x80 == 0 { i += 1 }
        return min(i, end)
    }

    /// Where `b[start..<end]` ends with its trailing spaces and tabs (spaces only when `tabs` is false) taken
    /// off, not before `start`: the word before `end` is read whole, bytes before `start` included, where
    /// the buffer holds one.
    @inline(__always)
    static func endTrimmingBlanks(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, tabs: Bool = true) -> Int {
        var e = end
        while e > start && e >= 8 {
            let found = notBlank(word(b, at: e - 8), tabs: tabs, feeds: false)
            if found != 0 { return max(e - 8 + (63 - found.leadingZeroBitCount) / 8 + 1, start) }
            e -= 8
        }
        while e > start && (b[e - 1] == 0x20 || (tabs && b[e - 1] == 0x09)) { e -= 1 }
        return max(e, start)
    }

    /// How many of the bytes of `b` are `byte`.
    static func count(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, count = 0
        while i + 8 <= b.count {
            // The matches' high bits as ones, summed by one multiplication (no population count needed).
            count += Int(((exactBytes(word(b, at: i), equalTo: byte) >> 7) &* ones) >> 56)
            i += 8
        }
        while i < b.count {
            if b[i] == byte { count += 1 }
            i += 1
        }
        return count
    }

    /// Gives the index of every `byte` in `b` to `found`, in order.
    @inline(__always)
    static func forEach(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
        var i = 0
        while i + 8 <= b.count {
            var matches = exactBytes(word(b, at: i), equalTo: byte)
            while matches != 0 {
                found(i + matches.trailingZeroBitCount / 8)
                matches &= matches &- 1
            }
            i += 8
        }
        while i < b.count {
            if b[i] == byte { found(i) }
            i += 1
        }
    }

    /// Whether every byte of `b[start..<end]` is printable ASCII (space to tilde): text a column a byte.
    static func isPrintableASCII(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard end - start >= 8 else { return b[start..<end].allSatisfy { $0 &- 0x20 < 0x5F } }
        var outside: UInt64 = 0
        // Word by word, the last one ending at `end` (overlapping the one before: a byte read twice is
        // still the same byte). In each, with its high bit set apart: below a space, or the delete byte.
        for i in stride(from: start, to: end, by: 8) {
            let x = word(b, at: min(i, end - 8)), low = x & ~highBits
            outside |= x | ~((low | highBits) &- ones &* 0x20) | (low &+ ones)
        }
        return outside & highBits == 0
    }
}
