import TextTables

/// The last line of a run, on stderr, in black's and ruff's words: `2 files would be reformatted,
/// 14 files already formatted`.
struct Summary {
    var changed = 0, unchanged = 0
    /// Files that could not be read or written, or (format) hold a table left as it was.
    var withErrors = 0
    /// Of those, files whose other tables were (or would be) reformatted.
    var withErrorsChanged = 0
    var checked = 0, errors = 0, warnings = 0, notes = 0
    /// `format --fix`: fixes applied; errors left, and of those, the ones whose fixes need a choice.
    var fixed = 0, left = 0, needingChoice = 0

    mutating func count(changed: Bool) {
        if changed { self.changed += 1 } else { unchanged += 1 }
    }

    mutating func count(_ severity: Diagnostic.Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .information, .hint: notes += 1
        }
    }

    /// With `--fix`, what was fixed and what was left follow: `1 file reformatted; 3 fixed, 1 left (needs a choice)`.
    func formatting(_ mode: FormatMode, fixing: Bool) -> String {
        fixing ? formatting(mode) + "; " + fixes(mode) : formatting(mode)
    }

    private func fixes(_ mode: FormatMode) -> String {
        var line = "\(fixed) \(mode == .check || mode == .diff ? "would be fixed" : "fixed")"
        guard left > 0 else { return line }
        line += ", \(left) left"
        if needingChoice == left { line += needingChoice == 1 ? " (needs a choice)" : " (need a choice)" }
        else if needingChoice > 0 { line += " (\(needingChoice) \(needingChoice == 1 ? "needs" : "need") a choice)" }
        return line
    }

    func formatting(_ mode: FormatMode) -> String {
        let (changedWords, unchangedWords) = switch mode {
        case .inPlace: ("reformatted", "left unchanged")
        case .check, .diff: ("would be reformatted", "already formatted")
        case .print: ("formatted", "already formatted")
        }
        let parts = [
            changed > 0 ? "\(Self.files(changed)) \(changedWords)" : nil,
            unchanged > 0 ? "\(Self.files(unchanged)) \(unchangedWords)" : nil,
            withErrors > 0 ? "\(Self.files(withErrors)) with errors" + partly(changedWords) : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? "no files to format" : parts.joined(separator: ", ")
    }

    /// How many of the files with errors had other tables reformatted: each file is counted once.
    private func partly(_ changedWords: String) -> String {
        if withErrorsChanged == 0 { return "" }
        return withErrorsChanged == withErrors ? ", partly \(changedWords)" : " (\(withErrorsChanged) of them partly \(changedWords))"
    }

    func checking() -> String {
        let found = [
            errors > 0 ? Self.plural(errors, "error") : nil,
            warnings > 0 ? Self.plural(warnings, "warning") : nil,
            notes > 0 ? Self.plural(notes, "note") : nil,
        ].compactMap { $0 }
        var line = "\(Self.files(checked)) checked: " + (found.isEmpty ? "no problems" : found.joined(separator: ", "))
        if withErrors > 0 { line += "; \(Self.files(withErrors)) could not be read" }
        return line
    }

    private static func files(_ n: Int) -> String { plural(n, "file") }
    private static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
