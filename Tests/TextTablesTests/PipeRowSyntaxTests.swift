import Testing
@testable import TextTables
@testable import GridModel

/// Splitting rows and reading delimiter rows as cmark-gfm does.
struct PipeRowSyntaxTests {
    func cells(_ line: String) -> [String]? {
        let b = Array(line.utf8)
        return PipeRowSyntax.cells(b, 0, b.count)?.map { String(decoding: b[$0], as: UTF8.self) }
    }

    @Test func outerPipesAreOptional() {
        #expect(cells("| a | b |") == ["a", "b"])
        #expect(cells("a | b") == ["a", "b"])
        #expect(cells("| a | b") == ["a", "b"])
        #expect(cells("a | b |") == ["a", "b"])
    }

    @Test func escapedPipeStaysInsideTheCellAlsoInCodeSpans() {
        #expect(cells("| a \\| b | `c \\| d` |") == ["a \\| b", "`c \\| d`"])
        #expect(cells("| `x | y` |") == ["`x", "y`"])
        #expect(cells("| a \\\\| b |") == ["a \\\\| b"])
    }

    @Test func emptyCellsCountButALonePipeIsNoRow() {
        #expect(cells("||") == [""])
        #expect(cells("| |") == [""])
        #expect(cells("|  | x |") == ["", "x"])
        #expect(cells("|") == nil)
        #expect(cells("") == nil)
        #expect(cells("text") == ["text"])
    }

    @Test func delimiterRows() {
        func alignments(_ line: String) -> [ColumnAlignment]? {
            let b = Array(line.utf8)
            return PipeRowSyntax.delimiterRow(b, 0, b.count)
        }
        #expect(alignments("| :-- | --: | :-: | --- |") == [.left, .right, .center, .none])
        #expect(alignments("-|-") == [.none, .none])
        #expect(alignments("|-|") == [.none])
        #expect(alignments(":-") == [.left])
        #expect(alignments("| - | x |") == nil)
        #expect(alignments("|:|") == nil)
        #expect(alignments("||") == nil)
        #expect(alignments("| -- -- |") == nil)
    }
}
