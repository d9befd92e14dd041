import Testing

/// Every error `check` reports makes `format` exit 1 with that diagnostic on stderr, in every mode and for
/// every input, and leaves the lines it is about byte for byte while the rest is still formatted.
struct UnreadableTableTests {
    static let messy = """
        |x|y|
        |-|-|


        """
    static let tidy = """
        | x   | y   |
        | --- | --- |


        """

    /// One document per error class, each after a table that formatting does change.
    static let broken: [(code: String, text: String)] = [
        ("delimiter-count-mismatch", """
            | a | b |
            |---|
            | 1 | 2 |

            """),
        ("delimiter-count-mismatch", """
            |a|
            |-|-|-|

            """),
        ("non-rectangular-cell", """
            +---+---+
            | a | b |
            +---+   |
            | c     |
            +---+---+

            """),
        ("broken-border", """
            +---+---+
            | a | b |
            +-------+
            | c | d |
            +---+---+

            """),
        ("unclosed-table", """
            +---+---+
            | a | b |
            +---+---+
            | c | d |

            A paragraph.

            """),
        ("multiple-header-separators", """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +===+===+
            | e | f |
            +---+---+

            """),
    ]

    @Test func aLookAlikeIsReportedAndLeftByteForByte() throws {
        let run = try Gridls.run(["format"], stdin: Self.messy + """
            | a | b |
            |---|

            """)
        #expect(run.status == 1)
        #expect(run.stdout == Self.tidy + """
            | a | b |
            |---|

            """)
        #expect(run.stderr == "<stdin>:5:1: error: not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells [delimiter-count-mismatch] (table left as it was)\n")
    }

    @Test(arguments: broken)
    func standardInput(_ code: String, _ text: String) throws {
        let run = try Gridls.run(["format"], stdin: Self.messy + text)
        #expect(run.status == 1)
        #expect(run.stdout == Self.tidy + text)
        #expect(run.stderr == (try Self.errors(of: Self.messy + text, code: code)))
    }

    @Test(arguments: broken)
    func filesPrintedRewrittenAndChecked(_ code: String, _ text: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("doc.md", Self.messy + text)
        let errors = try Self.errors(of: Self.messy + text, code: code).replacingOccurrences(of: "<stdin>", with: path)

        let printed = try Gridls.run(["format", "-q", path])
        #expect(printed.status == 1)
        #expect(printed.stdout == Self.tidy + text)
        #expect(printed.stderr == errors)

        let checked = try Gridls.run(["format", "-q", "--check", path])
        #expect(checked.status == 1)
        #expect(checked.stdout == "would reformat \(path)\n")
        #expect(checked.stderr == errors)
        #expect(try folder.read("doc.md") == Self.messy + text)

        let rewritten = try Gridls.run(["format", "-q", "-i", path])
        #expect(rewritten.status == 1)
        #expect(rewritten.stdout == "")
        #expect(rewritten.stderr == errors)
        #expect(try folder.read("doc.md") == Self.tidy + text)

        // Already tidy: nothing would change, yet the error still fails the run.
        let tidyCheck = try Gridls.run(["format", "-q", "--check", path])
        #expect(tidyCheck.status == 1)
        #expect(tidyCheck.stdout == "")
        #expect(tidyCheck.stderr == errors)
    }

    /// What `check` says of the document's errors (at least one, of `code`), as `format` reports them.
    static func errors(of document: String, code: String) throws -> String {
        let check = try Gridls.run(["check"], stdin: document)
        let lines = check.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(lines.contains { $0.hasSuffix("[\(code)]") }, "check reports no \(code): \(check.stdout)")
        return lines.map { $0 + " (table left as it was)\n" }.joined()
    }
}
