import Testing
import TestSupport
@testable import TextTables

/// The diagnostics of pipe tables: exact codes, severities, messages and ranges.
struct PipeTableChecksTests {
    func diagnostics(_ document: String) -> [Diagnostic] {
        let text = TextLines(document)
        return DocumentFormatter.diagnostics(text, scan: MarkdownScanner.scan(text))
    }

    /// The index checks rows one at a time without keeping the table: the same diagnostics as the table's.
    @Test func rowByRowChecksAgreeWithTheTables() {
        var compared = 0
        for seed in UInt64(0)..<300 {
            var generator = RandomDocument(seed: seed)
            let text = TextLines(generator.make())
            for region in MarkdownScanner.scan(text).tables where region.kind == .pipe {
                #expect(PipeTableChecks.check(text, region: region) == PipeTableChecks.check(PipeTable.parse(text, region: region)), "seed \(seed)")
                compared += 1
            }
        }
        #expect(compared > 200)  // 266 tables in these 300 documents
    }

    @Test func extraCellsAreAWarningOverTheCellsThatAreNotRendered() {
        let found = diagnostics("""
            | a | b |
            |---|---|
            | 1 | 2 | 3 | 4 |

            """)
        #expect(found == [Diagnostic(
            code: .extraCells, severity: .warning,
            message: "row has 4 cells but the header has 2: GitHub and most readers do not render the last 2 cells (kramdown adds columns for them); add 2 header cells or remove them",
            range: 30..<35)])
    }

    @Test func missingCellsAreInformation() {
        let found = diagnostics("""
            | a | b | c |
            |---|---|---|
            | 1 |

            """)
        #expect(found == [Diagnostic(
            code: .missingCells, severity: .information,
            message: "row has 1 of the header's 3 cells: formatting adds 2 empty cells",
            range: 30..<31)])
    }

    @Test func aDelimiterRowWithAnotherCountIsAnErrorAndNoTable() {
        let document = """
            | a | b |
            |---|---|---|
            | 1 | 2 |

            """
        #expect(diagnostics(document) == [Diagnostic(
            code: .delimiterCountMismatch, severity: .error,
            message: "not a table: the delimiter row has 3 cells but the header row has 2; give both the same number of cells",
            range: 10..<23)])
        #expect(DocumentFormatter.format(Array(document.utf8)).output == Array(document.utf8))
    }

    @Test func aSetextUnderlineIsNotReported() {
        #expect(diagnostics("""
            Title
            ---

            Text | more
            --

            """) == [])
    }

    @Test func aWellFormedTableHasNoDiagnostic() {
        #expect(diagnostics("""
            | a | b |
            |---|---|
            | 1 | 2 |

            """) == [])
    }
}
