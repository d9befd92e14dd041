import JSONRPC
import TextTables

/// The server's settings (protocol/README.md lists them with their defaults).
struct Settings: Sendable, Equatable {
    var formatOnSave = true
    var ambiguousWidth = 1
    var delimiterRow = DelimiterRowStyle.padded
    /// Tab stops for tabs inside cells, where no request says otherwise (formatting requests carry the
    /// editor's own `options.tabSize`, which wins for them).
    var tabSize = 4
    var diagnosticsEnabled = true
    /// The widest a grid table may print (nil: no bound).
    var maxWidth: Int?
    /// The reader of Markdown documents (nil: the one the file's name or language says).
    var reader: MarkdownReader?
    /// Directive names added to those whose body is ordinary reStructuredText (`RSTDirectives`).
    var rstContentDirectives: [String] = []
    /// The keys applied so far with their (valid) values: what an editor set is merged over a project's
    /// `.gridls.json` by applying them again (`over`).
    private(set) var given: [String: JSON] = [:]

    static let keys = ["ambiguousWidth", "delimiterRow", "diagnostics", "formatOnSave", "maxWidth", "reader", "rstContentDirectives", "tabSize"]

    func formatOptions(tabSize: Int? = nil) -> FormatOptions {
        FormatOptions(width: WidthOptions(ambiguousWidth: ambiguousWidth, tabSize: tabSize ?? self.tabSize), delimiterRow: delimiterRow, maxWidth: maxWidth,
                      scan: ScanOptions(rstContentDirectives: rstContentDirectives))
    }

    /// The syntax of a document whose name or language says `named`: Markdown read by `reader` when set.
    func syntax(_ named: DocumentSyntax) -> DocumentSyntax { named.read(by: reader) }

    /// Applies the `gridls` section (or a flat object of the same keys); returns a log line for each key
    /// that is unknown or has a value of the wrong kind, which is then ignored.
    mutating func apply(_ json: JSON?) -> [String] {
        guard let object = Settings.section(json) else { return [] }
        return apply(object).map(\.message)
    }

    /// The `gridls` section of a settings object, or the object itself when it has none.
    static func section(_ json: JSON?) -> [String: JSON]? { (json?["gridls"] ?? json)?.object }

    /// The editor's settings: its `initializationOptions`, then its latest workspace configuration, which
    /// replaces the one before it whole (LSP sends the whole section every time). A key the configuration
    /// sets to null is unset (but `maxWidth`, whose null says "no bound"); an unset key, like any key the
    /// editor does not give, falls back to the project's `.gridls.json` and the defaults. The log lines are
    /// the configuration's (the initialization's were logged when it came).
    static func editor(initialization: JSON?, configuration: JSON?) -> (settings: Settings, problems: [String]) {
        var fromInitialization = Settings()
        _ = fromInitialization.apply(initialization)
        let configured = section(configuration) ?? [:]
        var given = fromInitialization.given
        let unset = configured.filter { $0.value == .null && $0.key != "maxWidth" }.keys
        for key in unset { given[key] = nil }
        var settings = Settings()
        _ = settings.apply(given)
        let problems = settings.apply(configured.filter { !unset.contains($0.key) })
        return (settings, problems.map(\.message))
    }

    /// A setting that was not applied, and why.
    struct Problem: Equatable {
        var key: String
        var message: String
        var isUnknown: Bool { !Settings.keys.contains(key) }
    }

    /// These settings with `base`'s configuration under them: `base`, then every key given here.
    func over(_ base: Settings) -> Settings {
        var merged = base
        _ = merged.apply(given)
        return merged
    }

    mutating func apply(_ object: [String: JSON]) -> [Problem] {
        var problems: [Problem] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let before = problems.count
            defer { if problems.count == before && Settings.keys.contains(key) { given[key] = value } }
            func problem(_ message: String) { problems.append(Problem(key: key, message: message)) }
            switch key {
            case "formatOnSave":
                if let b = value.bool { formatOnSave = b } else { problem("formatOnSave must be true or false") }
            case "ambiguousWidth":
                if let n = value.int, n == 1 || n == 2 { ambiguousWidth = n } else { problem("ambiguousWidth must be 1 or 2") }
            case "delimiterRow":
                if let style = value.string.flatMap(DelimiterRowStyle.init(rawValue:)) { delimiterRow = style } else {
                    problem("delimiterRow must be \"padded\" or \"compact\"")
                }
            case "maxWidth":
                if value == .null { maxWidth = nil } else if let n = value.int, (10...10_000).contains(n) { maxWidth = n } else {
                    problem("maxWidth must be null (no bound) or a whole number from 10 to 10000")
                }
            case "reader":
                if let choice = value.string.flatMap(MarkdownReader.init(rawValue:)) { reader = choice } else {
                    problem("reader must be \"github\" or \"pandoc\"")
                }
            case "rstContentDirectives":
                if let names = Self.directiveNames(value) { rstContentDirectives = names } else {
                    problem("rstContentDirectives must be a list of directive names, such as [\"exercise\", \"solution\"]")
                }
            case "tabSize":
                if let n = value.int, (1...32).contains(n) { tabSize = n } else { problem("tabSize must be a whole number from 1 to 32") }
            case "diagnostics":
                if let unknown = value.object?.keys.sorted().first(where: { $0 != "enable" }) {
                    problem("unknown setting diagnostics.\(unknown) (diagnostics has only enable)")
                } else if let b = value["enable"]?.bool { diagnosticsEnabled = b } else { problem("diagnostics.enable must be true or false") }
            case "overrides":
                problem("overrides are read from a project's .gridls.json only: ignored")
            default:
                problem("unknown setting \(key) ignored")
            }
        }
        return problems
    }

    /// A list of directive names as written before `::` (no spaces, no `::`), or nil.
    private static func directiveNames(_ value: JSON) -> [String]? {
        guard let items = value.array else { return nil }
        let names = items.compactMap(\.string)
        guard names.count == items.count, names.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) && !$0.contains("::") }) else { return nil }
        return names
    }
}
