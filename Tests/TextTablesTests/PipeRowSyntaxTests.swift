import TestSupport
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

    /// cmark-gfm's split written as plainly as it reads, a byte at a time: what `cells` is checked against.
    static func cellsByteByByte(_ b: [UInt8], _ p: Int, _ end: Int) -> [Range<Int>] {
        func skipPipe(_ i: Int) -> Int {
            var i = i + 1
            while i < end && PipeRowSyntax.isSpace(b[i]) { i += 1 }
            return i
        }
        var cells: [Range<Int>] = []
        var i = p
        if i < end && b[i] == PipeRowSyntax.pipe { i = skipPipe(i) }
        while i < end {
            let cellStart = i
            while i < end && b[i] != PipeRowSyntax.pipe { i += (b[i] == PipeRowSyntax.backslash && i + 1 < end && b[i + 1] == PipeRowSyntax.pipe) ? 2 : 1 }
            var s = cellStart, e = i
            while s < e && PipeRowSyntax.isCellSpace(b[s]) { s += 1 }
            while e > s && PipeRowSyntax.isCellSpace(b[e - 1]) { e -= 1 }
            if i > cellStart || i < end { cells.append(s..<e) }
            if i == end { break }
            i = skipPipe(i)
        }
        return cells
    }

    /// Rows of pipes, escapes, blanks of every kind and text, long runs of padding among them, split from
    /// any start to any end of a longer line: the same cells as the byte-by-byte split.
    @Test func splittingAWordAtATimeGivesTheCellsOfTheByteLoop() {
        var random = SeededRandom(seed: 21)
        let pieces: [[UInt8]] = [[0x7C], [0x5C], [0x5C, 0x7C], [0x20], [0x09], [0x0B], [0x0C], [0x61], [0x62, 0x63], [0xE4, 0xB8, 0xAD],
                                 Array(repeating: 0x20, count: 9), Array(repeating: 0x09, count: 3), [0x60]]
        for _ in 0..<4000 {
            let b = (0..<random.int(0...24)).flatMap { _ in random.pick(pieces) }
            let start = random.int(0...b.count), end = random.int(start...b.count)
            var found: [Range<Int>] = []
            b.withUnsafeBufferPointer { PipeRowSyntax.appendCells($0, start, end, to: &found) }
            #expect(found == Self.cellsByteByByte(b, start, end), "\(b) \(start)..<\(end)")
        }
    }
}
