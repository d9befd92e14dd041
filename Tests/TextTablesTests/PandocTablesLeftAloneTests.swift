import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Tables pandoc reads that no printing would keep as pandoc reads them: left alone and reported.
extension PandocMarkdownScannerTests {
    /// A header of another cell count than the delimiter row is a table to pandoc (cut or padded to the
    /// delimiter row's columns): left alone, reported, its rows no other table's.
    @Test func aHeaderOfAnotherCountIsReportedAndItsRowsSkipped() {
        let scan = Self.scan("""
            | a | b | c |
            |---|---|
            | 1 |

            """)
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.map(\.message) == [Diagnostic.Message.pandocDelimiterMismatch(header: 3, delimiter: 2)])
        #expect(Self.tables("""
            > | a | b |
            |---|---|

            """) == [])
    }

    @Test func tablesGridlsWouldReadOtherwiseAreLeftAloneAndReported() {
        let underLineBlock = Self.scan("""
            | a line
            x | y
            --|--

            """)
        #expect(underLineBlock.tables.isEmpty)
        #expect(underLineBlock.diagnostics.map(\.message) == [Diagnostic.Message.lineBlockAbove])
        let pipeInCode = Self.scan("""
            | `a|b` | c |
            |---|---|

            """)
        #expect(pipeInCode.tables.isEmpty)
        #expect(pipeInCode.diagnostics.map(\.message) == [Diagnostic.Message.pandocPipeInCode])
    }

    /// pandoc deletes every carriage return before it reads: a lone one joins the lines around it (here the
    /// blank line above the table vanishes and `a` runs on into it, as `printf 'a\n\r|x|y|\n|-|-|\n' | pandoc`
    /// shows), so from the line above it on, tables are left alone and reported (found by Tests/Fuzz,
    /// markdown: `-\r` started no list for pandoc).
    @Test func tablesFromALoneCarriageReturnOnAreLeftAloneForPandoc() {
        let document = "|p|q|\n|-|-|\n\na\n\r|x|y|\n|-|-|\n"
        let text = TextLines.readerLines(Array(document.utf8))
        let (scan, restartable) = PandocMarkdownScanner.scan(text)
        #expect(scan.tables.map(\.firstLine) == [0])
        #expect(scan.diagnostics.map(\.message) == [Diagnostic.Message.carriageReturnAbove])
        #expect(restartable[2] && !restartable[3] && !restartable[4])
        #expect(Self.formatted(document) == "| p   | q   |\n| --- | --- |\n\na\n\r|x|y|\n|-|-|\n")
        #expect(DocumentSyntax.markdown.scan(text).tables.map(\.firstLine) == [0, 5])  // cmark-gfm ends a line there
    }

    /// A grid table whose last line is no border is none to pandoc: its top line starts a paragraph that
    /// the lines below go on, a simple table's among them. The grid table is reported (the reader finds
    /// it unclosed); no table is found in its paragraph. Closed, the lines after it are a block of their own.
    @Test func anUnclosedGridTableStartsAParagraph() {
        let rows = "A   B\n--- ---\n1   2\n"
        #expect(Self.tables("+-----+----+\n" + rows) == ["grid 0..<1"])
        #expect(Self.tables("+-----+----+\n| a   | b  |\n" + rows) == ["grid 0..<2"])
        #expect(Self.tables("+-----+----+\n| a   | b  |\n+-----+----+\n" + rows) == ["grid 0..<3", "pandocSimple 3..<6"])
    }
}
