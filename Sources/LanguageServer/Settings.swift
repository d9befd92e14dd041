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
    /// The keys applied so far with their (valid) values: what an editor set is merged over a project's
    /// `.gridls.json` by applying them again (`over`).
    private(set) var given: [String: JSON] = [:]

    static let keys = ["ambiguousWidth", "delimiterRow", "diagnostics", "formatOnSave", "maxWidth", "tabSize"]

    func formatOptions(tabSize: Int? = nil) -> FormatOptions {
        FormatOptions(width: WidthOptions(ambiguousWidth: ambiguousWidth, tabSize: tabSize ?? self.tabSize), delimiterRow: delimiterRow, maxWidth: maxWidth)
    }

    /// Applies the `gridls` section (or a flat object of the same keys); returns a log line for each key
    /// that is unknown or has a value of the wrong kind, which is then ignored.
    mutating func apply(_ json: JSON?) -> [String] {
        guard let object = (json?["gridls"] ?? json)?.object else { return [] }
        return apply(object).map(\.message)
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
            case "tabSize":
                if let n = value.int, (1...32).contains(n) { tabSize = n } else { problem("tabSize must be a whole number from 1 to 32") }
            case "diagnostics":
                if let unknown = value.object?.keys.sorted().first(where: { $0 != "enable" }) {
                    problem("unknown setting diagnostics.\(unknown) (diagnostics has only enable)")
                } else if let b = value["enable"]?.bool { diagnosticsEnabled = b } else { problem("diagnostics.enable must be true or false") }
            default:
                problem("unknown setting \(key) ignored")
            }
        }
        return problems
    }
}
