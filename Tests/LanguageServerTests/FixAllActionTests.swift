import Foundation
@testable import JSONRPC
import Testing
import TestSupport

/// The `source.fixAll.gridls` action: the same text as `gridls format --fix`.
struct FixAllActionTests {
    static let documents: [(name: String, text: String)] = [
        ("drift.md", """
            Text.

            +-----+---+
            | abc | d |
            +-----+---+
            | efgh  | i |
            +-----+---+

            """),
        // A `+` on no column line (three repairs read three tables: left), then a table to format.
        ("choice.md", BrokenTables.slipWithChoices + """
            |a|b|
            |-|-|
            """),
        // A junction lost (`-` for `+`): one repair reads.
        ("slip.md", """
            +---+---+
            | a | b |
            +---+---+
            | c | d |
            +-------+

            |x|
            |-|

            """),
        ("unclosed.rst", """
            Intro.

            +-----+---+
            | ab  | c |
            +-----+---+
            | dé    | f |
            +-----+---+

            =====  ===
            Fruit  Qty
            apple  3

            """),
        ("clean.md", """
            | a |
            | - |

            """),
    ]

    /// What `gridls format --fix FILE` prints.
    static func commandLine(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-fixall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name), out = folder.appendingPathComponent("out")
        try Data(text.utf8).write(to: file)
        let process = try ChildProcess(builtGridls.path, ["format", "--fix", "-q", file.path], output: .file(out.path))
        _ = process.wait(killingAfter: 60)
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    @Test(arguments: documents.indices)
    func theActionMakesWhatFormatFixPrints(_ index: Int) throws {
        let (name, text) = Self.documents[index]
        let client = try LSPClient()
        _ = client.initialize()
        let uri = "file:///\(name)"
        client.open(uri, text)
        let actions = client.codeActions(uri, range(0, 0, 0, 0), only: ["source.fixAll.gridls"])
        let expected = try Self.commandLine(name, text)
        guard let action = actions.first else {
            #expect(expected == text, "no fix-all action, but format --fix changes \(name)")
            return
        }
        #expect(actions.count == 1)
        #expect(action["kind"] == "source.fixAll.gridls")
        let edits = action["edit"]?["changes"]?[uri]?.array ?? action["edit"]?["documentChanges"]?.array?.first?["edits"]?.array ?? []
        #expect(applying(edits, to: text) == expected, "\(name)")
        #expect(expected != text)
    }

    @Test func theActionIsTitledByWhatItDoes() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///d.md", Self.documents[0].text)
        client.open("file:///p.md", """
            |a|
            |-|

            """)
        #expect(client.codeActions("file:///d.md", range(0, 0, 0, 0), only: ["source.fixAll.gridls"]).map { $0["title"] } == ["Fix and format every table"])
        #expect(client.codeActions("file:///p.md", range(0, 0, 0, 0), only: ["source.fixAll.gridls"]).map { $0["title"] } == ["Format every table"])
        // A cursor's actions (no `only`) do not fix the document.
        #expect(!client.codeActions("file:///d.md", range(5, 3, 5, 3)).contains { $0["kind"] == "source.fixAll.gridls" })
    }
}
