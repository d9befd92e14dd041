/// What gridls must print for a `HostileTree`, exactly, worked out from the model (contents, names as
/// printed, each file once).
extension HostileTree.Content {
    static let messyTable = """
        |a|b|
        |-|-|

        """, tidyTable = """
        | a   | b   |
        | --- | --- |

        """
    static let brokenTable = """
        | a | b |
        |---|

        """
    static let error = "error: not a table: the delimiter row has 1 cell but the header row has 2; give both the same number of cells [delimiter-count-mismatch]"

    var text: String {
        switch self {
        case .tidy: Self.tidyTable
        case .messy: Self.messyTable
        case .broken: Self.brokenTable
        case .messyThenBroken: Self.messyTable + "\n" + Self.brokenTable
        case .missing: ""
        }
    }

    var formatted: String { text.replacingOccurrences(of: Self.messyTable, with: Self.tidyTable) }
    var changes: Bool { self == .messy || self == .messyThenBroken }

    /// Where its error is, if it has one.
    var errorLine: Int? {
        switch self {
        case .tidy, .messy, .missing: nil
        case .broken: 2
        case .messyThenBroken: 5
        }
    }

    func checkLines(_ name: String) -> String {
        errorLine.map { "\(name):\($0):1: \(Self.error)\n" } ?? ""
    }

    /// What `format` prints on stderr about the file, besides `reformatted`.
    func refusedLines(_ name: String) -> String {
        errorLine.map { "\(name):\($0):1: \(Self.error) (table left as it was)\n" } ?? failure(name)
    }

    func failure(_ name: String) -> String {
        self == .missing ? "gridls: \(name): no such file or directory\n" : ""
    }

    /// The unified diff; `patch` reads a plain name up to a tab, so one with a space gets one.
    func diff(_ name: String) -> String {
        guard changes else { return "" }
        let header = !name.hasPrefix("\"") && name.contains(" ") ? name + "\t" : name
        let changed = """
            -|a|b|
            -|-|-|
            +| a   | b   |
            +| --- | --- |

            """
        let lines = self == .messy ? "@@ -1,2 +1,2 @@\n" + changed : "@@ -1,5 +1,5 @@\n" + changed + " \n | a | b |\n |---|\n"
        return "--- \(header)\n+++ \(header)\n" + lines
    }
}

/// One command's expected run.
struct ExpectedRun: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

extension HostileTree {
    private var processedContents: [(name: String, content: Content)] {
        processed.map { ($0.name.display, contents[$0.file]) }
    }

    private var missingCount: Int { processedContents.filter { $0.content == .missing }.count }

    var expectedCheck: ExpectedRun {
        let files = processedContents
        let errors = files.filter { $0.content.errorLine != nil }.count
        let found = errors == 0 ? "no problems" : Self.plural(errors, "error")
        let unread = missingCount == 0 ? "" : "; \(Self.plural(missingCount, "file")) could not be read"
        return ExpectedRun(
            status: missingCount > 0 ? 2 : errors > 0 ? 1 : 0, stdout: files.map { $0.content.checkLines($0.name) }.joined(),
            stderr: files.map { $0.content.failure($0.name) }.joined()
                + "\(Self.plural(files.count - missingCount, "file")) checked: \(found)\(unread)\n")
    }

    /// `format --check` (`diff: false`) or `format --diff`.
    func expectedFormatCheck(diff: Bool) -> ExpectedRun {
        let files = processedContents
        let stdout = files.map { diff ? $0.content.diff($0.name) : $0.content.changes ? "would reformat \($0.name)\n" : "" }
        let findings = files.contains { $0.content != .tidy }
        return ExpectedRun(
            status: missingCount > 0 ? 2 : findings ? 1 : 0, stdout: stdout.joined(),
            stderr: files.map { $0.content.refusedLines($0.name) }.joined() + summary("would be reformatted", "already formatted"))
    }

    var expectedInPlace: ExpectedRun {
        let files = processedContents
        let lines = files.map { ($0.content.changes ? "reformatted \($0.name)\n" : "") + $0.content.refusedLines($0.name) }
        let errors = files.contains { $0.content.errorLine != nil }
        let status: Int32 = missingCount > 0 ? 2 : errors ? 1 : 0
        return ExpectedRun(status: status, stdout: "", stderr: lines.joined() + summary("reformatted", "left unchanged"))
    }

    /// The summary line, in black's words.
    private func summary(_ changed: String, _ unchanged: String) -> String {
        let counts = Dictionary(grouping: processedContents, by: \.content).mapValues(\.count)
        let withErrors = counts[.broken, default: 0] + counts[.messyThenBroken, default: 0] + counts[.missing, default: 0]
        let partly = counts[.messyThenBroken, default: 0]
        var parts: [String] = []
        if let n = counts[.messy] { parts.append("\(Self.plural(n, "file")) \(changed)") }
        if let n = counts[.tidy] { parts.append("\(Self.plural(n, "file")) \(unchanged)") }
        if withErrors > 0 {
            let detail = partly == 0 ? "" : partly == withErrors ? ", partly \(changed)" : " (\(partly) of them partly \(changed))"
            parts.append("\(Self.plural(withErrors, "file")) with errors" + detail)
        }
        return (parts.isEmpty ? "no files to format" : parts.joined(separator: ", ")) + "\n"
    }

    private static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
