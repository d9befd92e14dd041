/// The lines that shape a reStructuredText simple table, as docutils matches them: `=` rules (the top
/// border, the header rule, the bottom border) and `-` column-span underlines, runs of the mark apart by
/// spaces. Each takes a line's bytes from `p` (after the table's indentation) to `end`.
enum SimpleTableSyntax {
    static let equals = UInt8(ascii: "="), dash = UInt8(ascii: "-"), space = UInt8(ascii: " ")

    /// `=+( +=+)+ *$`: two columns at least (one run is a section title's overline or a transition).
    static func isTopBorder(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard isRule(b, p, end, mark: equals) else { return false }
        let text = b[p..<trimmedEnd(b, p, end)]
        return text.contains(space)
    }

    /// `=+[ =]*$`: a header rule or a bottom border.
    static func isBorder(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool { isRule(b, p, end, mark: equals) }

    /// `-[ -]*$`: a column-span underline.
    static func isSpanLine(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool { isRule(b, p, end, mark: dash) }

    private static func isRule(_ b: [UInt8], _ p: Int, _ end: Int, mark: UInt8) -> Bool {
        guard p < end, b[p] == mark else { return false }
        return b[p..<end].allSatisfy { $0 == mark || $0 == space }
    }

    /// Where the line's text ends, trailing spaces and tabs left out.
    static func trimmedEnd(_ b: [UInt8], _ p: Int, _ end: Int) -> Int { b[p..<end].trimmingEnd(Blank.isSpaceOrTab).endIndex }

    /// The length of a rule from `p`, trailing blanks left out: docutils compares it with the top border's.
    static func ruleLength(_ b: [UInt8], _ p: Int, _ end: Int) -> Int { trimmedEnd(b, p, end) - p }

    /// The column ranges of the runs of `mark` in a rule whose first byte is at column 0 (rules are ASCII).
    static func runs(_ b: [UInt8], _ p: Int, _ end: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var i = p
        while i < end {
            guard b[i] != space else { i += 1; continue }
            let start = i
            while i < end && b[i] != space { i += 1 }
            runs.append((start - p)..<(i - p))
        }
        return runs
    }
}
