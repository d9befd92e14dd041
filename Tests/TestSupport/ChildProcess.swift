import Foundation
import Glibc
import Synchronization

/// A child process for tests that inherits nothing but the three streams it is given, and whose end is
/// seen with `waitpid`.
///
/// Why not Foundation's `Process`: it closes a child's other descriptors from a list taken before the
/// spawn, so a pipe or socket that another test's thread opens meanwhile leaks into the child, and it
/// learns that a child ended from such a socket closing. With tests in parallel and language servers
/// living as long as their test, leaked descriptors made `waitUntilExit()` wait for unrelated servers,
/// and under a low descriptor limit the run hung without a word. Here every descriptor above 2 is closed
/// in the child as it starts (glibc's `closefrom` spawn action), so nothing leaks whatever runs alongside.
public final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        case null
        /// A pipe whose other end the test holds (`input`, `output`, `error`).
        case pipe
        /// A file: read for standard input, created or truncated for output.
        case file(String)
        /// For standard error only: wherever standard output goes.
        case sameAsOutput
    }

    public let pid: pid_t
    /// The test's ends of `.pipe` streams; closing `input` gives the child end of input.
    public let input: FileHandle?
    public let output: FileHandle?
    public let error: FileHandle?
    private let status = Mutex<Int32?>(nil)

    public convenience init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        directory: String? = nil, input inputStream: Stream = .null, output outputStream: Stream = .null,
        error errorStream: Stream = .null
    ) throws {
        try self.init(
            executable, argumentBytes: arguments.map { Array($0.utf8) }, environment: environment, directory: directory,
            input: inputStream, output: outputStream, error: errorStream)
    }

    /// The same with each argument as bytes, which need not be UTF-8 (file names on Linux need not be).
    public init(
        _ executable: String, argumentBytes arguments: [[UInt8]], environment: [String: String]? = nil,
        directory: String? = nil, input inputStream: Stream = .null, output outputStream: Stream = .null,
        error errorStream: Stream = .null
    ) throws {
        // The child's ends close once it has them; the test's ends too if the spawn fails.
        var childEnds: [Int32] = [], testEnds: [Int32] = [], spawned = false
        defer { for fd in childEnds + (spawned ? [] : testEnds) { close(fd) } }
        func open(_ stream: Stream, reading: Bool) throws -> (child: Int32, parent: Int32?) {
            let ends = try Self.open(stream, reading: reading)
            childEnds.append(ends.child)
            testEnds += ends.parent.map { [$0] } ?? []
            return ends
        }
        let stdin = try open(inputStream, reading: true)
        let stdout = try open(outputStream, reading: false)
        let stderr = if case .sameAsOutput = errorStream { (child: stdout.child, parent: Int32?.none) } else { try open(errorStream, reading: false) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.child, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.child, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.child, 2)
        try Self.check(Spawn.closeFrom(&actions, 3), "closefrom")
        if let directory { try Self.check(directory.withCString { Spawn.changeDirectory(&actions, $0) }, "chdir") }

        let argv = [strdup(executable)] + arguments.map(Self.cString) + [nil]
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // Nor a signal mask: the test's threads (Dispatch's workers) block signals, and a child that
        // inherited that would never see the SIGTERM or SIGINT a test sends it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(message: "cannot run \(executable): \(String(cString: strerror(result)))") }
        spawned = true
        self.pid = pid
        self.input = stdin.parent.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.output = stdout.parent.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.error = stderr.parent.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    deinit {
        // Never leave a zombie or a stray child behind a test.
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: nil)
        }
    }

    /// The exit code once the child has ended (128 + the signal's number when a signal ended it).
    public var exitStatus: Int32? {
        status.withLock { known in
            if known == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid {
                    known = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                }
            }
            return known
        }
    }

    public var isRunning: Bool { exitStatus == nil }

    /// Waits for the child to end, at most `timeout` seconds (nil: however long); its exit status, or nil.
    @discardableResult
    public func wait(timeout: Double?) -> Int32? {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while true {
            if let code = exitStatus { return code }
            if let deadline, Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Waits up to `timeout` seconds, then kills the child; its exit status, or nil when it had to be killed.
    @discardableResult
    public func wait(killingAfter timeout: Double) -> Int32? {
        if let code = wait(timeout: timeout) { return code }
        kill(pid, SIGKILL)
        wait(timeout: nil)
        return nil
    }

    public func terminate() {
        if isRunning { kill(pid, SIGTERM) }
    }

    /// A copy of `bytes` and a NUL in memory from `malloc`, as `strdup` makes.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// The child's end of a stream and, for a pipe, the test's end; both close on exec.
    private static func open(_ stream: Stream, reading: Bool) throws -> (child: Int32, parent: Int32?) {
        switch stream {
        case .null, .sameAsOutput:
            return (try descriptor(Glibc.open("/dev/null", O_RDWR | O_CLOEXEC), "/dev/null"), nil)
        case .file(let path):
            let flags = reading ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            return (try descriptor(Glibc.open(path, flags | O_CLOEXEC, 0o644), path), nil)
        case .pipe:
            var ends: [Int32] = [0, 0]
            try check(pipe(&ends) == 0 ? 0 : errno, "pipe")
            let read = try descriptor(ends[0], "pipe"), write = try descriptor(ends[1], "pipe")
            return reading ? (read, write) : (write, read)
        }
    }

    /// Marks a descriptor close-on-exec, and moves it above 2 should the test process lack a standard stream.
    private static func descriptor(_ fd: Int32, _ what: String) throws -> Int32 {
        guard fd >= 0 else { throw Failure(message: "cannot open \(what): \(String(cString: strerror(errno)))") }
        if fd > 2 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        close(fd)
        return try descriptor(moved, what)
    }

    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 0 else { throw Failure(message: "\(what): \(String(cString: strerror(result)))") }
    }
}

/// glibc's spawn actions that Swift's Glibc module leaves out (they need _GNU_SOURCE): looked up once.
private enum Spawn {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static let closeFrom: CloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np")
    static let changeDirectory: ChangeDirectory = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<F>(_ name: String) -> F {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("glibc 2.34 or later is needed: no \(name)") }
        return unsafeBitCast(address, to: F.self)
    }
}
