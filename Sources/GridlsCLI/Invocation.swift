import TextTables

/// What the user asked for on the command line.
package enum Invocation: Equatable, Sendable {
    case format(FileCommand)
    case check(FileCommand)
    case help
    case version
    /// The language server on stdin and stdout.
    case serve
}

/// `gridls format` or `gridls check` and its options.
package struct FileCommand: Equatable, Sendable {
    /// Files and folders as given; none means standard input.
    package var paths: [String] = []
    /// For `format` only.
    var mode = FormatMode.print
    /// Options given on the command line: they win over a configuration file's.
    var overrides = SettingOverrides()
    /// For standard input: the file name that decides its syntax.
    var assumedName: String?
    /// `--exclude` patterns, for files found in folders.
    var excludes: [String] = []
    /// `-q`: no summary, no list of rewritten files.
    var quiet = false
    /// `--config FILE`: the configuration for every file, instead of each file's `.gridls.json`.
    var configPath: String?
}

/// The settings a command line may give; nil where it says nothing.
package struct SettingOverrides: Equatable, Sendable {
    package var ambiguousWidth: Int?
    package var delimiterRow: DelimiterRowStyle?
    package var tabSize: Int?
    package var maxWidth: Int?

    package func applied(to options: FormatOptions) -> FormatOptions {
        var options = options
        if let maxWidth { options.maxWidth = maxWidth }
        if let ambiguousWidth { options.width.ambiguousWidth = ambiguousWidth }
        if let delimiterRow { options.delimiterRow = delimiterRow }
        if let tabSize { options.width.tabSize = tabSize }
        return options
    }
}

/// Where `gridls format` sends its result.
package enum FormatMode: Equatable, Sendable {
    /// Print the formatted documents to stdout.
    case print
    /// Rewrite the files that change.
    case inPlace
    /// Change nothing; list the files that would change.
    case check
    /// Change nothing; print a unified diff of what would change.
    case diff
}

/// A command line that cannot be run: the message says what to change.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

let usageText = """
    usage: gridls [--stdio]                     run the language server on stdin and stdout
           gridls format [options] [PATH...]   print the documents with every table formatted
           gridls check [options] [PATH...]    report table problems as path:line:column: severity: message [code]
           gridls --help | --version

    With no PATH, or with -, read standard input. Only tables change: every other byte stays as it was.
    A folder stands for its .md, .markdown, .rst and .rest files, without hidden entries and (in a git
    work tree) without what git ignores; files named explicitly are always processed.

    format options:
      -i, --in-place             rewrite the files that change instead of printing them
      --check                    change nothing; list the files that would change, exit 1 if any would
      --diff                     change nothing; print a unified diff, exit 1 if any file would change
    options for both:
      --exclude GLOB             skip files and folders found in folders that match (may be repeated)
      --config FILE              read settings from FILE instead of each file's nearest .gridls.json
      -q, --quiet                no summary line, no list of rewritten files
      --ambiguous-width 1|2      width of East Asian Ambiguous characters (default 1)
      --delimiter-row padded|compact
                                 write the delimiter row as '| --- |' (default) or '|-----|'
      --tab-size N               tab stops inside cells (default 4)
      --max-width N              re-wrap grid tables wider than N columns (default: no bound)
      --assume-filename NAME     the file name standard input stands for: NAME.rst reads
                                 reStructuredText (files ending in .rst or .rest always do)

    exit status: 0 success; 1 files would change (--check, --diff), or an error was found (check;
                 format leaves what it is about as it was and reports it on stderr);
                 2 usage error, bad configuration, or a file could not be read or written (-i
                 rewrites regular files only; a file another program changed meanwhile is left to
                 it, exit 1).
    """

extension Invocation {
    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let command = arguments.first else { return .serve }
        switch command {
        case "--stdio", "lsp": return .serve
        case "-h", "--help", "help": return .help
        case "--version", "-V": return .version
        case "format", "check": break
        default: throw UsageError("unknown command '\(command)': expected format or check")
        }
        var parsed = FileCommand()
        var rest = arguments.dropFirst()[...]
        var onlyPaths = false
        while let argument = rest.popFirst() {
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                parsed.paths.append(argument)
                continue
            }
            let (name, inlineValue) = splitOption(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw UsageError("\(name) needs a value") }
                return next
            }
            func setMode(_ mode: FormatMode) throws(UsageError) {
                guard parsed.mode == .print || parsed.mode == mode else {
                    throw UsageError("--in-place, --check and --diff cannot be used together")
                }
                parsed.mode = mode
            }
            switch name {
            case "--": onlyPaths = true
            case "-h", "--help": return .help
            case "-i" where command == "format", "--in-place" where command == "format": try setMode(.inPlace)
            case "--check" where command == "format": try setMode(.check)
            case "--diff" where command == "format": try setMode(.diff)
            case "-q", "--quiet": parsed.quiet = true
            case "--exclude": parsed.excludes.append(try value())
            case "--config": parsed.configPath = try value()
            case "--ambiguous-width":
                let v = try value()
                guard v == "1" || v == "2" else { throw UsageError("--ambiguous-width must be 1 or 2, not '\(v)'") }
                parsed.overrides.ambiguousWidth = Int(v)!
            case "--delimiter-row":
                let v = try value()
                guard let style = DelimiterRowStyle(rawValue: v) else {
                    throw UsageError("--delimiter-row must be padded or compact, not '\(v)'")
                }
                parsed.overrides.delimiterRow = style
            case "--assume-filename":
                parsed.assumedName = try value()
            case "--max-width":
                let v = try value()
                guard let n = Int(v), (10...10_000).contains(n) else {
                    throw UsageError("--max-width must be a whole number from 10 to 10000, not '\(v)'")
                }
                parsed.overrides.maxWidth = n
            case "--tab-size":
                let v = try value()
                guard let n = Int(v), (1...32).contains(n) else {
                    throw UsageError("--tab-size must be a whole number from 1 to 32, not '\(v)'")
                }
                parsed.overrides.tabSize = n
            default:
                throw UsageError("unknown option '\(name)' for \(command)")
            }
        }
        if parsed.mode == .inPlace && (parsed.paths.isEmpty || parsed.paths.contains("-")) {
            throw UsageError("--in-place needs files: standard input cannot be rewritten")
        }
        return command == "format" ? .format(parsed) : .check(parsed)
    }

    private static func splitOption(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
