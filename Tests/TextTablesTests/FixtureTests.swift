import Foundation
import Testing
import TextTables

/// Golden files: every `NAME.md` under `Fixtures/OPTIONS/` formats to `NAME.expected.md` beside it.
/// The folder names the options. Set GRIDLS_UPDATE_FIXTURES=1 to rewrite the expectations, then review the diff.
struct FixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let optionSets: [String: FormatOptions] = [
        "default": FormatOptions(),
        "ambiguous-width-2": FormatOptions(width: WidthOptions(ambiguousWidth: 2)),
        "compact-delimiter-row": FormatOptions(delimiterRow: .compact),
    ]

    static func inputs() -> [String] {
        var names: [String] = []
        for folder in optionSets.keys.sorted() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            names += files.filter { $0.hasSuffix(".md") && !$0.hasSuffix(".expected.md") }.sorted().map { "\(folder)/\($0)" }
        }
        return names
    }

    @Test func everyOptionFolderHasFixtures() {
        for folder in Self.optionSets.keys {
            #expect(Self.inputs().contains { $0.hasPrefix(folder + "/") }, "no fixture in \(folder)")
        }
    }

    @Test(arguments: inputs())
    func formatsAsExpected(_ name: String) throws {
        let input = try Data(contentsOf: Self.root.appendingPathComponent(name))
        let options = Self.optionSets[String(name.prefix { $0 != "/" })]!
        let output = DocumentFormatter.format(Array(input), options: options).output
        let expectedURL = Self.root.appendingPathComponent(name.replacingOccurrences(of: ".md", with: ".expected.md"))
        if ProcessInfo.processInfo.environment["GRIDLS_UPDATE_FIXTURES"] == "1" {
            try Data(output).write(to: expectedURL)
        }
        let expected = try Data(contentsOf: expectedURL)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(DocumentFormatter.format(output, options: options).output == output, "formatting the expectation changes it")
    }
}
