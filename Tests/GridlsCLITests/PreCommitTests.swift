import Foundation
import Testing
import TestSupport

/// `.pre-commit-hooks.yaml`, through pre-commit itself: `pre-commit try-repo` clones this repository,
/// builds gridls with `swift build -c release` (a few minutes) and runs both hooks on a sample repository.
/// It clones what is committed (and changes to tracked files): a new hooks file is seen once committed.
struct PreCommitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let preCommit: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/pre-commit" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.enabled(if: RequiredTool.mayRun(preCommit != nil), "pre-commit is not installed (pip install pre-commit; CI=true runs it)"))
    func bothHooksRunOnASampleRepository() throws {
        let preCommit = try #require(Self.preCommit, "CI=true: pre-commit must be installed")
        let sample = try ScratchFolder()
        defer { sample.remove() }
        try FileManager.default.createDirectory(at: sample.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try sample.write("docs/messy.md", """
            |a|b|
            |-|-|

            """)
        try sample.write("docs/tidy.rst", """
            Title
            =====

            +---+
            | a |
            +---+

            """)
        try sample.write("broken.md", """
            | a | b |
            |---|

            """)
        try sample.write("notes.txt", """
            |a|b|
            |-|-|

            """)
        for arguments in [["init", "-q"], ["add", "-A"]] {
            #expect(try ChildProcess("/usr/bin/env", ["git"] + arguments, directory: sample.url.path).wait(killingAfter: 60) == 0)
        }
        let home = sample.url.appendingPathComponent(".pre-commit-home").path
        let log = sample.url.appendingPathComponent(".log").path
        let environment = ProcessInfo.processInfo.environment.merging(["PRE_COMMIT_HOME": home, "PRE_COMMIT_COLOR": "never"]) { $1 }
        let run = try ChildProcess(
            preCommit, ["try-repo", Self.root.path, "--all-files", "--color", "never"], environment: environment,
            directory: sample.url.path, output: .file(log), error: .sameAsOutput)
        let status = run.wait(killingAfter: 1500)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 1, "\(output)")
        #expect(output.contains("gridls format") && output.contains("- files were modified by this hook"), "\(output)")
        #expect(output.contains("broken.md:2:1: error: not a table"), "\(output)")
        #expect(try sample.read("docs/messy.md") == """
            | a   | b   |
            | --- | --- |

            """)
        #expect(try sample.read("notes.txt") == """
            |a|b|
            |-|-|

            """)
    }
}
