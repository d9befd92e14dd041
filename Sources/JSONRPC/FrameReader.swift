/// What the frame reader found in the byte stream.
public enum FrameEvent: Sendable, Equatable {
    /// The body of one message.
    case message([UInt8])
    /// A header block without a usable Content-Length (the reason says what was wrong); the reader has
    /// skipped to the next header block.
    case badHeader(String)
}

/// Splits a byte stream into `Content-Length`-framed messages, whatever the reads' boundaries: feed it
/// bytes as they come and take events until it needs more. A bad header never makes it lose sync with
/// the well-framed messages that follow: it skips to the next `Content-Length:`.
public struct FrameReader: Sendable {
    /// Bodies larger than this are refused as a bad header (and skipped).
    public static let maximumBody = 256 << 20
    static let headerEnd: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
    static let lengthField = Array("content-length:".utf8)

    private var buffer: [UInt8] = []
    private var start = 0
    /// After a bad header: looking for the next `Content-Length:` to start reading again.
    private var resynchronizing = false

    public init() {}

    /// Bytes received but not yet part of a returned event.
    public var pendingCount: Int { buffer.count - start }

    public mutating func append<S: Sequence<UInt8>>(_ bytes: S) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil when more bytes are needed.
    public mutating func next() -> FrameEvent? {
        if resynchronizing {
            guard let field = findField(from: start) else {
                start = max(start, buffer.count - FrameReader.lengthField.count)
                return nil
            }
            start = field
            resynchronizing = false
        }
        guard let end = find(FrameReader.headerEnd, from: start) else {
            if buffer.count - start > 64 << 10 { return skipBadHeader(until: buffer.count, "a header longer than 64 KiB") }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        var problem: String?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
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
        guard let length, problem == nil || length >= 0 else {
            return skipBadHeader(until: end + 4, problem ?? "no Content-Length header")
        }
        guard length <= FrameReader.maximumBody else {
            // No client sends that much: read it as garbage and look for the next header.
            return skipBadHeader(until: end + 4, "Content-Length \(length) exceeds the limit of \(FrameReader.maximumBody) bytes")
        }
        let bodyStart = end + 4
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        let body = Array(buffer[bodyStart..<start])
        if start == buffer.count && buffer.capacity > 1 << 20 {
            // A buffer that grew for one huge message is not kept while it is handled, nor after.
            buffer = []
            start = 0
        }
        return .message(body)
    }

    /// Moves past a header block that cannot be used, to the next `Content-Length:`.
    private mutating func skipBadHeader(until headerEnd: Int, _ reason: String) -> FrameEvent {
        start = headerEnd
        resynchronizing = true
        return .badHeader(reason)
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard buffer.count - from >= needle.count else { return nil }
        var i = from
        while i <= buffer.count - needle.count {
            if buffer[i] == needle[0] {
                var k = 1
                while k < needle.count && buffer[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
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
public func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
