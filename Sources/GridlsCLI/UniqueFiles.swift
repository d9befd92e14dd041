#if canImport(Glibc)
import Glibc
#endif

/// Each real file once: names that lead to the same file — `a.md` and `./a.md`, a folder and a file in
/// it, a symlink and its target, two hard links — would be jobs racing on one file (with `-i`, the second
/// would find it "changed by another program"). The file is processed under the first name given, in
/// that name's place; the others are dropped.
enum UniqueFiles {
    private enum Key: Hashable {
        /// A file, by device and inode once links are followed.
        case file(UInt64, UInt64)
        /// A name that leads to no file (missing, say), by its folder's device and inode and its last
        /// component: `gone.md` and `./gone.md` are reported once.
        case missing(UInt64, UInt64, ArraySlice<UInt8>)
        /// Standard input, or a name whose folder cannot be looked up either: by its bytes.
        case name(PathBytes)
    }

    static func firstOfEach(_ paths: [PathBytes]) -> [PathBytes] {
        var seen: Set<Key> = []
        return paths.filter { seen.insert(key($0)).inserted }
    }

    private static func key(_ path: PathBytes) -> Key {
        if path.isStandardInput { return .name(path) }
        if let info = path.status() { return .file(UInt64(info.st_dev), UInt64(info.st_ino)) }
        if let folder = path.folder.status() {
            return .missing(UInt64(folder.st_dev), UInt64(folder.st_ino), path.lastComponent)
        }
        return .name(path)
    }
}
