import CSystem
import Foundation
import Glibc
import TestSupport
import Testing

/// `format -i` replaces regular files only, reads a bounded amount, leaves a file another program changed
/// meanwhile to that program, leaves no temporary file behind a signal, and keeps the file's owner, group,
/// extended attributes and hard links.
struct InPlaceSafetyTests {
    static let messy = """
        |a|b|
        |-|-|

        """
    static let tidy = """
        | a   | b   |
        | --- | --- |

        """

    // MARK: what is read

    @Test func aFIFOIsNeverReplacedButMayBeRead() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let fifo = folder.url.appendingPathComponent("pipe.md").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // No writer ever opens the FIFO: reading it for -i would wait forever.
        let run = try Gridls.run(["format", "-q", "-i", fifo], timeout: 20)
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: \(fifo): not a regular file (a FIFO): -i rewrites regular files only\n")
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(try Gridls.run(["format", "-q", "-i", "/dev/null"], timeout: 20).stderr
            == "gridls: /dev/null: not a regular file (a character device): -i rewrites regular files only\n")

        // Printing from a FIFO is what process substitution does: `gridls format <(cmd)`.
        let out = folder.url.appendingPathComponent("out").path
        let shell = try ChildProcess(
            "/bin/bash", ["-c", "\"$0\" format <(printf '\(Self.messy.replacingOccurrences(of: "\n", with: "\\n"))')", Gridls.binary.path],
            output: .file(out))
        #expect(shell.wait(killingAfter: 60) == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.tidy)
    }

    @Test func endlessAndHugeInputsStopEarly() throws {
        for arguments in [["format", "-q", "/dev/zero"], ["check", "-q", "/dev/zero"]] {
            let run = try Gridls.run(arguments, timeout: 20)
            #expect(run.status == 2)
            #expect(run.stderr == "gridls: /dev/zero: binary file (contains NUL bytes)\n")
        }
        let stdin = try Gridls.start(["format"], stdinPath: "/dev/zero").finish(timeout: 20)
        #expect(stdin.status == 2)
        #expect(stdin.stderr == "gridls: <stdin>: binary file (contains NUL bytes)\n")

        // A text stream past the limit (here lowered to 1,000 bytes, the real one being 256 MiB).
        let long = try Gridls.run(["format"], stdin: String(repeating: "text\n", count: 400), environment: ["GRIDLS_TEST_INPUT_LIMIT": "1000"])
        #expect(long.status == 2)
        #expect(long.stderr == "gridls: <stdin>: larger than 1000 bytes\n")
        #expect(long.stdout == "")

        // A regular file past the real limit is refused by its size, before a byte is read.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let huge = try folder.write("huge.md", "")
        #expect(truncate(huge, 300 << 20) == 0)
        let started = Date()
        let run = try Gridls.run(["format", "-q", "-i", huge], timeout: 20)
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: \(huge): larger than 256 MiB\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    // MARK: other programs and signals

    /// Another program writes the file while gridls has read it: gridls leaves the other program's content.
    @Test(arguments: [false, true])
    func aChangeMadeMeanwhileIsKept(hardLinked: Bool) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        if hardLinked { #expect(link(path, folder.url.appendingPathComponent("link.md").path) == 0) }
        let paused = try PausedGridls(["format", "-q", "-i", path])
        let theirs = """
            | theirs |
            |-|

            """
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        let run = try paused.resume()
        #expect(run.status == 1)
        #expect(run.stderr == "gridls: \(path): changed by another program while gridls was formatting it: not written\n")
        #expect(try folder.read("doc.md") == theirs)
        #expect(try folder.names() == (hardLinked ? ["doc.md", "link.md"] : ["doc.md"]))
    }

    /// A writer that keeps the size and puts the modification time back is still seen (by the change time).
    @Test func aSameSizeChangeWithItsTimeRestoredIsSeen() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
        let paused = try PausedGridls(["format", "-q", "-i", path])
        try Data(Self.messy.replacingOccurrences(of: "a", with: "z").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        let run = try paused.resume()
        #expect(run.status == 1)
        #expect(try folder.read("doc.md") == Self.messy.replacingOccurrences(of: "a", with: "z"))
    }

    /// Several files in flight at once (each job pauses at the same point): none is left behind.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalLeavesNoTemporaryFile(signal: Int32) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let paths = try (0..<3).map { try folder.write("doc\($0).md", Self.messy) }
        let paused = try PausedGridls(["format", "-i"] + paths)
        defer { try? FileManager.default.removeItem(at: paused.pauseFile) }
        let names = try folder.names()
        #expect(names.contains { $0.contains(".md.gridls-") }, "no temporary file in flight: \(names)")
        kill(paused.running.process.pid, signal)
        let run = try paused.running.finish(timeout: 20)
        #expect(run.status == 128 + signal)
        #expect(try folder.names() == ["doc0.md", "doc1.md", "doc2.md"])
        #expect(try paths.indices.allSatisfy { try folder.read("doc\($0).md") == Self.messy })
    }

    /// A file written in place (it has two links) is never cut short: a signal sent as the write begins
    /// takes effect once it is done.
    @Test func aSignalWaitsForAnInPlaceWrite() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        #expect(link(path, folder.url.appendingPathComponent("link.md").path) == 0)
        let paused = try PausedGridls(["format", "-q", "-i", path])
        defer { try? FileManager.default.removeItem(at: paused.pauseFile) }
        try paused.resumeUntilNextPause()
        kill(paused.running.process.pid, SIGTERM)
        usleep(100_000)
        #expect(paused.running.process.isRunning, "the signal cut the write short")
        let run = try paused.resume()
        #expect(run.status == 128 + SIGTERM)
        #expect(try folder.read("link.md") == Self.tidy)
        #expect(try folder.names() == ["doc.md", "link.md"])
    }

    /// A signal ignored when gridls starts (`nohup`, `trap '' TERM`) stays ignored.
    @Test func anIgnoredSignalStaysIgnored() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        let pauseFile = folder.url.appendingPathComponent("pause")
        let shell = try ChildProcess(
            "/bin/sh", ["-c", "trap '' TERM; exec \"$0\" format -i \"$1\"", Gridls.binary.path, path],
            environment: ProcessInfo.processInfo.environment.merging(["GRIDLS_TEST_PAUSE_FILE": pauseFile.path]) { $1 })
        let deadline = Date(timeIntervalSinceNow: 60)
        while !FileManager.default.fileExists(atPath: pauseFile.path) && Date() < deadline && shell.isRunning { usleep(5_000) }
        kill(shell.pid, SIGTERM)
        usleep(100_000)
        #expect(shell.isRunning)
        try? FileManager.default.removeItem(at: pauseFile)
        #expect(shell.wait(killingAfter: 60) == 0)
        #expect(try folder.read("doc.md") == Self.tidy)
    }

    // MARK: what is kept

    @Test func ownerGroupAndModeAreKept() throws {
        guard geteuid() == 0 else {
            print("ownerGroupAndModeAreKept: skipped, only root can give a file to another user")
            return
        }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        #expect(chown(path, 1234, 1235) == 0 && chmod(path, 0o640) == 0)
        let before = try Self.status(path)
        let run = try Gridls.run(["format", "-q", "-i", path])
        #expect(run.status == 0 && run.stderr == "")
        let after = try Self.status(path)
        #expect(try folder.read("doc.md") == Self.tidy)
        #expect((after.st_uid, after.st_gid, after.st_mode & 0o7777) == (1234, 1235, 0o640))
        #expect(after.st_ino != before.st_ino, "replaced through a temporary file and a rename")
    }

    /// A user who may write a file but not give it away (group-writable, another owner): the temporary file
    /// could not have the owner, so the file is written in place.
    @Test func aFileOfAnotherOwnerIsWrittenInPlace() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("aFileOfAnotherOwnerIsWrittenInPlace: skipped, needs root and setpriv to run gridls as another user")
            return
        }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(chmod(folder.url.path, 0o777) == 0)
        let path = try folder.write("doc.md", Self.messy)
        #expect(chown(path, 1236, 1235) == 0 && chmod(path, 0o664) == 0)
        let before = try Self.status(path)
        let out = folder.url.appendingPathComponent("out").path
        let user = try ChildProcess(
            "/usr/bin/setpriv", ["--reuid=1234", "--regid=1235", "--clear-groups", Gridls.binary.path, "format", "-q", "-i", path],
            output: .file(out), error: .sameAsOutput)
        #expect(user.wait(killingAfter: 60) == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "")
        let after = try Self.status(path)
        #expect(try folder.read("doc.md") == Self.tidy)
        #expect((after.st_uid, after.st_gid, after.st_mode & 0o7777) == (1236, 1235, 0o664))
        #expect(after.st_ino == before.st_ino)
        #expect(try folder.names() == ["doc.md", "out"])
    }

    @Test func extendedAttributesAreKept() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        let attributes = ["user.gridls.origin": "kept", "user.gridls.empty": ""]
        for (name, value) in attributes where setxattr(path, name, value, value.utf8.count, 0) != 0 {
            print("extendedAttributesAreKept: skipped, the file system refuses user attributes: \(String(cString: strerror(errno)))")
            return
        }
        let run = try Gridls.run(["format", "-q", "-i", path])
        #expect(run.status == 0 && run.stderr == "")
        #expect(try folder.read("doc.md") == Self.tidy)
        for (name, value) in attributes {
            var buffer = [CChar](repeating: 0, count: 64)
            let size = getxattr(path, name, &buffer, buffer.count)
            #expect(size == value.utf8.count, "\(name) lost")
            #expect(String(decoding: buffer.prefix(max(size, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self) == value)
        }
    }

    @Test func hardLinksStayLinked() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy)
        let other = folder.url.appendingPathComponent("link.md").path
        #expect(link(path, other) == 0)
        let run = try Gridls.run(["format", "-q", "-i", path])
        #expect(run.status == 0 && run.stderr == "")
        #expect(try folder.read("link.md") == Self.tidy)
        let (a, b) = (try Self.status(path), try Self.status(other))
        #expect(a.st_ino == b.st_ino && a.st_nlink == 2)
        #expect(try folder.names() == ["doc.md", "link.md"])
    }

    // MARK: helpers

    static func status(_ path: String) throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ChildProcess.Failure(message: "stat \(path): \(String(cString: strerror(errno)))") }
        return info
    }

    static func kind(_ path: String) -> mode_t? {
        (try? status(path)).map { $0.st_mode & S_IFMT }
    }
}

/// gridls held by `GRIDLS_TEST_PAUSE_FILE` just before it checks and replaces a file: the test acts, then resumes it.
struct PausedGridls {
    let running: RunningGridls
    let pauseFile: URL

    init(_ arguments: [String]) throws {
        pauseFile = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-pause-\(UUID().uuidString)")
        running = try Gridls.start(arguments, environment: ["GRIDLS_TEST_PAUSE_FILE": pauseFile.path])
        try waitForPause()
    }

    /// Lets gridls go on to its next pause.
    func resumeUntilNextPause() throws {
        try FileManager.default.removeItem(at: pauseFile)
        try waitForPause()
    }

    private func waitForPause() throws {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !FileManager.default.fileExists(atPath: pauseFile.path) {
            guard Date() < deadline, running.process.isRunning else {
                try? FileManager.default.removeItem(at: pauseFile)
                let run = try running.finish(timeout: 5)
                throw ChildProcess.Failure(message: "gridls never paused; it ended with \(run.status): \(run.stderr)")
            }
            usleep(5_000)
        }
    }

    func resume() throws -> GridlsRun {
        try FileManager.default.removeItem(at: pauseFile)
        return try running.finish(timeout: 60)
    }
}

extension ScratchFolder {
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
