#if canImport(Glibc)
import Glibc
#endif
import LanguageServer
import TextTables

/// Finds each file's settings: `--config FILE` for all, else the nearest `.gridls.json` above the file
/// (above the working folder for standard input); each folder and file is looked at once.
struct ConfigurationLookup {
    let explicit: String?
    private var nearest: [String: String?] = [:]
    private var loaded: [String: Result<ProjectConfiguration, ConfigurationError>] = [:]

    init(explicit: String?) { self.explicit = explicit }

    /// The configuration of the file at `path`, nil when there is none.
    mutating func configuration(for path: String, assumedName: String?) -> Result<ProjectConfiguration, ConfigurationError>? {
        guard let file = explicit ?? configFile(near: folder(of: path == "-" ? assumedName ?? "x" : path)) else { return nil }
        if let known = loaded[file] { return known }
        let result = Result { () throws(ConfigurationError) in try ProjectConfiguration.load(file) }
        loaded[file] = result
        return result
    }

    private mutating func configFile(near folder: String) -> String? {
        if let known = nearest[folder] { return known }
        let found = ProjectConfiguration.nearest(to: folder)
        nearest[folder] = found
        return found
    }

    /// The file's folder as an absolute path without `..` (the real one when it exists).
    private func folder(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if let real = realpath(folder, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        if folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return (getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/") + "/" + folder
    }
}
