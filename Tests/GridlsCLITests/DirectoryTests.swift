import Foundation
import Testing
import TestSupport

/// Folders on the command line: their Markdown and reStructuredText files, without hidden entries, what
/// git ignores and what `--exclude` names; files named explicitly are processed whatever those say.
struct DirectoryTests {
    static let messy = """
        |a|b|
        |-|-|
        |1|2|

        """
    static let tidy = """
        | a   | b   |
        | --- | --- |
        | 1   | 2   |

        """
    static let messyGrid = """
        +-+--+
        |a|b |
        +-+--+

        """

    /// A tree with a file of each kind: every `.md`-like file is messy, so `--check` lists what was picked.
    static func tree() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        for name in ["build", "docs/deep", ".hidden", "vendor", "gen/a", "untracked"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for name in [
            "README.md", "docs/guide.markdown", "docs/deep/table.MD", "build/out.md", ".hidden/secret.md",
            "docs/.draft.md", "vendor/lib.md", "gen/a/made.md", "untracked/new.md", "page.mdx", "notes.txt", "keep.tmp.md",
        ] {
            try folder.write(name, messy)
        }
        try folder.write("docs/manual.rst", "Manual\n\n" + messyGrid)
        try folder.write(".gitignore", "build/\n*.tmp.md\n")
        return folder
    }

    static func git(_ arguments: [String], in folder: ScratchFolder) throws {
        let git = try ChildProcess("/usr/bin/env", ["git"] + arguments, directory: folder.url.path)
        #expect(git.wait(killingAfter: 60) == 0, "git \(arguments)")
    }

    static func wouldReformat(_ paths: [String]) -> String {
        paths.map { "would reformat \($0)\n" }.joined()
    }

    @Test func insideGitIgnoredAndHiddenFilesAreSkipped() throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        try Self.git(["init", "-q"], in: folder)
        try Self.git(["add", "README.md", "docs"], in: folder)
        let run = try Gridls.run(["format", "--check", "."], in: folder.url)
        #expect(run.status == 1)
        // Tracked and untracked alike; not build/ (ignored), not .hidden/ or .draft.md, not .mdx or .txt.
        #expect(run.stdout == Self.wouldReformat([
            "README.md", "docs/deep/table.MD", "docs/guide.markdown", "docs/manual.rst", "gen/a/made.md",
            "untracked/new.md", "vendor/lib.md",
        ]))
        #expect(run.stderr == "7 files would be reformatted\n")

        // Files named explicitly are processed, ignored, hidden, excluded or not.
        let named = try Gridls.run(["format", "--check", "--exclude", "build", "build/out.md", ".hidden/secret.md", "page.mdx"], in: folder.url)
        #expect(named.stdout == Self.wouldReformat(["build/out.md", ".hidden/secret.md", "page.mdx"]))
    }

    @Test func outsideGitOnlyHiddenEntriesAreSkipped() throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        let run = try Gridls.run(["format", "--check", "."], in: folder.url)
        #expect(run.stdout == Self.wouldReformat([
            "README.md", "build/out.md", "docs/deep/table.MD", "docs/guide.markdown", "docs/manual.rst",
            "gen/a/made.md", "keep.tmp.md", "untracked/new.md", "vendor/lib.md",
        ]))
    }

    @Test(arguments: [true, false])
    func excludePatternsMayBeRepeated(inGit: Bool) throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        if inGit { try Self.git(["init", "-q"], in: folder) }
        // A name matches at any depth; a pattern with `/` matches the path or a folder on the way.
        let run = try Gridls.run(
            ["format", "--check", "--exclude", "vendor", "--exclude", "gen/*", "--exclude=*.markdown", "--exclude", "docs/deep/", "."],
            in: folder.url)
        #expect(run.stdout == Self.wouldReformat(
            ["README.md"] + (inGit ? [] : ["build/out.md"]) + ["docs/manual.rst"] + (inGit ? [] : ["keep.tmp.md"]) + ["untracked/new.md"]))
    }

    @Test func aFolderIsWalkedFromWhereverItIsNamed() throws {
        let folder = try Self.tree()
        defer { folder.remove() }
        try Self.git(["init", "-q"], in: folder)
        // From inside the repository, a subfolder: paths printed as given.
        let sub = try Gridls.run(["format", "-i", "docs/"], in: folder.url)
        #expect(sub.status == 0)
        #expect(sub.stderr == """
            reformatted docs/deep/table.MD
            reformatted docs/guide.markdown
            reformatted docs/manual.rst
            3 files reformatted

            """)
        #expect(try folder.read("docs/guide.markdown") == Self.tidy)
        #expect(try folder.read("docs/manual.rst") == """
            Manual

            +---+---+
            | a | b |
            +---+---+

            """)
        #expect(try folder.read(".hidden/secret.md") == Self.messy)
        // From outside, by an absolute path; and check walks the same way.
        let check = try Gridls.run(["check", folder.url.appendingPathComponent("docs").path], in: URL(fileURLWithPath: "/"))
        #expect(check.status == 0)
        #expect(check.stderr == "3 files checked: no problems\n")
        #expect(try Gridls.run(["check", "."], in: folder.url).stderr == "7 files checked: no problems\n")
    }

    @Test func anEmptyOrUnreadableFolder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("empty/.git-like"), withIntermediateDirectories: true)
        let empty = try Gridls.run(["format", "--check", "empty"], in: folder.url)
        #expect(empty.status == 0)
        #expect(empty.stderr == "no files to format\n")
        guard geteuid() != 0 else { return }  // root reads any folder
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("locked"), withIntermediateDirectories: true)
        #expect(chmod(folder.url.appendingPathComponent("locked").path, 0) == 0)
        defer { chmod(folder.url.appendingPathComponent("locked").path, 0o755) }
        let locked = try Gridls.run(["check", "locked"], in: folder.url)
        #expect(locked.status == 2)
        #expect(locked.stderr == "gridls: locked: permission denied\n0 files checked: no problems\n")
    }
}
