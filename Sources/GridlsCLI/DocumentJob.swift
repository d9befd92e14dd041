import TextTables

/// One input of `gridls format` or `gridls check`: read, processed, and (for -i) written, on any thread.
struct DocumentJob: Sendable {
    let path: String
    var isStandardInput: Bool { path == "-" }
    var displayName: String { isStandardInput ? "<stdin>" : path }

    /// What processing one input produced; printed afterwards in argument order.
    enum Outcome: Sendable {
        /// The formatted document, for stdout.
        case formatted([UInt8])
        /// `--check` and `--in-place`: whether formatting changes the document.
        case changed(Bool)
        case checked(text: TextLines, diagnostics: [Diagnostic])
        case failed(FileError)
    }

    func read() throws(FileError) -> [UInt8] {
        let bytes = isStandardInput ? try FileAccess.readStandardInput() : try FileAccess.read(path)
        if bytes.contains(0) { throw FileError(path: displayName, reason: "binary file (contains NUL bytes)") }
        if !UTF8Validation.isValid(bytes) {
            throw FileError(path: displayName, reason: "not UTF-8 text")
        }
        return bytes
    }

    func format(mode: FormatMode, options: FormatOptions) -> Outcome {
        do {
            let original = try read()
            let formatted = DocumentFormatter.format(original, options: options)
            switch mode {
            case .print:
                return .formatted(formatted)
            case .check:
                return .changed(formatted != original)
            case .inPlace:
                guard formatted != original else { return .changed(false) }
                try FileAccess.writeAtomically(formatted, to: path)
                return .changed(true)
            }
        } catch {
            return .failed(error)
        }
    }

    func check() -> Outcome {
        do {
            let text = TextLines(try read())
            return .checked(text: text, diagnostics: DocumentFormatter.diagnostics(text, scan: MarkdownScanner.scan(text)))
        } catch {
            return .failed(error)
        }
    }
}
