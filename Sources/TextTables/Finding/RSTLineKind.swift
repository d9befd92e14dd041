/// What a line that starts a body element begins, as docutils tells it from the line alone, as far as
/// `RSTBlockStarts` needs: items carry where their text starts (nil when the marker ends the line).
enum RSTLineKind {
    /// A bullet item: where its text starts, in bytes and in columns past the line's start.
    case bullet(TextStart?)
    /// What may be an enumerated item (`1.`, `(a)`, `iv)`, `#.`): a paragraph unless the line below says
    /// otherwise, a title's text with an underline below.
    case enumerated(TextStart?)
    case field(TextStart?)
    case explicit, lineBlock, doctest, adornment, text
    /// Maybe an option list's item (`-a`, `--all`, `/V`), or a short run of marks: it neither ends its
    /// element at the line's end nor makes a title's text.
    case other

    struct TextStart {
        var offset: Int
        var column: Int
    }

    /// The line from `p` (after its indentation) to `end`.
    init(_ b: [UInt8], _ p: Int, _ end: Int) {
        let end = SimpleTableSyntax.trimmedEnd(b, p, end)
        func blankAfter(_ count: Int) -> Bool { p + count == end || (p + count < end && (b[p + count] == 0x20 || b[p + count] == 0x09)) }
        func starts(_ s: String) -> Bool { b[p..<end].starts(with: Array(s.utf8)) }
        /// The text after a marker of `bytes` bytes and `columns` columns, past the spaces after it.
        func text(after bytes: Int, columns: Int) -> TextStart? {
            let (gap, q) = BlockSyntax.indentation(b, p + bytes, end, column: columns)
            return q == end ? nil : TextStart(offset: q, column: columns + gap)
        }
        if (starts("..") || starts("__")) && blankAfter(2) {
            self = .explicit
        } else if starts("|") && blankAfter(1) {
            self = .lineBlock
        } else if starts(">>>") && blankAfter(3) {
            self = .doctest
        } else if let bullet = ["-", "*", "+", "•", "‣", "⁃"].first(where: { starts($0) && blankAfter($0.utf8.count) }) {
            self = .bullet(text(after: bullet.utf8.count, columns: 1))
        } else if let marker = ListTableSyntax.fieldMarkerEnd(b, p, end) {
            self = .field(text(after: marker - p, columns: SimpleTablePrinter.width(of: String(decoding: b[p..<marker], as: UTF8.self))))
        } else if let marker = RSTLineKind.enumeratorLength(b, p, end), blankAfter(marker) {
            self = .enumerated(text(after: marker, columns: marker))
        } else if RSTLineKind.isAdornment(b, p, end) {
            self = SimpleTableSyntax.ruleLength(b, p, end) >= 4 ? .adornment : .other
        } else if ["-", "+", "/"].contains(where: starts) {
            self = .other
        } else {
            self = .text
        }
    }

    /// Where an item's text starts, in bytes.
    var text: Int? {
        switch self {
        case .bullet(let start), .enumerated(let start), .field(let start): start?.offset
        default: nil
        }
    }

    /// docutils's section adornment: one ASCII punctuation character repeated, trailing blanks allowed.
    static func isAdornment(_ b: [UInt8], _ p: Int, _ end: Int) -> Bool {
        let end = SimpleTableSyntax.trimmedEnd(b, p, end)
        guard p < end else { return false }
        let mark = b[p]
        let punctuation = (0x21...0x2F).contains(mark) || (0x3A...0x40).contains(mark) || (0x5B...0x60).contains(mark) || (0x7B...0x7E).contains(mark)
        return punctuation && b[p..<end].allSatisfy { $0 == mark }
    }

    /// The bytes of an enumerator starting the line (`1.`, `a)`, `(iv)`, `#.`: digits, one letter, Roman
    /// numerals or `#`), or nil.
    static func enumeratorLength(_ b: [UInt8], _ p: Int, _ end: Int) -> Int? {
        let open = p < end && b[p] == UInt8(ascii: "(")
        var i = open ? p + 1 : p
        let start = i
        func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
        func isLetter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
        let roman = Set("ivxlcdmIVXLCDM".utf8)
        if i < end && b[i] == UInt8(ascii: "#") {
            i += 1
        } else if i < end && isDigit(b[i]) {
            while i < end && isDigit(b[i]) { i += 1 }
        } else if i < end && roman.contains(b[i]) {
            while i < end && roman.contains(b[i]) { i += 1 }
        } else if i < end && isLetter(b[i]) {
            i += 1
        }
        guard i > start, i < end else { return nil }
        if open { return b[i] == UInt8(ascii: ")") ? i + 1 - p : nil }
        return b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") ? i + 1 - p : nil
    }

    /// A title's width as docutils measures it (East Asian wide characters two columns, combining none).
    static func width(_ b: [UInt8], _ p: Int, _ end: Int) -> Int {
        SimpleTablePrinter.width(of: String(decoding: b[p..<SimpleTableSyntax.trimmedEnd(b, p, end)], as: UTF8.self))
    }
}
