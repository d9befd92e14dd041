import Foundation
import TestSupport
import Testing

/// Random trees of files with hostile names — newlines, tabs, quotes, backslashes, control characters,
/// bytes that are not UTF-8, names that decode alike, 242–255-byte names, files reached through `./`, a
/// folder, a symlink or a hard link as well — and random command lines naming them. `check`,
/// `format --check`, `format --diff` and `format -i` must print exactly what the model says (each file
/// once, under its first name, quoted where it must be), and `patch -p0` must apply the diff to exactly
/// the files it names. `GRIDLS_NAME_SEEDS=N` runs N trees instead of 40.
struct HostileNameTests {
    static let seeds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["GRIDLS_NAME_SEEDS"].flatMap { Int($0) } ?? 40
        return (0..<UInt64(count)).map { $0 }
    }()

    static let patch = ["/usr/bin/patch", "/bin/patch"].first(where: FileManager.default.isExecutableFile)

    @Test(arguments: seeds)
    func outputIsExactlyTheModels(seed: UInt64) throws {
        let (tree, scratch, root) = try Self.make(seed: seed)
        defer { scratch.remove() }
        let before = try ByteFiles.snapshot(root)
        #expect(try Self.run(["check"], tree, in: root) == tree.expectedCheck, "seed \(seed): \(tree)")
        #expect(try Self.run(["format", "--check"], tree, in: root) == tree.expectedFormatCheck(diff: false), "seed \(seed): \(tree)")
        #expect(try Self.run(["format", "--diff"], tree, in: root) == tree.expectedFormatCheck(diff: true), "seed \(seed): \(tree)")
        #expect(try ByteFiles.snapshot(root) == before, "seed \(seed): only -i writes")

        let copy = try Self.copy(root, to: scratch, "in-place")
        #expect(try Self.run(["format", "-i"], tree, in: copy) == tree.expectedInPlace, "seed \(seed): \(tree)")
        #expect(try ByteFiles.snapshot(copy) == tree.afterInPlace(before), "seed \(seed): \(tree)")
    }

    /// Without names of 242–255 bytes: GNU patch 2.7 writes `NAME.oXXXXXX` beside a file, so it cannot
    /// patch a name over 247 bytes (gridls's diffs for them are checked against the model above).
    @Test(.enabled(if: RequiredTool.mayRun(patch != nil), "patch is not installed (apt-get install patch); CI=true runs it"),
          arguments: seeds)
    func theDiffPatchesWhatItNamesAsInPlaceDoes(seed: UInt64) throws {
        let (tree, scratch, root) = try Self.make(seed: seed, longNames: false)
        defer { scratch.remove() }
        let before = try ByteFiles.snapshot(root)
        let diff = try Gridls.run(argumentBytes: Self.arguments(["format", "--diff"], tree), in: URL(fileURLWithPath: Self.string(root)))
        let inPlace = try Self.copy(root, to: scratch, "in-place")
        _ = try Gridls.run(argumentBytes: Self.arguments(["format", "-i"], tree), in: URL(fileURLWithPath: Self.string(inPlace)))
        let patched = try Self.copy(root, to: scratch, "patched")
        if !diff.outputBytes.isEmpty {
            let diffFile = scratch.url.appendingPathComponent("changes.diff")
            try Data(diff.outputBytes).write(to: diffFile)
            let patch = try ChildProcess(
                Self.patch ?? "patch", ["-s", "-p0", "--follow-symlinks", "--no-backup-if-mismatch", "-i", diffFile.path],
                directory: Self.string(patched))
            #expect(patch.wait(killingAfter: 60) == 0, "seed \(seed): \(tree)")
        }
        #expect(try ByteFiles.snapshot(patched) == tree.afterPatch(before), "seed \(seed): \(tree)")
        for name in tree.patchedNames {
            #expect(try ByteFiles.read(patched + [0x2F] + name.path) == ByteFiles.read(inPlace + [0x2F] + name.path))
        }
    }

    /// The seeds run cover every class of name and command line, the hard-picked ones included.
    @Test func theSeedsCoverEveryClass() {
        let covered = Self.seeds.reduce(into: Set<String>()) { $0.formUnion(HostileTree.random(seed: $1).classes) }
        #expect(HostileTree.allClasses.subtracting(covered) == [])
    }

    // MARK: helpers

    /// The tree of a seed, made in a new scratch folder's `tree` (in a git work tree for some seeds).
    static func make(seed: UInt64, longNames: Bool = true) throws -> (HostileTree, ScratchFolder, [UInt8]) {
        let tree = HostileTree.random(seed: seed, longNames: longNames)
        let scratch = try ScratchFolder()
        let root = Array(scratch.url.appendingPathComponent("tree").path.utf8)
        do {
            try ByteFiles.makeFolder(root)
            try tree.create(at: root)
        } catch {
            scratch.remove()
            throw error
        }
        if tree.inGit {
            let git = try ChildProcess("/usr/bin/env", ["git", "init", "-q"], directory: string(root))
            #expect(git.wait(killingAfter: 60) == 0)
        }
        return (tree, scratch, root)
    }

    static func run(_ command: [String], _ tree: HostileTree, in folder: [UInt8]) throws -> ExpectedRun {
        let run = try Gridls.run(argumentBytes: arguments(command, tree), in: URL(fileURLWithPath: string(folder)))
        func text(_ bytes: [UInt8]) -> String { String(validating: bytes, as: UTF8.self) ?? "not UTF-8: \(bytes)" }
        return ExpectedRun(status: run.status, stdout: text(run.outputBytes), stderr: text(run.errorBytes))
    }

    static func arguments(_ command: [String], _ tree: HostileTree) -> [[UInt8]] {
        command.map { Array($0.utf8) } + tree.arguments.map(\.path.bytes)
    }

    /// `cp -a`: links, hard links and names kept as they are.
    static func copy(_ root: [UInt8], to scratch: ScratchFolder, _ name: String) throws -> [UInt8] {
        let copy = scratch.url.appendingPathComponent(name).path
        let cp = try ChildProcess("/bin/cp", ["-a", string(root), copy])
        #expect(cp.wait(killingAfter: 60) == 0)
        return Array(copy.utf8)
    }

    /// The scratch folders' own paths are ASCII.
    static func string(_ path: [UInt8]) -> String { String(decoding: path, as: UTF8.self) }
}
