/// Trimming blanks, one way for bytes and characters alike: every place that trims says which elements
/// count as blank (a space; a space or a tab).
extension BidirectionalCollection {
    /// Without the elements that `isBlank` accepts at either end.
    func trimming(_ isBlank: (Element) -> Bool) -> SubSequence {
        trimmingEnd(isBlank).drop(while: isBlank)
    }

    /// Without the elements that `isBlank` accepts at the end.
    func trimmingEnd(_ isBlank: (Element) -> Bool) -> SubSequence {
        self[..<(lastIndex { !isBlank($0) }.map(index(after:)) ?? startIndex)]
    }
}

enum Blank {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 }
    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isSpaceOrTab(_ character: Character) -> Bool { character == " " || character == "\t" }
}
