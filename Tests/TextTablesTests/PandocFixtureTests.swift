import Foundation
import Testing
@testable import TextTables

/// Golden files for pandoc's simple and multiline tables (found at top-level block starts, see
/// `PandocTables`): `Fixtures/pandoc/NAME.qmd` formats to `NAME.expected.qmd`, which pandoc reads as it
/// reads the input (cells, alignments, relative widths within 0.02); `Fixtures/invalid-pandoc/NAME.qmd`
/// reports exactly `NAME.check.txt`, is left byte for byte, and its first quick fix gives `NAME.fixed.qmd`,
/// which reads without error. `GRIDLS_UPDATE_FIXTURES=1` rewrites the expectations for review.
struct PandocFixtureTests {
    static func inputs(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixtureTests.root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".qmd") && !$0.contains(".expected.") && !$0.contains(".fixed.") }.sorted().map { "\(folder)/\($0)" }
    }

    static func expectation(_ name: String, _ suffix: String) -> URL {
        FixtureTests.root.appendingPathComponent(String(name.dropLast(".qmd".count)) + ".\(suffix)")
    }

    static func read(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    @Test func everyFolderHasFixtures() {
        #expect(!Self.inputs("pandoc").isEmpty && !Self.inputs("invalid-pandoc").isEmpty)
    }

    @Test(arguments: inputs("pandoc"))
    func formatsAsExpected(_ name: String) throws {
        let input = try Self.read(FixtureTests.root.appendingPathComponent(name))
        #expect(PandocTables.readings(input).allSatisfy { $0.errors == nil })
        let output = PandocTables.formatted(input)
        let expectedURL = Self.expectation(name, "expected.qmd")
        if FixtureTests.updating { try Data(output.utf8).write(to: expectedURL) }
        #expect(output == (try Self.read(expectedURL)))
        #expect(PandocTables.formatted(output) == output, "formatting the expectation changes it")
        guard ReferenceReaders.isAvailable else { return }
        let before = try PandocTables.pandocTables(input), after = try PandocTables.pandocTables(output)
        #expect(before.count == PandocTables.readings(input).count && before.count == after.count)
        for (a, b) in zip(before, after) { #expect(PandocTables.same(a, b, widths: true), "\(a)\n\(b)") }
    }

    @Test(arguments: inputs("invalid-pandoc"))
    func invalidTableIsReportedAndLeftAlone(_ name: String) throws {
        let input = try Self.read(FixtureTests.root.appendingPathComponent(name))
        let text = TextLines(input)
        let diagnostics = PandocTables.readings(input).flatMap(\.diagnostics)
        let report = diagnostics.map { d -> String in
            let line = text.starts.lastIndex { $0 <= d.range.lowerBound }!
            return "\(line + 1):\(d.range.lowerBound - text.starts[line] + 1): \(d.severity.rawValue): \(d.message) [\(d.code.rawValue)]\n"
        }.joined()
        let expectedURL = Self.expectation(name, "check.txt")
        if FixtureTests.updating { try Data(report.utf8).write(to: expectedURL) }
        #expect(report == (try Self.read(expectedURL)))
        #expect(diagnostics.contains { $0.severity == .error })
        #expect(PandocTables.formatted(input) == input, "a table with an error was rewritten")
        let fixURL = Self.expectation(name, "fixed.qmd")
        guard let fix = diagnostics.first?.fixes.first else {
            #expect(!FileManager.default.fileExists(atPath: fixURL.path), "a fix was expected")
            return
        }
        let fixed = String(decoding: TextEdit.apply(fix.edits, to: Array(input.utf8)), as: UTF8.self)
        if FixtureTests.updating { try Data(fixed.utf8).write(to: fixURL) }
        #expect(fixed == (try Self.read(fixURL)), "\(fix.title)")
        #expect(PandocTables.readings(fixed).flatMap(\.diagnostics).filter { $0.severity == .error } == [])
        guard ReferenceReaders.isAvailable else { return }
        #expect(try PandocTables.pandocTables(fixed).count == PandocTables.readings(fixed).count)
    }
}
