/// One line of a simple table as docutils lays it out: each character at the column where it starts.
/// docutils expands tabs to stops of 8, gives East Asian Wide and Fullwidth characters two columns and
/// combining characters none (they go with the character before them); columns count from the table's
/// indentation, tab stops from the document line's start.
struct SimpleTableLine {
    struct Piece {
        /// Bytes of the character in the document, combining characters after it included.
        var bytes: Range<Int>
        var column: Int
        var width: Int
        var isSpace: Bool
    }

    private var measured: [Piece] = []
    /// A line of printable ASCII: its bytes, each one column (no piece is made: most lines are).
    private let plain: ArraySlice<UInt8>?

    /// Every character with its column.
    var pieces: [Piece] {
        guard let plain else { return measured }
        return plain.indices.map { Piece(bytes: $0..<$0 + 1, column: $0 - plain.startIndex, width: 1, isSpace: plain[$0] == 0x20) }
    }

    /// The line's bytes from `p` (the table's indentation skipped) to `end`.
    init(_ b: [UInt8], _ p: Int, _ end: Int) {
        if b[p..<end].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            plain = b[p..<end]
            return
        }
        plain = nil
        var pieces: [Piece] = []
        defer { measured = pieces }
        // docutils's tab stops count code points from the document line's start, the table's indentation
        // (the blanks before `p`) included.
        var lineStart = p
        while lineStart > 0 && (b[lineStart - 1] == 0x20 || b[lineStart - 1] == 0x09) { lineStart -= 1 }
        var expanded = GridReader.docutilsColumn(after: b[lineStart..<p], from: 0)  // per code point, as docutils counts stops
        var column = 0
        var i = p
        while i < end {
            let byte = b[i]
            if byte < 0x80 {
                if byte == 0x09 {
                    let next = column + 8 - expanded % 8
                    expanded += 8 - expanded % 8
                    pieces.append(Piece(bytes: i..<i + 1, column: column, width: next - column, isSpace: true))
                    column = next
                } else {
                    pieces.append(Piece(bytes: i..<i + 1, column: column, width: 1, isSpace: byte == 0x20))
                    column += 1
                    expanded += 1
                }
                i += 1
                continue
            }
            let (scalar, length) = GridTextLine.scalar(b, at: i, end: end)
            expanded += 1
            if scalar.properties.canonicalCombiningClass.rawValue != 0, !pieces.isEmpty {
                pieces[pieces.count - 1].bytes = pieces[pieces.count - 1].bytes.lowerBound..<i + length
            } else {
                let width = SimpleTableLine.width(scalar)
                pieces.append(Piece(bytes: i..<i + length, column: column, width: width, isSpace: false))
                column += width
            }
            i += length
        }
    }

    /// docutils's columns for a character (combining characters apart).
    static func width(_ scalar: Unicode.Scalar) -> Int { EastAsianWidth.isWide(scalar.value) ? 2 : 1 }

    /// The columns the line's text takes, trailing blanks left out.
    var textEnd: Int {
        if let plain { return (plain.lastIndex { $0 != 0x20 }).map { $0 - plain.startIndex + 1 } ?? 0 }
        guard let last = measured.last(where: { !$0.isSpace }) else { return 0 }
        return last.column + last.width
    }

    /// Whether no text touches columns `columns` (a wide character that starts left of them and reaches
    /// into them touches them: docutils pads it with a character that is not blank).
    func isBlank(_ columns: Range<Int>) -> Bool {
        if let plain { return plain.dropFirst(columns.lowerBound).prefix(columns.count).allSatisfy { $0 == 0x20 } }
        return !measured.contains { !$0.isSpace && $0.column < columns.upperBound && $0.column + $0.width > columns.lowerBound }
    }

    /// The bytes of the text that touches columns `columns`, or nil when they are blank.
    func text(touching columns: Range<Int>) -> Range<Int>? {
        if let plain {
            // A column a byte: the first and last non-blank bytes of those columns (most lines; making a
            // piece of each byte here was most of reading a long table).
            let inside = plain.dropFirst(max(0, columns.lowerBound)).prefix(max(0, columns.count))
            guard let first = inside.firstIndex(where: { $0 != 0x20 }), let last = inside.lastIndex(where: { $0 != 0x20 }) else { return nil }
            return first..<last + 1
        }
        let touching = pieces.filter { !$0.isSpace && $0.column < columns.upperBound && $0.column + $0.width > columns.lowerBound }
        guard let first = touching.first, let last = touching.last else { return nil }
        return first.bytes.lowerBound..<last.bytes.upperBound
    }

    /// The columns from the first to past the last character with text that starts in `columns`, or nil
    /// when none does.
    func textExtent(starting columns: Range<Int>) -> Range<Int>? {
        if let plain {
            let inside = plain.dropFirst(max(0, columns.lowerBound)).prefix(max(0, min(columns.count, plain.count)))
            guard let first = inside.firstIndex(where: { $0 != 0x20 }), let last = inside.lastIndex(where: { $0 != 0x20 }) else { return nil }
            return first - plain.startIndex..<last - plain.startIndex + 1
        }
        let text = measured.filter { !$0.isSpace && columns.contains($0.column) }
        guard let first = text.first, let last = text.last else { return nil }
        return first.column..<last.column + last.width
    }

    /// Whether any text starts at column `column` or right of it.
    func hasText(from column: Int) -> Bool {
        if let plain { return plain.dropFirst(max(0, column)).contains { $0 != 0x20 } }
        return measured.contains { !$0.isSpace && $0.column >= column }
    }

    /// `text(starting:in:)`, for a plain line a slice of the document (no copy).
    func bytes(starting columns: Range<Int>, in b: [UInt8]) -> ArraySlice<UInt8> {
        if let plain { return plain.dropFirst(columns.lowerBound).prefix(columns.count) }
        return text(starting: columns, in: b)[...]
    }

    /// The bytes of the characters that start in `columns`, a tab as the spaces it stands for.
    func text(starting columns: Range<Int>, in b: [UInt8]) -> [UInt8] {
        if let plain { return Array(plain.dropFirst(columns.lowerBound).prefix(columns.count)) }
        var out: [UInt8] = []
        for piece in measured where columns.contains(piece.column) {
            if piece.width > 0 && b[piece.bytes.lowerBound] == 0x09 {
                out.append(contentsOf: repeatElement(0x20, count: piece.width))
            } else {
                out.append(contentsOf: b[piece.bytes])
            }
        }
        return out
    }
}
