import TextTables

/// One input of `gridls format` or `gridls check`: read, processed, and (for -i) written, on any thread.
struct DocumentJob: Sendable {
    let path: PathBytes
    /// For standard input: the file name that decides its syntax (`--assume-filename`).
    let assumedName: PathBytes?
    /// Its syntax: by its name (`--assume-filename` for standard input), Markdown read by the `reader`
    /// the command line or the configuration gives.
    let syntax: DocumentSyntax
    /// The settings for this file: its configuration, with the command line's options over it.
    let options: FormatOptions

    var isStandardInput: Bool { path.isStandardInput }
    /// The name every message prints, quoted where it would mislead.
    var displayName: String { isStandardInput ? "<stdin>" : path.display }
    /// The name `--output-format github` and `json` print: the name as it is, bytes that are not UTF-8 as U+FFFD.
    var plainName: String { isStandardInput ? "<stdin>" : path.lossyString }

    /// What processing one input produced; printed afterwards in argument order.
    enum Outcome: Sendable {
        /// `output` is the formatted document in print mode, the diff in diff mode; `refused` lists the
        /// errors of tables left as they were (placed in `text`); `fixed` counts the fixes `--fix` applied.
        case formatted(output: [UInt8]?, changed: Bool, refused: [Diagnostic], text: TextLines, fixed: Int)
        case checked(text: TextLines, diagnostics: [Diagnostic])
        case failed(FileError)
    }

    func read() throws(FileError) -> [UInt8] {
        try validated(isStandardInput ? try FileAccess.readStandardInput() : try FileAccess.read(path))
    }

    private func validated(_ bytes: [UInt8]) throws(FileError) -> [UInt8] {
        if bytes.containsByte(0) { throw FileError(path: displayName, reason: FileAccess.binaryReason) }
        if !UTF8Validation.isValid(bytes) { throw FileError(path: displayName, reason: "not UTF-8 text") }
        return bytes
    }

    func format(mode: FormatMode, fix: Bool = false) -> Outcome {
        do {
            // A file to rewrite stays open from the read to the write, so a change meanwhile is seen.
            let file = mode == .inPlace ? try RewritableFile(path) : nil
            let original: [UInt8]
            if let file { original = try validated(file.read()) } else { original = try read() }
            if fix { return try fixed(original, mode: mode, file: file) }
            let result = DocumentFormatter.format(original, syntax: syntax, options: options)
            let changed = result.changed
            if let file, changed { try file.replace(with: result.output) }
            let text = result.text  // as `format` read it
            let output: [UInt8]? = switch mode {
            case .print: result.output
            case .diff where changed:
                UnifiedDiff(original).render(DocumentFormatter.edits(text, scan: syntax.scan(text, options: options.scan), options: options).edits, path: displayName)
            case .diff, .check, .inPlace: nil
            }
            return .formatted(output: output, changed: changed, refused: result.refused, text: text, fixed: 0)
        } catch {
            return .failed(error)
        }
    }

    /// `format --fix`: the safe fixes, then formatting; the errors left are placed in the fixed text.
    private func fixed(_ original: [UInt8], mode: FormatMode, file: RewritableFile?) throws(FileError) -> Outcome {
        let result = DocumentFixer.fixAll(original, syntax: syntax, options: options)
        if let file, result.changed { try file.replace(with: result.output) }
        let output: [UInt8]? = switch mode {
        case .print: result.output
        case .diff where result.changed: UnifiedDiff(original).render(result.edits, path: displayName)
        case .diff, .check, .inPlace: nil
        }
        return .formatted(output: output, changed: result.changed, refused: result.refused, text: result.fixedText, fixed: result.fixed)
    }

    func check() -> Outcome {
        do {
            let text = TextLines.readerLines(try read())
            return .checked(text: text, diagnostics: DocumentFormatter.diagnostics(text, scan: syntax.scan(text, options: options.scan), options: options))
        } catch {
            return .failed(error)
        }
    }
}
