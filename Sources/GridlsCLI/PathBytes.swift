#if canImport(Glibc)
import Glibc
#endif

/// A path as Linux knows it: bytes (any but NUL, components split at `/`), not necessarily UTF-8. gridls
/// keeps paths as bytes from the command line, `readdir` and `git ls-files -z` through to `open`, and
/// decodes them only to print them, quoted where they would mislead (`display`): a Swift `String` would
/// turn invalid bytes into U+FFFD and so name another file, or none.
struct PathBytes: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let bytes: [UInt8]

    init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }
    init(_ string: String) { bytes = Array(string.utf8) }
    init(stringLiteral value: String) { self.init(value) }

    /// The bytes of a NUL-terminated C string.
    init(cString: UnsafePointer<CChar>) {
        self.init(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    static let standardInput: PathBytes = "-"
    var isStandardInput: Bool { self == .standardInput }

    /// The path as messages print it (`QuotedName`).
    var display: String { QuotedName.display(bytes) }
    var description: String { display }
    /// For deciding by the name's ending only: invalid bytes become U+FFFD.
    var lossyString: String { String(decoding: bytes, as: UTF8.self) }

    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `self/relative`, printed as the user would type it: `./a.md` is `a.md`.
    func joined(_ relative: PathBytes) -> PathBytes {
        if self == "." || self == "./" { return relative }
        return PathBytes(bytes.last == Self.slash ? bytes + relative.bytes : bytes + [Self.slash] + relative.bytes)
    }

    /// The folder holding the last component: `.` for a bare name, `/` for one at the root.
    var folder: PathBytes {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return "." }
        return slash == 0 ? "/" : PathBytes(bytes[..<slash])
    }

    /// The last component's bytes.
    var lastComponent: ArraySlice<UInt8> {
        bytes[(bytes.lastIndex(of: Self.slash).map { $0 + 1 } ?? 0)...]
    }

    var components: [ArraySlice<UInt8>] { bytes.split(separator: Self.slash) }

    static let slash = UInt8(ascii: "/")
}

// MARK: the calls gridls makes on paths

extension PathBytes {
    /// `stat`, following links; nil when it fails (errno says why).
    func status() -> stat? {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? info : nil
    }

    /// `lstat`: a link itself.
    func linkStatus() -> stat? {
        var info = stat()
        return withCString { lstat($0, &info) } == 0 ? info : nil
    }

    /// The absolute path with every link, `.` and `..` resolved (`realpath`); nil when it fails.
    func resolved() -> PathBytes? {
        guard let real = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return PathBytes(cString: real)
    }

    func open(_ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withCString { Glibc.open($0, flags, mode) }
    }
}

extension stat {
    var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
    var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
}
