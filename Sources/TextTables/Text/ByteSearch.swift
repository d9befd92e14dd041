#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array<UInt8> {
    /// Whether `byte` occurs anywhere: memchr, for questions asked of a whole document, which a byte loop
    /// made a noticeable share of formatting it.
    package func containsByte(_ byte: UInt8) -> Bool {
        withUnsafeBytes { $0.count > 0 && memchr($0.baseAddress!, Int32(byte), $0.count) != nil }
    }
}
