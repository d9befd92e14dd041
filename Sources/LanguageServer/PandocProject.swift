#if canImport(Glibc)
import Glibc
#endif
import TextTables

/// Quarto, bookdown and R Markdown website projects: a folder holding `_quarto.yml` (or `.yaml`),
/// `_bookdown.yml` or `_site.yml` renders every `.md` page at or below it with pandoc, so such a page's
/// default reader is pandoc's, not GitHub's. The walk goes up to the root, as the `.gridls.json` walk does.
package enum PandocProject {
    static let markers = ["_quarto.yml", "_quarto.yaml", "_bookdown.yml", "_site.yml"]

    /// The syntax of a file at `path` whose name or language says `named`, inside a pandoc project or
    /// not (`inProject` asked only when it matters): a `.md` or `.markdown` page of one is pandoc's.
    package static func syntax(_ named: DocumentSyntax, path: some Collection<UInt8>, inProject: () -> Bool) -> DocumentSyntax {
        guard named == .markdown, hasMarkdownSuffix(path), inProject() else { return named }
        return .pandocMarkdown
    }

    /// Whether the name ends in `.md` or `.markdown`, in any case.
    static func hasMarkdownSuffix(_ path: some Collection<UInt8>) -> Bool {
        let name = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? []
        let lower = String(decoding: name, as: UTF8.self).lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// Whether `folder` (an absolute path) itself holds a project file.
    static func marks(_ folder: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        let prefix = folder.last == slash ? folder : folder + [slash]
        return markers.contains { marker in
            var info = stat()
            return (prefix + Array(marker.utf8) + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
            } == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// The folder above `folder` (absolute, no trailing slash but the root's), nil for the root.
    static func parent(of folder: [UInt8]) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        guard folder != [slash], let last = folder.lastIndex(of: slash) else { return nil }
        return last == folder.startIndex ? [slash] : Array(folder[..<last])
    }

    static func trimmed(_ folder: [UInt8]) -> [UInt8] {
        var folder = folder
        while folder.count > 1 && folder.last == UInt8(ascii: "/") { folder.removeLast() }
        return folder
    }

    /// Whether `folder` (absolute) or a folder above it holds a project file; one walk, no memory.
    package static func contains(_ folder: [UInt8]) -> Bool {
        var lookup = Lookup()
        return lookup.contains(folder)
    }

    /// The same answer remembered for every folder on the way, so that asking for each of thousands of
    /// files looks at each folder once.
    package struct Lookup {
        private var known: [[UInt8]: Bool] = [:]

        package init() {}

        package mutating func contains(_ folder: [UInt8]) -> Bool {
            var unknown: [[UInt8]] = []
            var current: [UInt8]? = PandocProject.trimmed(folder)
            var answer = false
            while let here = current {
                if let seen = known[here] { answer = seen; break }
                unknown.append(here)
                if PandocProject.marks(here) { answer = true; break }
                current = PandocProject.parent(of: here)
            }
            // Every folder walked shares the answer: a marked one, and those below it, are in the project.
            for folder in unknown { known[folder] = answer }
            return answer
        }
    }
}
