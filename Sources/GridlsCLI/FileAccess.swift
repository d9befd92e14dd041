#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written, in words for the person at the terminal.
public struct FileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Reading and writing files with plain POSIX calls, so that every failure carries the system's reason.
enum FileAccess {
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileError(path: path, reason: systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, reason: systemReason()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, reason: "is a directory") }
        return try readAll(fd, sizeHint: Int(info.st_size), path: path)
    }

    static func readStandardInput() throws(FileError) -> [UInt8] {
        try readAll(0, sizeHint: 1 << 16, path: "<stdin>")
    }

    private static func readAll(_ fd: Int32, sizeHint: Int, path: String) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(sizeHint, 4096) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: systemReason())
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Replaces the file's content through a temporary file in the same directory and a rename, so a
    /// failure at any point leaves the original as it was. Keeps the file's permissions; follows symlinks.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        guard access(path, W_OK) == 0 else { throw FileError(path: path, reason: systemReason()) }
        var current = stat()
        // Root may write anything; a file nobody may write is still meant to stay as it is.
        if stat(path, &current) == 0 && current.st_mode & 0o222 == 0 {
            throw FileError(path: path, reason: "read-only file")
        }
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        guard stat(target, &info) == 0 else { throw FileError(path: path, reason: systemReason()) }
        var template = Array((target + ".gridls-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, reason: "cannot create a temporary file: \(systemReason())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(fd, info.st_mode & 0o7777) != 0 { failure = systemReason() }
        if failure == nil { failure = writeAll(fd, bytes) }
        if failure == nil && fsync(fd) != 0 { failure = systemReason() }
        if close(fd) != 0 && failure == nil { failure = systemReason() }
        if failure == nil && rename(temporary, target) != 0 { failure = systemReason() }
        if let failure {
            unlink(temporary)
            throw FileError(path: path, reason: "not written: \(failure)")
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
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

    private static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
