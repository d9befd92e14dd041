import TextTables

/// Diagnostics as compilers print them: `path:line:column: severity: message [code]`, 1-based, columns in bytes.
enum DiagnosticReport {
    package static func line(_ diagnostic: Diagnostic, path: String, text: TextLines) -> String {
        let (line, column) = position(of: diagnostic.range.lowerBound, in: text)
        return "\(path):\(line + 1):\(column + 1): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
    }

    /// Zero-based line and byte column of an offset.
    static func position(of offset: Int, in text: TextLines) -> (line: Int, column: Int) {
        let line = text.line(containing: offset)
        return (line, offset - text.starts[line])
    }
}
