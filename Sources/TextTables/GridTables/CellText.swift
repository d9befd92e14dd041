/// A cell's lines as blocks that re-wrapping may and may not touch: paragraphs and list items are words
/// that may be filled again; blank lines, literal and indented text, fences, nested tables and every line
/// that is markup on its own are kept as they are, byte for byte.
struct CellText {
    enum Block: Equatable {
        /// Lines kept as they are.
        case kept([String])
        /// A paragraph, or a list item (`marker` is its bullet or number with the space after it), whose
        /// lines start at `indent` spaces; its words in order, each unbreakable.
        case words(indent: Int, marker: String, words: [String], lines: [String])
    }

    var blocks: [Block] = []

    init(_ lines: [String]) {
        var i = 0
        var literal: Int?  // a literal block (after `::`) runs while lines are indented past this
        var fence: String?
        while i < lines.count {
            let line = lines[i]
            let indent = CellText.indentation(line)
            let body = String(line.dropFirst(indent))
            if let open = fence {
                blocks.append(.kept([line]))
                if body.hasPrefix(open) { fence = nil }
                i += 1
                continue
            }
            if body.isEmpty {
                blocks.append(.kept([line]))
                i += 1
                continue
            }
            if let limit = literal, indent > limit {
                blocks.append(.kept([line]))
                i += 1
                continue
            }
            literal = nil
            if body.hasPrefix("```") || body.hasPrefix("~~~") {
                fence = String(body.prefix { $0 == body.first })
                blocks.append(.kept([line]))
                i += 1
                continue
            }
            guard CellText.isProse(body) else {
                blocks.append(.kept([line]))
                i += 1
                continue
            }
            // A paragraph or list item: this line and those below at its text's indentation that are prose.
            let marker = CellText.listMarker(body) ?? ""
            let textColumn = indent + marker.count
            var paragraph = [line]
            var j = i + 1
            while j < lines.count {
                let next = lines[j], nextIndent = CellText.indentation(next), nextBody = String(next.dropFirst(nextIndent))
                guard !nextBody.isEmpty, nextIndent == textColumn, CellText.isProse(nextBody), CellText.listMarker(nextBody) == nil else { break }
                paragraph.append(next)
                j += 1
            }
            let text = ([String(body.dropFirst(marker.count))] + paragraph.dropFirst().map { String($0.dropFirst(textColumn)) })
            blocks.append(.words(indent: indent, marker: marker, words: CellText.words(text.joined(separator: " ")), lines: paragraph))
            if paragraph.last?.hasSuffix("::") == true { literal = indent }
            i = j
        }
    }

    /// The lines, each paragraph whose lines are wider than `width` (as `measure` counts) filled again
    /// to at most `width` where its words allow.
    func lines(wrappedTo width: Int, measure: (String) -> Int) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .kept(let lines): return lines
            case let .words(indent, marker, words, lines):
                guard lines.contains(where: { measure($0) > width }) else { return lines }
                return CellText.fill(words, width: width - indent - marker.count, measure: measure).enumerated().map { n, line in
                    String(repeating: " ", count: indent) + (n == 0 ? marker : String(repeating: " ", count: marker.count)) + line
                }
            }
        }
    }

    /// The lines with every paragraph on one line.
    var unwrapped: [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .kept(let lines): return lines
            case let .words(indent, marker, words, _): return [String(repeating: " ", count: indent) + marker + words.joined(separator: " ")]
            }
        }
    }

    /// Whether a paragraph runs over more than one line (what "Unwrap cell" joins).
    var hasWrappedParagraph: Bool {
        blocks.contains { if case .words(_, _, _, let lines) = $0 { lines.count > 1 } else { false } }
    }

    /// The width the cell needs at the least: its widest kept line or unbreakable word (with its indent).
    func minimumWidth(measure: (String) -> Int) -> Int {
        blocks.reduce(0) { widest, block in
            switch block {
            case .kept(let lines): return max(widest, lines.map(measure).max() ?? 0)
            case let .words(indent, marker, words, _): return max(widest, indent + marker.count + (words.map(measure).max() ?? 0))
            }
        }
    }

    static func indentation(_ line: String) -> Int { line.utf8.prefix { $0 == 0x20 }.count }

    /// A list item's marker with the space after it (`- `, `* `, `+ `, `1. `, `2) `, `#. `), or nil.
    static func listMarker(_ body: String) -> String? {
        let bytes = Array(body.utf8)
        if bytes.count >= 2, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[0]), bytes[1] == 0x20 {
            return String(body.prefix(2))
        }
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        let number = digits > 0 ? digits : (bytes.first == UInt8(ascii: "#") ? 1 : 0)
        guard number > 0, number + 1 < bytes.count, bytes[number] == UInt8(ascii: ".") || bytes[number] == UInt8(ascii: ")"),
              bytes[number + 1] == 0x20 else { return nil }
        return String(body.prefix(number + 2))
    }

    /// Whether a line (without its indentation) is running text that may be filled: not a line that is
    /// markup of its own (a table's border or row, a quote, a heading, a directive or comment, a field, a
    /// line block, a rule or title underline).
    static func isProse(_ body: String) -> Bool {
        guard let first = body.unicodeScalars.first else { return false }
        if "+|>#:".unicodeScalars.contains(first) || body.hasPrefix("..") { return false }
        return !isRuleLike(body)
    }

    /// A word of one punctuation character repeated (`---`, `===`, `***`): on a line of its own it would
    /// underline a title or draw a rule.
    static func isRuleLike(_ word: String) -> Bool {
        guard let first = word.first, word.count >= 2, first.isPunctuation || first.isSymbol else { return false }
        return word.allSatisfy { $0 == first }
    }

    /// The words of running text: apart at spaces, except inside inline code (a run of backticks to the
    /// same run), and with a word that would be markup at the start of a line (a list marker, a rule, a
    /// quote or heading mark) kept together with the word before it.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var code: Int?  // the length of the backtick run that opened inline code
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "`" {
                var run = 0
                while i + run < scalars.count && scalars[i + run] == "`" { run += 1 }
                if code == nil { code = run } else if code == run { code = nil }
                current.unicodeScalars.append(contentsOf: scalars[i..<i + run])
                i += run
                continue
            }
            if scalar == " " && code == nil {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
            i += 1
        }
        if !current.isEmpty { words.append(current) }
        var glued: [String] = []
        for word in words {
            if let last = glued.last, startsMarkup(word) {
                glued[glued.count - 1] = last + " " + word
            } else {
                glued.append(word)
            }
        }
        return glued
    }

    /// Whether a word at the start of a line would be read as markup rather than text.
    static func startsMarkup(_ word: String) -> Bool {
        isRuleLike(word) || listMarker(word + " ") != nil || !isProse(word) || word == "-" || word == "*" || word == "+"
    }

    /// Words filled into lines at most `width` wide (a word wider stands on its own line).
    static func fill(_ words: [String], width: Int, measure: (String) -> Int) -> [String] {
        var lines: [String] = []
        var line = "", lineWidth = 0
        for word in words {
            let w = measure(word)
            if line.isEmpty {
                (line, lineWidth) = (word, w)
            } else if lineWidth + 1 + w <= width {
                line += " " + word
                lineWidth += 1 + w
            } else {
                lines.append(line)
                (line, lineWidth) = (word, w)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
