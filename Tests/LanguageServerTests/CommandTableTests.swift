import Foundation
@testable import JSONRPC
@testable import LanguageServer
import Testing

/// The editors' copies of the server's commands (they cannot import Swift) name the commands
/// `CommandTable` names, with its titles.
struct CommandTableTests {
    static func text(_ path: String) throws -> String { try SettingTableTests.text(path) }

    static let offered = CommandTable.all.filter { !CommandTable.actionOnly.contains($0.name) }

    /// `name: title` pairs, for comparing lists with a readable difference.
    static func pairs(_ list: [(name: String, title: String)]) -> [String] { list.map { "\($0.name): \($0.title)" } }

    /// The quoted `gridls.*` ids in `text` (`quote` is `'` or `"`).
    static func ids(_ text: String, quote: Character) -> Set<String> {
        let matches = quote == "'" ? text.matches(of: /'(gridls\.[A-Za-z]+)'/) : text.matches(of: /"(gridls\.[A-Za-z]+)"/)
        return Set(matches.map { String($0.1) })
    }

    @Test func libJSAgrees() throws {
        let lib = try Self.text("editors/vscode/lib.js")
        let commands = lib.matches(of: /\['(gridls\.\w+)', '([^']*)'\]/).map { (name: String($0.1), title: String($0.2)) }
        #expect(Self.pairs(commands) == Self.pairs(Self.offered))
        let actionOnly = try #require(lib.firstMatch(of: /const ACTION_ONLY_COMMANDS = \[([^\]]*)\]/))
        #expect(Self.ids(String(actionOnly.1), quote: "'") == Set(CommandTable.actionOnly))
    }

    @Test func vscodeManifestAgrees() throws {
        let manifest = try SettingTableTests.json("editors/vscode/package.json")
        let contributed = try #require(manifest["contributes"]?["commands"]?.array).compactMap { command -> (name: String, title: String)? in
            guard let name = command["command"]?.string, let title = command["title"]?.string else { return nil }
            return (name, title)
        }
        // The table keys are the extension's own commands (lib.js's KEY_COMMANDS), not the server's.
        let keys = Set(try Self.text("editors/vscode/lib.js").matches(of: /id: '(gridls\.\w+)'/).map { String($0.1) })
        #expect(!keys.isEmpty)
        #expect(Self.pairs(contributed.filter { !keys.contains($0.name) }) == Self.pairs(Self.offered))
        let menus = try #require(manifest["contributes"]?["menus"]?["gridls.table"]?.array).compactMap { $0["command"]?.string }
        #expect(Set(menus).isSubset(of: Set(Self.offered.map(\.name))))
    }

    @Test func vimTitlesAgree() throws {
        let autoload = try Self.text("editors/vim/autoload/gridls.vim")
        let start = try #require(autoload.range(of: "let s:titles = {"))
        let dictionary = autoload[start.upperBound...].prefix { $0 != "}" }
        var titles: [String: String] = [:]
        for match in dictionary.matches(of: /'(gridls\.\w+)': '([^']*)'/) { titles[String(match.1)] = String(match.2) }
        #expect(titles == Dictionary(uniqueKeysWithValues: Self.offered.map { ($0.name, $0.title) }))
    }

    @Test func editorPluginsNameOnlyServerCommands() throws {
        var named: Set<String> = []
        for folder in ["editors/vim/plugin", "editors/vim/autoload"] {
            let files = try #require(FileManager.default.enumerator(atPath: SettingTableTests.root.appendingPathComponent(folder).path))
            for case let file as String in files where file.hasSuffix(".vim") {
                named.formUnion(Self.ids(try Self.text(folder + "/" + file), quote: "'"))
            }
        }
        let emacs = Self.ids(try Self.text("editors/emacs/gridls.el"), quote: "\"")
        let known = Set(CommandTable.all.map(\.name))
        #expect(named.subtracting(known).isEmpty && !named.isEmpty, "Vim: \(named.subtracting(known).sorted())")
        #expect(emacs.subtracting(known).isEmpty && !emacs.isEmpty, "Emacs: \(emacs.subtracting(known).sorted())")
        // Emacs has a command for every action an editor offers.
        #expect(emacs == Set(Self.offered.map(\.name)))
    }
}
