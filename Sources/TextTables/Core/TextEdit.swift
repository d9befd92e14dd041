/// A replacement of a byte range of the document; edits never overlap.
package struct TextEdit: Sendable, Hashable {
    package var range: Range<Int>
    package var newText: [UInt8]

    package init(range: Range<Int>, newText: [UInt8]) {
        self.range = range
        self.newText = newText
    }

    /// The document with `edits` applied (sorted by position, not overlapping).
    package static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var position = 0
        for edit in edits {
            out.append(contentsOf: bytes[position..<edit.range.lowerBound])
            out.append(contentsOf: edit.newText)
            position = edit.range.upperBound
        }
        out.append(contentsOf: bytes[position...])
        return out
    }

    /// The one edit that makes `old` (the document's bytes from `start`) read `new`: from their first
    /// differing character to their last, nil when they are equal. A table re-laid whole then edits the
    /// bytes it changed: the padding of the line typed in, an edit inside its cells as a keystroke is.
    package static func minimal(from old: ArraySlice<UInt8>, at start: Int, to new: [UInt8]) -> TextEdit? {
        let o = old.startIndex, shorter = min(old.count, new.count)
        func inCharacter(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }  // a UTF-8 continuation byte
        var p = 0
        while p < shorter && old[o + p] == new[p] { p += 1 }
        if p == old.count && p == new.count { return nil }
        while p > 0 && ((p < old.count && inCharacter(old[o + p])) || (p < new.count && inCharacter(new[p]))) { p -= 1 }
        var s = 0
        while s < shorter - p && old[o + old.count - 1 - s] == new[new.count - 1 - s] { s += 1 }
        while s > 0 && (inCharacter(old[o + old.count - s]) || inCharacter(new[new.count - s])) { s -= 1 }
        return TextEdit(range: (start + p)..<(start + old.count - s), newText: Array(new[p..<(new.count - s)]))
    }
}
