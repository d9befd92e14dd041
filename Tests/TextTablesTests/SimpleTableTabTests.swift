import Foundation
import Testing
@testable import TextTables

/// A tab in a simple table stands for the spaces docutils expands it to: to the next multiple of 8
/// columns counted in code points from the document line's start (the table's indentation included),
/// before docutils sees the table. Formatting writes those spaces.
struct SimpleTableTabTests {
    func format(_ document: String) -> FormatResult {
        DocumentFormatter.format(Array(document.utf8), syntax: .restructuredText)
    }

    @Test func aTabUnderIndentationExpandsToTheLinesStop() throws {
        // Indented 3: the tab after `a` (code point 4) stops at 8, 4 spaces; from the indentation it would be 7.
        let table = """
            Text.

               ==========  ===
               a\tbcdef    x
               ==========  ===

            """
        let formatted = """
            Text.

               ==========  =
               a    bcdef  x
               ==========  =

            """
        let result = format(table)
        #expect(result.refused.isEmpty)
        #expect(String(decoding: result.output, as: UTF8.self) == formatted)
        if ReferenceReaders.isAvailable {
            let read = try ReferenceReaders.read("docutils", Array(table.utf8), fileExtension: "rst")
            #expect(read.contains("\"body\""))
            #expect(try ReferenceReaders.read("docutils", Array(formatted.utf8), fileExtension: "rst") == read)
        }
    }

    @Test(arguments: [
        // Indented 2: the tab after `a` stops at 8, which puts `b` in the gap (columns 7 and 8).
        """
            Text.

              =====  =====
              a\tb   c
              =====  =====

            """,
        // 東 is one code point: the tab stops at 8 code points, 9 columns, and `c` falls in the gap.
        """
            ==========  ===
            東\tbc        x
            ==========  ===

            """,
    ])
    func aTabThatPutsTextUnderTheGapForDocutilsIsReported(_ table: String) throws {
        let result = format(table)
        #expect(result.refused.map(\.code) == [.textInColumnGap])
        #expect(result.output == Array(table.utf8))
        if ReferenceReaders.isAvailable {
            #expect(try ReferenceReaders.read("docutils-errors", Array(table.utf8), fileExtension: "rst").contains("Malformed table"))
        }
    }
}
