/// A position written into a test's text as a caret, `‸`: the text without it and where it stood, and the
/// other way round, a text shown with the caret at a position (so an expected result reads as a document).
public struct Caret: Sendable {
    public static let mark = "‸"

    /// The text without the caret.
    public let text: String
    /// Where the caret stood: a byte offset into `text` (UTF-8).
    public let offset: Int
    /// The caret's line, and its column on that line in UTF-8 bytes and in UTF-16 code units (LSP's count).
    public let line: Int, byteColumn: Int, utf16Column: Int

    /// `marked` holds exactly one caret.
    public init(_ marked: String) {
        let ranges = marked.ranges(of: Self.mark)
        precondition(ranges.count == 1, "a caret text holds one ‸, not \(ranges.count)")
        let before = marked[..<ranges[0].lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        text = marked.replacingCharacters(in: ranges[0], with: "")
        offset = before.utf8.count
        line = before.count { $0 == "\n" }
        byteColumn = before[lineStart...].utf8.count
        utf16Column = before[lineStart...].utf16.count
    }

    /// `bytes` shown with the caret at byte `offset`.
    public static func shown(_ bytes: [UInt8], at offset: Int) -> String {
        var bytes = bytes
        bytes.insert(contentsOf: Array(mark.utf8), at: offset)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` shown with the caret on `line` at UTF-16 column `utf16Column` (at most the line's end).
    public static func shown(_ text: String, line: Int, utf16Column: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf16) }
        lines[line].insert(contentsOf: Array(mark.utf16), at: min(utf16Column, lines[line].count))
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }
}
