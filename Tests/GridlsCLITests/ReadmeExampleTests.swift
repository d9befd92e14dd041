import Foundation
import Testing

/// Every README example of gridls's output is what gridls prints. An example is an HTML comment
/// `<!-- gridls-example: ARGUMENTS -->` followed by two fenced blocks: standard input, then standard
/// output followed by standard error.
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Example: CustomStringConvertible, Sendable {
        var line: Int
        var arguments: [String]
        var input: String
        var output: String
        var description: String { "README.md:\(line): gridls \(arguments.joined(separator: " "))" }
    }

    static func examples() throws -> [Example] {
        let lines = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8).components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        /// The text of the next fenced block from `index` on, which moves past it.
        func nextBlock() -> String? {
            guard let open = lines[index...].firstIndex(where: { $0.hasPrefix("```") }),
                  let close = lines[(open + 1)...].firstIndex(where: { $0 == "```" }) else { return nil }
            index = close + 1
            return lines[(open + 1)..<close].map { $0 + "\n" }.joined()
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- gridls-example:"), line.hasSuffix("-->") else { continue }
            let arguments = line.dropFirst("<!-- gridls-example:".count).dropLast(3).split(separator: " ").map(String.init)
            guard let input = nextBlock(), let output = nextBlock() else { break }
            examples.append(Example(line: index, arguments: arguments, input: input, output: output))
        }
        return examples
    }

    @Test func theReadmeHasExamples() throws {
        #expect(try Self.examples().count >= 4)
    }

    @Test(arguments: try examples())
    func exampleIsWhatGridlsPrints(_ example: Example) throws {
        let run = try Gridls.run(example.arguments, stdin: example.input)
        #expect(run.stdout + run.stderr == example.output, "\(example)")
    }
}
