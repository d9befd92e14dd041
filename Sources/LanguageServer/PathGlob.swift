/// A `files` pattern of a `.gridls.json` override, as prettier's and ESLint's `overrides` read theirs: a
/// pattern without `/` matches a file's name in any folder (`*.qmd`); one with `/` matches the path from
/// the configuration's folder (`docs/**/*.md`), where `**` stands for any number of folders. Within a
/// component, `*`, `?` and `[...]` are fnmatch's, on the name's bytes; a leading `*` matches a leading dot.
struct PathGlob: Sendable {
    private let components: [[UInt8]]
    private let matchesName: Bool

    init(_ pattern: String) {
        var bytes = Array(pattern.utf8)[...]
        while bytes.starts(with: "./".utf8) { bytes = bytes.dropFirst(2) }
        matchesName = !bytes.contains(PathGlob.slash)
        components = bytes.split(separator: PathGlob.slash).map(Array.init)
    }

    /// Whether the file at `relative` (from the configuration's folder; nil for a file outside it, which
    /// only a name pattern can match) is one of this pattern's. `name` is its last component.
    func matches(relative: [UInt8]?, name: [UInt8]) -> Bool {
        if matchesName { return components.count == 1 && fnmatchBytes(components[0], name) }
        guard let relative else { return false }
        return Self.match(components[...], relative.split(separator: PathGlob.slash).map(Array.init)[...])
    }

    private static func match(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == Array("**".utf8) {
            // Any number of folders, none included: tried shortest first, each path suffix once.
            return path.indices.contains { match(pattern.dropFirst(), path[$0...]) } || match(pattern.dropFirst(), path[path.endIndex...])
        }
        guard let name = path.first, fnmatchBytes(first, name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static let slash = UInt8(ascii: "/")
}
