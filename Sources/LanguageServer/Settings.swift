import JSONRPC
import TextTables

/// The server's settings (protocol/README.md lists them with their defaults).
struct Settings: Sendable, Equatable {
    // The defaults are `SettingTable`'s, set by `init()`.
    var formatOnSave = false
    var ambiguousWidth = 0
    var delimiterRow = DelimiterRowStyle.padded
    /// Tab stops for tabs inside cells, where no request says otherwise (formatting requests carry the
    /// editor's own `options.tabSize`, which wins for them).
    var tabSize = 0
    var diagnosticsEnabled = false
    /// The widest a grid table may print (nil: no bound).
    var maxWidth: Int?
    /// The reader of Markdown documents (nil: the one the file's name or language says).
    var reader: MarkdownReader?
    /// Directive names added to those whose body is ordinary reStructuredText (`RSTDirectives`).
    var rstContentDirectives: [String] = []
    /// The keys applied so far with their (valid) values: what an editor set is merged over a project's
    /// `.gridls.json` by applying them again (`over`).
    private(set) var given: [String: JSON] = [:]

    static let keys = SettingTable.keys

    init() {
        for spec in SettingTable.all where spec.defaultValue != .null { set(spec, spec.defaultValue) }
    }

    func formatOptions(tabSize: Int? = nil) -> FormatOptions {
        FormatOptions(width: WidthOptions(ambiguousWidth: ambiguousWidth, tabSize: tabSize ?? self.tabSize), delimiterRow: delimiterRow, maxWidth: maxWidth,
                      scan: ScanOptions(rstContentDirectives: rstContentDirectives, markdownReaders: MarkdownReaders(reader)))
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
            if let spec = SettingTable.spec(key) {
                if spec.accepts(value) { set(spec, value) } else { problem("\(key) must be \(spec.requirement)") }
                continue
            }
            switch key {
            case "diagnostics":
                let enable = SettingTable.diagnosticsEnable
                if let unknown = value.object?.keys.sorted().first(where: { $0 != "enable" }) {
                    problem("unknown setting diagnostics.\(unknown) (diagnostics has only enable)")
                } else if let b = value["enable"], enable.accepts(b) { set(enable, b) } else { problem("\(enable.key) must be \(enable.requirement)") }
            case "overrides":
                problem("overrides are read from a project's .gridls.json only: ignored")
            default:
                problem("unknown setting \(key) ignored")
            }
        }
        return problems
    }

    /// Sets the setting `spec` to `value`, which it accepts.
    private mutating func set(_ spec: SettingSpec, _ value: JSON) {
        switch spec.key {
        case SettingTable.formatOnSave.key: formatOnSave = value.bool ?? formatOnSave
        case SettingTable.ambiguousWidth.key: ambiguousWidth = value.int ?? ambiguousWidth
        case SettingTable.delimiterRow.key: delimiterRow = value.string.flatMap(DelimiterRowStyle.init(rawValue:)) ?? delimiterRow
        case SettingTable.maxWidth.key: maxWidth = value.int
        case SettingTable.reader.key: reader = value.string.flatMap(MarkdownReader.init(rawValue:))
        case SettingTable.rstContentDirectives.key: rstContentDirectives = value.array?.compactMap(\.string) ?? []
        case SettingTable.tabSize.key: tabSize = value.int ?? tabSize
        case SettingTable.diagnosticsEnable.key: diagnosticsEnabled = value.bool ?? diagnosticsEnabled
        default: break
        }
    }
}
