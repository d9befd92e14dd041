import TextTables

/// The lines of an open document, each its bytes and its terminator. A change replaces a range of lines,
/// so its cost is proportional to the lines it touches (plus moving the array of line references).
struct DocumentText: Sendable {
    struct Line: Sendable, Equatable {
        var bytes: [UInt8]
        /// `\n`, `\r\n`, or nothing on the last line: a case, not an array, so that a line costs one
        /// allocation (a 100 MB document has two million lines).
        var terminator: Terminator
    }

    enum Terminator: Sendable, Equatable {
        case none, lf, crlf
        static let lfBytes: [UInt8] = [0x0A], crlfBytes: [UInt8] = [0x0D, 0x0A]
        var bytes: [UInt8] { self == .lf ? Terminator.lfBytes : self == .crlf ? Terminator.crlfBytes : [] }
    }

    private(set) var lines: [Line]

    init(_ bytes: [UInt8]) { self.init(TextLines(bytes)) }

    init(_ text: TextLines) {
        lines = (0..<text.count).map { line in
            let end = text.contentEnd(line), terminatorLength = text.fullEnd(line) - end
            return Line(bytes: Array(text.bytes[text.starts[line]..<end]), terminator: terminatorLength == 0 ? .none : terminatorLength == 1 ? .lf : .crlf)
        }
    }

    var lineCount: Int { lines.count }

    /// The whole text (proportional to the document: for tests and debugging, never per keystroke).
    var bytes: [UInt8] { lines.flatMap { $0.bytes + $0.terminator.bytes } }

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

    /// Appends the text between two (line, byte) positions, the first not after the second.
    func append(from start: (line: Int, byte: Int), to end: (line: Int, byte: Int), to out: inout [UInt8]) {
        guard start.line < end.line else {
            out += lines[start.line].bytes[start.byte..<max(start.byte, end.byte)]
            return
        }
        out += lines[start.line].bytes[start.byte...]
        out += lines[start.line].terminator.bytes
        for line in lines[(start.line + 1)..<end.line] {
            out += line.bytes
            out += line.terminator.bytes
        }
        out += lines[end.line].bytes[..<end.byte]
    }

    /// Lines `range` as one buffer, with where each line starts in it.
    func slice(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        for line in lines[range] {
            out += line.bytes
            out += line.terminator.bytes
        }
        return out
    }
}
