#if canImport(Glibc)
import Glibc
#endif

/// Turns the paths on the command line into the files to process: a folder becomes the Markdown and
/// reStructuredText files under it, any other path is processed as named (even one git ignores or an
/// `--exclude` matches: what is named explicitly is wanted).
struct FileDiscovery {
    /// Endings that folders are searched for. Not `.mdx`: its JSX blocks and `{expressions}` are not
    /// CommonMark, and gridls could take a line of them for a table; name such a file to format it.
    static let extensions: Set<String> = ["md", "markdown", "rst", "rest"]

    /// `--exclude` patterns (fnmatch): one without `/` matches any file or folder name on the way; one
    /// with `/` matches the path as printed or as seen from the folder named, or any folder that leads to it.
    var excludes: [String] = []

    /// The files, and the folders that could not be read.
    func expand(_ paths: [String]) -> (files: [String], errors: [FileError]) {
        var files: [String] = [], errors: [FileError] = []
        for path in paths {
            var info = stat()
            guard path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                files.append(path)
                continue
            }
            let relative = GitFiles.list(in: path) ?? walk(path, errors: &errors)
            files += relative.filter { isWanted($0) && !isExcluded(join(path, $0), relative: $0) }
                .map { join(path, $0) }
                .filter { isRegularFile($0) }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return (files, errors)
    }

    /// A Markdown or reStructuredText file, under no hidden folder and not hidden itself (git lists
    /// tracked files under `.github/` too).
    private func isWanted(_ relative: String) -> Bool {
        let components = relative.split(separator: "/")
        guard let name = components.last, !components.contains(where: { $0.hasPrefix(".") }),
              let dot = name.lastIndex(of: ".") else { return false }
        return Self.extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private func isExcluded(_ path: String, relative: String) -> Bool {
        excludes.contains { glob in
            guard glob.contains("/") else {
                return relative.split(separator: "/").contains { fnmatch(glob, String($0), 0) == 0 }
            }
            var pattern = glob.hasPrefix("./") ? String(glob.dropFirst(2)) : glob
            if pattern.count > 1 && pattern.hasSuffix("/") { pattern.removeLast() }
            return [path, relative].contains { leadingPaths($0).contains { fnmatch(pattern, $0, FNM_PATHNAME) == 0 } }
        }
    }

    /// `a/b/c.md` → `a`, `a/b`, `a/b/c.md`.
    private func leadingPaths(_ path: String) -> [String] {
        var prefixes: [String] = []
        var index = path.startIndex
        while let slash = path[index...].firstIndex(of: "/") {
            if slash > path.startIndex { prefixes.append(String(path[..<slash])) }
            index = path.index(after: slash)
        }
        return prefixes + [path]
    }

    /// Outside git: every entry that is not hidden, without following links to folders (no cycles).
    private func walk(_ root: String, errors: inout [FileError]) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : join(root, relative)
            guard let handle = opendir(folder) else {
                errors.append(FileError(path: folder, reason: FileAccess.systemReason()))
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(join(root, child), &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR { pending.append(child) } else { found.append(child) }
            }
        }
        return found
    }

    /// Links are left out of walks: `-i` would replace the link with a file.
    private func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `folder/relative`, printed as the user would type it: `./a.md` is `a.md`.
    private func join(_ folder: String, _ relative: String) -> String {
        if folder == "." || folder == "./" { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
