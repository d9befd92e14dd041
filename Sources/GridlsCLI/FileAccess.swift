#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written, in words for the person at the terminal.
struct FileError: Error, Equatable, CustomStringConvertible {
    /// The file's name as messages print it (`PathBytes.display`).
    package var path: String
    package var reason: String
    /// The exit status it gives: 2 (cannot be read or written) unless said otherwise.
    var status: Int32 = 2
    package var description: String { "\(path): \(reason)" }
}

/// Reading and writing files with plain POSIX calls, so that every failure carries the system's reason.
enum FileAccess {
    /// The most gridls reads of one input: no text document comes near it, and a device or an endless pipe
    /// (`/dev/urandom`, `yes |`) is stopped here instead of filling memory.
    static var inputLimit: Int { TestHooks.inputLimit ?? 256 << 20 }

    /// Reads a file to format or check. It may be a FIFO or a device (`gridls format <(cmd)`): reading stops
    /// at the first NUL byte or past `inputLimit`.
    static func read(_ path: PathBytes) throws(FileError) -> [UInt8] {
        let name = path.display
        let fd = path.open(O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw FileError(path: name, reason: systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: name, reason: systemReason()) }
        if info.isDirectory { throw FileError(path: name, reason: "is a directory") }
        return try readAll(fd, size: info.isRegularFile ? Int(info.st_size) : nil, path: name)
    }

    static func readStandardInput() throws(FileError) -> [UInt8] {
        try readAll(0, size: nil, path: "<stdin>")
    }

    /// Reads to the end, refusing binary input as soon as a chunk holds a NUL and input past `inputLimit`
    /// (a regular file's `size`, when known, before reading anything). `path` is the name to print.
    static func readAll(_ fd: Int32, size: Int?, path: String) throws(FileError) -> [UInt8] {
        let limit = inputLimit
        if let size, size > limit { throw tooLarge(path, limit) }
        var bytes: [UInt8] = []
        if let size {
            // A regular file is read straight into the array: through a chunk, each byte was copied twice.
            var failure: FileError?
            bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
                while initialized < buffer.count {
                    let n = Glibc.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { failure = FileError(path: path, reason: systemReason()) }
                    if n <= 0 { return }
                    initialized += n
                }
            }
            if let failure { throw failure }
            if !bytes.isEmpty, bytes.withUnsafeBytes({ memchr($0.baseAddress!, 0, $0.count) }) != nil { throw FileError(path: path, reason: binaryReason) }
            if bytes.count <= size { return bytes }  // else the file grew while it was read: read on
        }
        bytes.reserveCapacity(min(max(size ?? 1 << 16, 4096), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: systemReason())
            }
            if n == 0 { return bytes }
            // memchr: a byte loop here was a noticeable share of formatting a large file.
            if chunk.withUnsafeBytes({ memchr($0.baseAddress!, 0, n) }) != nil { throw FileError(path: path, reason: binaryReason) }
            if bytes.count + n > limit { throw tooLarge(path, limit) }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    static let binaryReason = "binary file (contains NUL bytes)"

    private static func tooLarge(_ path: String, _ limit: Int) -> FileError {
        FileError(path: path, reason: limit % (1 << 20) == 0 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes")
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return systemReason()
            }
            offset += n
        }
        return nil
    }

    /// Writes everything to a file descriptor (stdout, stderr); false when the reader went away.
    @discardableResult
    static func writeAll(toDescriptor fd: Int32, _ bytes: [UInt8]) -> Bool {
        writeAll(fd, bytes) == nil
    }

    static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
