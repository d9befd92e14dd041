#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import TextTables

/// A project's `.gridls.json`: the server's settings (same keys, protocol/schemas/settings.schema.json),
/// shared by the command line and every editor. The nearest one above a file applies, found by walking
/// up the folders to the root, as `.editorconfig` and prettier's files are; the walk does not stop at a
/// git root, so that the CLI and the server (which knows nothing of git) always pick the same file.
package struct ProjectConfiguration: Sendable {
    static let fileName = ".gridls.json"

    package let path: String
    let settings: Settings
    /// The `overrides`: settings for the files their patterns match, each over those before it.
    let overrides: [Override]
    /// The folder holding the file, as found and as its real path: override patterns start from it.
    let folders: [[UInt8]]

    struct Override: Sendable {
        var files: [PathGlob]
        var settings: Settings
    }

    /// The settings of the file at `file` (an absolute path): the file's settings, then those of every
    /// override whose patterns match it, in order, each key over the same key before it.
    func settings(for file: [UInt8]) -> Settings {
        let slash = UInt8(ascii: "/")
        let name = Array(file.split(separator: slash).last ?? [])
        let prefix = folders.map { $0 == [slash] ? $0 : $0 + [slash] }.first { file.starts(with: $0) }
        let relative = prefix.map { Array(file.dropFirst($0.count)) }
        return overrides.reduce(settings) { merged, override in
            override.files.contains { $0.matches(relative: relative, name: name) } ? override.settings.over(merged) : merged
        }
    }

    /// What the command line takes from the settings of the file at `file` (absolute).
    package func options(for file: [UInt8]) -> (format: FormatOptions, reader: MarkdownReader?) {
        let settings = settings(for: file)
        return (settings.formatOptions(), settings.reader)
    }

    /// The nearest `.gridls.json` in `folder` (an absolute path) or a folder above it.
    package static func nearest(to folder: String) -> String? {
        nearest(to: Array(folder.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same on a path's bytes, which need not be UTF-8 (the command line's paths are bytes).
    package static func nearest(to folder: [UInt8]) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        var folder = folder[...]
        while folder.count > 1 && folder.last == slash { folder.removeLast() }
        while true {
            let candidate = (folder.elementsEqual([slash]) ? [] : Array(folder)) + [slash] + Array(fileName.utf8)
            var info = stat()
            if withCString(candidate, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG { return candidate }
            guard !folder.elementsEqual([slash]), let last = folder.lastIndex(of: slash) else { return nil }
            folder = last == folder.startIndex ? [slash] : folder[..<last]
        }
    }

    /// Reads and checks a configuration file: every key must be known and every value valid.
    package static func load(_ path: String) throws(ConfigurationError) -> ProjectConfiguration {
        try load(Array(path.utf8), named: path)
    }

    /// The same for a path given as bytes, which need not be UTF-8; `path` is how messages print it.
    package static func load(_ file: [UInt8], named path: String) throws(ConfigurationError) -> ProjectConfiguration {
        let bytes: [UInt8]
        do { bytes = try readSmallFile(file) } catch { throw ConfigurationError(path: path, problem: error.problem) }
        let json: JSON
        // Editors on Windows often start a UTF-8 file with a byte-order mark; JSON itself has none.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do { json = try JSONParser.parse(text) } catch {
            throw ConfigurationError(path: path, problem: "not valid JSON: \(error)")
        }
        guard var object = json.object else {
            throw ConfigurationError(path: path, problem: "must hold a JSON object of settings")
        }
        let overrides: [Override]
        do { overrides = try Self.overrides(object.removeValue(forKey: "overrides")) } catch { throw ConfigurationError(path: path, problem: error.problem) }
        let settings: Settings
        do { settings = try Self.settings(object, in: "") } catch { throw ConfigurationError(path: path, problem: error.problem) }
        return ProjectConfiguration(path: path, settings: settings, overrides: overrides, folders: folders(of: file))
    }

    /// Settings from `object`, every key known and every value valid; `place` says where they stand.
    private static func settings(_ object: [String: JSON], in place: String) throws(ReadError) -> Settings {
        var settings = Settings()
        if let problem = settings.apply(object).first {
            throw ReadError(problem: place + (problem.isUnknown
                ? "unknown key \(problem.key) (the keys are \((Settings.keys + (place.isEmpty ? ["overrides"] : [])).sorted().joined(separator: ", ")))"
                : problem.message))
        }
        return settings
    }

    /// The `overrides` list: objects of `files` (a pattern or a list of them) and settings.
    private static func overrides(_ json: JSON?) throws(ReadError) -> [Override] {
        guard let json else { return [] }
        let shape = "overrides must be a list of objects such as {\"files\": [\"docs/**/*.md\"], \"reader\": \"pandoc\"}"
        guard let items = json.array else { throw ReadError(problem: shape) }
        var overrides: [Override] = []
        for (n, item) in items.enumerated() {
            guard var object = item.object else { throw ReadError(problem: shape) }
            let files = object.removeValue(forKey: "files")
            let patterns = files?.string.map { [$0] } ?? files?.array?.compactMap(\.string)
            guard let patterns, !patterns.isEmpty, patterns.count == (files?.array?.count ?? 1), !patterns.contains(where: \.isEmpty) else {
                throw ReadError(problem: "overrides[\(n)].files must be a file pattern or a list of them, such as [\"*.qmd\", \"docs/**/*.md\"]")
            }
            overrides.append(Override(files: patterns.map(PathGlob.init), settings: try settings(object, in: "overrides[\(n)]: ")))
        }
        return overrides
    }

    /// The folder holding `file` as given and as its real path (when it has one).
    private static func folders(of file: [UInt8]) -> [[UInt8]] {
        let slash = UInt8(ascii: "/")
        let folder: [UInt8] = file.lastIndex(of: slash).map { $0 == 0 ? [slash] : Array(file[..<$0]) } ?? [UInt8(ascii: ".")]
        guard let real = withCString(folder, { realpath($0, nil) }) else { return [folder] }
        defer { free(real) }
        return [folder, Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))]
    }

    private struct ReadError: Error { var problem: String }

    private static func readSmallFile(_ path: [UInt8]) throws(ReadError) -> [UInt8] {
        let fd = withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard fd >= 0 else { throw ReadError(problem: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ReadError(problem: String(cString: strerror(errno)).lowercased()) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
        throw ReadError(problem: "larger than 1 MiB")
    }

    private static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}

/// A configuration file that cannot be used: the message names the file and the key.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var problem: String
    package var description: String { "\(path): \(problem)" }
}

extension Server {
    /// A document's settings: its project's `.gridls.json` (for `file:` URIs) with the editor's settings
    /// over it. A bad configuration file is a log line, and the editor's settings apply alone.
    func documentSettings(uri: String) -> Settings {
        guard let path = Self.filePath(uri), let slash = path.lastIndex(of: "/"),
              let config = ProjectConfiguration.nearest(to: slash == path.startIndex ? "/" : String(path[..<slash])) else {
            return settings
        }
        do {
            return settings.over(try ProjectConfiguration.load(config).settings(for: Array(path.utf8)))
        } catch {
            log("\(error); its settings are ignored")
            return settings
        }
    }

    /// The path of a `file:` URI (`file:///a%20b.md` → `/a b.md`), or nil for other schemes.
    static func filePath(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) } else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
               let byte = UInt8(String(decoding: rest[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(rest[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
