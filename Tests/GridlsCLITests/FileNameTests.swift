import Foundation
import Glibc
import Testing

/// One case of each class of file name that `HostileNameTests` generates at random, spelled out: names
/// that are not UTF-8 or decode alike, names that would forge a line, one file under several names, long
/// names, symlinks.
struct FileNameTests {
    typealias Content = HostileTree.Content
    static let error = Content.error

    /// A scratch folder holding `files` (name bytes → text).
    static func folder(_ files: [([UInt8], String)]) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        for (name, text) in files { try ByteFiles.write(Array(folder.url.path.utf8) + [0x2F] + name, text) }
        return folder
    }

    static func run(_ arguments: [[UInt8]], in folder: ScratchFolder) throws -> GridlsRun {
        try Gridls.run(argumentBytes: arguments, in: folder.url)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aNameThatIsNotUTF8IsFoundReadAndQuoted() throws {
        let bad: [UInt8] = Self.bytes("bad") + [0xFF] + Self.bytes(".md")
        let folder = try Self.folder([(bad, Content.brokenTable)])
        defer { folder.remove() }
        for arguments in [["check", "."], ["check"]].map({ $0.map(Self.bytes) }) {
            let run = try Self.run(arguments + (arguments.count == 1 ? [bad] : []), in: folder)
            #expect(run.status == 1)
            #expect(run.stdout == "\"bad\\377.md\":2:1: \(Self.error)\n")
            #expect(run.stderr == "1 file checked: 1 error\n")
        }
    }

    /// `a\xff.md` and `a\u{FFFD}.md` are two files, though a String makes one name of both.
    @Test func namesThatDecodeAlikeAreDifferentFiles() throws {
        let folder = try Self.folder([
            (Self.bytes("a") + [0xFF] + Self.bytes(".md"), Content.messyTable),
            (Self.bytes("a") + [0xFE] + Self.bytes(".md"), Content.tidyTable),
            (Self.bytes("a\u{FFFD}.md"), Content.tidyTable),
        ])
        defer { folder.remove() }
        let run = try Self.run([Self.bytes("format"), Self.bytes("--check"), Self.bytes(".")], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout == "would reformat \"a\\377.md\"\n")
        #expect(run.stderr == "1 file would be reformatted, 2 files already formatted\n")
    }

    /// Every line that prints a path quotes one with a newline, so that none can be forged.
    @Test func aNewlineInANameIsQuotedWhereverItIsPrinted() throws {
        let name = Self.bytes("a\n+++ b.md")
        let folder = try Self.folder([(name, Content.messyTable + "\n" + Content.brokenTable), (Self.bytes("b.md"), Content.messyTable)])
        defer { folder.remove() }
        let quoted = #""a\n+++ b.md""#
        let check = try Self.run([Self.bytes("check"), name], in: folder)
        #expect(check.stdout == "\(quoted):5:1: \(Self.error)\n")
        let diff = try Self.run([Self.bytes("format"), Self.bytes("--diff"), name], in: folder)
        #expect(diff.stdout == Content.messyThenBroken.diff(quoted))
        #expect(diff.stdout.hasPrefix("--- \(quoted)\n+++ \(quoted)\n@@ -1,5 +1,5 @@\n"))
        let wouldChange = try Self.run([Self.bytes("format"), Self.bytes("--check"), name], in: folder)
        #expect(wouldChange.stdout == "would reformat \(quoted)\n")
        let inPlace = try Self.run([Self.bytes("format"), Self.bytes("-i"), name, Self.bytes("gone\t.md")], in: folder)
        #expect(inPlace.status == 2)
        #expect(inPlace.stderr == """
            reformatted \(quoted)
            \(quoted):5:1: \(Self.error) (table left as it was)
            gridls: "gone\\t.md": no such file or directory
            2 files with errors (1 of them partly reformatted)

            """)
        #expect(try folder.read("b.md") == Content.messyTable)
    }

    /// `a.md ./a.md`, a link and its target, a hard link, a folder and a file in it: one job each, under
    /// the first name, where that name came; a missing file named twice is reported once.
    @Test func aFileNamedSeveralWaysIsProcessedOnce() throws {
        let folder = try Self.folder([(Self.bytes("a.md"), Content.messyTable), (Self.bytes("b.md"), Content.brokenTable)])
        defer { folder.remove() }
        let top = folder.url.path
        #expect(symlink("a.md", top + "/link.md") == 0)
        #expect(link(top + "/b.md", top + "/hard.md") == 0)
        let names = ["link.md", "./a.md", "a.md", ".", "hard.md", "gone.md", "b.md", "./gone.md", "gone.md"]
        let run = try Self.run([Self.bytes("format"), Self.bytes("-i")] + names.map(Self.bytes), in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == """
            reformatted link.md
            b.md:2:1: \(Self.error) (table left as it was)
            gridls: gone.md: no such file or directory
            1 file reformatted, 2 files with errors

            """)
        #expect(try folder.read("a.md") == Content.tidyTable)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: top + "/link.md") == "a.md")
        let check = try Self.run([Self.bytes("check"), Self.bytes("hard.md"), Self.bytes("."), Self.bytes("b.md")], in: folder)
        #expect(check.stdout == "hard.md:2:1: \(Self.error)\n")
        #expect(check.stderr == "2 files checked: 1 error\n")
    }

    /// `NAME.gridls-XXXXXX` would be longer than the 255 bytes a name may have: the temporary file is
    /// `.gridls-XXXXXX` instead, and nothing is left beside the file.
    @Test(arguments: 241...255)
    func aLongNameIsRewrittenInPlace(length: Int) throws {
        let name = String(repeating: "x", count: length - 3) + ".md"
        let folder = try Self.folder([(Self.bytes(name), Content.messyTable)])
        defer { folder.remove() }
        let run = try Gridls.run(["format", "-i", name], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stderr == "reformatted \(name)\n1 file reformatted\n")
        #expect(try folder.read(name) == Content.tidyTable)
        #expect(try folder.names() == [name])
    }

    /// The short temporary file is removed by a signal as the long one is.
    @Test func aSignalRemovesTheShortTemporaryFile() throws {
        let name = String(repeating: "x", count: 252) + ".md"
        let folder = try Self.folder([(Self.bytes(name), Content.messyTable)])
        defer { folder.remove() }
        let paused = try PausedGridls(["format", "-i", folder.url.path + "/" + name])
        defer { try? FileManager.default.removeItem(at: paused.pauseFile) }
        #expect(try folder.names().contains { $0.hasPrefix(".gridls-") && $0.count == 14 })
        kill(paused.running.process.pid, SIGTERM)
        #expect(try paused.running.finish(timeout: 20).status == 128 + SIGTERM)
        #expect(try folder.names() == [name])
        #expect(try folder.read(name) == Content.messyTable)
    }

    /// `-i` follows a symlink: the file it leads to is rewritten (its temporary file beside it) and the
    /// link stays. A dangling link is missing; a folder walk leaves links out.
    @Test func aSymlinkIsFollowedAndKept() throws {
        let folder = try Self.folder([])
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("real"), withIntermediateDirectories: true)
        try folder.write("real/doc.md", Content.messyTable)
        #expect(symlink("real/doc.md", folder.url.path + "/doc.md") == 0)
        #expect(symlink("real/gone.md", folder.url.path + "/dangling.md") == 0)
        let walk = try Gridls.run(["format", "--check", "."], in: folder.url)
        #expect(walk.stdout == "would reformat real/doc.md\n")
        let run = try Gridls.run(["format", "-i", "doc.md", "dangling.md"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "reformatted doc.md\ngridls: dangling.md: no such file or directory\n1 file reformatted, 1 file with errors\n")
        #expect(try folder.read("real/doc.md") == Content.tidyTable)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.path + "/doc.md") == "real/doc.md")
        #expect(try folder.names() == ["dangling.md", "doc.md", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path + "/real") == ["doc.md"])
    }
}
