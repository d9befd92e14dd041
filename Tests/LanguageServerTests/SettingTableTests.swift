import Foundation
@testable import JSONRPC
@testable import LanguageServer
import Testing

/// The copies of the settings the editors and the documentation keep (they cannot import Swift) say what
/// `SettingTable` says: the same keys, values, ranges and defaults.
struct SettingTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func json(_ path: String) throws -> JSON {
        try JSONParser.parse(Array(try text(path).utf8))
    }

    /// A schema's `type` as a set ("number" and "integer" alike: JSON has one kind of number).
    static func types(_ property: JSON) -> Set<String> {
        let written = property["type"].map { $0.array?.compactMap(\.string) ?? [$0.string].compactMap { $0 } } ?? []
        return Set(written.map { $0 == "integer" ? "number" : $0 })
    }

    /// Checks a JSON-schema property against the setting: its type or enum, its range, its default
    /// (null, or no default, stands for unset where the setting's default is what unset means).
    static func expectSchema(_ property: JSON, agreesWith setting: SettingSpec, unsetIsNull: Bool, in file: String) {
        let where_ = "\(file): \(setting.key)"
        switch setting.values {
        case .boolean:
            #expect(types(property) == ["boolean"], "\(where_)")
        case .choice(let choices):
            let listed = property["enum"]?.array?.filter { $0 != .null }
            #expect(listed == choices, "\(where_)")
        case .wholeNumber(let range, let nullMeans):
            #expect(types(property) == (nullMeans == nil ? ["number"] : ["number", "null"]), "\(where_)")
            #expect(property["minimum"]?.int == range.lowerBound && property["maximum"]?.int == range.upperBound, "\(where_)")
        case .directiveNames:
            #expect(types(property).subtracting(["null"]) == ["array"] && property["items"]?["type"] == "string", "\(where_)")
        }
        let written = property["default"] ?? .null
        #expect(written == setting.defaultValue || (unsetIsNull && written == .null), "\(where_): default \(written.text)")
    }

    /// The settings VS Code leaves out: it sends its own tab size with every formatting request.
    static let notInVSCode: Set = ["tabSize"]

    @Test func vscodeSchemaAgrees() throws {
        let properties = try #require(Self.json("editors/vscode/package.json")["contributes"]?["configuration"]?["properties"]?.object)
        // The extension's own settings, not the server's.
        let own: Set = ["gridls.path", "gridls.tableKeys"]
        let server = Set(properties.keys).subtracting(own)
        #expect(server == Set(SettingTable.all.map { "gridls." + $0.key }).subtracting(Self.notInVSCode.map { "gridls." + $0 }))
        for setting in SettingTable.all where !Self.notInVSCode.contains(setting.key) {
            let property = try #require(properties["gridls." + setting.key], "\(setting.key)")
            Self.expectSchema(property, agreesWith: setting, unsetIsNull: true, in: "package.json")
        }
    }

    @Test func libJSDefaultsAgree() throws {
        let lib = try Self.text("editors/vscode/lib.js")
        let body = try #require(lib.range(of: "function serverSettings(get) {").map { lib[$0.upperBound...] })
        let function = body[..<(body.range(of: "\n}\n")?.lowerBound ?? body.endIndex)]
        let gets = function.matches(of: /get\('([\w.]+)', ([^)]*)\)/).map { (String($0.1), String($0.2)) }
        #expect(Set(gets.map(\.0)) == Set(SettingTable.all.map(\.key)).subtracting(Self.notInVSCode))
        for (key, written) in gets {
            let setting = try #require(SettingTable.all.first { $0.key == key }, "\(key)")
            let value = try JSONParser.parse(Array(written.replacingOccurrences(of: "'", with: "\"").utf8))
            #expect(value == setting.defaultValue || value == .null, "lib.js: \(key) defaults to \(written)")
        }
    }

    @Test func settingsSchemaAgrees() throws {
        let properties = try #require(Self.json("protocol/schemas/settings.schema.json")["properties"]?.object)
        #expect(Set(properties.keys) == Set(SettingTable.keys + ["overrides"]))
        for setting in SettingTable.all {
            let path = setting.key.split(separator: ".").map(String.init)
            var property = properties[path[0]]
            for part in path.dropFirst() { property = property?["properties"]?[part] }
            Self.expectSchema(try #require(property, "\(setting.key)"), agreesWith: setting, unsetIsNull: true, in: "settings.schema.json")
        }
    }

    /// The rows `| \`key\` | default | ...` of the Markdown table whose header is `| key | default | ...`.
    static func documentedDefaults(_ markdown: String, key: String) throws -> [String: String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        func cells(_ line: Substring) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = try #require(lines.firstIndex { $0.hasPrefix("|") && cells($0).dropFirst().prefix(2) == [key, "default"] })
        var rows: [String: String] = [:]
        for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            let row = cells(line)
            rows[row[1].trimmingCharacters(in: ["`"])] = row[2]
        }
        return rows
    }

    @Test(arguments: [("README.md", "key"), ("protocol/README.md", "setting")])
    func documentedTableAgrees(file: String, key: String) throws {
        // `overrides`, a key of `.gridls.json` only, is no setting.
        let rows = try Self.documentedDefaults(try Self.text(file), key: key).filter { $0.key != "overrides" }
        #expect(Set(rows.keys) == Set(SettingTable.all.map(\.key)), "\(file)")
        for setting in SettingTable.all {
            let written = rows[setting.key] ?? ""
            let documented = written == "unset" ? JSON.null : try JSONParser.parse(Array(written.trimmingCharacters(in: ["`"]).utf8))
            #expect(documented == setting.defaultValue, "\(file): \(setting.key) defaults to \(written)")
        }
    }

    @Test func everyDefaultIsAValue() {
        for setting in SettingTable.all where setting.defaultValue != .null {
            #expect(setting.accepts(setting.defaultValue), "\(setting.key)")
        }
        // The defaults `Settings()` starts from are the table's.
        let settings = Settings()
        #expect(settings.formatOnSave == SettingTable.formatOnSave.defaultValue.bool)
        #expect(settings.ambiguousWidth == SettingTable.ambiguousWidth.defaultValue.int)
        #expect(settings.delimiterRow.rawValue == SettingTable.delimiterRow.defaultValue.string)
        #expect(settings.tabSize == SettingTable.tabSize.defaultValue.int)
        #expect(settings.maxWidth == nil && settings.reader == nil && settings.rstContentDirectives.isEmpty && settings.diagnosticsEnabled)
    }

    @Test func aDottedKeyIsNoSetting() {
        var settings = Settings()
        #expect(settings.apply(["diagnostics.enable": false]) == [.init(key: "diagnostics.enable", message: "unknown setting diagnostics.enable ignored")])
        #expect(settings.diagnosticsEnabled)
        #expect(settings.apply(["diagnostics": ["enable": false]]).isEmpty && !settings.diagnosticsEnabled)
    }
}
