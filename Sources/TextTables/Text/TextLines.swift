/// A document's UTF-8 bytes with the start of every line. Lines end after `\n`; `\r\n` and `\n`
/// are both kept as they are. A document ending in `\n` has a last, empty line (as LSP counts lines).
package struct TextLines: Sendable {
    package let bytes: [UInt8]
    /// Byte offset where each line starts.
    package let starts: [Int]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // Counted first, so that the starts take exactly their room: an array grown by appending may hold
        // twice the offsets it needs, and the starts cost 8 bytes a line (a quarter of a text of short lines).
        // Eight bytes a turn (`WordScan`): a `memchr` for each line cost more than the search, lines being short.
        starts = bytes.withUnsafeBufferPointer { buffer in
            [Int](unsafeUninitializedCapacity: WordScan.count(0x0A, in: buffer) + 1) { starts, initialized in
                starts[0] = 0
                initialized = 1
                WordScan.forEach(0x0A, in: buffer) { position in
                    starts[initialized] = position + 1
                    initialized += 1
                }
            }
        }
    }

    package init(_ text: String) { self.init(Array(text.utf8)) }

    /// Lines at `starts`, as a `TextLines` or `readerLines` found them (for an edit that keeps line ends).
    init(bytes: [UInt8], starts: [Int]) {
        self.bytes = bytes
        self.starts = starts
    }

    /// The lines with bytes `range` of line `line` replaced by `text`, where neither holds a line feed:
    /// the lines after it start `text.count - range.count` bytes later, and no line end is searched for.
    package func replacing(_ range: Range<Int>, with text: [UInt8], inLine line: Int) -> TextLines {
        var bytes = self.bytes, starts = self.starts
        bytes.replaceSubrange(range, with: text)
        let delta = text.count - range.count
        if delta != 0 { for index in (line + 1)..<starts.count { starts[index] += delta } }
        return TextLines(bytes: bytes, starts: starts)
    }

    /// The lines as the documents' readers split them: cmark-gfm, docutils and pandoc also end a line at a
    /// carriage return that no line feed follows (so does LSP, but Vim and Neovim keep it in the line, and
    /// the language server follows them). The command line reads documents this way.
    package static func readerLines(_ bytes: [UInt8]) -> TextLines {
        let plain = TextLines(bytes)
        guard bytes.containsByte(0x0D) else { return plain }
        var starts = [0]
        starts.reserveCapacity(plain.starts.count)
        for (i, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
            starts.append(i + 1)
        }
        return TextLines(bytes: bytes, starts: starts)
    }

    package var count: Int { starts.count }

    /// Offset just past the line's last byte, its terminator included.
    package func fullEnd(_ line: Int) -> Int { line + 1 < starts.count ? starts[line + 1] : bytes.count }

    /// Offset where the line's content ends, before `\n`, `\r\n` or (in `readerLines`) a lone `\r`.
    package func contentEnd(_ line: Int) -> Int {
        var end = fullEnd(line)
        if end > starts[line] && bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The line's terminator bytes: `\n`, `\r\n`, a lone `\r` ending the text (or any, in `readerLines`), or
    /// nothing on the last line.
    package func terminator(_ line: Int) -> ArraySlice<UInt8> { bytes[contentEnd(line)..<fullEnd(line)] }

    /// The line that byte `offset` lies in (the last line for the end of the text), by binary search.
    package func line(containing offset: Int) -> Int { starts.lastIndex(notAbove: offset) }
}

extension Array where Element == Int {
    /// In ascending starts whose first is at most `value`: the index of the last start not above it, by
    /// binary search (the line holding an offset, the chunk holding a line).
    package func lastIndex(notAbove value: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension RandomAccessCollection where Index == Int {
    /// Where the elements for which `isPast` holds begin, in a collection where it holds for a suffix only
    /// (the first table past a line, the first diagnostic on a line or below), by binary search.
    package func partitionPoint(_ isPast: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if isPast(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
