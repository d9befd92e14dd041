import Dispatch
import LanguageServer
import TextTables

/// Runs `gridls format` and `gridls check`: the side effects are here and in `FileAccess`, the work in TextTables.
public enum CommandRunner {
    /// Exit statuses, as `gofmt` and `swift-format` use them.
    public enum ExitCode {
        public static let success: Int32 = 0
        public static let findings: Int32 = 1
        public static let failure: Int32 = 2
    }

    /// Runs the command line (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
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
            return ServerLoop.run()
        case .version:
            writeOutput(Array("gridls \(gridlsVersion)\n".utf8))
            return ExitCode.success
        case let .format(paths, mode, options, assumedName):
            let jobs = (paths.isEmpty ? ["-"] : paths).map { DocumentJob(path: $0, assumedName: assumedName) }
            if mode == .inPlace { TemporaryFiles.removeOnSignals() }
            return reportFormatting(jobs, mode: mode, outcomes: inParallel(jobs) { $0.format(mode: mode, options: options) })
        case let .check(paths, options, assumedName):
            let jobs = (paths.isEmpty ? ["-"] : paths).map { DocumentJob(path: $0, assumedName: assumedName) }
            return reportChecks(jobs, outcomes: inParallel(jobs) { $0.check(options: options) })
        }
    }

    /// Formatted documents go to stdout (or the names of those that would change, for --check); the errors
    /// of tables that could not be formatted go to stderr and make the exit status 1.
    private static func reportFormatting(_ jobs: [DocumentJob], mode: FormatMode, outcomes: [DocumentJob.Outcome]) -> Int32 {
        var status = ExitCode.success
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case let .formatted(output, changed, refused, text):
                if let output { writeOutput(output) }
                if mode == .check && changed {
                    writeOutput(Array("\(job.displayName)\n".utf8))
                    status = max(status, ExitCode.findings)
                }
                if !refused.isEmpty {
                    let lines = refused.map { DiagnosticReport.line($0, path: job.displayName, text: text) + " (table left as it was)\n" }
                    writeError(lines.joined())
                    status = max(status, ExitCode.findings)
                }
            case .failed(let error):
                writeError("gridls: \(error)\n")
                status = max(status, error.status)
            case .checked:
                break
            }
        }
        return status
    }

    private static func reportChecks(_ jobs: [DocumentJob], outcomes: [DocumentJob.Outcome]) -> Int32 {
        var status = ExitCode.success
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case let .checked(text, diagnostics):
                var report = ""
                for diagnostic in diagnostics {
                    report += DiagnosticReport.line(diagnostic, path: job.displayName, text: text) + "\n"
                    if diagnostic.severity == .error { status = max(status, ExitCode.findings) }
                }
                writeOutput(Array(report.utf8))
            case .failed(let error):
                writeError("gridls: \(error)\n")
                status = ExitCode.failure
            case .formatted:
                break
            }
        }
        return status
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
