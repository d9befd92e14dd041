#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fnmatch(3) on bytes (names need not be UTF-8): how `.gridls.json`'s `files` patterns (`PathGlob`) and
/// the command line's `--exclude` patterns match a name or a path. `pathname`: a `/` in the name is
/// matched only by a `/` in the pattern (FNM_PATHNAME).
package func fnmatchBytes(_ pattern: some Collection<UInt8>, _ name: some Collection<UInt8>, pathname: Bool = false) -> Bool {
    (Array(pattern) + [0]).withUnsafeBufferPointer { p in
        (Array(name) + [0]).withUnsafeBufferPointer { n in
            p.withMemoryRebound(to: CChar.self) { p in
                n.withMemoryRebound(to: CChar.self) { fnmatch(p.baseAddress!, $0.baseAddress!, pathname ? FNM_PATHNAME : 0) }
            }
        }
    } == 0
}
