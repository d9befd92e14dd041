import TextTables

/// What the user asked for on the command line.
public enum Invocation: Equatable, Sendable {
    case format(paths: [String], mode: FormatMode, options: FormatOptions, assumedName: String?)
    case check(paths: [String], options: FormatOptions, assumedName: String?)
    case help
    case version
    /// The language server on stdin and stdout.
    case serve
}

/// Where `gridls format` sends its result.
public enum FormatMode: Equatable, Sendable {
    /// Print the formatted documents to stdout.
    case print
    /// Rewrite the files that change.
    case inPlace
    /// Change nothing; list the files that would change.
    case check
}

/// A command line that cannot be run: the message says what to change.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public let gridlsVersion = "0.1.0"

public let usageText = """
    usage: gridls [--stdio]                     run the language server on stdin and stdout
           gridls format [options] [FILE...]   print the documents with every table formatted
           gridls check [options] [FILE...]    report table problems as path:line:column: severity: message [code]
           gridls --help | --version

    With no FILE, or with -, read standard input. Only tables change: every other byte stays as it was.

    format options:
      -i, --in-place             rewrite the files that change instead of printing them
      --check                    change nothing; list the files that would change, exit 1 if any would
    options for both:
      --ambiguous-width 1|2      width of East Asian Ambiguous characters (default 1)
      --delimiter-row padded|compact
                                 write the delimiter row as '| --- |' (default) or '|-----|'
      --tab-size N               tab stops inside cells (default 4)
      --assume-filename NAME     the file name standard input stands for: NAME.rst reads
                                 reStructuredText (files ending in .rst or .rest always do)

    exit status: 0 success; 1 files would change (--check), or an error was found (check; format
                 leaves what it is about as it was and reports it on stderr);
                 2 usage error, or a file could not be read or written (-i rewrites regular
                 files only; a file another program changed meanwhile is left to it, exit 1).
    """

extension Invocation {
    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let command = arguments.first else { return .serve }
        switch command {
        case "--stdio", "lsp": return .serve
        case "-h", "--help", "help": return .help
        case "--version": return .version
        case "format", "check": break
        default: throw UsageError("unknown command '\(command)': expected format or check")
        }
        var paths: [String] = []
        var mode = FormatMode.print
        var options = FormatOptions()
        var rest = arguments.dropFirst()[...]
        var onlyPaths = false
        var assumedName: String?
        while let argument = rest.popFirst() {
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
                continue
            }
            let (name, inlineValue) = splitOption(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw UsageError("\(name) needs a value") }
                return next
            }
            switch name {
            case "--": onlyPaths = true
            case "-h", "--help": return .help
            case "-i" where command == "format", "--in-place" where command == "format":
                guard mode != .check else { throw UsageError("--in-place and --check cannot be used together") }
                mode = .inPlace
            case "--check" where command == "format":
                guard mode != .inPlace else { throw UsageError("--in-place and --check cannot be used together") }
                mode = .check
            case "--ambiguous-width":
                let v = try value()
                guard v == "1" || v == "2" else { throw UsageError("--ambiguous-width must be 1 or 2, not '\(v)'") }
                options.width.ambiguousWidth = Int(v)!
            case "--delimiter-row":
                let v = try value()
                guard let style = DelimiterRowStyle(rawValue: v) else {
                    throw UsageError("--delimiter-row must be padded or compact, not '\(v)'")
                }
                options.delimiterRow = style
            case "--assume-filename":
                assumedName = try value()
            case "--tab-size":
                let v = try value()
                guard let n = Int(v), (1...32).contains(n) else {
                    throw UsageError("--tab-size must be a whole number from 1 to 32, not '\(v)'")
                }
                options.width.tabSize = n
            default:
                throw UsageError("unknown option '\(name)' for \(command)")
            }
        }
        if mode == .inPlace && (paths.isEmpty || paths.contains("-")) {
            throw UsageError("--in-place needs files: standard input cannot be rewritten")
        }
        return command == "format"
            ? .format(paths: paths, mode: mode, options: options, assumedName: assumedName)
            : .check(paths: paths, options: options, assumedName: assumedName)
    }

    private static func splitOption(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
