/// One line of a grid table measured in display columns, so that `+` and `|` line up as an editor draws
/// them even after CJK text or emoji. Column 0 is where the line's text starts (after its container prefix).
struct GridTextLine {
    /// Marks in `chars` for columns that hold no ASCII character.
    static let wideGlyph: UInt8 = 0xFF, continuation: UInt8 = 0xFE

    /// Index of the line in the document.
    let line: Int
    /// Per display column: the ASCII byte drawn there, `wideGlyph` where a non-ASCII glyph starts,
    /// `continuation` for the further columns of a wide glyph or a tab. For a line of printable ASCII
    /// this is the document's own bytes, with no copy.
    private(set) var chars: ArraySlice<UInt8>
    /// Per display column: the byte offset in the document of the glyph drawn there; empty when every
    /// column is one byte (then column `x` is at `start + x`).
    private(set) var offsets: [Int] = []
    let start: Int
    /// Byte offset where the line's content ends.
    let end: Int

    init(_ text: TextLines, line: Int, start: Int, options: WidthOptions) {
        self.line = line
        self.start = start
        self.end = text.contentEnd(line)
        let b = text.bytes
        let plain = b[start..<end].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        chars = plain ? b[start..<end] : []
        if plain { return }
        chars = ArraySlice(Array<UInt8>())
        chars.reserveCapacity(end - start)
        offsets.reserveCapacity(end - start)
        var i = start
        while i < end {
            let byte = b[i]
            // An ASCII character that starts a cluster with what follows (a keycap "1️⃣", "e" with a combining
            // accent) is measured with it; a control character (a tab) never does.
            let startsCluster = byte >= 0x20 && byte != 0x7F && i + 1 < end && b[i + 1] >= 0x80
            if byte < 0x80 && !startsCluster {
                if byte == 0x09 {
                    let stop = options.tabSize - chars.count % options.tabSize
                    append(0x20, i, count: 1)
                    append(GridTextLine.continuation, i, count: stop - 1)
                } else if byte >= 0x20 && byte != 0x7F {
                    append(byte, i, count: 1)
                }  // other control characters take no column, as DisplayWidth says
                i += 1
                continue
            }
            // A non-ASCII run: measure it cluster by cluster.
            var j = i + 1
            while j < end && (b[j] >= 0x80 || (j + 1 < end && b[j + 1] >= 0x80 && b[j] != 0x09)) { j += 1 }
            var offset = i
            for character in String(decoding: b[i..<j], as: UTF8.self) {
                let width = DisplayWidth.width(of: character, ambiguousWidth: options.ambiguousWidth)
                if character.utf8.count == 1, let ascii = character.utf8.first, ascii >= 0x20, ascii != 0x7F {
                    append(ascii, offset, count: 1)  // a plain ASCII character: `|` and `+` stay visible
                } else if width > 0 {
                    append(GridTextLine.wideGlyph, offset, count: 1)
                    append(GridTextLine.continuation, offset, count: width - 1)
                }
                offset += character.utf8.count
            }
            i = j
        }
    }

    private mutating func append(_ char: UInt8, _ offset: Int, count: Int) {
        for _ in 0..<max(0, count) {
            chars.append(char)
            offsets.append(offset)
        }
    }

    var width: Int { chars.count }

    /// The ASCII character drawn at column `x`, or 0 beyond the line or for non-ASCII.
    func char(_ x: Int) -> UInt8 { x >= 0 && x < chars.count ? chars[chars.startIndex + x] : 0 }

    /// Byte offset in the document where column `x` starts (the line's end beyond it).
    func offset(_ x: Int) -> Int {
        guard x < chars.count else { return end }
        if offsets.isEmpty { return start + x }
        var x = x
        while x > 0 && char(x) == GridTextLine.continuation && offsets[x - 1] == offsets[x] { x -= 1 }
        return offsets[x]
    }

    /// Columns of the last non-blank character, or -1 for a blank line.
    var lastNonBlank: Int {
        var x = chars.count - 1
        while x >= 0 && char(x) == 0x20 { x -= 1 }
        return x
    }

    /// Columns holding `|`, in order.
    var pipeColumns: [Int] { (0..<chars.count).filter { char($0) == UInt8(ascii: "|") } }

    /// The text drawn in columns `from..<to` with each tab replaced by the spaces it covers: a tab's width
    /// depends on where it stands, so a cell's text keeps its layout only as spaces (pandoc and docutils
    /// expand tabs the same way before reading a grid table).
    func expandingTabs(in text: TextLines, from: Int, to: Int) -> ArraySlice<UInt8> {
        var out: [UInt8] = []
        var x = max(0, from)
        while x < min(to, width) {
            let offset = offsets.isEmpty ? start + x : offsets[x]
            var next = x + 1
            while next < width && (offsets.isEmpty ? start + next : offsets[next]) == offset { next += 1 }
            if text.bytes[offset] == 0x09 {
                out += Array(repeating: 0x20, count: min(next, to) - x)
            } else {
                out += text.bytes[offset..<(next < width ? (offsets.isEmpty ? start + next : offsets[next]) : end)]
            }
            x = next
        }
        return out[...]
    }

    /// The document bytes drawn in columns `from..<to` (whole glyphs that start inside).
    func bytes(in text: TextLines, from: Int, to: Int) -> ArraySlice<UInt8> {
        let start = offset(max(0, from)), stop = offset(max(from, to))
        return text.bytes[start..<max(start, stop)]
    }
}
