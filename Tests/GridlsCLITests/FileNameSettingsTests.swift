import Foundation
import Testing

/// Settings found by byte paths: a folder whose name is not UTF-8 has its own `.gridls.json` (not that of
/// the folder its name decodes to), `--config` and `--exclude` take such names too.
struct FileNameSettingsTests {
    static let messy = """
        |a|b|
        |-|-|

        """
    static let compact = """
        | a   | b   |
        |-----|-----|

        """
    static let bad: [UInt8] = [0x64, 0xFF]  // "d\xff"

    /// `d\xff/` holds `config`; `d\u{FFFD}/`, the folder a String would find, a broken one.
    static func tree(config: String = #"{"delimiterRow": "compact"}"#) throws -> (ScratchFolder, [UInt8]) {
        let folder = try ScratchFolder()
        let top = Array(folder.url.path.utf8) + [0x2F]
        try ByteFiles.makeFolder(top + bad)
        try ByteFiles.write(top + bad + Array("/.gridls.json".utf8), config)
        try ByteFiles.write(top + bad + Array("/x.md".utf8), messy)
        try folder.write("b.md", messy)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("d\u{FFFD}"), withIntermediateDirectories: true)
        try folder.write("d\u{FFFD}/.gridls.json", #"{"tabSize": 0}"#)
        return (folder, top)
    }

    @Test func aFolderThatIsNotUTF8HasItsOwnConfiguration() throws {
        let (folder, _) = try Self.tree()
        defer { folder.remove() }
        let file = Self.bad + Array("/x.md".utf8)
        let nearest = try Gridls.run(argumentBytes: [Array("format".utf8), file], in: folder.url)
        #expect(nearest.status == 0)
        #expect(nearest.stdout == Self.compact)
        let named = try Gridls.run(
            argumentBytes: ["format", "--config"].map { Array($0.utf8) } + [Self.bad + Array("/.gridls.json".utf8), Array("b.md".utf8)],
            in: folder.url)
        #expect(named.stdout == Self.compact)
    }

    @Test func aBadConfigurationInSuchAFolderIsNamedQuoted() throws {
        let (folder, _) = try Self.tree(config: "[1]")
        defer { folder.remove() }
        let run = try Gridls.run(argumentBytes: [Array("check".utf8), Self.bad + Array("/x.md".utf8)], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: \"\(folder.url.path)/d\\377/.gridls.json\": must hold a JSON object of settings\n0 files checked: no problems\n")
    }

    @Test func anExcludePatternMatchesTheBytesOfAName() throws {
        let (folder, _) = try Self.tree()
        defer { folder.remove() }
        let run = try Gridls.run(argumentBytes: [Array("format".utf8), Array("--check".utf8), Array("--exclude".utf8), [0x2A, 0xFF], Array(".".utf8)], in: folder.url)
        #expect(run.stdout == "would reformat b.md\n")
        let kept = try Gridls.run(argumentBytes: [Array("format".utf8), Array("--check".utf8), Array("--exclude".utf8), [0x2A, 0xFE], Array(".".utf8)], in: folder.url)
        #expect(kept.stdout == "would reformat b.md\nwould reformat \"d\\377/x.md\"\n")
    }
}
