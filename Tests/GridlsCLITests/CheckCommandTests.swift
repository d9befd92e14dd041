import Testing

/// `gridls check`: compiler-style lines, exit 1 only when an error is found.
struct CheckCommandTests {
    @Test func reportsEveryDiagnosticWithItsPosition() throws {
        let document = """
            | a | b |
            |---|---|
            | 1 | 2 | 3 |
            | x |

            | c | d |
            |---|

            """
        let run = try Gridls.run(["check"], stdin: document)
        #expect(run.status == 1)
        #expect(run.stdout == """
            <stdin>:3:11: warning: row has 3 cells but the header has 2: GitHub and most readers do not render the last cell (kramdown adds a column for it); add a header cell or remove it [extra-cells]
            <stdin>:4:3: information: row has 1 of the header's 2 cells: formatting adds an empty cell [missing-cells]
            <stdin>:7:1: error: not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells [delimiter-count-mismatch]

            """)
    }

    @Test func warningsAloneExitZero() throws {
        let run = try Gridls.run(["check"], stdin: """
            |a|
            |-|
            |1|2|

            """)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("[extra-cells]\n"))
    }

    @Test func aCleanFilePrintsNothing() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("clean.md", """
            | a |
            | - |

            """)
        let run = try Gridls.run(["check", path])
        #expect(run.status == 0)
        #expect(run.stdout == "")
    }
}
