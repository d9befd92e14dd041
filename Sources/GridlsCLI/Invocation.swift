import JSONRPC
import LanguageServer
import TextTables

/// What the user asked for on the command line.
enum Invocation: Equatable, Sendable {
    case format(FileCommand)
    case check(FileCommand)
    case help
    case version
    /// The language server on stdin and stdout.
    case serve
}

/// `gridls format` or `gridls check` and its options.
struct FileCommand: Equatable, Sendable {
    /// Files and folders as given, as bytes; none means standard input.
    var paths: [PathBytes] = []
    /// For `format` only.
    var mode = FormatMode.print
    /// `format --fix`: apply the safe fixes of the diagnostics first.
    var fix = false
    /// How `check` and `format --check` print what they find.
    var outputFormat = OutputFormat.text
    /// Options given on the command line: they win over a configuration file's.
    var overrides = SettingOverrides()
    /// For standard input: the file name that decides its syntax.
    var assumedName: PathBytes?
    /// `--exclude` patterns, for files found in folders.
    var excludes = ExcludePatterns()
    /// `-q`: no summary, no list of rewritten files.
    var quiet = false
    /// `--config FILE`: the configuration for every file, instead of each file's `.gridls.json`.
    var configPath: PathBytes?
}

/// The settings a command line may give; nil where it says nothing.
struct SettingOverrides: Equatable, Sendable {
    package var ambiguousWidth: Int?
    package var delimiterRow: DelimiterRowStyle?
    package var tabSize: Int?
    package var maxWidth: Int?
    package var reader: MarkdownReader?
    package var rstContentDirectives: [String]?

    package func applied(to options: FormatOptions) -> FormatOptions {
        var options = options
        if let maxWidth { options.maxWidth = maxWidth }
        if let rstContentDirectives { options.scan.rstContentDirectives = ScanOptions(rstContentDirectives: rstContentDirectives).rstContentDirectives }
        if let ambiguousWidth { options.width.ambiguousWidth = ambiguousWidth }
        if let delimiterRow { options.delimiterRow = delimiterRow }
        if let tabSize { options.width.tabSize = tabSize }
        return options
    }

    /// Sets `setting` to `value`, which it accepts.
    mutating func set(_ setting: SettingSpec, _ value: JSON) {
        switch setting.key {
        case SettingTable.ambiguousWidth.key: ambiguousWidth = value.int
        case SettingTable.delimiterRow.key: delimiterRow = value.string.flatMap(DelimiterRowStyle.init(rawValue:))
        case SettingTable.tabSize.key: tabSize = value.int
        case SettingTable.maxWidth.key: maxWidth = value.int
        case SettingTable.reader.key: reader = value.string.flatMap(MarkdownReader.init(rawValue:))
        case SettingTable.rstContentDirectives.key: rstContentDirectives = value.array?.compactMap(\.string)
        default: break
        }
    }
}

/// Where `gridls format` sends its result.
enum FormatMode: Equatable, Sendable {
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
struct UsageError: Error, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

let usageText = """
    usage: gridls [--stdio]                     run the language server on stdin and stdout
           gridls format [options] [PATH...]   print the documents with every table formatted
           gridls check [options] [PATH...]    report table problems as path:line:column: severity: message [code]
           gridls --help | --version

    With no PATH, or with -, read standard input. Only tables change: every other byte stays as it was.
    A folder stands for its .md, .markdown, .qmd, .Rmd, .rmd, .rst and .rest files, without hidden
    entries and (in a git work tree) without what git ignores; files named explicitly are always processed.
    Markdown is read as every common reader reads it (.md, .markdown, others) or as pandoc does (.qmd, .Rmd, .rmd).

    format options:
      -i, --in-place             rewrite the files that change instead of printing them
      --check                    change nothing; list the files that would change, exit 1 if any would
      --diff                     change nothing; print a unified diff, exit 1 if any file would change
      --fix                      first apply the fixes that have one reading only (a slip repaired
                                 where its candidates agree, a drifted grid table re-laid, an
                                 unclosed simple table closed); those that need a choice are left
    options for check and format --check:
      --output-format text|github|json
                                 print findings as path:line:column: ... (default), as GitHub
                                 Actions annotations, or as one JSON array
    options for both:
      --exclude GLOB             skip files and folders found in folders that match (may be repeated)
      --config FILE              read settings from FILE instead of each file's nearest .gridls.json
      -q, --quiet                no summary line, no list of rewritten files
      --ambiguous-width 1|2      width of East Asian Ambiguous characters (default 1)
      --delimiter-row padded|compact
                                 write the delimiter row as '| --- |' (default) or '|-----|'
      --tab-size N               tab stops inside cells (default 4)
      --max-width N              re-wrap grid tables wider than N columns (default: no bound)
      --reader portable|github|pandoc
                                 read Markdown files as every common reader (GitHub,
                                 markdown-it, Python-Markdown, goldmark, kramdown), GitHub
                                 (cmark-gfm) alone or pandoc reads them (default: by the file's
                                 ending, portable; pandoc for .md in a Quarto or bookdown project)
      --rst-content-directives NAME,...
                                 reStructuredText directives whose body is ordinary text, whose
                                 tables are formatted (added to the known ones)
      --assume-filename NAME     the file name standard input stands for: NAME.rst reads
                                 reStructuredText (files ending in .rst or .rest always do),
                                 NAME.qmd pandoc's Markdown

    exit status: 0 success; 1 files would change (--check, --diff), or an error was found (check;
                 format, --fix too, leaves what it is about as it was and reports it on stderr);
                 2 usage error, bad configuration, or a file could not be read or written (-i
                 rewrites regular files only; a file another program changed meanwhile is left to
                 it, exit 1).
    """

extension Invocation {
    /// Parses the arguments after the program name, as bytes: a path need not be UTF-8.
    package static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .serve }
        let command = String(decoding: first, as: UTF8.self)
        switch command {
        case "--stdio", "lsp": return .serve
        case "-h", "--help", "help": return .help
        case "--version", "-V": return .version
        case "format", "check": break
        default: throw UsageError("unknown command '\(command)': expected format or check")
        }
        var parsed = FileCommand()
        var rest = ArgumentList(arguments.dropFirst())
        var onlyPaths = false
        while let raw = rest.next() {
            if onlyPaths || raw == [UInt8(ascii: "-")] || raw.first != UInt8(ascii: "-") {
                parsed.paths.append(PathBytes(raw))
            } else if raw == Array("--".utf8) {
                onlyPaths = true
            } else if try !parsed.apply(option: raw, of: command, from: &rest) {
                return .help
            }
        }
        if command == "format" && parsed.outputFormat != .text && parsed.mode != .check {
            throw UsageError("--output-format \(parsed.outputFormat.rawValue) goes with check or format --check")
        }
        if parsed.mode == .inPlace && (parsed.paths.isEmpty || parsed.paths.contains(.standardInput)) {
            throw UsageError("--in-place needs files: standard input cannot be rewritten")
        }
        return command == "format" ? .format(parsed) : .check(parsed)
    }
}

/// The arguments still to read, and an option's value: after `=` in the option itself, or the next one.
private struct ArgumentList {
    private var rest: ArraySlice<[UInt8]>
    init(_ arguments: ArraySlice<[UInt8]>) { rest = arguments }

    mutating func next() -> [UInt8]? { rest.popFirst() }

    mutating func value(of name: String, inline: ArraySlice<UInt8>?) throws(UsageError) -> [UInt8] {
        if let inline { return Array(inline) }
        guard let next = rest.popFirst() else { throw UsageError("\(name) needs a value") }
        return next
    }
}

extension FileCommand {
    /// Applies one option (`--name`, `--name=value` or `--name value`); false for `--help`.
    fileprivate mutating func apply(option raw: [UInt8], of command: String, from rest: inout ArgumentList) throws(UsageError) -> Bool {
        let equals = raw.starts(with: "--".utf8) ? raw.firstIndex(of: UInt8(ascii: "=")) : nil
        let name = String(decoding: raw[..<(equals ?? raw.endIndex)], as: UTF8.self)
        let inline = equals.map { raw[($0 + 1)...] }
        func value() throws(UsageError) -> [UInt8] { try rest.value(of: name, inline: inline) }
        func text() throws(UsageError) -> String { String(decoding: try value(), as: UTF8.self) }
        switch name {
        case "-h", "--help": return false
        case "-i" where command == "format", "--in-place" where command == "format": try setMode(.inPlace)
        case "--check" where command == "format": try setMode(.check)
        case "--diff" where command == "format": try setMode(.diff)
        case "--fix" where command == "format": fix = true
        case "--output-format":
            let v = try text()
            guard let format = OutputFormat(rawValue: v) else { throw UsageError("--output-format must be text, github or json, not '\(v)'") }
            outputFormat = format
        case "-q", "--quiet": quiet = true
        case "--exclude": excludes.patterns.append(PathBytes(try value()))
        case "--config": configPath = PathBytes(try value())
        case "--assume-filename": assumedName = PathBytes(try value())
        default:
            guard let setting = SettingTable.all.first(where: { $0.option == name }) else {
                throw UsageError("unknown option '\(name)' for \(command)")
            }
            overrides.set(setting, try Self.value(of: setting, try text()))
        }
        return true
    }

    private mutating func setMode(_ mode: FormatMode) throws(UsageError) {
        guard self.mode == .print || self.mode == mode else {
            throw UsageError("--in-place, --check and --diff cannot be used together")
        }
        self.mode = mode
    }

    /// The value a setting's option gives, checked as the server checks the setting.
    private static func value(of setting: SettingSpec, _ text: String) throws(UsageError) -> JSON {
        guard let value = setting.commandLineValue(text) else {
            let verb = if case .directiveNames = setting.values { "takes" } else { "must be" }
            throw UsageError("\(setting.option ?? setting.key) \(verb) \(setting.commandLineRequirement), not '\(text)'")
        }
        return value
    }
}
