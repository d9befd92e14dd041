/// The lines of an open document, each its bytes and its terminator. A change replaces a range of lines,
/// so its cost is proportional to the lines it touches (plus moving the array of line references).
struct DocumentText: Sendable {
    struct Line: Sendable, Equatable {
        var bytes: [UInt8]
        /// `\n`, `\r\n`, or nothing on the last line.
        var terminator: [UInt8]
    }

    private(set) var lines: [Line]

    init(_ bytes: [UInt8]) {
        var lines: [Line] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            let end = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
            lines.append(Line(bytes: Array(bytes[start..<end]), terminator: end == i ? [0x0A] : [0x0D, 0x0A]))
            start = i + 1
        }
        lines.append(Line(bytes: Array(bytes[start...]), terminator: []))
        self.lines = lines
    }

    var lineCount: Int { lines.count }

    /// The whole text (proportional to the document: for tests and debugging, never per keystroke).
    var bytes: [UInt8] { lines.flatMap { $0.bytes + $0.terminator } }

    /// Replaces the text between two (line, byte) positions; returns the range of lines that now hold
    /// the new text.
    @discardableResult
    mutating func replace(from start: (line: Int, byte: Int), to end: (line: Int, byte: Int), with text: [UInt8]) -> ClosedRange<Int> {
        let head = Array(lines[start.line].bytes[..<start.byte])
        let tail = Array(lines[end.line].bytes[end.byte...])
        let lastTerminator = lines[end.line].terminator
        var replacement = DocumentText(head + text + tail).lines
        replacement[replacement.count - 1].terminator = lastTerminator
        lines.replaceSubrange(start.line...end.line, with: replacement)
        return start.line...(start.line + replacement.count - 1)
    }

    /// Lines `range` as one buffer, with where each line starts in it.
    func slice(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        for line in lines[range] {
            out += line.bytes
            out += line.terminator
        }
        return out
    }
}
