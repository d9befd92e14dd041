import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// A file `gridls format -i` reads and may replace: a regular file, held open from the read to the write,
/// with what `stat` said of it when it was read. A symlink is followed, as black and prettier do: the file
/// it leads to is rewritten (its temporary file beside it, in its folder) and the link stays as it was.
///
/// Its content is replaced through a temporary file in the same folder that gets the file's mode, owner,
/// group and extended attributes and is renamed over it, so a failure leaves the original whole. When the
/// temporary file cannot carry all of those (another user's file we may write but not chown) or the file
/// has several hard links (a rename would detach them), the file is written in place instead, as Vim does.
/// Either way, a file that changed since it was read is left to whoever changed it.
final class RewritableFile {
    /// The name given, as messages print it.
    let path: String
    /// The name given with its symlinks resolved: the file that is replaced. A symlink stays a link to it.
    let target: PathBytes
    private let descriptor: Int32
    private let whenRead: stat

    /// Opens `path` for reading without blocking and refuses anything but a regular file (a FIFO would
    /// become a regular file, a device would be replaced).
    init(_ name: PathBytes) throws(FileError) {
        let path = name.display
        self.path = path
        guard let resolved = name.resolved() else { throw FileError(path: path, reason: FileAccess.systemReason()) }
        target = resolved
        guard var info = target.status() else { throw FileError(path: path, reason: FileAccess.systemReason()) }
        try Self.requireRegular(info, path)
        descriptor = target.open(O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw FileError(path: path, reason: FileAccess.systemReason()) }
        // Another file may have taken the name between the stat and the open.
        do throws(FileError) {
            guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, reason: FileAccess.systemReason()) }
            try Self.requireRegular(info, path)
        } catch {
            close(descriptor)
            throw error
        }
        whenRead = info
    }

    deinit { close(descriptor) }

    private static func requireRegular(_ info: stat, _ path: String) throws(FileError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw FileError(path: path, reason: "is a directory")
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "of an unknown kind"
        }
        throw FileError(path: path, reason: "not a regular file (\(kind)): -i rewrites regular files only")
    }

    func read() throws(FileError) -> [UInt8] {
        try FileAccess.readAll(descriptor, size: Int(whenRead.st_size), path: path)
    }

    /// Replaces the content with `bytes`, or throws and leaves the file as it was.
    func replace(with bytes: [UInt8]) throws(FileError) {
        guard target.withCString({ access($0, W_OK) }) == 0 else { throw FileError(path: path, reason: FileAccess.systemReason()) }
        // Root may write anything; a file nobody may write is still meant to stay as it is.
        if whenRead.st_mode & 0o222 == 0 { throw FileError(path: path, reason: "read-only file") }
        let replaced = whenRead.st_nlink == 1 ? try replaceThroughTemporaryFile(bytes) : false
        if !replaced { try writeInPlace(bytes) }
    }

    /// False, having changed nothing, when the temporary file cannot get the file's owner, group or
    /// extended attributes.
    private func replaceThroughTemporaryFile(_ bytes: [UInt8]) throws(FileError) -> Bool {
        guard let slot = TemporaryFiles.claim(template: TemporaryFiles.template(beside: target)) else {
            throw FileError(path: path, reason: "not written: the path is too long for a temporary file")
        }
        defer { TemporaryFiles.release(slot) }
        let fd = mkstemp(slot.path)
        guard fd >= 0 else { throw FileError(path: path, reason: "cannot create a temporary file: \(FileAccess.systemReason())") }
        let temporary = PathBytes(cString: slot.path)
        func fail(_ reason: String?) -> FileError? {
            close(fd)
            _ = temporary.withCString(unlink)
            return reason.map { FileError(path: path, reason: "not written: \($0)") }
        }
        guard keepsMetadata(fd) else { _ = fail(nil); return false }
        if fchmod(fd, whenRead.st_mode & 0o7777) != 0, let error = fail(FileAccess.systemReason()) { throw error }
        if let reason = FileAccess.writeAll(fd, bytes), let error = fail(reason) { throw error }
        if fsync(fd) != 0, let error = fail(FileAccess.systemReason()) { throw error }
        TestHooks.pauseBeforeReplacing(target)
        if let change = changeSinceRead() {
            _ = fail(nil)
            throw change
        }
        if close(fd) != 0 || temporary.withCString({ from in target.withCString { rename(from, $0) } }) != 0 {
            let reason = FileAccess.systemReason()
            _ = temporary.withCString(unlink)
            throw FileError(path: path, reason: "not written: \(reason)")
        }
        syncFolder()
        return true
    }

    /// Makes the rename itself durable (best effort: some file systems refuse to sync a folder).
    private func syncFolder() {
        let fd = target.folder.open(O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Gives the temporary file the original's owner, group and extended attributes (mode comes after,
    /// since a chown clears set-user-ID bits).
    private func keepsMetadata(_ fd: Int32) -> Bool {
        var created = stat()
        guard fstat(fd, &created) == 0 else { return false }
        if created.st_uid != whenRead.st_uid || created.st_gid != whenRead.st_gid {
            guard fchown(fd, whenRead.st_uid, whenRead.st_gid) == 0 else { return false }
        }
        return ExtendedAttributes.copy(from: descriptor, to: fd)
    }

    /// Overwrites the file itself: its inode, links, owner and attributes stay. Space is reserved first,
    /// so a full disk fails before a byte changes; signals wait until the write is done.
    private func writeInPlace(_ bytes: [UInt8]) throws(FileError) {
        let fd = target.open(O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(path: path, reason: FileAccess.systemReason()) }
        defer { close(fd) }
        TestHooks.pauseBeforeReplacing(target)
        var info = stat()
        guard fstat(fd, &info) == 0, Self.sameFile(info, whenRead) else {
            throw FileError(path: path, reason: Self.changedReason, status: 1)
        }
        if let change = changeSinceRead() { throw change }
        let reserved = CSystem.fallocate(fd, Self.keepSize, 0, off_t(bytes.count))
        if reserved != 0 && errno != EOPNOTSUPP && errno != ENOSYS {
            throw FileError(path: path, reason: "not written: \(FileAccess.systemReason())")
        }
        var failure: String?
        TemporaryFiles.deferringSignals {
            TestHooks.pauseBeforeReplacing(target)  // a second time: a signal sent now must wait for the write
            failure = FileAccess.writeAll(fd, bytes)
            if failure == nil && ftruncate(fd, off_t(bytes.count)) != 0 { failure = FileAccess.systemReason() }
            if failure == nil && fsync(fd) != 0 { failure = FileAccess.systemReason() }
        }
        if let failure { throw FileError(path: path, reason: "written in place, but failed: \(failure)") }
    }

    /// `FALLOC_FL_KEEP_SIZE`: reserve the blocks without changing the file's size.
    private static let keepSize: Int32 = 1

    static let changedReason = "changed by another program while gridls was formatting it: not written"

    /// An error (exit status 1) when the file at `target` is no longer the one read, as it was.
    private func changeSinceRead() -> FileError? {
        guard let now = target.status(), Self.sameFile(now, whenRead), Self.sameContent(now, whenRead) else {
            return FileError(path: path, reason: Self.changedReason, status: 1)
        }
        return nil
    }

    private static func sameFile(_ a: stat, _ b: stat) -> Bool {
        a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Size, modification and status-change times: a writer that restores the modification time still
    /// moves the status-change time.
    private static func sameContent(_ a: stat, _ b: stat) -> Bool {
        a.st_size == b.st_size
            && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
            && a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec
    }
}
