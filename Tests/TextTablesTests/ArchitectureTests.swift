import Foundation
import Testing

/// ARCHITECTURE.md is read before the code: its sections on TextTables's folders follow the layers that
/// `FolderOrderTests` holds the sources to, one section a folder, and it stays short enough to skim.
@Suite struct ArchitectureTests {
    static let text: String = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)) ?? ""
    }()

    /// The folders named by the document's `#### `Folder/`` headings, in order.
    static var folderSections: [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#### `"), line.hasSuffix("/`") else { return nil }
            return String(line.dropFirst(6).dropLast(2))
        }
    }

    @Test func statesTheFolderOrder() {
        #expect(Self.folderSections == FolderOrderTests.layers.flatMap { $0 })
    }

    @Test func staysShort() {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines > 100 && lines < 300, "ARCHITECTURE.md has \(lines) lines")
    }
}
