/// Lines of delimited text (CSV, TSV, or columns apart by runs of spaces) as rows of fields, and rows as
/// CSV: what "lines to table" and "copy table as CSV" read and write.
enum DelimitedText {
    enum Separator: Sendable, Hashable {
        /// RFC 4180: fields apart by commas, a field in double quotes may hold commas, quotes (doubled) and
        /// line breaks.
        case comma
        case tab
        /// Runs of two or more spaces (a single space stays inside a field, as in "New York").
        case spaces
    }

    /// The separator Org's `org-table-convert-region` would choose: tabs when every line has one, else
    /// commas when every line has one, else runs of spaces. Blank lines are not counted, and a CSV field
    /// in quotes may run over lines: commas are chosen when every record has one.
    package static func separator(of text: String) -> Separator {
        let lines = lines(text)
        if !lines.isEmpty && lines.allSatisfy({ $0.contains("\t") }) { return .tab }
        if !lines.isEmpty && lines.allSatisfy({ $0.contains(",") }) { return .comma }
        var reader = CSVReader(text)
        let records = reader.rows().filter { $0 != [""] }
        return !records.isEmpty && text.contains("\"") && records.allSatisfy({ $0.count > 1 }) ? .comma : .spaces
    }

    /// The rows of `text` (lines ended by LF or CRLF) split by `separator`; blank lines are skipped, and
    /// fields keep their text but lose the blanks around them (a quoted field keeps its own).
    package static func rows(_ text: String, separator: Separator) -> [[String]] {
        switch separator {
        case .comma:
            var reader = CSVReader(text)
            return reader.rows().filter { $0 != [""] }
        case .tab: return lines(text).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(trimmed) }
        case .spaces: return lines(text).map(splitAtSpaceRuns)
        }
    }

    /// The rows as CSV: a field is quoted when it holds a comma, a quote, a line break or blanks at its
    /// ends, with quotes doubled; rows end with LF.
    static func csv(_ rows: [[String]]) -> String {
        rows.map { $0.map(csvField).joined(separator: ",") + "\n" }.joined()
    }

    static func csvField(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0.isNewline }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        guard needsQuotes else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }

    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }

    private static func trimmed(_ field: Substring) -> String { String(field.trimming(Blank.isSpaceOrTab)) }

    private static func splitAtSpaceRuns(_ line: Substring) -> [String] {
        var fields: [String] = [], current = "", spaces = 0
        for character in line.drop(while: { $0 == " " }) {
            if character == " " {
                spaces += 1
                continue
            }
            if spaces >= 2 {
                fields.append(current)
                current = ""
            } else if spaces == 1 {
                current.append(" ")
            }
            spaces = 0
            current.append(character)
        }
        fields.append(current)
        return fields
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}

/// RFC 4180 reading, lenient where spreadsheets are: a quote inside an unquoted field is kept as text,
/// text after a closing quote is kept, and an unclosed quote runs to the end.
struct CSVReader {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) { characters = Array(text) }

    mutating func rows() -> [[String]] {
        var rows: [[String]] = []
        while index < characters.count { rows.append(row()) }
        return rows
    }

    /// One row: fields up to an unquoted line break (consumed).
    private mutating func row() -> [String] {
        var fields: [String] = []
        while true {
            fields.append(field())
            guard index < characters.count else { return fields }
            let separator = characters[index]
            index += 1
            if separator.isNewline { return fields }
        }
    }

    /// One field, up to (not past) the comma or line break after it. Blanks around a field are dropped,
    /// but not those inside its quotes.
    private mutating func field() -> String {
        skipBlanks()
        guard index < characters.count && characters[index] == "\"" else {
            return String(take { $0 != "," && !$0.isNewline }.trimmingEnd(Blank.isSpaceOrTab))
        }
        index += 1
        var text = ""
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character != "\"" { text.append(character); continue }
            guard index < characters.count && characters[index] == "\"" else { break }
            text.append("\"")
            index += 1
        }
        skipBlanks()
        return text + take { $0 != "," && !$0.isNewline }
    }

    private mutating func skipBlanks() {
        while index < characters.count && Blank.isSpaceOrTab(characters[index]) { index += 1 }
    }

    /// The characters from here while `accepts` holds.
    private mutating func take(while accepts: (Character) -> Bool) -> String {
        var text = ""
        while index < characters.count && accepts(characters[index]) {
            text.append(characters[index])
            index += 1
        }
        return text
    }
}
