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

    /// Blank lines continue every list item above them (and close an item still empty): under 60 nested
    /// items, whatever blank lines come between, the table is the deepest item's, as GitHub renders it.
    @Test(arguments: [0, 1, 7, 200])
    func aTableUnderDeeplyNestedItemsAndBlankLines(blankLines: Int) throws {
        let depth = 60, pad = String(repeating: " ", count: 2 * depth)
        let items = (0..<depth).map { String(repeating: " ", count: 2 * $0) + "- item \($0)\n" }.joined()
        let document = items + String(repeating: "\n", count: blankLines) + pad + "|a|\n" + pad + "|-|\n"
        let text = TextLines(document)
        let scan = MarkdownScanner.scan(text)
        #expect(scan.tables.map(\.lines) == [(depth + blankLines)..<(depth + blankLines + 2)])
        #expect(scan.tables.first?.contentStarts == [depth + blankLines, depth + blankLines + 1].map { text.starts[$0] + 2 * depth })
        // The deepest item empty: a blank line closes it, and the table indented for it is the item's above.
        let empty = items.replacingOccurrences(of: "- item \(depth - 1)\n", with: "-\n")
        let shallower = String(pad.dropLast(2))
        let closed = empty + String(repeating: "\n", count: max(1, blankLines)) + shallower + "|a|\n" + shallower + "|-|\n"
        #expect(tableLines(closed) == [(depth + max(1, blankLines))..<(depth + max(1, blankLines) + 2)])
        if Cmark.isAvailable {
            #expect(try Cmark.html(Array(document.utf8)).contains("<table>"))
            #expect(try Cmark.html(Array(closed.utf8)).contains("<table>"))
        }
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
        #expect(tableLines("""
            |a|
            |-|
            |1|
            \(line)

            """) == [0..<3])
    }

    @Test(arguments: ["text without pipes", "||", "\\|", "   |three spaces|"])
    func otherLinesContinueATable(_ line: String) {
        #expect(tableLines("""
            |a|
            |-|
            \(line)

            """) == [0..<3])
    }

    @Test func crlfDocumentsAreScannedLikeLF() {
        #expect(tableLines("|a|\r\n|-|\r\n|1|\r\n\r\n|2|\r\n") == [0..<3])
    }
}
