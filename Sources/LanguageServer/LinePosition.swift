/// A place in an open document as the server keeps it: a line, and a byte offset in that line's text
/// (LSP's positions count characters in the client's encoding; `PositionEncoding` converts).
struct LinePosition: Hashable, Comparable, Sendable {
    var line: Int
    var byte: Int

    init(_ line: Int, _ byte: Int) {
        self.line = line
        self.byte = byte
    }

    static func < (a: LinePosition, b: LinePosition) -> Bool { (a.line, a.byte) < (b.line, b.byte) }

    /// The same place `lines` lines further down.
    func shifted(by lines: Int) -> LinePosition { LinePosition(line + lines, byte) }
}
