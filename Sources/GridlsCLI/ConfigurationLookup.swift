#if canImport(Glibc)
import Glibc
#endif
import LanguageServer
import TextTables

/// Finds each file's settings: `--config FILE` for all, else the nearest `.gridls.json` above the file
/// (above the working folder for standard input), and whether a pandoc project holds it
/// (`PandocProject`); each folder and file is looked at once. Paths are bytes throughout, so a folder
/// whose name is not UTF-8 finds its own file.
struct ConfigurationLookup {
    let explicit: PathBytes?
    private var nearest: [PathBytes: PathBytes?] = [:]
    private var loaded: [PathBytes: Result<ProjectConfiguration, ConfigurationError>] = [:]
    private var projects = PandocProject.Lookup()

    init(explicit: PathBytes?) { self.explicit = explicit }

    /// The settings its configuration gives the file at `path` (its `overrides` matched against the
    /// file's absolute path), nil when there is no configuration.
    mutating func options(for path: PathBytes, assumedName: PathBytes?) -> Result<(format: FormatOptions, reader: MarkdownReader?), ConfigurationError>? {
        let named = path.isStandardInput ? assumedName ?? "x" : path
        let folder = folder(of: named)
        guard let file = explicit ?? configFile(near: folder) else { return nil }
        let result = loaded[file] ?? Result { () throws(ConfigurationError) in try ProjectConfiguration.load(file.bytes, named: file.display) }
        loaded[file] = result
        return result.map { $0.options(for: folder.joined(PathBytes(named.lastComponent)).bytes) }
    }

    /// The syntax of the file at `path` when no setting names its reader: `named` (by its ending), but
    /// pandoc's for a `.md` page of a Quarto or bookdown project (`PandocProject`).
    mutating func defaultSyntax(_ named: DocumentSyntax, for path: PathBytes, assumedName: PathBytes?) -> DocumentSyntax {
        guard let name = path.isStandardInput ? assumedName : path else { return named }
        return PandocProject.syntax(named, path: name.bytes) { projects.contains(folder(of: name).bytes) }
    }

    private mutating func configFile(near folder: PathBytes) -> PathBytes? {
        if let known = nearest[folder] { return known }
        let found = ProjectConfiguration.nearest(to: folder.bytes).map { PathBytes($0) }
        nearest[folder] = found
        return found
    }

    /// The file's folder as an absolute path without `..` (the real one when it exists).
    private func folder(of path: PathBytes) -> PathBytes {
        let folder = path.folder
        if let real = folder.resolved() { return real }
        if folder.bytes.first == PathBytes.slash { return folder }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let workingFolder = getcwd(&buffer, buffer.count).map { PathBytes(cString: $0) } ?? "/"
        return workingFolder.joined(folder)
    }
}
