/// What bare `gridls` says when a person, not an editor, started it: the line goes to stderr, and the
/// server keeps waiting (an editor that gives it a terminal still gets its server).
enum ServerBanner {
    package static let line = "gridls is a language server waiting for an LSP client on stdin; `gridls --help` lists the commands\n"
}
