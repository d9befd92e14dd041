#if canImport(Glibc)
import Glibc
#endif

/// Each real file once: names that lead to the same file — `a.md` and `./a.md`, a folder and a file in
/// it, a symlink and its target, two hard links — would be jobs racing on one file (with `-i`, the second
/// would find it "changed by another program"). The file is processed under the first name given, in
/// that name's place; the others are dropped.
enum UniqueFiles {
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The paths without those that name a file met before, identified by device and inode once links
    /// are followed. A path that cannot be looked up (missing, say) is kept once by its bytes, to be
    /// reported once.
    static func firstOfEach(_ paths: [PathBytes]) -> [PathBytes] {
        var files: Set<Identity> = [], names: Set<PathBytes> = []
        return paths.filter { path in
            guard !path.isStandardInput, let info = path.status() else { return names.insert(path).inserted }
            return files.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
        }
    }
}
