/// Recognisers for the CommonMark block starts that matter when looking for tables.
/// Each takes the bytes of one line, a start offset (after container prefixes and indentation) and the end.
enum BlockSyntax {
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09

    static func isBlank(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var i = p
        while i < end {
            if b[i] != space && b[i] != tab { return false }
            i += 1
        }
        return true
    }

    /// `indentation`, stopping once `limit` columns are found: all a caller needs that only asks whether a
    /// line is indented at least that far, so that asking it at every level of deep nesting costs each
    /// level's own columns, not the rest of the line's indentation.
    static func indentation(_ b: [UInt8], _ p: Int, _ end: Int, column: Int, atMost limit: Int) -> (columns: Int, end: Int) {
        var i = p
        var col = column
        while i < end && col - column < limit {
            if b[i] == space { col += 1 } else if b[i] == tab { col += 4 - col % 4 } else { break }
            i += 1
        }
        return (col - column, i)
    }

    /// Where the line's text ends: after its last byte that is not a space or a tab (`p` if none).
    static func textEnd(_ b: [UInt8], _ p: Int, _ end: Int) -> Int {
        var i = end
        while i > p && (b[i - 1] == space || b[i - 1] == tab) { i -= 1 }
        return i
    }

    /// Leading whitespace in columns (tabs to multiples of `tabStop`, counted from `column`: 4 in CommonMark,
    /// 8 in reStructuredText, whose tabs docutils expands first) and where it ends.
    static func indentation(_ b: [UInt8], _ p: Int, _ end: Int, column: Int = 0, tabStop: Int = 4) -> (columns: Int, end: Int) {
        var i = p
        var col = column
        while i < end {
            if b[i] == space { col += 1 } else if b[i] == tab { col += tabStop - col % tabStop } else { break }
            i += 1
        }
        return (col - column, i)
    }

    static func atxHeading(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var i = p
        while i < end && b[i] == UInt8(ascii: "#") && i - p < 7 { i += 1 }
        let level = i - p
        return (1...6).contains(level) && (i == end || b[i] == space || b[i] == tab)
    }

    /// A run of 3+ `-`, `*` or `_` with only spaces or tabs between.
    static func thematicBreak(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard p < end, b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "*") || b[p] == UInt8(ascii: "_") else { return false }
        let marker = b[p]
        var count = 0
        for i in p..<end {
            if b[i] == marker { count += 1 } else if b[i] != space && b[i] != tab { return false }
        }
        return count >= 3
    }

    /// `===` or `---` underlining a paragraph.
    static func setextUnderline(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard p < end, b[p] == UInt8(ascii: "=") || b[p] == UInt8(ascii: "-") else { return false }
        var i = p
        while i < end && b[i] == b[p] { i += 1 }
        return isBlank(b, i, end)
    }

    /// An opening code fence: its character and length.
    static func openingFence(_ b: [UInt8], _ p: Int, _ end: Int) -> (marker: UInt8, length: Int)? {
        guard p < end, b[p] == UInt8(ascii: "`") || b[p] == UInt8(ascii: "~") else { return nil }
        var i = p
        while i < end && b[i] == b[p] { i += 1 }
        guard i - p >= 3 else { return nil }
        if b[p] == UInt8(ascii: "`") && b[i..<end].contains(UInt8(ascii: "`")) { return nil }
        return (b[p], i - p)
    }

    static func closingFence(_ b: [UInt8], _ p: Int, _ end: Int, marker: UInt8, length: Int) -> Bool {
        var i = p
        while i < end && b[i] == marker { i += 1 }
        return i - p >= length && isBlank(b, i, end)
    }

    /// A list marker (`-`, `+`, `*`, or 1–9 digits and `.` or `)`): the columns from `p` to the item's content,
    /// whether the item is empty on this line, and whether it is ordered with a start other than 1.
    static func listMarker(_ b: [UInt8], _ p: Int, _ end: Int, column: Int)
        -> (width: Int, contentStart: Int, empty: Bool, startsAtOne: Bool)?
    {
        guard p < end else { return nil }
        var i = p
        var startsAtOne = true
        if b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "*") {
            i += 1
        } else {
            while i < end && i - p < 10 && (0x30...0x39).contains(b[i]) { i += 1 }
            let digits = i - p
            guard (1...9).contains(digits), i < end, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") else {
                return nil
            }
            startsAtOne = b[p..<i].drop { $0 == 0x30 }.elementsEqual([0x31])
            i += 1
        }
        let markerWidth = i - p
        if i == end || isBlank(b, i, end) {
            return (markerWidth + 1, end, true, startsAtOne)
        }
        guard b[i] == space || b[i] == tab else { return nil }
        let (padding, afterPadding) = indentation(b, i, end, column: column + markerWidth)
        if padding > 4 {  // the content is indented code: the item's content starts after one space
            return (markerWidth + 1, i + 1, false, startsAtOne)
        }
        return (markerWidth + padding, afterPadding, false, startsAtOne)
    }

    /// A `$$` math block opener; `closesOnSameLine` when the line also holds the closing `$$`.
    static func mathBlock(_ b: [UInt8], _ p: Int, _ end: Int) -> (opens: Bool, closesOnSameLine: Bool) {
        guard end - p >= 2, b[p] == UInt8(ascii: "$"), b[p + 1] == UInt8(ascii: "$") else { return (false, false) }
        return (true, containsDoubleDollar(b, p + 2, end))
    }

    static func containsDoubleDollar(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        var i = p
        while i + 1 < end {
            if b[i] == UInt8(ascii: "$") && b[i + 1] == UInt8(ascii: "$") { return true }
            i += 1
        }
        return false
    }

    /// `[ ]`, `[x]` or `[X]` followed by a space or tab: GitHub's task-list checkbox at a list item's start.
    static func taskListMarker(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        guard end - p >= 4, b[p] == UInt8(ascii: "["), b[p + 2] == UInt8(ascii: "]"),
              [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(b[p + 1]) else { return false }
        return b[p + 3] == 0x20 || b[p + 3] == 0x09
    }
}
