import LanguageServer

/// `--exclude` patterns (fnmatch, on the names' bytes): one without `/` matches any file or folder name
/// on the way; one with `/` matches the path as printed or as seen from the folder named, or any folder
/// that leads to it.
struct ExcludePatterns: Equatable, Sendable {
    var patterns: [PathBytes] = []

    /// Whether a file found in a folder is left out: `path` as printed, `relative` to the folder named.
    func matches(_ path: PathBytes, relative: PathBytes) -> Bool {
        patterns.contains { glob in
            guard glob.bytes.contains(PathBytes.slash) else {
                return relative.components.contains { fnmatchBytes(glob.bytes, $0) }
            }
            var pattern = glob.bytes[...]
            if pattern.starts(with: "./".utf8) { pattern = pattern.dropFirst(2) }
            if pattern.count > 1 && pattern.last == PathBytes.slash { pattern = pattern.dropLast() }
            return [path, relative].contains { whole in
                Self.leadingPaths(whole).contains { fnmatchBytes(pattern, $0.bytes, pathname: true) }
            }
        }
    }

    /// `a/b/c.md` → `a`, `a/b`, `a/b/c.md`.
    private static func leadingPaths(_ path: PathBytes) -> [PathBytes] {
        var prefixes: [PathBytes] = []
        for (index, byte) in path.bytes.enumerated() where byte == PathBytes.slash && index > 0 {
            prefixes.append(PathBytes(path.bytes[..<index]))
        }
        return prefixes + [path]
    }

}
