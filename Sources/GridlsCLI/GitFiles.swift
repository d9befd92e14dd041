#if canImport(Glibc)
import Glibc
#endif

/// Asks git which files of a folder it would show: tracked ones and untracked ones that `.gitignore`,
/// `.git/info/exclude` and the global excludes do not exclude. gridls runs no other program: rather than
/// a second glob engine for git's rules, git answers for itself.
enum GitFiles {
    /// The paths (relative to `folder`) of `git ls-files -co --exclude-standard -z`, or nil when the
    /// folder is not inside a git work tree or git cannot be run.
    /// (`-z`: names as bytes, unquoted, whatever they hold.)
    static func list(in folder: PathBytes) -> [PathBytes]? {
        guard let output = run(["git", "-C", folder, "ls-files", "-co", "--exclude-standard", "-z"]) else { return nil }
        return output.split(separator: 0).map { PathBytes($0) }
    }

    /// Runs a program found on PATH with standard input and error on /dev/null; its standard output when it
    /// exits 0, nil otherwise.
    private static func run(_ arguments: [PathBytes]) -> [UInt8]? {
        var ends: [Int32] = [-1, -1]
        // (Folders are expanded before any other thread starts a program, so no child can inherit these.)
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The child starts with no blocked signals, whatever the calling thread blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { $0.withCString { strdup($0) } } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output.append(contentsOf: chunk[0..<n])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited (low 7 bits zero) with status 0.
        return status == 0 ? output : nil
    }
}
