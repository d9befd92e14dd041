import Foundation

/// Tests that need a program besides Swift (cmark-gfm, pandoc, docutils, editors, node, pre-commit):
/// without it they are skipped, each with one line saying so, except in CI (`CI` set, and not `false`
/// or `0`), where a missing program fails them instead of hiding them.
public enum RequiredTool {
    public static let isCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// Whether a test that needs a tool runs: when the tool is there, and always in CI.
    public static func mayRun(_ installed: Bool) -> Bool { installed || isCI }
}
