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

extension Array<UInt8> {
    /// Spaces copied by the run (a copy of memory): appending a repeated byte stores it one at a time.
    private static let spaceRun = [UInt8](repeating: 0x20, count: 256)

    /// Appends `count` spaces (none when `count` is not positive).
    mutating func appendSpaces(_ count: Int) {
        var left = count
        while left > 0 {
            let run = Swift.min(left, 256)
            Self.spaceRun.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            left -= run
        }
    }

    /// Appends `bytes[range]` without making a slice of `bytes` (which retains it and releases it again).
    mutating func append(from bytes: [UInt8], _ range: Range<Int>) {
        if range.isEmpty { return }
        bytes.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Appends `count` copies of `byte` (none when `count` is not positive): a printer's padding and rules.
    mutating func append(_ byte: UInt8, count: Int) {
        let start = self.count
        appendSpaces(count)
        // Spaces made over: appending a repeated byte stores it one at a time, with checks at each.
        if byte != 0x20 && count > 0 { withUnsafeMutableBufferPointer { $0[start...].update(repeating: byte) } }
    }
}
