import Foundation
import Testing
import TestSupport

/// What a CI log shows: `would reformat PATH`, `reformatted PATH`, a last summary line on stderr (black's
/// and ruff's words) that `-q` silences, diagnostics in document order, and `--diff`.
struct OutputTests {
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

    static func folder(messy: Int, tidy: Int) throws -> (ScratchFolder, [String]) {
        let folder = try ScratchFolder()
        var paths: [String] = []
        for i in 0..<messy { paths.append(try folder.write("m\(i).md", Self.messy)) }
        for i in 0..<tidy { paths.append(try folder.write("t\(i).md", Self.tidy)) }
        return (folder, paths)
    }

    @Test func everyModeEndsWithASummary() throws {
        let (folder, paths) = try Self.folder(messy: 2, tidy: 14)
        defer { folder.remove() }
        let check = try Gridls.run(["format", "--check"] + paths)
        #expect(check.status == 1)
        #expect(check.stdout == "would reformat \(paths[0])\nwould reformat \(paths[1])\n")
        #expect(check.stderr == "2 files would be reformatted, 14 files already formatted\n")

        let printed = try Gridls.run(["format"] + paths)
        #expect(printed.stderr == "2 files formatted, 14 files already formatted\n")

        let diff = try Gridls.run(["format", "--diff", paths[1], paths[2]])
        #expect(diff.status == 1)
        #expect(diff.stderr == "1 file would be reformatted, 1 file already formatted\n")

        let rewritten = try Gridls.run(["format", "-i"] + paths)
        #expect(rewritten.status == 0)
        #expect(rewritten.stdout == "")
        #expect(rewritten.stderr == "reformatted \(paths[0])\nreformatted \(paths[1])\n2 files reformatted, 14 files left unchanged\n")
        let again = try Gridls.run(["format", "-i"] + paths)
        #expect(again.stderr == "16 files left unchanged\n")

        let checked = try Gridls.run(["check"] + paths)
        #expect(checked.status == 0)
        #expect(checked.stderr == "16 files checked: no problems\n")
    }

    @Test func quietSilencesTheSummaryAndTheRewrittenList() throws {
        let (folder, paths) = try Self.folder(messy: 1, tidy: 1)
        defer { folder.remove() }
        let check = try Gridls.run(["format", "--check", "-q"] + paths)
        #expect(check.status == 1)
        #expect(check.stdout == "would reformat \(paths[0])\n")
        #expect(check.stderr == "")
        let rewritten = try Gridls.run(["format", "--quiet", "-i"] + paths)
        #expect((rewritten.status, rewritten.stdout, rewritten.stderr) == (0, "", ""))
        #expect(try Gridls.run(["check", "-q"] + paths).stderr == "")
    }

    /// A filter (`:%!gridls format` in Vim reads stderr too) prints the document and nothing else.
    @Test func formattingStandardInputIsSilent() throws {
        let run = try Gridls.run(["format"], stdin: Self.messy)
        #expect((run.stdout, run.stderr) == (Self.tidy, ""))
        #expect(try Gridls.run(["format", "--check"], stdin: Self.messy).stderr == "1 file would be reformatted\n")
    }

    @Test func checkCountsBySeverity() throws {
        let document = """
            |a|b|
            |-|-|
            |1|2|3|
            |1|

            | a | b |
            |---|

            """
        let run = try Gridls.run(["check", "-"], stdin: document)
        #expect(run.status == 1)
        #expect(run.stderr == "1 file checked: 1 error, 1 warning, 1 note\n")
        let missing = try Gridls.run(["check", "/nonexistent/x.md"])
        #expect(missing.stderr == "gridls: /nonexistent/x.md: no such file or directory\n0 files checked: no problems; 1 file could not be read\n")
    }

    /// Scanning finds look-alikes before the tables are read: `format` still reports in document order.
    @Test func formatReportsDiagnosticsInDocumentOrder() throws {
        let lShape = """
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """
        let document = lShape + """

            | a | b |
            |---|


            """ + lShape
        let format = try Gridls.run(["format", "-"], stdin: document)
        let check = try Gridls.run(["check", "-"], stdin: document)
        let errors = check.stdout.split(separator: "\n").map { $0 + " (table left as it was)\n" }.joined()
        #expect(errors.components(separatedBy: "\n").count == 4)
        #expect(format.stderr == errors)
    }

    @Test func versionAndHelp() throws {
        #expect(try Gridls.run(["--version"]).stdout == "gridls 0.1.0\n")
        #expect(try Gridls.run(["-V"]).stdout == "gridls 0.1.0\n")
        let help = try Gridls.run(["--help"]).stdout
        for option in ["--diff", "--exclude GLOB", "--config FILE", "-q, --quiet"] { #expect(help.contains(option)) }
    }

    // MARK: --diff

    @Test func diffIsUnifiedWithThreeLinesOfContext() throws {
        let document = "intro\r\n\r\n|a|b|\r\n|-|-|\r\n\r\n1\n2\n3\n4\n5\n6\n7\n\n| x |\n|-|\n|long|"
        let run = try Gridls.run(["format", "--diff", "-"], stdin: document)
        #expect(run.status == 1)
        #expect(run.stdout == """
            --- <stdin>
            +++ <stdin>
            @@ -1,7 +1,7 @@
             intro\r
             \r
            -|a|b|\r
            -|-|-|\r
            +| a   | b   |\r
            +| --- | --- |\r
             \r
             1
             2
            @@ -11,6 +11,6 @@
             6
             7
             
            -| x |
            -|-|
            -|long|
            \\ No newline at end of file
            +| x    |
            +| ---- |
            +| long |
            \\ No newline at end of file

            """)
        let tidy = try Gridls.run(["format", "--diff", "-"], stdin: Self.tidy)
        #expect((tidy.status, tidy.stdout) == (0, ""))
    }

    /// What `patch` makes of the diff is what `format` prints: tables that grow and shrink in height,
    /// near and far from each other, at either end, with and without a last newline.
    @Test func theDiffAppliesWithPatch() throws {
        guard let patch = ["/usr/bin/patch", "/bin/patch"].first(where: FileManager.default.isExecutableFile) else {
            print("theDiffAppliesWithPatch: skipped, patch is not installed")
            return
        }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let grid = """
            +-+
            |a|
            |b|
            +-+


            """
        var documents = [Self.messy, Self.messy.dropLast() + "", "\n" + Self.messy + "\n", grid + Self.messy, "x\r\n\r\n" + grid.replacingOccurrences(of: "\n", with: "\r\n")]
        for gap in 0..<9 {
            let prose = (0..<gap).map { "line \($0)\n" }.joined()
            documents.append(Self.messy + "\n" + prose + Self.tidy + "\n" + prose + grid + prose + Self.messy.dropLast())
        }
        for (index, document) in documents.enumerated() {
            let name = index == 0 ? "doc with spaces \(index).md" : "doc\(index).md"  // patch reads a name up to a tab
            let path = try folder.write(name, document)
            let diff = try Gridls.run(["format", "--diff", name], in: folder.url)
            let formatted = try Gridls.run(["format", "-q", name], in: folder.url).stdout
            #expect(diff.status == (formatted == document ? 0 : 1))
            let patchFile = try folder.write("\(name).diff", diff.stdout)
            let applied = try ChildProcess(patch, ["-s", "-p0", "-i", patchFile], directory: folder.url.path)
            #expect(applied.wait(killingAfter: 60) == 0)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == formatted, "document \(index): \(document.debugDescription)")
        }
    }

    // MARK: bare gridls

    /// On a terminal, one line says what gridls is waiting for; an editor then still gets its server.
    @Test func onATerminalTheServerSaysWhatItIsAndKeepsServing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("onATerminalTheServerSaysWhatItIsAndKeepsServing: skipped, script (util-linux) is not installed")
            return
        }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let request = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        let out = folder.url.appendingPathComponent("out").path
        // `stty raw -echo`: the terminal passes the frame's bytes as they are and echoes nothing.
        let shell = try ChildProcess("/bin/bash", [
            "-c", #"(sleep 0.5; printf 'Content-Length: %d\r\n\r\n%s' ${#1} "$1"; sleep 1; printf 'Content-Length: %d\r\n\r\n%s' ${#2} "$2") | script -qec "stty raw -echo; exec '$0'" /dev/null"#,
            Gridls.binary.path, request, #"{"jsonrpc":"2.0","method":"exit"}"#,
        ], output: .file(out))
        _ = shell.wait(killingAfter: 30)
        let printed = try String(contentsOfFile: out, encoding: .utf8)
        #expect(printed.hasPrefix("gridls is a language server waiting for an LSP client on stdin; `gridls --help` lists the commands\n"))
        #expect(printed.contains(#"{"id":1,"jsonrpc":"2.0","result":{"capabilities":"#))
        // Not on a terminal: not a word on stderr.
        let piped = try Gridls.start([], stdinPath: "/dev/null").finish(timeout: 30)
        #expect(piped.stderr == "")
    }
}
