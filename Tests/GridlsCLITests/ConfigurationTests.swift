import Foundation
import Testing

/// `.gridls.json`: the nearest one above each file, `--config` for all, command-line options over both,
/// and a bad file named with its key (exit 2).
struct ConfigurationTests {
    static let messy = """
        |a|±|
        |-|-|

        """
    static let padded = """
        | a   | ±   |
        | --- | --- |

        """
    static let compact = """
        | a   | ±   |
        |-----|-----|

        """
    /// `±` two columns wide.
    static let wide = """
        | a   | ±  |
        | --- | --- |

        """

    static func tree() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("docs/cjk/deeper"), withIntermediateDirectories: true)
        try folder.write(".gridls.json", #"{"delimiterRow": "compact", "formatOnSave": false, "diagnostics": {"enable": true}}"#)
        try folder.write("docs/cjk/.gridls.json", #"{"ambiguousWidth": 2}"#)
        for name in ["top.md", "docs/guide.md", "docs/cjk/deeper/page.md"] { try folder.write(name, messy) }
        return folder
    }

    @Test func theNearestConfigurationAppliesWhole() throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        let run = try Gridls.run(["format", "-q", "top.md", "docs/guide.md", "docs/cjk/deeper/page.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.compact + Self.compact + Self.wide)
        // Standard input: the working folder's.
        #expect(try Gridls.run(["format"], stdin: Self.messy, in: folder.url.appendingPathComponent("docs")).stdout == Self.compact)
    }

    @Test func commandLineOptionsWinAndConfigNamesOneForAll() throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        let flags = try Gridls.run(["format", "-q", "--delimiter-row", "padded", "top.md", "docs/cjk/deeper/page.md"], in: folder.url)
        #expect(flags.stdout == Self.padded + Self.wide)
        let named = try folder.write("other.json", #"{"ambiguousWidth": 2}"#)
        let explicit = try Gridls.run(["format", "-q", "--config", named, "top.md", "docs/guide.md"], in: folder.url)
        #expect(explicit.stdout == Self.wide + Self.wide)
    }

    @Test(arguments: [
        (#"{"tabSize": 0}"#, "tabSize must be a whole number from 1 to 32"),
        (#"{"tabsize": 4}"#, "unknown key tabsize (the keys are ambiguousWidth, delimiterRow, diagnostics, formatOnSave, maxWidth, overrides, reader, rstContentDirectives, tabSize)"),
        (#"{"delimiterRow": "compact",}"#, "not valid JSON: expected a member name at byte 27"),
        ("[1]", "must hold a JSON object of settings"),
        (#"{"diagnostics": {"foo": 1}}"#, "unknown setting diagnostics.foo (diagnostics has only enable)"),
    ])
    func aBadConfigurationIsNamedWithItsKey(_ text: String, _ problem: String) throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        let config = try folder.write("docs/.gridls.json", text)
        let run = try Gridls.run(["format", "--check", "top.md", "docs/guide.md", "docs"], in: folder.url)
        #expect(run.status == 2)
        // docs/cjk has its own configuration: only docs/guide.md is left out.
        #expect(run.stdout == "would reformat top.md\nwould reformat docs/cjk/deeper/page.md\n")
        #expect(run.stderr == "gridls: \(config): \(problem)\n2 files would be reformatted\n")
        let explicit = try Gridls.run(["check", "--config", config, "top.md"], in: folder.url)
        #expect(explicit.status == 2)
        #expect(explicit.stderr.hasPrefix("gridls: \(config): \(problem)\n"))
        let missing = try Gridls.run(["check", "--config", "nope.json", "top.md"], in: folder.url)
        #expect(missing.stderr.hasPrefix("gridls: nope.json: no such file or directory\n"))
    }

    @Test func aByteOrderMarkBeforeTheJSONIsRead() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write(".gridls.json", "\u{FEFF}{\"delimiterRow\": \"compact\"}")
        try folder.write("a.md", Self.messy)
        let run = try Gridls.run(["format", "-q", "a.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.compact)
    }
}
