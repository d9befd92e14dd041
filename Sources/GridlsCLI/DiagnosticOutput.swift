import JSONRPC
import TextTables

/// How `check` and `format --check` print what they find (`--output-format`).
enum OutputFormat: String, Equatable, Sendable {
    /// `path:line:column: severity: message [code]`, as compilers print them.
    case text
    /// GitHub Actions workflow commands, which annotate the lines of a pull request.
    case github
    /// One JSON array of objects, for other tools.
    case json
}

/// One finding as `--output-format` prints it: a diagnostic, or (`format --check`) a file that would be
/// reformatted, which has no place in it and the code `unformatted`.
struct Finding {
    var path: String
    /// 1-based lines and columns (columns counted as `DiagnosticReport` counts them); nil for a whole file.
    var start: (line: Int, column: Int)?
    var end: (line: Int, column: Int)?
    var severity: Diagnostic.Severity
    var code: String
    var message: String
    /// The title of the preferred fix, if any.
    var fix: String?

    init(_ diagnostic: Diagnostic, path: String, text: TextLines) {
        let (line, column) = DiagnosticReport.position(of: diagnostic.range.lowerBound, in: text)
        let (endLine, endColumn) = DiagnosticReport.position(of: diagnostic.range.upperBound, in: text)
        self.path = path
        start = (line + 1, column + 1)
        end = (endLine + 1, endColumn + 1)
        severity = diagnostic.severity
        code = diagnostic.code.rawValue
        message = diagnostic.message
        fix = diagnostic.fixes.first(where: \.isPreferred)?.title
    }

    init(unformatted path: String) {
        self.path = path
        severity = .error
        code = "unformatted"
        message = "would reformat \(path)"
    }

    /// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=CODE::message`, escaped as GitHub's
    /// toolkit escapes: `%`, `\r`, `\n` everywhere, and `:` and `,` in properties too.
    var githubLine: String {
        let command = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .information, .hint: "notice"
        }
        var properties = ["file=\(Self.escapedProperty(path))"]
        if let start, let end {
            properties += ["line=\(start.line)", "col=\(start.column)", "endLine=\(end.line)", "endColumn=\(end.column)"]
        }
        properties.append("title=\(Self.escapedProperty(code))")
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapedData(message))\n"
    }

    static func escapedData(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    static func escapedProperty(_ s: String) -> String {
        escapedData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    /// `{"path":…,"line":…,"column":…,"endLine":…,"endColumn":…,"severity":…,"code":…,"message":…,"fix":…}`
    /// in that order (null lines and columns for a whole file, a null fix where none is preferred).
    func appendJSON(to out: inout [UInt8]) {
        func key(_ name: String) { out += Array("\"\(name)\":".utf8) }
        func string(_ s: String?) {
            if let s { JSON.writeString(utf8: Array(s.utf8), to: &out) } else { out += Array("null".utf8) }
        }
        func number(_ n: Int?) { out += Array((n.map(String.init) ?? "null").utf8) }
        out += Array("{".utf8)
        key("path"); string(path)
        out += Array(",".utf8); key("line"); number(start?.line)
        out += Array(",".utf8); key("column"); number(start?.column)
        out += Array(",".utf8); key("endLine"); number(end?.line)
        out += Array(",".utf8); key("endColumn"); number(end?.column)
        out += Array(",".utf8); key("severity"); string(severity.rawValue)
        out += Array(",".utf8); key("code"); string(code)
        out += Array(",".utf8); key("message"); string(message)
        out += Array(",".utf8); key("fix"); string(fix)
        out += Array("}".utf8)
    }

    /// The findings as one JSON array, one object a line.
    static func jsonArray(_ findings: [Finding]) -> [UInt8] {
        guard !findings.isEmpty else { return Array("[]\n".utf8) }
        var out = Array("[\n".utf8)
        for (index, finding) in findings.enumerated() {
            finding.appendJSON(to: &out)
            out += Array((index == findings.count - 1 ? "\n" : ",\n").utf8)
        }
        out += Array("]\n".utf8)
        return out
    }
}
