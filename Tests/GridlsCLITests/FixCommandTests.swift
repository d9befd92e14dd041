import Testing
import TestSupport

/// `gridls format --fix`: the safe fixes, then formatting; what needs a choice is left and said so.
struct FixCommandTests {
    static let drifted = """
        Text.

        +-----+---+
        | abc | d |
        +-----+---+
        | efgh  | i |
        +-----+---+

        """
    static let reLaid = """
        Text.

        +------+---+
        | abc  | d |
        +------+---+
        | efgh | i |
        +------+---+

        """
    /// A `+` on no column line, which three repairs read as different tables.
    static let choice = BrokenTables.slipWithChoices
    static let choiceLeft = "choice.md:1:10: error: this + is off the table's columns [broken-border] (table left as it was)\n"

    static func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("drift.md", drifted)
        try folder.write("choice.md", choice)
        return folder
    }

    @Test func printsTheFixedDocumentAndWhatItFixed() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["format", "--fix", "drift.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.reLaid)
        #expect(run.stderr == "1 file formatted; 1 fixed\n")
        // Without --fix the drifted table is left as it was, and said so.
        let plain = try Gridls.run(["format", "drift.md"], in: folder.url)
        #expect(plain.status == 1)
        #expect(plain.stdout == Self.drifted)
    }

    @Test func leavesWhatNeedsAChoiceAndExitsOne() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["format", "--fix", "drift.md", "choice.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == Self.reLaid + Self.choice)
        #expect(run.stderr == Self.choiceLeft + "1 file formatted, 1 file with errors; 1 fixed, 1 left (needs a choice)\n")
    }

    @Test func rewritesInPlace() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try Gridls.run(["format", "--fix", "-i", "drift.md", "choice.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "reformatted drift.md\n" + Self.choiceLeft + "1 file reformatted, 1 file with errors; 1 fixed, 1 left (needs a choice)\n")
        #expect(try folder.read("drift.md") == Self.reLaid)
        #expect(try folder.read("choice.md") == Self.choice)
        let again = try Gridls.run(["format", "--fix", "--check", "drift.md"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stderr == "1 file already formatted; 0 would be fixed\n")
    }

    @Test func checksAndDiffs() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let check = try Gridls.run(["format", "--fix", "--check", "drift.md"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.stdout == "would reformat drift.md\n")
        #expect(check.stderr == "1 file would be reformatted; 1 would be fixed\n")
        let diff = try Gridls.run(["format", "--fix", "--diff", "drift.md"], in: folder.url)
        #expect(diff.status == 1)
        #expect(diff.stdout == """
            --- drift.md
            +++ drift.md
            @@ -1,7 +1,7 @@
             Text.
             
            -+-----+---+
            -| abc | d |
            -+-----+---+
            -| efgh  | i |
            -+-----+---+
            ++------+---+
            +| abc  | d |
            ++------+---+
            +| efgh | i |
            ++------+---+

            """)
        #expect(diff.stderr == "1 file would be reformatted; 1 would be fixed\n")
        #expect(try folder.read("drift.md") == Self.drifted)
    }

    @Test func closesAnUnclosedSimpleTableFromStandardInput() throws {
        let run = try Gridls.run(["format", "--fix", "--assume-filename", "a.rst"], stdin: """
            =====  ===
            Fruit  Qty
            apple  3

            """)
        #expect(run.status == 0)
        #expect(run.stdout == """
            =====  ===
            Fruit  Qty
            apple  3
            =====  ===

            """)
        #expect(run.stderr == "")  // a filter stays silent
    }

    @Test func fixIsForFormatOnly() throws {
        let run = try Gridls.run(["check", "--fix"], stdin: "")
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: unknown option '--fix' for check\nRun 'gridls --help' for usage.\n")
    }
}
