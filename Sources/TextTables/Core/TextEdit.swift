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
}
