import Testing
@testable import TextTables

/// Where tables are found (CommonMark block structure, as cmark-gfm reads it): the lines of each table the scanner reports.
struct MarkdownScannerTests {
    func tableLines(_ document: String) -> [Range<Int>] {
        MarkdownScanner.scan(TextLines(document)).tables.map(\.lines)
    }

    @Test func aTableRunsUntilABlankLine() {
        #expect(tableLines("""
            |a|
            |-|
            |1|

            |2|

            """) == [0..<3])
    }

    @Test func theHeaderIsTheLastLineOfAParagraph() {
        #expect(tableLines("""
            intro
            more
            |a|
            |-|

            """) == [2..<4])
    }

    @Test(arguments: [
        """
            ```
            |a|
            |-|
            ```

            """, """
            ~~~
            |a|
            |-|
            ~~~

            """, """
            ````
            ```
            |a|
            |-|
            ````

            """,
        """
                |a|
                |-|

            """, """
            <div>
            |a|
            |-|
            </div>

            """, """
            <!--
            |a|
            |-|
            -->

            """,
        """
            <script>
            |a|
            |-|
            </script>

            """, """
            ---
            |a|
            |-|
            ---

            """, """
            +++
            |a|
            |-|
            +++

            """,
        """
            $$
            |a|
            |-|
            $$

            """, """
            |a|b|
            |-|-|-|

            """, """
            # |a|
            |-|

            """, """
            |a|
            ---

            """,
    ])
    func lookAlikesAreNotTables(_ document: String) {
        #expect(tableLines(document) == [])
    }

    @Test func fencesCloseOnlyWithTheSameCharacterAtLeastAsLong() {
        #expect(tableLines("""
            ````
            ```
            |a|
            |-|
            ````
            |b|
            |-|

            """) == [5..<7])
        #expect(tableLines("""
            ~~~
            ```
            |a|
            |-|

            """) == [])
    }

    @Test func tablesInBlockQuotesAndListItemsKeepTheirPrefixes() {
        let document = """
            > |a|
            > |-|
            > |1|

            - item

              |b|
              |-|

            """
        let scan = MarkdownScanner.scan(TextLines(document))
        #expect(scan.tables.map(\.lines) == [0..<3, 6..<8])
        #expect(scan.tables[0].contentStarts == [2, 8, 14])
        #expect(scan.tables[1].contentStarts == [29, 35])
    }

    @Test func aTableInAQuoteEndsWhereTheQuoteEnds() {
        #expect(tableLines("""
            > |a|
            > |-|
            |1|

            """) == [0..<2])
    }

    @Test func frontMatterOnlyAtTheTop() {
        #expect(tableLines("""
            ---
            x: 1
            ---
            |a|
            |-|

            """) == [3..<5])
        #expect(tableLines("""
            text

            ---
            |a|
            |-|

            """) == [3..<5])
    }

    @Test(arguments: ["- item", "1. item", "2) item", "> quote", "# heading", "<div>", "    code", "***", "```", "|"])
    func blockStartsEndATable(_ line: String) {
        #expect(tableLines("|a|\n|-|\n|1|\n\(line)\n") == [0..<3])
    }

    @Test(arguments: ["text without pipes", "||", "\\|", "   |three spaces|"])
    func otherLinesContinueATable(_ line: String) {
        #expect(tableLines("|a|\n|-|\n\(line)\n") == [0..<3])
    }

    @Test func crlfDocumentsAreScannedLikeLF() {
        #expect(tableLines("|a|\r\n|-|\r\n|1|\r\n\r\n|2|\r\n") == [0..<3])
    }
}
