import Testing

/// `--output-format text|github|json` for `check` and `format --check`.
struct OutputFormatTests {
    static let pipe = """
        | a | b |
        |---|---|
        | 1 | 2 | 3 |

        """
    static let driftMessage = "the | on this line stand off the columns its borders draw (text typed into a cell pushes them), so pandoc reads another table: re-lay the table from its cells"
    static let extraMessage = "row has 3 cells but the header has 2: GitHub and most readers do not render the last cell (kramdown adds a column for it); add a header cell or remove it"

    static func folder() throws -> ScratchFolder {
        let folder = try FixCommandTests.folder()
        try folder.write("pipe.md", pipe)
        try folder.write("a,b:c%.md", """
            | a |
            |---|
            | 1 | 2 |

            """)
        return folder
    }

    @Test func textIsTheDefault() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["check", "--output-format", "text", "drift.md", "pipe.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "drift.md:6:1: error: \(Self.driftMessage) [broken-border]\npipe.md:3:11: warning: \(Self.extraMessage) [extra-cells]\n")
        #expect(run.stderr == "2 files checked: 1 error, 1 warning\n")
        #expect(try Gridls.run(["check", "drift.md", "pipe.md"], in: folder.url).stdout == run.stdout)
    }

    @Test func github() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["check", "--output-format=github", "drift.md", "choice.md", "pipe.md", "a,b:c%.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
            ::error file=drift.md,line=6,col=1,endLine=6,endColumn=14,title=broken-border::\(Self.driftMessage)
            ::error file=choice.md,line=1,col=10,endLine=1,endColumn=11,title=broken-border::this + is off the table's columns
            ::warning file=pipe.md,line=3,col=11,endLine=3,endColumn=12,title=extra-cells::\(Self.extraMessage)
            ::warning file=a%2Cb%3Ac%25.md,line=3,col=7,endLine=3,endColumn=8,title=extra-cells::row has 2 cells but the header has 1: GitHub and most readers do not render the last cell (kramdown adds a column for it); add a header cell or remove it

            """)
        #expect(run.stderr == "4 files checked: 2 errors, 2 warnings\n")
        let notice = try Gridls.run(["check", "--output-format", "github"], stdin: """
            | a | b |
            |---|---|
            | 1 |

            """)
        #expect(notice.status == 0)
        #expect(notice.stdout == "::notice file=<stdin>,line=3,col=3,endLine=3,endColumn=4,title=missing-cells::row has 1 of the header's 2 cells: formatting adds an empty cell\n")
    }

    @Test func json() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["check", "--output-format", "json", "drift.md", "pipe.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
            [
            {"path":"drift.md","line":6,"column":1,"endLine":6,"endColumn":14,"severity":"error","code":"broken-border","message":"\(Self.driftMessage)","fix":"Re-lay the table from its cells"},
            {"path":"pipe.md","line":3,"column":11,"endLine":3,"endColumn":12,"severity":"warning","code":"extra-cells","message":"\(Self.extraMessage)","fix":null}
            ]

            """)
        #expect(run.stderr == "2 files checked: 1 error, 1 warning\n")
        let clean = try Gridls.run(["check", "--output-format", "json"], stdin: """
            | a |
            |---|

            """)
        #expect(clean.status == 0)
        #expect(clean.stdout == "[]\n")
    }

    @Test func formatCheck() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("loose.md", """
            |a|
            |-|

            """)
        let github = try Gridls.run(["format", "--check", "--output-format", "github", "loose.md", "choice.md"], in: folder.url)
        #expect(github.status == 1)
        #expect(github.stdout == """
            ::error file=loose.md,title=unformatted::would reformat loose.md
            ::error file=choice.md,line=1,col=10,endLine=1,endColumn=11,title=broken-border::this + is off the table's columns

            """)
        #expect(github.stderr == "1 file would be reformatted, 1 file with errors\n")
        let json = try Gridls.run(["format", "--check", "--fix", "--output-format", "json", "loose.md", "drift.md", "choice.md"], in: folder.url)
        #expect(json.status == 1)
        #expect(json.stdout == """
            [
            {"path":"loose.md","line":null,"column":null,"endLine":null,"endColumn":null,"severity":"error","code":"unformatted","message":"would reformat loose.md","fix":null},
            {"path":"drift.md","line":null,"column":null,"endLine":null,"endColumn":null,"severity":"error","code":"unformatted","message":"would reformat drift.md","fix":null},
            {"path":"choice.md","line":1,"column":10,"endLine":1,"endColumn":11,"severity":"error","code":"broken-border","message":"this + is off the table's columns","fix":null}
            ]

            """)
        #expect(json.stderr == "2 files would be reformatted, 1 file with errors; 1 would be fixed, 1 left (needs a choice)\n")
    }

    @Test func aBadValueIsAUsageError() throws {
        let bad = try Gridls.run(["check", "--output-format", "xml"], stdin: "")
        #expect(bad.status == 2)
        #expect(bad.stderr == "gridls: --output-format must be text, github or json, not 'xml'\nRun 'gridls --help' for usage.\n")
        let printing = try Gridls.run(["format", "--output-format", "json"], stdin: "")
        #expect(printing.status == 2)
        #expect(printing.stderr == "gridls: --output-format json goes with check or format --check\nRun 'gridls --help' for usage.\n")
    }
}
