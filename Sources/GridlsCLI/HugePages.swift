#if canImport(Glibc)
import Glibc
#endif

/// The language server answers with buffers of tens of megabytes (a formatting of a 10 MB table is a
/// 27 MB answer) and reads tables into arrays as large. Backed by transparent huge pages, which glibc asks
/// for when its `hugetlb` tunable is set, they are faulted in 512 times fewer: such an answer took a
/// quarter less. Tunables are read only from the environment a program starts with, so the server starts
/// itself again with it set; it starts once per editor session, and the command line, whose runs are
/// mostly small files, does not pay the restart.
enum HugePages {
    static let variable = "GLIBC_TUNABLES", tunable = "glibc.malloc.hugetlb"

    /// What `GLIBC_TUNABLES` becomes for the restart (`original` with the tunable added), or nil when it
    /// names the tunable already (a user's own choice, or the restart done).
    static func tunables(adding original: String?) -> String? {
        guard original?.contains(tunable) != true else { return nil }
        return original.flatMap { $0.isEmpty ? nil : "\($0):\(tunable)=1" } ?? "\(tunable)=1"
    }

    /// Starts this program again with the tunable set, unless it is; returns when it does not restart.
    static func restartWithThem() {
        #if os(Linux)
        let original = getenv(variable).map { String(cString: $0) }
        guard let tunables = tunables(adding: original) else { return }
        setenv(variable, tunables, 1)
        var argv = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &argv)
        // Not restarted (no /proc, say): go on as it is, the environment as it was.
        if let original { setenv(variable, original, 1) } else { unsetenv(variable) }
        for pointer in argv { free(pointer) }
        #endif
    }
}
