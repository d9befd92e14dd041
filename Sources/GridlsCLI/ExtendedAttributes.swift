import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// Extended attributes (`user.*`, ACLs, SELinux labels) carried from a file to the temporary file that
/// replaces it.
enum ExtendedAttributes {
    /// Makes `destination`'s attributes those of `source`; false when one cannot be read or set (then the
    /// caller writes in place, which keeps them all). A file system without attributes has none to copy.
    static func copy(from source: Int32, to destination: Int32) -> Bool {
        guard let wanted = names(source) else { return false }
        for name in wanted {
            guard let value = value(source, name) else { return false }
            let set = value.withUnsafeBytes { fsetxattr(destination, name, $0.baseAddress, $0.count, 0) }
            guard set == 0 else { return false }
        }
        // Attributes the new file got from its folder (a default ACL) but the original does not have.
        guard let given = names(destination) else { return false }
        for name in given where !wanted.contains(name) {
            guard fremovexattr(destination, name) == 0 else { return false }
        }
        return true
    }

    private static func names(_ fd: Int32) -> [String]? {
        guard let list = fetch({ flistxattr(fd, $0, $1) }) else { return errno == ENOTSUP ? [] : nil }
        return list.split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    private static func value(_ fd: Int32, _ name: String) -> [CChar]? {
        fetch { fgetxattr(fd, name, $0, $1) }
    }

    /// Calls a `*xattr` function that fills a buffer, sized by a first call, again if it grew meanwhile.
    private static func fetch(_ call: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> [CChar]? {
        while true {
            let size = call(nil, 0)
            guard size >= 0 else { return nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let got = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, size) }
            if got >= 0 { return Array(buffer.prefix(got)) }
            if errno != ERANGE { return nil }
        }
    }
}
