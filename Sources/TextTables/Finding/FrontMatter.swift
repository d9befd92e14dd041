/// YAML (`---` … `---` or `...`) or TOML (`+++` … `+++`) front matter at the very top of a Markdown
/// document, recognised when a later line closes it (trailing spaces and tabs ignored).
package enum FrontMatter: Sendable, Equatable {
    case yaml, toml

    /// The front matter that line `line` of `text` opens, if it would open one as the document's first line.
    package init?(opening text: TextLines, line: Int) {
        switch FrontMatter.trimmed(text, line) {
        case Array("---".utf8): self = .yaml
        case Array("+++".utf8): self = .toml
        default: return nil
        }
    }

    package func isClosed(by text: TextLines, line: Int) -> Bool {
        closes(FrontMatter.trimmed(text, line))
    }

    /// Whether a line after the document's first one, given as its text without terminator, closes it (a
    /// byte-order mark there is text, not one).
    package func isClosed(byLaterLine line: ArraySlice<UInt8>) -> Bool {
        var end = line.endIndex
        while end > line.startIndex && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
        return closes(Array(line[..<end]))
    }

    private func closes(_ content: [UInt8]) -> Bool {
        switch self {
        case .yaml: return content == Array("---".utf8) || content == Array("...".utf8)
        case .toml: return content == Array("+++".utf8)
        }
    }

    /// The first line after the front matter that the first line of `text` opens; 0 when there is none.
    package static func end(of text: TextLines) -> Int {
        guard text.count > 1, let kind = FrontMatter(opening: text, line: 0) else { return 0 }
        return (1..<text.count).first { kind.isClosed(by: text, line: $0) }.map { $0 + 1 } ?? 0
    }

    /// A line's text without trailing blanks, and on the document's first line without a byte-order mark.
    private static func trimmed(_ text: TextLines, _ line: Int) -> [UInt8] {
        let start = text.starts[line] + (line == 0 ? ByteOrderMark.length(text.bytes) : 0)
        var end = text.contentEnd(line)
        while end > start && (text.bytes[end - 1] == 0x20 || text.bytes[end - 1] == 0x09) { end -= 1 }
        return Array(text.bytes[min(start, end)..<end])
    }
}
