import TextTables
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of an open document, kept byte for byte in chunks of whole lines.
///
/// A change rebuilds only the chunks it touches (a keystroke: one chunk of a few hundred lines), and a
/// line costs its bytes plus one offset: a line of its own array cost about 80 bytes more, which for a
/// 100 MB document of four million lines was most of the server's memory. Every chunk but the last ends
/// with `\n`, so chunk boundaries are line boundaries; terminators are kept as they were written.
struct DocumentText: Sendable {
    /// Lines in a chunk when one is built; a region of fewer than `chunkLines / 4` after a change takes in
    /// the next chunk, so that deletions do not leave a trail of tiny chunks.
    static let chunkLines = 256

    private struct Chunk: Sendable {
        let text: TextLines
        /// Whole lines: a chunk ending in `\n` has no line after it (TextLines counts an empty one).
        let lineCount: Int
        let isLast: Bool

        init(_ bytes: [UInt8], isLast: Bool) { self.init(TextLines(bytes), isLast: isLast) }

        init(_ text: TextLines, isLast: Bool) {
            self.text = text
            self.isLast = isLast
            lineCount = isLast ? text.count : text.count - 1
        }
    }

    private var chunks: [Chunk]
    /// The document line where each chunk starts, then the line count.
    private var firstLines: [Int]

    init(_ bytes: [UInt8]) { self.init(TextLines(bytes)) }

    init(_ whole: TextLines) {
        chunks = Self.chunks(of: whole, isLast: true)
        firstLines = []
        recount(from: 0)
    }

    /// The text as one chunk that shares `whole`'s bytes: for reading it once (the table index of a
    /// document being opened), never for editing, which would copy the whole chunk each time.
    init(unchunked whole: TextLines) {
        chunks = [Chunk(whole, isLast: true)]
        firstLines = []
        recount(from: 0)
    }

    /// The text of UTF-8 `bytes`, cut into chunks straight from `bytes` at every `chunkLines`th line feed,
    /// with neither a copy of the whole text nor its line starts on the way (8 bytes a line).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        chunks = []
        var start = 0
        while true {
            var end = start, feeds = 0
            while feeds < Self.chunkLines, end < bytes.count, let base = bytes.baseAddress,
                  let feed = memchr(base + end, 0x0A, bytes.count - end) {
                end = UnsafePointer<UInt8>(feed.assumingMemoryBound(to: UInt8.self)) - base + 1
                feeds += 1
            }
            // Fewer lines than a chunk's (or an empty last line after a final `\n`): the last chunk.
            guard feeds == Self.chunkLines else { break }
            chunks.append(Chunk(Array(bytes[start..<end]), isLast: false))
            start = end
        }
        chunks.append(Chunk(Array(bytes[start...]), isLast: true))
        firstLines = []
        recount(from: 0)
    }

    var lineCount: Int { firstLines[chunks.count] }

    /// The bytes of a line without its terminator (`\n` or `\r\n`; a lone `\r` is text, as LSP clients
    /// that keep it in a line see it).
    /// Whether line `line` holds only spaces and tabs (a CR that ends it aside).
    func isBlank(line: Int) -> Bool {
        self.line(line).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    func line(_ line: Int) -> ArraySlice<UInt8> {
        let (chunk, local) = locate(line)
        let text = chunks[chunk].text
        var end = text.fullEnd(local)
        if end > text.starts[local] && text.bytes[end - 1] == 0x0A {
            end -= end - 1 > text.starts[local] && text.bytes[end - 2] == 0x0D ? 2 : 1
        }
        return text.bytes[text.starts[local]..<end]
    }

    /// The whole text (proportional to the document: for tests and debugging, never per keystroke).
    var bytes: [UInt8] { chunks.flatMap(\.text.bytes) }

    /// Replaces the text between two (line, byte) positions; returns the range of lines that now hold
    /// the new text.
    @discardableResult
    mutating func replace(from start: LinePosition, to end: LinePosition, with text: [UInt8]) -> ClosedRange<Int> {
        if start.line == end.line && start.byte <= end.byte && !text.contains(0x0A) {
            // Within one line, no line ending made or taken: the chunk's lines are moved, not found again
            // (an editor applying a realigned table sends one such edit per row, thousands in a change).
            let (chunk, local) = locate(start.line)
            let lines = chunks[chunk].text
            let range = (lines.starts[local] + start.byte)..<(lines.starts[local] + end.byte)
            if !lines.bytes[range].contains(0x0A) {
                chunks[chunk] = Chunk(lines.replacing(range, with: text, inLine: local), isLast: chunks[chunk].isLast)
                return start.line...start.line
            }
        }
        let (first, startOffset) = offset(start)
        var (last, endOffset) = offset(end)
        var region = Array(chunks[first].text.bytes[..<startOffset])
        region += text
        region += chunks[last].text.bytes[endOffset...]
        var lines = TextLines(region)
        if lines.count < Self.chunkLines / 4 && last + 1 < chunks.count {
            last += 1
            region += chunks[last].text.bytes
            lines = TextLines(region)
        }
        chunks.replaceSubrange(first...last, with: Self.chunks(of: lines, isLast: chunks[last].isLast))
        recount(from: first)
        let newLines = text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return start.line...(start.line + newLines)
    }

    /// Appends the text between two (line, byte) positions, the first not after the second.
    func append(from start: LinePosition, to end: LinePosition, to out: inout [UInt8]) {
        append(from: offset(start), to: offset(end), to: &out)
    }

    /// Lines `range` as one buffer, terminators included.
    func slice(_ range: Range<Int>) -> [UInt8] {
        guard !range.isEmpty else { return [] }
        var out: [UInt8] = []
        let (last, local) = locate(range.upperBound - 1)
        append(from: offset(LinePosition(range.lowerBound, 0)), to: (last, chunks[last].text.fullEnd(local)), to: &out)
        return out
    }

    private func append(from start: (chunk: Int, offset: Int), to end: (chunk: Int, offset: Int), to out: inout [UInt8]) {
        guard start.chunk < end.chunk else {
            out += chunks[start.chunk].text.bytes[start.offset..<max(start.offset, end.offset)]
            return
        }
        out += chunks[start.chunk].text.bytes[start.offset...]
        for chunk in chunks[(start.chunk + 1)..<end.chunk] { out += chunk.text.bytes }
        out += chunks[end.chunk].text.bytes[..<end.offset]
    }

    /// The chunk holding a line and the line's number in it, by binary search.
    private func locate(_ line: Int) -> (chunk: Int, line: Int) {
        // firstLines ends with the line count: never a chunk's start, so the search stops before it.
        let chunk = Swift.min(firstLines.lastIndex(notAbove: line), chunks.count - 1)
        return (chunk, line - firstLines[chunk])
    }

    /// The chunk and byte offset in it of a (line, byte) position.
    private func offset(_ position: LinePosition) -> (chunk: Int, offset: Int) {
        let (chunk, local) = locate(position.line)
        return (chunk, chunks[chunk].text.starts[local] + position.byte)
    }

    private mutating func recount(from chunk: Int) {
        firstLines.removeSubrange(min(chunk + 1, firstLines.count)...)
        if firstLines.isEmpty { firstLines = [0] }
        for index in chunk..<chunks.count { firstLines.append(firstLines[index] + chunks[index].lineCount) }
    }

    /// Whole lines cut into chunks of `chunkLines`; only the last chunk of the document may lack a final `\n`.
    private static func chunks(of text: TextLines, isLast: Bool) -> [Chunk] {
        chunks(lineStarts: text.starts, byteCount: text.bytes.count, isLast: isLast) { Array(text.bytes[$0]) }
    }

    /// Lines starting at `lineStarts` in `byteCount` bytes, cut into chunks of `chunkLines`, each chunk's
    /// bytes taken by `bytes` (from a `TextLines` or straight from a buffer).
    private static func chunks(lineStarts: [Int], byteCount: Int, isLast: Bool, bytes: (Range<Int>) -> [UInt8]) -> [Chunk] {
        stride(from: 0, to: lineStarts.count, by: chunkLines).compactMap { first in
            let end = first + chunkLines < lineStarts.count ? lineStarts[first + chunkLines] : byteCount
            let isFinal = first + chunkLines >= lineStarts.count
            // A text ending in `\n` has an empty last line: it belongs to the next chunk, or is the
            // document's empty last line.
            if isFinal && !isLast && lineStarts[first] == end { return nil }
            return Chunk(bytes(lineStarts[first]..<end), isLast: isLast && isFinal)
        }
    }
}
