/// The markers that start a reStructuredText construct on a line, matched as docutils' patterns match
/// them (`docutils.parsers.rst.states.Body.patterns`): no looser, since a line taken for a construct
/// docutils does not see would be wrapped with an indentation that changes what docutils reads.
enum RSTMarkers {
    /// An enumerator: `1.`, `1)`, `(1)` with a number, `#`, one letter or a roman numeral.
    static func isEnumerator(_ word: Substring) -> Bool {
        guard let core = CellText.enumeratorCore(word), let first = core.first else { return false }
        if core == "#" || core.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        if core.count == 1 { return first.isASCII && first.isLetter }
        return romanValue(String(core)) != nil
    }

    /// Whether enumerator `next` follows `enumerator` in one list as docutils checks it on the line
    /// below an item: the same format, and `#` or the next number (letters and roman numerals, whose
    /// sequence docutils guesses, never count).
    static func followsEnumerator(_ enumerator: Substring, with next: Substring) -> Bool {
        func parts(_ word: Substring) -> (format: String, core: Substring) {
            word.hasPrefix("(") ? ("()", word.dropFirst().dropLast()) : (String(word.last ?? " "), word.dropLast())
        }
        let (a, b) = (parts(enumerator), parts(next))
        guard a.format == b.format else { return false }
        if b.core == "#" { return a.core == "#" }
        guard let n = Int(a.core), let m = Int(b.core) else { return false }
        return m == n + 1
    }

    /// The value of a roman numeral written in one case as docutils writes it (`iv`, `XII`), or nil.
    static func romanValue(_ text: String) -> Int? {
        let upper = text.uppercased()
        guard text == upper || text == text.lowercased() else { return nil }
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let digits = upper.compactMap { values[$0] }
        guard digits.count == upper.count, !digits.isEmpty else { return nil }
        let value = digits.indices.reduce(0) { $0 + ($1 + 1 < digits.count && digits[$1] < digits[$1 + 1] ? -digits[$1] : digits[$1]) }
        return value > 0 && value < 5000 && roman(value) == upper ? value : nil
    }

    private static func roman(_ value: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                                      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var value = value, text = ""
        for (n, s) in table { while value >= n { text += s; value -= n } }
        return text
    }

    /// A field marker (`:name: `, the name without a leading space or colon, not ending in a space, a
    /// colon in it not followed by a space or backtick) with the spaces after it, when text follows.
    static func fieldPrefix(_ text: Substring) -> Substring? {
        let chars = Array(text)
        guard chars.count > 2, chars[0] == ":", chars[1] != ":", chars[1] != " " else { return nil }
        var p = 1
        while p < chars.count {
            if chars[p] == "\\" { p += 2; continue }
            if chars[p] == ":" {
                let next = p + 1 < chars.count ? chars[p + 1] : " "
                if next == "`" { return nil }
                if next == " " {
                    guard chars[p - 1] != " " else { return nil }
                    let end = chars[(p + 1)...].firstIndex { $0 != " " }
                    return end.map { text.prefix($0) }
                }
            }
            p += 1
        }
        return nil
    }

    /// An option list item's options (`-a`, `-b FILE`, `--all`, `--file=<path>`, `/V`, `+x`, joined by
    /// `, `) with the two or more spaces after them, when a description follows.
    static func optionPrefix(_ text: Substring) -> Substring? {
        for after in optionEnds(text) {
            if after.hasPrefix(", "), let more = optionPrefix(after.dropFirst(2)) { return text[..<more.endIndex] }
            let spaces = after.prefix { $0 == " " }
            if spaces.count >= 2 && spaces.endIndex < text.endIndex { return text[..<spaces.endIndex] }
        }
        return nil
    }

    /// Where one option at the start of `text` may end: after its argument, or after its name.
    private static func optionEnds(_ text: Substring) -> [Substring] {
        func isAlphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        let long = text.hasPrefix("--") || text.hasPrefix("/")
        guard long || text.hasPrefix("-") || text.hasPrefix("+") else { return [] }
        let name = text.dropFirst(text.hasPrefix("--") ? 2 : 1)
        guard let first = name.first, isAlphanumeric(first) else { return [] }
        let afterName = long ? name.dropFirst().drop { isAlphanumeric($0) || $0 == "_" || $0 == "-" } : name.dropFirst()
        var ends = [afterName]
        if let separator = afterName.first, separator == " " || (long && separator == "="), let end = optionArgumentEnd(afterName.dropFirst()) {
            ends.insert(end, at: 0)
        }
        if !long, let end = optionArgumentEnd(afterName) { ends.insert(end, at: 0) }
        return ends
    }

    /// The text after an option's argument (a word starting with a letter, or `<...>`), or nil.
    private static func optionArgumentEnd(_ text: Substring) -> Substring? {
        if text.hasPrefix("<") {
            guard let close = text.firstIndex(of: ">"), !text[text.index(after: text.startIndex)..<close].contains("<"), close > text.index(after: text.startIndex) else { return nil }
            return text[text.index(after: close)...]
        }
        guard let first = text.first, first.isASCII, first.isLetter else { return nil }
        return text.dropFirst().drop { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_" || $0 == "-" }
    }

    /// A directive's name and what follows its `::` on the line (`.. note:: text`), or nil.
    static func directive(_ text: Substring) -> (name: String, argument: Substring)? {
        let afterDots = text.dropFirst(2).drop { $0 == " " }
        guard text.hasPrefix(".. "), let colons = afterDots.indices.first(where: { afterDots[$0...].hasPrefix("::") }) else { return nil }
        let name = afterDots[..<colons]
        let after = afterDots[colons...].dropFirst(2)
        guard !name.isEmpty, !name.contains(" "), let first = name.first, first != "|", first != "_", first != "[",
              after.isEmpty || after.first == " " else { return nil }
        return (String(name), after.drop { $0 == " " })
    }
}
