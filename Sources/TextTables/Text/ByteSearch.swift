#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array<UInt8> {
    /// Whether `byte` occurs anywhere: memchr, for questions asked of a whole document, which a byte loop
    /// made a noticeable share of formatting it.
    package func containsByte(_ byte: UInt8) -> Bool {
        containsByte(byte, in: 0..<count)
    }

    /// Whether `byte` occurs in `range`: memchr, for a question asked of every line.
    package func containsByte(_ byte: UInt8, in range: Range<Int>) -> Bool {
        withUnsafeBytes { range.count > 0 && memchr($0.baseAddress! + range.lowerBound, Int32(byte), range.count) != nil }
    }
}
