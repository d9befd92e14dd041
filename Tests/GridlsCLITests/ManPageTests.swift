import Foundation
import Testing

/// `protocol/gridls.1` and `gridls --help` describe the same command line: the same options, the same
/// choices for the options that take one of a few values, the same exit statuses. Neither can gain an
/// option the other lacks.
struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func help() throws -> String {
        let run = try Gridls.run(["--help"])
        #expect(run.status == 0)
        return run.stdout
    }

    /// The man page's source with roff's escapes for `-` and fonts undone, one string per line.
    static func manLines() throws -> [String] {
        let source = try String(contentsOf: root.appendingPathComponent("protocol/gridls.1"), encoding: .utf8)
        var text = source.replacingOccurrences(of: "\\-", with: "-")
        for font in ["\\fB", "\\fI", "\\fR", "\\fP"] { text = text.replacingOccurrences(of: font, with: "") }
        return text.components(separatedBy: "\n").filter { !$0.hasPrefix(".\\\"") }
    }

    /// Every word that is an option: `-i`, `--in-place`, without the punctuation around it.
    static func options(in text: String) -> Set<String> {
        let around = CharacterSet(charactersIn: "[]()'\",.;:")
        let words = text.components(separatedBy: .whitespacesAndNewlines).map { $0.trimmingCharacters(in: around) }
        return Set(words.filter { $0.wholeMatch(of: /--?[A-Za-z][A-Za-z-]*/) != nil })
    }

    /// Each option that takes one of a few values, with them: `--reader` → `github|pandoc`.
    static func choices(inHelp help: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in help.split(separator: "\n") {
            if let match = line.firstMatch(of: /^\s+(?:-[a-z], )?(--[a-z-]+) ([a-z0-9]+(?:\|[a-z0-9]+)+)/) {
                found[String(match.1)] = String(match.2)
            }
        }
        return found
    }

    /// The same from the man page's `.TP` headers: `.BR --reader " " github | pandoc`.
    static func choices(inMan lines: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for (previous, line) in zip(lines, lines.dropFirst()) where previous == ".TP" && line.hasPrefix(".B") {
            let words = line.replacingOccurrences(of: "\"", with: "").split(separator: " ").dropFirst().joined(separator: " ")
            if let match = words.replacingOccurrences(of: " | ", with: "|").wholeMatch(of: /(--[a-z-]+) ([a-z0-9]+(?:\|[a-z0-9]+)+)/) {
                found[String(match.1)] = String(match.2)
            }
        }
        return found
    }

    /// `exit status: 0 success; 1 …; 2 …` in the help, `.SH "EXIT STATUS"` then `.TP` / `.B N` in the man page.
    static func exitStatuses(inHelp help: String) -> Set<Int> {
        guard let start = help.range(of: "exit status:") else { return [] }
        let text = "; " + help[start.upperBound...]
        return Set(text.matches(of: /;\s+(\d+)\s/).compactMap { Int($0.1) })
    }

    static func exitStatuses(inMan lines: [String]) -> Set<Int> {
        guard let start = lines.firstIndex(of: ".SH \"EXIT STATUS\"") else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH") }
        return Set(zip(section, section.dropFirst()).compactMap { $0 == ".TP" && $1.hasPrefix(".B ") ? Int($1.dropFirst(3)) : nil })
    }

    @Test func theManPageHasEveryOptionOfHelpAndNoOther() throws {
        let help = try Self.options(in: Self.help())
        let man = try Self.options(in: Self.manLines().joined(separator: "\n"))
        #expect(help.isSuperset(of: ["--in-place", "-i", "--check", "--stdio", "--reader", "--assume-filename"]))
        #expect(help.subtracting(man).sorted() == [], "in --help, not in protocol/gridls.1")
        #expect(man.subtracting(help).sorted() == [], "in protocol/gridls.1, not in --help")
    }

    @Test func theManPageOffersTheSameChoices() throws {
        let help = try Self.choices(inHelp: Self.help())
        #expect(help["--output-format"] == "text|github|json")
        #expect(help.count == 4)
        #expect(try Self.choices(inMan: Self.manLines()) == help)
    }

    @Test func theManPageHasTheExitStatusesOfHelp() throws {
        let help = try Self.exitStatuses(inHelp: Self.help())
        #expect(help == [0, 1, 2])
        #expect(try Self.exitStatuses(inMan: Self.manLines()) == help)
    }
}
