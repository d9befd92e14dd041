import Foundation
import Testing
import TestSupport

/// The Markdown readers the tests ask (`MarkdownReaderOracle`, served by `scripts/markdown_readers.py`) work
/// as oracles: each reads a pipe table as a table, with its cells and alignment, and the long-running
/// process reads as the reader run as its own program. A reader that is not installed is skipped with
/// a line naming what to install, except with CI=true.
@Suite struct MarkdownReaderOracleTests {
    @Test(arguments: MarkdownReaderOracle.Reader.allCases)
    func readsAPipeTable(reader: MarkdownReaderOracle.Reader) throws {
        guard MarkdownReaderOracle.isAvailable(reader) else { return print(MarkdownReaderOracle.skipped("readsAPipeTable", reader)) }
        let reading = try MarkdownReaderOracle.visible(reader, Array("| a | b |\n|:--|--:|\n| 1 | `x  y` |\n".utf8))
        #expect(reading.components(separatedBy: "<table").count == 2, "\(reading)")
        let cells = Self.cells(reading)
        #expect(cells.map(\.text) == ["a", "b", "1", "x  y"], "\(reading)")  // the code span's two spaces too
        #expect(cells.map { $0.tag.contains("left") } == [true, false, true, false], "\(reading)")
        #expect(cells.map { $0.tag.contains("right") } == [false, true, false, true], "\(reading)")
    }

    /// White space padding a cell, which is all that formatting changes in one, does not show.
    @Test(arguments: MarkdownReaderOracle.Reader.allCases)
    func paddingDoesNotShow(reader: MarkdownReaderOracle.Reader) throws {
        guard MarkdownReaderOracle.isAvailable(reader) else { return print(MarkdownReaderOracle.skipped("paddingDoesNotShow", reader)) }
        let tight = try MarkdownReaderOracle.visible(reader, Array("|a|b|\n|-|-|\n|1|`x  y`|\n".utf8))
        let padded = try MarkdownReaderOracle.visible(reader, Array("| a   | b      |\n| --- | ------ |\n| 1   | `x  y` |\n".utf8))
        #expect(tight == padded)
        let other = try MarkdownReaderOracle.visible(reader, Array("| a   | b      |\n| --- | ------ |\n| 1   | `x y`  |\n".utf8))
        #expect(other != padded, "the space inside a code span shows")
    }

    /// The served reader reads as its own program does (as `cmarkProgramAgrees` checks for cmark-gfm),
    /// after other documents, so nothing one document sets (footnote numbers, heading IDs) leaks into the next.
    @Test(arguments: MarkdownReaderOracle.Reader.allCases)
    func servedReaderAgreesWithItsProgram(reader: MarkdownReaderOracle.Reader) throws {
        guard MarkdownReaderOracle.isAvailable(reader) else {
            return print(MarkdownReaderOracle.skipped("servedReaderAgreesWithItsProgram", reader))
        }
        let footnoted = Array("# Notes\n\nA note[^1].\n\n[^1]: the note\n\n| a | b |\n|---|---|\n| 1 | 2 |\n".utf8)
        _ = try MarkdownReaderOracle.visible(reader, footnoted)
        var generator = RandomDocument(seed: 7)
        let document = Array((generator.make() + "\n").utf8) + footnoted
        #expect(try MarkdownReaderOracle.visible(reader, document) == MarkdownReaderOracle.programVisible(reader, document))
    }

    /// The cells of a visible reading: each `<th …>` or `<td …>` start tag, and its text without tags
    /// and without the line breaks the reading puts after block-level tags.
    static func cells(_ reading: String) -> [(tag: String, text: String)] {
        let pattern = /(<t[hd](?:\s[^>]*)?>)(.*?)<\/t[hd]>/.dotMatchesNewlines()
        return reading.matches(of: pattern).map { match in
            let text = String(match.output.2).replacing(/<[^>]*>/, with: "").replacing("\n", with: "")
            return (String(match.output.1), text)
        }
    }
}
