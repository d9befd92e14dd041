#if canImport(Glibc)
import Glibc
#endif

/// Turns the paths on the command line into the files to process: a folder becomes the Markdown and
/// reStructuredText files under it, any other path is processed as named (even one git ignores or an
/// `--exclude` matches: what is named explicitly is wanted). Each real file is processed once.
struct FileDiscovery {
    /// Endings that folders are searched for. Not `.mdx`: its JSX blocks and `{expressions}` are not
    /// CommonMark, and gridls could take a line of them for a table; name such a file to format it.
    /// (Compared in lower case: `.Rmd` and `.rmd` are both R Markdown.)
    static let extensions: Set<String> = ["md", "markdown", "qmd", "rmd", "rst", "rest"]

    var excludes = ExcludePatterns()

    /// The files, each real file once under the first name it was given (`UniqueFiles`), and the folders
    /// that could not be read.
    func expand(_ paths: [PathBytes]) -> (files: [PathBytes], errors: [FileError]) {
        var files: [PathBytes] = [], errors: [FileError] = []
        for path in paths {
            guard !path.isStandardInput, path.status()?.isDirectory == true else {
                files.append(path)
                continue
            }
            let relative = GitFiles.list(in: path) ?? walk(path, errors: &errors)
            files += relative.filter { isWanted($0) && !excludes.matches(path.joined($0), relative: $0) }
                .map { path.joined($0) }
                .filter { isRegularFile($0) }
                .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        }
        return (UniqueFiles.firstOfEach(files), errors)
    }

    /// A Markdown or reStructuredText file, under no hidden folder and not hidden itself (git lists
    /// tracked files under `.github/` too).
    private func isWanted(_ relative: PathBytes) -> Bool {
        let components = relative.components
        guard let name = components.last, !components.contains(where: { $0.first == UInt8(ascii: ".") }),
              let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        // The endings are ASCII: a byte that is not UTF-8 (decoded as U+FFFD) matches none.
        return Self.extensions.contains(String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased())
    }

    /// Outside git: every entry that is not hidden, without following links to folders (no cycles). Names
    /// are read as the bytes they are.
    private func walk(_ root: PathBytes, errors: inout [FileError]) -> [PathBytes] {
        var found: [PathBytes] = []
        var pending: [PathBytes] = [""]
        while let relative = pending.popLast() {
            let folder = relative.bytes.isEmpty ? root : root.joined(relative)
            guard let handle = folder.withCString(opendir) else {
                errors.append(FileError(path: folder.display, reason: FileAccess.systemReason()))
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes($0.prefix { $0 != 0 }) }
                if name.bytes.first == UInt8(ascii: ".") { continue }
                let child = relative.bytes.isEmpty ? name : relative.joined(name)
                guard let info = root.joined(child).linkStatus() else { continue }
                if info.isDirectory { pending.append(child) } else { found.append(child) }
            }
        }
        return found
    }

    /// Links are left out of walks, so that a walk never leaves the folder; a link named on the command
    /// line is followed.
    private func isRegularFile(_ path: PathBytes) -> Bool {
        path.linkStatus()?.isRegularFile == true
    }
}
