#if canImport(Glibc)
import Glibc
#endif

/// Environment variables through which the command-line tests make races and limits deterministic;
/// unset, they change nothing.
enum TestHooks {
    /// `GRIDLS_TEST_INPUT_LIMIT=N`: read at most N bytes of an input instead of 256 MiB.
    static var inputLimit: Int? {
        getenv("GRIDLS_TEST_INPUT_LIMIT").flatMap { Int(String(cString: $0)) }
    }

    /// `GRIDLS_TEST_PAUSE_FILE=PATH`: just before `format -i` checks that a file is unchanged and replaces
    /// it (and, writing in place, once more as the write begins), create PATH holding the file's name, and
    /// wait (at most 60 s) until the test removes PATH. The test changes the file or sends a signal meanwhile.
    static func pauseBeforeReplacing(_ target: PathBytes) {
        guard let pause = getenv("GRIDLS_TEST_PAUSE_FILE") else { return }
        let fd = open(pause, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = FileAccess.writeAll(fd, target.bytes + [0x0A])
        close(fd)
        var waited = 0
        while access(pause, F_OK) == 0 && waited < 6000 {
            usleep(10_000)
            waited += 1
        }
    }
}
