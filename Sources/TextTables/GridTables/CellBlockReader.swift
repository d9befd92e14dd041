/// What the block readers of a cell's lines (`RSTCellBlocks`, `MarkdownCellBlocks`) share: the lines,
/// the blocks read so far, and the blocks both keep the same way.
protocol CellBlockReader {
    var lines: [String] { get }
    var pieces: [CellPiece] { get set }
}

extension CellBlockReader {
    func indent(_ i: Int) -> Int { CellText.indentation(lines[i]) }
    func isBlank(_ i: Int) -> Bool { CellText.isBlank(lines[i]) }
    func body(_ i: Int) -> Substring { CellText.body(lines[i]) }
    func nextBlank(after i: Int) -> Int { (i + 1..<lines.count).first(where: isBlank) ?? lines.count }

    mutating func keep(_ range: Range<Int>) { if !range.isEmpty { pieces.append(CellPiece(range: range, wrap: nil)) } }

    /// A title's over- or underline, a rule, or a table's border (grid, simple, multiline or pipe): kept
    /// with the table or title it opens (through the next such line above a blank line; else to the next
    /// blank line and the lines indented past the border after it, which may be a directive's body).
    mutating func border(_ i: Int) -> Int {
        var end = i + 1
        if end < lines.count && !isBlank(end) {
            let close = (end..<lines.count).first { CellText.isUnderlineLike(body($0)) && ($0 + 1 == lines.count || isBlank($0 + 1)) }
            end = close.map { $0 + 1 } ?? deeper(than: indent(i), from: nextBlank(after: i))
        }
        keep(i..<end)
        return end
    }

    /// The end of the blank lines and lines indented past `k` from line `i` (without blank lines last).
    func deeper(than k: Int, from i: Int) -> Int {
        var end = i
        while end < lines.count && (isBlank(end) || indent(end) > k) { end += 1 }
        while end > i && isBlank(end - 1) { end -= 1 }
        return end
    }

    mutating func keepToBlank(_ i: Int) -> Int {
        let end = nextBlank(after: i)
        keep(i..<end)
        return end
    }

    /// Line `i` kept with the lines indented past it below (the body of whatever it starts).
    mutating func keepWithDeeper(_ i: Int) -> Int {
        let end = deeper(than: indent(i), from: i + 1)
        keep(i..<end)
        return end
    }
}
