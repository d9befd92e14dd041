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

    func formatOptions(tabSize: Int? = nil) -> FormatOptions {
        FormatOptions(width: WidthOptions(ambiguousWidth: ambiguousWidth, tabSize: tabSize ?? self.tabSize), delimiterRow: delimiterRow)
    }

    /// Applies the `gridls` section (or a flat object of the same keys); returns a log line for each key
    /// that is unknown or has a value of the wrong kind, which is then ignored.
    mutating func apply(_ json: JSON?) -> [String] {
        guard let object = (json?["gridls"] ?? json)?.object else { return [] }
        var problems: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "formatOnSave":
                if let b = value.bool { formatOnSave = b } else { problems.append("formatOnSave must be true or false") }
            case "ambiguousWidth":
                if let n = value.int, n == 1 || n == 2 { ambiguousWidth = n } else { problems.append("ambiguousWidth must be 1 or 2") }
            case "delimiterRow":
                if let style = value.string.flatMap(DelimiterRowStyle.init(rawValue:)) { delimiterRow = style } else {
                    problems.append("delimiterRow must be \"padded\" or \"compact\"")
                }
            case "tabSize":
                if let n = value.int, (1...32).contains(n) { tabSize = n } else { problems.append("tabSize must be a whole number from 1 to 32") }
            case "diagnostics":
                if let b = value["enable"]?.bool { diagnosticsEnabled = b } else { problems.append("diagnostics.enable must be true or false") }
            default:
                problems.append("unknown setting \(key) ignored")
            }
        }
        return problems
    }
}
