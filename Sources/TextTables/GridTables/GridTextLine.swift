/// One line of a grid table measured in columns as its reader counts them (`ReferenceReader`), so that `+`
/// and `|` stand where pandoc or docutils find them even after CJK text, emoji or zero-width characters.
/// Column 0 is where the line's text starts (after its container prefix). A tab spans to the reader's
/// next stop: docutils's of 8 counted from the document line's start, pandoc's of `tabSize` from column 0.
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

    init(_ text: TextLines, line: Int, start: Int, options: WidthOptions, reader: ReferenceReader) {
        self.line = line
        self.start = start
        self.end = text.contentEnd(line)
        let b = text.bytes
        let end = self.end
        let plain = b.withUnsafeBufferPointer { WordScan.isPrintableASCII($0, from: start, to: end) }
        chars = plain ? b[start..<end] : []
        if plain { return }
        chars = ArraySlice(Array<UInt8>())
        chars.reserveCapacity(end - start)
        offsets.reserveCapacity(end - start)
        // Code point by code point, as the reader counts. A run of zero-width code points belongs to the
        // column after it, as pandoc attaches them, so a cell's text keeps a mark that opens it.
        var zeroWidthStart: Int?
        // docutils's tab stops count code points from the document line's start (`ReferenceReader.docutilsColumn`).
        var docutilsColumn = reader == .docutils ? ReferenceReader.docutilsColumn(after: b[text.starts[line]..<start], from: 0) : 0
        var i = start
        while i < end {
            let byte = b[i]
            let (scalar, length) = GridTextLine.scalar(b, at: i, end: end)
            let offset = zeroWidthStart ?? i
            let tabStop = reader == .docutils ? 8 - docutilsColumn % 8 : options.tabSize - chars.count % options.tabSize
            docutilsColumn += byte == 0x09 ? tabStop : 1
            if byte == 0x09 {
                // docutils reads a tab as the spaces it expands to, indentation before the table included.
                let spaces = reader == .docutils ? tabStop : 1
                append(0x20, offset, count: spaces)
                append(GridTextLine.continuation, offset, count: tabStop - spaces)
                zeroWidthStart = nil
            } else {
                let width = reader.width(of: scalar)
                if width == 0 {
                    zeroWidthStart = zeroWidthStart ?? i
                } else {
                    // An ASCII character stays visible: `|` and `+` are the table's lines.
                    append(byte >= 0x20 && byte < 0x7F ? byte : GridTextLine.wideGlyph, offset, count: 1)
                    append(GridTextLine.continuation, offset, count: width - 1)
                    zeroWidthStart = nil
                }
            }
            i += length
        }
    }

    /// The code point starting at byte `i` and its length; a byte that starts no valid sequence is U+FFFD.
    static func scalar(_ b: [UInt8], at i: Int, end: Int) -> (Unicode.Scalar, Int) {
        let byte = b[i]
        if byte < 0x80 { return (Unicode.Scalar(byte), 1) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= end else { return ("\u{FFFD}", 1) }
        var decoder = UTF8()
        var iterator = b[i..<i + length].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
        return ("\u{FFFD}", 1)
    }

    private mutating func append(_ char: UInt8, _ offset: Int, count: Int) {
        for _ in 0..<max(0, count) {
            chars.append(char)
            offsets.append(offset)
        }
    }

    var width: Int { chars.count }

    /// `body` given the line's columns as bytes (`chars`).
    func withColumns<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        chars.withUnsafeBufferPointer(body)
    }

    /// The first column at or after `x` where `byte` is drawn (`width` if none), a word at a time: most
    /// lines of a grid table hold a `+` only at their junctions, or none.
    func firstColumn(of byte: UInt8, from x: Int) -> Int {
        guard x < chars.count else { return chars.count }
        return chars.withUnsafeBufferPointer { WordScan.firstIndex(of: byte, or: byte, in: $0, from: max(0, x), to: $0.count) }
    }

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
    /// depends on where it stands, so a Markdown cell's text keeps its layout only as spaces (a
    /// reStructuredText cell keeps its tabs, which the printer measures where it prints them).
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
        text.bytes[byteRange(from: from, to: to)]
    }

    /// Where in the document the bytes drawn in columns `from..<to` are.
    func byteRange(from: Int, to: Int) -> Range<Int> {
        let start = offset(max(0, from)), stop = offset(max(from, to))
        return start..<max(start, stop)
    }
}
