/// What the frame reader found in the byte stream.
package enum FrameEvent: Sendable, Equatable {
    /// The body of one message.
    case message([UInt8])
    /// A header block without a usable Content-Length (the reason says what was wrong); the reader has
    /// skipped to the next header block.
    case badHeader(String)
    /// The header block that follows was read leniently (the reason says how); its message comes next.
    case lenientHeader(String)
}

/// Splits a byte stream into `Content-Length`-framed messages, whatever the reads' boundaries: feed it
/// bytes as they come and take events until it needs more. A bad header never makes it lose sync with
/// the well-framed messages that follow: it skips to the next `Content-Length:`.
///
/// Header lines end in `\r\n` as the protocol says, but a bare `\n` is accepted too (with a
/// `.lenientHeader` event): a block ended by `\n\n` was otherwise read on into the next frame, whose
/// header was then skipped with it, and that well-framed message was lost.
package struct FrameReader: Sendable {
    /// Bodies larger than this are refused as a bad header (and skipped).
    static let maximumBody = 256 << 20
    static let lengthField = Array("content-length:".utf8)

    private var buffer: [UInt8] = []
    private var start = 0
    /// After a bad header: looking for the next `Content-Length:` to start reading again.
    private var resynchronizing = false
    /// Where the header block last reported as lenient starts, so that it is reported once.
    private var reportedLenient = -1

    package init() {}

    /// Bytes received but not yet part of a returned event.
    package var pendingCount: Int { buffer.count - start }

    package mutating func append<S: Sequence<UInt8>>(_ bytes: S) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            reportedLenient -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil when more bytes are needed.
    package mutating func next() -> FrameEvent? {
        if resynchronizing {
            guard let field = findField(from: start) else {
                start = max(start, buffer.count - FrameReader.lengthField.count)
                return nil
            }
            start = field
            resynchronizing = false
        }
        guard let (lines, bodyStart, lenient) = headerBlock(from: start) else {
            if buffer.count - start > 64 << 10 { return skipBadHeader(until: buffer.count, "a header longer than 64 KiB") }
            return nil
        }
        var length: Int?
        var problem: String?
        // Split as bytes: as Characters, `\r\n` is one and would not match `\n`.
        for var bytes in buffer[lines].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let line = Substring(decoding: bytes, as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without ':'"
                continue
            }
            if line[..<colon].lowercased() == "content-length" {
                let value = line[line.index(after: colon)...].trimmingSpaces
                guard let n = Int(value), n >= 0 else {
                    problem = "Content-Length '\(value)' is not a number"
                    continue
                }
                length = n
            }
        }
        // A header line this reader does not understand is ignored when the length is known.
        guard let length else { return skipBadHeader(until: bodyStart, problem ?? "no Content-Length header") }
        guard length <= FrameReader.maximumBody else {
            // No client sends that much: read it as garbage and look for the next header.
            return skipBadHeader(until: bodyStart, "Content-Length \(length) exceeds the limit of \(FrameReader.maximumBody) bytes")
        }
        if lenient && reportedLenient != start {
            reportedLenient = start
            return .lenientHeader("a header line ended by a bare \\n instead of \\r\\n (read anyway)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        guard start == buffer.count && buffer.capacity > 1 << 20 else { return .message(Array(buffer[bodyStart..<start])) }
        // A buffer that grew for one huge message is not kept while it is handled, nor after; it becomes
        // the body, its header shifted out in place, so that the message is never held twice.
        var body = buffer
        buffer = []
        start = 0
        body.removeSubrange(0..<bodyStart)
        return .message(body)
    }

    /// Moves past a header block that cannot be used, to the next `Content-Length:`.
    private mutating func skipBadHeader(until headerEnd: Int, _ reason: String) -> FrameEvent {
        start = headerEnd
        resynchronizing = true
        return .badHeader(reason)
    }

    /// The header block starting at `from`: its lines (each with its terminator) up to the first empty
    /// line, where the body starts, and whether any line ended in a bare `\n`. Nil while the bytes so far
    /// cannot tell.
    private func headerBlock(from: Int) -> (lines: Range<Int>, bodyStart: Int, lenient: Bool)? {
        var lineStart = from
        var lenient = false
        var i = from
        while i < buffer.count {
            defer { i += 1 }
            guard buffer[i] == 0x0A else { continue }
            let crlf = i > lineStart && buffer[i - 1] == 0x0D
            if !crlf { lenient = true }
            if i - lineStart == (crlf ? 1 : 0) { return (from..<lineStart, i + 1, lenient) }
            lineStart = i + 1
        }
        return nil
    }

    /// The next `Content-Length:` (any case) at or after `from`.
    private func findField(from: Int) -> Int? {
        let field = FrameReader.lengthField
        guard buffer.count - from >= field.count else { return nil }
        for i in from...(buffer.count - field.count) {
            var k = 0
            while k < field.count {
                var c = buffer[i + k]
                if (0x41...0x5A).contains(c) { c += 0x20 }
                if c != field[k] { break }
                k += 1
            }
            if k == field.count { return i }
        }
        return nil
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}

/// Frames one message body for writing.
package func frame(_ body: [UInt8]) -> [UInt8] {
    frameHeader(length: body.count) + body
}

/// The header that goes before a body of `length` bytes.
func frameHeader(length: Int) -> [UInt8] {
    Array("Content-Length: \(length)\r\n\r\n".utf8)
}
