import Foundation
@testable import GridlsCLI
import JSONRPC
import LanguageServer
import Testing

/// The command line's setting options are the settings table's: `--help` and the man page list each with
/// its values and default, and each takes what the setting takes, refusing the rest with the table's words.
struct SettingOptionTests {
    static let options = SettingTable.all.filter { $0.option != nil }

    /// The lines of the usage text that describe `option`: its own line and those further in below it.
    static func usageEntry(_ option: String) throws -> String {
        let lines = usageText.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ") })
        let more = lines[(first + 1)...].prefix { $0.hasPrefix("                    ") }
        return ([lines[first]] + more).joined(separator: "\n")
    }

    @Test(arguments: options)
    func usageTextAgrees(setting: SettingSpec) throws {
        let option = try #require(setting.option)
        let entry = try Self.usageEntry(option)
        switch setting.values {
        case .choice(let choices): #expect(entry.contains(option + " " + choices.map { $0.string ?? $0.text }.joined(separator: "|")), "\(entry)")
        case .wholeNumber: #expect(entry.contains(option + " N"), "\(entry)")
        case .directiveNames: #expect(entry.contains(option + " NAME,..."), "\(entry)")
        case .boolean: Issue.record("\(option): a boolean setting has no option")
        }
        switch (setting.defaultValue, setting.values) {
        case (.int(let n), _): #expect(entry.contains("(default \(n))"), "\(entry)")
        case (.null, .wholeNumber(_, let nullMeans?)): #expect(entry.contains("(default: \(nullMeans))"), "\(entry)")
        default: break
        }
    }

    /// A roff line as it prints: a font macro's arguments run together (`.BR \-\-reader " " github | pandoc`
    /// is `--reader github|pandoc`), `\-` a hyphen.
    static func rendered(_ line: Substring) -> String {
        let text = line.replacingOccurrences(of: "\\-", with: "-")
        guard text.hasPrefix(".") else { return text }
        let arguments = text.dropFirst().drop { $0 != " " }.matches(of: /"([^"]*)"|(\S+)/).map { String($0.1 ?? $0.2 ?? "") }
        return arguments.joined()
    }

    /// The man page's entry for `option`: its `.TP` paragraph, rendered, on one line.
    static func manPageEntry(_ option: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("protocol/gridls.1"), encoding: .utf8)
        let paragraphs = page.components(separatedBy: "\n.TP\n").dropFirst().map { $0.split(separator: "\n") }
        let entry = try #require(paragraphs.first { $0.first.map { rendered($0).hasPrefix(option + " ") } ?? false }, "\(option)")
        return entry.prefix { !$0.hasPrefix(".SH") && !$0.hasPrefix(".SS") }.map(rendered).joined(separator: " ")
    }

    @Test(arguments: options)
    func manPageAgrees(setting: SettingSpec) throws {
        let option = try #require(setting.option)
        let entry = try Self.manPageEntry(option)
        switch setting.values {
        case .choice(let choices): #expect(entry.hasPrefix(option + " " + choices.map { $0.string ?? $0.text }.joined(separator: "|")), "\(entry)")
        case .wholeNumber: #expect(entry.hasPrefix(option + " n"), "\(entry)")
        case .directiveNames: #expect(entry.hasPrefix(option + " name,..."), "\(entry)")
        case .boolean: Issue.record("\(option): a boolean setting has no option")
        }
        switch (setting.defaultValue, setting.values) {
        case (.int(let n), _): #expect(entry.contains("(default \(n))") || entry.contains("(default \(n);"), "\(entry)")
        case (.null, .wholeNumber(_, let nullMeans?)): #expect(entry.contains("(default: \(nullMeans))"), "\(entry)")
        default: break
        }
    }

    @Test(arguments: options)
    func optionTakesTheSettingsValues(setting: SettingSpec) throws {
        let option = try #require(setting.option)
        let (good, bad): (String, String) = switch setting.values {
        case .choice(let choices): (choices.last?.string ?? choices.last?.text ?? "", "neither")
        case .wholeNumber(let range, _): (String(range.upperBound), String(range.upperBound + 1))
        case .directiveNames: ("exercise,solution", "exercise,,solution")
        case .boolean: ("true", "maybe")
        }
        guard case .format(let command) = try Invocation.parse([Array("format".utf8), Array("\(option)=\(good)".utf8)]) else {
            Issue.record("\(option)=\(good) is not a format command")
            return
        }
        var expected = SettingOverrides()
        expected.set(setting, try #require(setting.commandLineValue(good)))
        #expect(command.overrides == expected && command.overrides != SettingOverrides())
        let verb = if case .directiveNames = setting.values { "takes" } else { "must be" }
        #expect(throws: UsageError("\(option) \(verb) \(setting.commandLineRequirement), not '\(bad)'")) {
            try Invocation.parse([Array("format".utf8), Array(option.utf8), Array(bad.utf8)])
        }
    }
}
