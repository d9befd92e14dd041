#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import LanguageServer
import TextTables

/// Runs `gridls format` and `gridls check`: the side effects are here and in `FileAccess`, the work in TextTables.
package enum CommandRunner {
    /// Exit statuses, as `gofmt` and `swift-format` use them.
    enum ExitCode {
        package static let success: Int32 = 0
        package static let findings: Int32 = 1
        package static let failure: Int32 = 2
    }

    /// Runs the command line (without the program name, each argument as its bytes) and returns the exit
    /// status.
    package static func run(_ arguments: [[UInt8]]) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch {
            writeError("gridls: \(error)\nRun 'gridls --help' for usage.\n")
            return ExitCode.failure
        }
        switch invocation {
        case .help:
            writeOutput(Array((usageText + "\n").utf8))
            return ExitCode.success
        case .serve:
            HugePages.restartWithThem()
            if isatty(0) == 1 { writeError(ServerBanner.line) }
            return ServerLoop.run()
        case .version:
            writeOutput(Array("gridls \(gridlsVersion)\n".utf8))
            return ExitCode.success
        case let .format(command):
            let (jobs, status) = jobs(for: command)
            if command.mode == .inPlace { TemporaryFiles.removeOnSignals() }
            let outcomes = inParallel(jobs) { $0.format(mode: command.mode, fix: command.fix) }
            return max(status, reportFormatting(jobs, command, outcomes: outcomes))
        case let .check(command):
            let (jobs, status) = jobs(for: command)
            return max(status, reportChecks(jobs, command, outcomes: inParallel(jobs) { $0.check() }))
        }
    }

    /// The files to process, folders expanded, each with its settings: its configuration file's with the
    /// command line's over them. A folder that cannot be read or a bad configuration file is reported
    /// here, once (exit 2), and the files it governs are left out.
    static func jobs(for command: FileCommand) -> ([DocumentJob], Int32) {
        let (files, errors) = FileDiscovery(excludes: command.excludes).expand(command.paths.isEmpty ? [.standardInput] : command.paths)
        for error in errors { writeError("gridls: \(error)\n") }
        var status = errors.isEmpty ? ExitCode.success : ExitCode.failure
        var lookup = ConfigurationLookup(explicit: command.configPath)
        var reported: Set<String> = []
        var jobs: [DocumentJob] = []
        for file in files {
            var options = FormatOptions(), reader: MarkdownReader?
            switch lookup.options(for: file, assumedName: command.assumedName) {
            case .success(let configured)?:
                (options, reader) = configured
            case .failure(let error)?:
                if reported.insert(error.path).inserted { writeError("gridls: \(error)\n") }
                status = ExitCode.failure
                continue
            case nil:
                break
            }
            let named = DocumentSyntax(path: (file.isStandardInput ? command.assumedName ?? "" : file).lossyString)
            // A reader set anywhere wins over the file's ending and its project.
            let syntax = (command.overrides.reader ?? reader).map { named.read(by: $0) }
                ?? lookup.defaultSyntax(named, for: file, assumedName: command.assumedName)
            options = command.overrides.applied(to: options)
            // Unless GitHub is named as the reader, a Markdown table must read alike in every common reader.
            options.scan.markdownReaders = MarkdownReaders(command.overrides.reader ?? reader)
            jobs.append(DocumentJob(path: file, assumedName: command.assumedName, syntax: syntax, options: options))
        }
        return (jobs, status)
    }

    /// Formatted documents (or diffs) go to stdout, or `would reformat PATH` for --check; the errors of
    /// tables that could not be formatted go to stderr and make the exit status 1; then the summary.
    private static func reportFormatting(_ jobs: [DocumentJob], _ command: FileCommand, outcomes: [DocumentJob.Outcome]) -> Int32 {
        var status = ExitCode.success
        var summary = Summary()
        var findings: [Finding] = []  // --output-format github or json
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case let .formatted(output, changed, refused, text, fixed):
                if let output { writeOutput(output) }
                summary.fixed += fixed
                summary.left += refused.count
                summary.needingChoice += refused.filter { !$0.fixes.isEmpty }.count
                // Each file counts once: one holding a table left as it was is a file with errors.
                if refused.isEmpty { summary.count(changed: changed) }
                if changed {
                    switch command.mode {
                    case .check where command.outputFormat != .text:
                        findings.append(Finding(unformatted: job.plainName))
                        status = max(status, ExitCode.findings)
                    case .check:
                        writeOutput(Array("would reformat \(job.displayName)\n".utf8))
                        status = max(status, ExitCode.findings)
                    case .diff:
                        status = max(status, ExitCode.findings)
                    case .inPlace:
                        if !command.quiet { writeError("reformatted \(job.displayName)\n") }
                    case .print:
                        break
                    }
                }
                if !refused.isEmpty {
                    summary.withErrors += 1
                    if changed { summary.withErrorsChanged += 1 }
                    let sorted = refused.sorted { ($0.range.lowerBound, $0.code.rawValue) < ($1.range.lowerBound, $1.code.rawValue) }
                    status = max(status, ExitCode.findings)
                    if command.outputFormat != .text {
                        findings += sorted.map { Finding($0, path: job.plainName, text: text) }
                        continue
                    }
                    let lines = sorted.map { DiagnosticReport.line($0, path: job.displayName, text: text) + " (table left as it was)\n" }
                    writeError(lines.joined())
                }
            case .failed(let error):
                summary.withErrors += 1
                writeError("gridls: \(error)\n")
                status = max(status, error.status)
            case .checked:
                break
            }
        }
        writeFindings(findings, command.outputFormat)
        // A filter (`:%!gridls format` in Vim reads stderr into the buffer too) stays silent.
        let isFilter = command.mode == .print && jobs.allSatisfy(\.isStandardInput)
        if !command.quiet && !isFilter { writeError(summary.formatting(command.mode, fixing: command.fix) + "\n") }
        return status
    }

    private static func reportChecks(_ jobs: [DocumentJob], _ command: FileCommand, outcomes: [DocumentJob.Outcome]) -> Int32 {
        var status = ExitCode.success
        var summary = Summary()
        var findings: [Finding] = []  // --output-format json: one array at the end
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case let .checked(text, diagnostics):
                var report = ""
                for diagnostic in diagnostics {
                    switch command.outputFormat {
                    case .text: report += DiagnosticReport.line(diagnostic, path: job.displayName, text: text) + "\n"
                    case .github: report += Finding(diagnostic, path: job.plainName, text: text).githubLine
                    case .json: findings.append(Finding(diagnostic, path: job.plainName, text: text))
                    }
                    summary.count(diagnostic.severity)
                    if diagnostic.severity == .error { status = max(status, ExitCode.findings) }
                }
                summary.checked += 1
                writeOutput(Array(report.utf8))
            case .failed(let error):
                summary.withErrors += 1
                writeError("gridls: \(error)\n")
                status = ExitCode.failure
            case .formatted:
                break
            }
        }
        if command.outputFormat == .json { writeOutput(Finding.jsonArray(findings)) }
        if !command.quiet { writeError(summary.checking() + "\n") }
        return status
    }

    /// `format --check`'s findings in GitHub's or JSON's form, on stdout (text went out as it was found).
    private static func writeFindings(_ findings: [Finding], _ format: OutputFormat) {
        switch format {
        case .text: break
        case .github: writeOutput(Array(findings.map(\.githubLine).joined().utf8))
        case .json: writeOutput(Finding.jsonArray(findings))
        }
    }

    /// Runs `work` on every job, spread over all cores; results come back in the jobs' order.
    private static func inParallel(
        _ jobs: [DocumentJob], _ work: @escaping @Sendable (DocumentJob) -> DocumentJob.Outcome
    ) -> [DocumentJob.Outcome] {
        if jobs.count == 1 { return [work(jobs[0])] }
        let slots = ResultSlots<DocumentJob.Outcome>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            slots.store(work(jobs[index]), at: index)
        }
        return slots.values()
    }

    /// This process's arguments after the program name, as the bytes they are (`CommandLine.arguments`
    /// decodes them, turning bytes that are not UTF-8 into U+FFFD).
    package static var commandLineArguments: [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { PathBytes(cString: $0).bytes }
        }
    }

    static func writeOutput(_ bytes: [UInt8]) { FileAccess.writeAll(toDescriptor: 1, bytes) }
    static func writeError(_ text: String) { FileAccess.writeAll(toDescriptor: 2, Array(text.utf8)) }
}

/// Fixed slots that concurrent workers fill, each its own index; read once all have finished.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = DispatchQueue(label: "gridls.result-slots")

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) { lock.sync { storage[index] = value } }

    func values() -> [Value] { lock.sync { storage.map { $0! } } }
}
