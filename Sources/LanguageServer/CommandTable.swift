/// Every `gridls.*` command the server runs, with the title editors show for it (protocol/README.md): the
/// table actions, then the text commands. The editors keep copies (VS Code's lib.js and package.json, the
/// Vim plugin's titles, the ids in the Vim and Emacs plugins); tests hold them to this table.
enum CommandTable {
    static let all: [(name: String, title: String)] =
        TableCommand.allCases.map { ($0.name, $0.title) } + TextCommand.allCases.map { ($0.name, $0.title) }

    /// The commands whose argument only a code action knows (`gridls.applyFix` names a diagnostic's fix):
    /// editors list them in no menu.
    static let actionOnly = [TextCommand.applyFix.name]
}
