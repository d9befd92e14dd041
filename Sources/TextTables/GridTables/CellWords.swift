/// The pieces of a cell's lines that the block readers share: indentation, the words of running text and
/// which of them would read as markup at the start of a line (gluing a word to its neighbour never
/// changes what a reader reads; starting a line with it may).
extension CellText {
    static func indentation(_ line: String) -> Int { line.utf8.prefix { $0 == 0x20 }.count }

    static func isBlank(_ line: String) -> Bool { line.utf8.allSatisfy { $0 == 0x20 } }

    /// The line without its indentation.
    static func body(_ line: String) -> Substring { line.drop { $0 == " " } }

    static func firstWord(_ body: Substring) -> Substring { body.prefix { $0 != " " } }

    /// A line of punctuation and spaces only (`----`, `=== ===`, `|---|:--|`, `+--+`, `...`): a title's
    /// underline, a rule, a table's border. The line above it is never wrapped.
    static func isUnderlineLike(_ body: Substring) -> Bool {
        guard let first = body.unicodeScalars.first, punctuation.contains(first) else { return false }
        return body.unicodeScalars.allSatisfy { $0 == " " || punctuation.contains($0) }
    }

    private static let punctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// The words of running text: apart at spaces, except inside inline code (a run of backticks to the
    /// same run) and after a backslash (an escaped space), and with a word that would be markup at the
    /// start of a line kept together with the word before it (and a bare `_` or `*` run with the next).
    static func words(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        var current = ""
        var code: Int?  // the length of the backtick run that opened inline code
        var escaped = false
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
                escaped = false
                continue
            }
            if scalar == " " && code == nil && !escaped {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
            escaped = scalar == "\\" && !escaped
            i += 1
        }
        if !current.isEmpty { words.append(current) }
        var glued: [String] = []
        for (n, word) in words.enumerated() {
            // A bare emphasis delimiter (`_`, `**`) reads otherwise at the end of a line in pandoc, and a
            // backslash (or an escaped space) at the end of a line is a line break or escapes the newline.
            let previous = n > 0 ? words[n - 1] : ""
            if !glued.isEmpty, startsMarkup(word) || previous.allSatisfy({ $0 == "*" || $0 == "_" })
                || previous.hasSuffix("\\") || previous.hasSuffix("\\ ") {
                glued[glued.count - 1] += " " + word
            } else {
                glued.append(word)
            }
        }
        return glued
    }

    /// Whether a word at the start of a line could read as markup in either reader: a bullet, rule,
    /// underline, quote, heading, line block, field, definition, HTML, directive, doctest, footnote or
    /// link definition, option, or an enumerator (`3.`, `b)`, `(iv)`, `#.`, `(@)`).
    static func startsMarkup(_ word: some StringProtocol) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        if "=-+#>|<~".unicodeScalars.contains(first) || isUnderlineLike(Substring(word)) { return true }
        if first == ":" { return !isRole(word) }
        if word.hasPrefix("..") || word.hasPrefix("```") { return true }
        if word.allSatisfy({ $0 == "*" }) || ["•", "‣", "⁃"].contains(String(word)) { return true }
        if first == "[" && word.contains("]:") { return true }
        if first == "/" && word.count > 1 && word.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) { return true }
        return isEnumerator(word)
    }

    /// An interpreted text's role (`:ref:`…), which no reader takes for a field at the start of a line.
    private static func isRole(_ word: some StringProtocol) -> Bool {
        let name = word.dropFirst().prefix { $0.isLetter || $0.isNumber || "_.+:-".contains($0) }
        return name.count > 1 && name.last == ":" && word.dropFirst(1 + name.count).first == "`"
    }

    /// An enumerated list's marker in docutils or pandoc: `1.`, `1)`, `(1)` with a number, `#`, one
    /// letter, a roman numeral or pandoc's example label (`@`, `@name`).
    static func isEnumerator(_ word: some StringProtocol) -> Bool {
        guard let core = enumeratorCore(Substring(word)), let first = core.first else { return false }
        if core.allSatisfy({ $0.isASCII && $0.isNumber }) || core == "#" { return true }
        if first == "@" { return core.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } }
        if core.count == 1 { return first.isASCII && first.isLetter }
        return core.allSatisfy { "ivxlcdm".contains($0) } || core.allSatisfy { "IVXLCDM".contains($0) }
    }

    /// What an enumerator's punctuation encloses (`1` of `1.`, `1)` and `(1)`), or nil for a word without it.
    static func enumeratorCore(_ word: Substring) -> Substring? {
        if word.hasPrefix("(") { return word.hasSuffix(")") ? word.dropFirst().dropLast() : nil }
        return word.hasSuffix(".") || word.hasSuffix(")") ? word.dropLast() : nil
    }
}
