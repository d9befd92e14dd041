import Glibc
import TestSupport

/// Files whose names are any bytes, for tests: Foundation's paths are Strings, which cannot hold a name
/// that is not UTF-8.
enum ByteFiles {
    /// What a snapshot holds at a path.
    enum Entry: Equatable, CustomStringConvertible {
        case file([UInt8])
        case link(target: [UInt8])
        case folder

        var description: String {
            switch self {
            case .file(let bytes): "file \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            case .link(let target): "link to \(String(decoding: target, as: UTF8.self).debugDescription)"
            case .folder: "folder"
            }
        }
    }

    static func write(_ path: [UInt8], _ content: String) throws {
        let fd = withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        try check(fd >= 0, "create", path)
        defer { close(fd) }
        let bytes = Array(content.utf8)
        try check(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count, "write", path)
    }

    static func makeFolder(_ path: [UInt8]) throws {
        try check(withCString(path) { mkdir($0, 0o755) } == 0, "mkdir", path)
    }

    static func symlink(to target: [UInt8], at path: [UInt8]) throws {
        try check(withCString(target) { target in withCString(path) { Glibc.symlink(target, $0) } } == 0, "symlink", path)
    }

    static func hardLink(to existing: [UInt8], at path: [UInt8]) throws {
        try check(withCString(existing) { existing in withCString(path) { link(existing, $0) } } == 0, "link", path)
    }

    /// The content of a file, links followed.
    static func read(_ path: [UInt8]) throws -> [UInt8] {
        let fd = withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        try check(fd >= 0, "open", path)
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = chunk.withUnsafeMutableBytes({ Glibc.read(fd, $0.baseAddress, $0.count) }), n > 0 {
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// Everything under `root` but `.git`, by path relative to it, links not followed.
    static func snapshot(_ root: [UInt8]) throws -> [[UInt8]: Entry] {
        var entries: [[UInt8]: Entry] = [:]
        var pending: [[UInt8]] = [[]]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + [0x2F] + relative
            for name in try names(in: folder) where name != Array(".git".utf8) {
                let child = relative.isEmpty ? name : relative + [0x2F] + name
                let path = root + [0x2F] + child
                var info = stat()
                try check(withCString(path) { lstat($0, &info) } == 0, "lstat", path)
                switch info.st_mode & S_IFMT {
                case S_IFDIR: entries[child] = .folder; pending.append(child)
                case S_IFLNK: entries[child] = .link(target: try readLink(path))
                default: entries[child] = .file(try read(path))
                }
            }
        }
        return entries
    }

    private static func names(in folder: [UInt8]) throws -> [[UInt8]] {
        guard let handle = withCString(folder, { opendir($0) }) else { throw failure("opendir", folder) }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    private static func readLink(_ path: [UInt8]) throws -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let n = withCString(path) { readlink($0, &buffer, buffer.count) }
        try check(n >= 0, "readlink", path)
        return buffer[..<n].map { UInt8(bitPattern: $0) }
    }

    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    private static func check(_ succeeded: Bool, _ call: String, _ path: [UInt8]) throws {
        if !succeeded { throw failure(call, path) }
    }

    private static func failure(_ call: String, _ path: [UInt8]) -> ChildProcess.Failure {
        let reason = String(cString: strerror(errno))
        return ChildProcess.Failure(message: "\(call) \(String(decoding: path, as: UTF8.self).debugDescription): \(reason)")
    }
}
