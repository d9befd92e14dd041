import JSONRPC

/// One setting: its key (dotted where it is nested), the values it takes, its default and its command-line
/// option. `SettingTable` holds them all.
package struct SettingSpec: Sendable {
    package enum Values: Sendable {
        case boolean
        /// One of these (numbers or strings).
        case choice([JSON])
        /// A whole number in the range; with `null`, which then means what `nullMeans` says.
        case wholeNumber(ClosedRange<Int>, nullMeans: String? = nil)
        /// A list of reStructuredText directive names, as written before `::`.
        case directiveNames
    }

    package let key: String
    package let values: Values
    /// What the server assumes when nothing sets the key (`null`: unset, decided elsewhere).
    package let defaultValue: JSON
    /// `gridls format` and `gridls check`'s option (nil: an editor's setting only).
    package let option: String?

    /// The range of a whole-number setting.
    package var range: ClosedRange<Int>? { if case .wholeNumber(let range, _) = values { range } else { nil } }

    /// Whether a settings object may give `value` for this key.
    package func accepts(_ value: JSON) -> Bool {
        switch values {
        case .boolean: value.bool != nil
        // A number may be written 2.0 (JSON has one kind of number).
        case .choice(let choices): choices.contains { $0 == value || ($0.int != nil && $0.int == value.int) }
        case .wholeNumber(let range, let nullMeans): value == .null ? nullMeans != nil : value.int.map(range.contains) ?? false
        case .directiveNames: value.array.map { $0.allSatisfy { $0.string.map(Self.isDirectiveName) ?? false } } ?? false
        }
    }

    /// What a value must be, as a log line or a configuration error says after "KEY must be".
    var requirement: String {
        switch values {
        case .boolean: "true or false"
        case .choice(let choices): Self.either(choices.map(\.text))
        case .wholeNumber(let range, nil): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .wholeNumber(let range, let nullMeans?): "null (\(nullMeans)) or a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .directiveNames: #"a list of directive names, such as ["exercise", "solution"]"#
        }
    }

    /// The value an option's text gives, or nil when the option does not take it (`commandLineRequirement`).
    package func commandLineValue(_ text: String) -> JSON? {
        let value: JSON
        switch values {
        case .boolean: value = text == "true" ? true : text == "false" ? false : .null
        case .choice(let choices): value = choices.first { $0.string ?? $0.int.map(String.init) == text } ?? .null
        case .wholeNumber: value = Int(text).map(JSON.int) ?? .null
        case .directiveNames: value = .array(text.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) })
        }
        // Not `cond ? value : nil`: JSON takes nil as its own null.
        guard value != .null, accepts(value) else { return nil }
        return value
    }

    /// What an option's text must be, after "OPTION must be" (directive names: after "OPTION takes").
    package var commandLineRequirement: String {
        switch values {
        case .choice(let choices): Self.either(choices.map { $0.string ?? $0.text })
        case .wholeNumber(let range, _): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .directiveNames: "directive names separated by commas, such as exercise,solution"
        case .boolean: requirement
        }
    }

    /// A directive's name as written before `::`: not empty, no white space, no `::`.
    static func isDirectiveName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: \.isWhitespace) && !name.contains("::")
    }

    /// "a or b", "a, b or c".
    private static func either(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

/// The one table of settings: the server checks and applies settings by it, the command line parses its
/// options by it, and tests hold the copies the editors and the documentation keep (VS Code's schema and
/// lib.js, protocol/schemas/settings.schema.json, the READMEs' tables) to it.
package enum SettingTable {
    static let formatOnSave = SettingSpec(key: "formatOnSave", values: .boolean, defaultValue: true, option: nil)
    package static let ambiguousWidth = SettingSpec(key: "ambiguousWidth", values: .choice([1, 2]), defaultValue: 1, option: "--ambiguous-width")
    package static let delimiterRow = SettingSpec(key: "delimiterRow", values: .choice(["padded", "compact"]), defaultValue: "padded", option: "--delimiter-row")
    package static let maxWidth = SettingSpec(key: "maxWidth", values: .wholeNumber(10...10_000, nullMeans: "no bound"), defaultValue: nil, option: "--max-width")
    /// Unset: the document's language or ending decides.
    package static let reader = SettingSpec(key: "reader", values: .choice(["portable", "github", "pandoc"]), defaultValue: nil, option: "--reader")
    package static let rstContentDirectives = SettingSpec(key: "rstContentDirectives", values: .directiveNames, defaultValue: [], option: "--rst-content-directives")
    package static let tabSize = SettingSpec(key: "tabSize", values: .wholeNumber(1...32), defaultValue: 4, option: "--tab-size")
    static let diagnosticsEnable = SettingSpec(key: "diagnostics.enable", values: .boolean, defaultValue: true, option: nil)

    package static let all = [formatOnSave, ambiguousWidth, delimiterRow, maxWidth, reader, rstContentDirectives, tabSize, diagnosticsEnable]

    /// The keys of a settings object (a dotted key's first part).
    package static let keys = Set(all.map { String($0.key.prefix { $0 != "." }) }).sorted()

    /// The setting of a top-level key that is not an object of settings (nil for `diagnostics`, and for a
    /// dotted key: settings objects nest them).
    static func spec(_ key: String) -> SettingSpec? { key.contains(".") ? nil : all.first { $0.key == key } }
}
