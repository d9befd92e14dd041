import Foundation
import Testing

/// Usage errors and unreadable or unwritable files: a message naming the problem on stderr, exit 2, nothing lost.
struct CommandLineErrorTests {
    @Test(arguments: [
        (["--bogus"], "gridls: unknown command '--bogus': expected format or check"),
        (["format", "--nope"], "gridls: unknown option '--nope' for format"),
        (["check", "-i", "x.md"], "gridls: unknown option '-i' for check"),
        (["format", "-i", "--check", "x.md"], "gridls: --in-place, --check and --diff cannot be used together"),
        (["format", "-i"], "gridls: --in-place needs files: standard input cannot be rewritten"),
        (["format", "--ambiguous-width", "3"], "gridls: --ambiguous-width must be 1 or 2, not '3'"),
        (["format", "--delimiter-row"], "gridls: --delimiter-row needs a value"),
        (["format", "--tab-size", "0"], "gridls: --tab-size must be a whole number from 1 to 32, not '0'"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let run = try Gridls.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == message + "\nRun 'gridls --help' for usage.\n")
    }

    @Test func helpAndVersion() throws {
        let help = try Gridls.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: gridls [--stdio]"))
        #expect(help.stdout.contains("gridls format [options] [PATH...]"))
        #expect(try Gridls.run(["format", "--help"]).stdout == help.stdout)
        #expect(try Gridls.run(["--version"]).stdout == "gridls 0.1.0\n")
    }

    @Test func unreadableInputsAreNamedAndTheRestStillRuns() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let good = try folder.write("good.md", """
            |a|
            |-|

            """)
        let binary = folder.url.appendingPathComponent("binary.md").path
        try Data([0x7C, 0x00, 0x7C, 0x0A]).write(to: URL(fileURLWithPath: binary))
        let latin1 = folder.url.appendingPathComponent("latin1.md").path
        try Data([0x7C, 0xE9, 0x7C, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let missing = folder.url.appendingPathComponent("missing.md").path
        let run = try Gridls.run(["format", missing, binary, latin1, good])
        #expect(run.status == 2)
        #expect(run.stdout == """
            | a   |
            | --- |

            """)
        #expect(run.stderr == """
            gridls: \(missing): no such file or directory
            gridls: \(binary): binary file (contains NUL bytes)
            gridls: \(latin1): not UTF-8 text
            1 file formatted, 3 files with errors

            """)
    }

    /// The summary counts each file once: one holding a broken table is a file with errors, not also an
    /// unchanged one.
    @Test func theSummaryCountsEachFileOnce() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let broken = try folder.write("broken.md", """
            +---+---+
            | a | b |
            +---+--+

            """)
        let messy = try folder.write("messy.md", """
            |a|b|
            |-|-|

            """)
        let tidy = try folder.write("tidy.md", """
            | a   |
            | --- |

            """)
        let check = try Gridls.run(["format", "--check", broken, messy, tidy])
        #expect(check.status == 1)
        #expect(check.stderr.hasSuffix("\n1 file would be reformatted, 1 file already formatted, 1 file with errors\n"))
        let alone = try Gridls.run(["format", "-i", broken])
        #expect(alone.stderr.hasSuffix(" (table left as it was)\n1 file with errors\n"))
        // A file whose other table was reformatted says so, still once.
        let both = try folder.write("both.md", """
            |a|b|
            |-|-|

            +---+---+
            | a | b |
            +---+--+

            """)
        let mixed = try Gridls.run(["format", "-i", both])
        #expect(mixed.stderr.hasPrefix("reformatted \(both)\n"))
        #expect(mixed.stderr.hasSuffix(" (table left as it was)\n1 file with errors, partly reformatted\n"))
        #expect(try Gridls.run(["format", "--check", both, messy]).stderr.hasSuffix("1 file would be reformatted, 1 file with errors\n"))
    }

    @Test func aFileThatCannotBeWrittenIsReportedAndLeftAsItWas() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("locked.md", """
            |a|
            |-|

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let run = try Gridls.run(["format", "-i", path])
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: \(path): read-only file\n1 file with errors\n")
        #expect(try folder.read("locked.md") == """
            |a|
            |-|

            """)
    }
}
