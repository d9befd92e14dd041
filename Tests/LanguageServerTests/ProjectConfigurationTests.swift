import Foundation
@testable import JSONRPC
import Testing
import TestSupport
@testable import TextTables

/// The server reads the `.gridls.json` nearest each document's folder and puts the editor's settings over it.
struct ProjectConfigurationTests {
    static let messy = """
        |a|b|
        |-|-|

        """

    func formatted(_ client: LSPClient, _ uri: String) -> String {
        let edits = client.request("textDocument/formatting", [
            "textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true],
        ])["result"]?.array ?? []
        return applying(edits, to: Self.messy)
    }

    func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plain dir/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try Data(#"{"delimiterRow": "compact"}"#.utf8).write(to: root.appendingPathComponent(".gridls.json"))
        try Data(#"{"tabSize": 4}"#.utf8).write(to: root.appendingPathComponent("plain dir/sub/.gridls.json"))
        try Data(#"{"delimiterRow": "tight"}"#.utf8).write(to: root.appendingPathComponent("bad/.gridls.json"))
        return root
    }

    /// A client over a new project (`project()`) with `path` open in it; remove `root` when done.
    func opened(_ path: String = "doc.md", options: JSON? = nil) throws -> (client: LSPClient, uri: String, root: URL) {
        let root = try project()
        let client = try LSPClient()
        _ = client.initialize(options: options)
        let uri = "file://\(root.path)/\(path)"
        client.open(uri, Self.messy)
        return (client, uri, root)
    }

    @Test func eachDocumentGetsItsNearestConfiguration() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try LSPClient()
        _ = client.initialize()
        let top = "file://\(root.path)/doc.md"
        let nested = "file://\(root.path)/plain%20dir/sub/doc.md"
        let elsewhere = "untitled:Untitled-1"
        for uri in [top, nested, elsewhere] { client.open(uri, Self.messy) }
        #expect(formatted(client, top) == """
            | a   | b   |
            |-----|-----|

            """)
        // The nearest file wins whole: sub's says nothing of delimiter rows, so they are padded.
        #expect(formatted(client, nested) == """
            | a   | b   |
            | --- | --- |

            """)
        #expect(formatted(client, elsewhere) == """
            | a   | b   |
            | --- | --- |

            """)
    }

    @Test func editorSettingsGoOverTheConfiguration() throws {
        let (client, top, root) = try opened(options: ["delimiterRow": "padded"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(formatted(client, top) == """
            | a   | b   |
            | --- | --- |

            """)
    }

    /// A workspace configuration replaces the one before it whole, as LSP sends it: a key left out of a
    /// later one, or set to null, falls back to the project's `.gridls.json` (it was kept, and null refused).
    @Test func aSettingTheEditorNoLongerGivesFallsBack() throws {
        let (client, top, root) = try opened()
        defer { try? FileManager.default.removeItem(at: root) }
        func configure(_ settings: JSON) {
            client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": settings]])
        }
        configure(["delimiterRow": "padded"])
        #expect(formatted(client, top) == """
            | a   | b   |
            | --- | --- |

            """)
        configure([:])
        #expect(formatted(client, top) == """
            | a   | b   |
            |-----|-----|

            """)
        configure(["delimiterRow": "padded", "ambiguousWidth": 2])
        #expect(formatted(client, top) == """
            | a   | b   |
            | --- | --- |

            """)
        configure(["delimiterRow": .null, "ambiguousWidth": 2])
        #expect(formatted(client, top) == """
            | a   | b   |
            |-----|-----|

            """)
        #expect(!client.unclaimed.contains { $0["method"] == "window/logMessage" }, "null unsets a key: no complaint")
    }

    /// What `initialize` gave stays under each configuration; a configuration's null unsets it too.
    @Test func initializationOptionsStayUnderTheConfiguration() throws {
        let (client, top, root) = try opened(options: ["delimiterRow": "padded"])
        defer { try? FileManager.default.removeItem(at: root) }
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": ["tabSize": 8]]])
        #expect(formatted(client, top) == """
            | a   | b   |
            | --- | --- |

            """)
        client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": ["delimiterRow": .null]]])
        #expect(formatted(client, top) == """
            | a   | b   |
            |-----|-----|

            """)
    }

    @Test func aBadConfigurationIsALogLine() throws {
        let (client, uri, root) = try opened("bad/doc.md")
        defer { try? FileManager.default.removeItem(at: root) }
        let log = client.notification("window/logMessage")?["message"]?.string
        #expect(log == "\(root.path)/bad/.gridls.json: delimiterRow must be \"padded\" or \"compact\"; its settings are ignored")
        #expect(formatted(client, uri) == """
            | a   | b   |
            | --- | --- |

            """)
    }
}

/// Random sequences of editor settings (initializationOptions, then workspace configurations that leave
/// keys out, set them, or set them to null) over a project's `.gridls.json`: after each, the server formats
/// as the layers say (defaults, the file, what `initialize` gave, the latest configuration's keys, a null
/// unsetting one), and reads the document with the reader they say.
struct SettingsLayersPropertyTests {
    static let probe = """
        |±|b|
        |-|-|

        """

    @Test func theLatestConfigurationDecides() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-layers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"delimiterRow": "compact", "ambiguousWidth": 2, "reader": "pandoc"}"#.utf8).write(to: root.appendingPathComponent(".gridls.json"))
        let project: [String: JSON] = ["delimiterRow": "compact", "ambiguousWidth": 2, "reader": "pandoc"]
        let defaults: [String: JSON] = ["delimiterRow": "padded", "ambiguousWidth": 1, "reader": "github"]
        let values: [String: [JSON]] = ["delimiterRow": ["padded", "compact", .null], "ambiguousWidth": [1, 2, .null], "reader": ["portable", "github", "pandoc", .null]]
        var random = SeededRandom(seed: 12)
        func someSettings() -> [String: JSON] {
            var settings: [String: JSON] = [:]
            for key in values.keys.sorted() where random.chance(0.6) { settings[key] = random.pick(values[key]!) }
            return settings
        }
        for _ in 0..<30 {
            let initialization = someSettings().filter { $0.value != .null }
            let client = try LSPClient()
            _ = client.initialize(options: .object(initialization))
            let uri = "file://\(root.path)/doc.md"
            client.open(uri, Self.probe)
            for _ in 0..<4 {
                let configuration = someSettings()
                client.notify("workspace/didChangeConfiguration", ["settings": ["gridls": .object(configuration)]])
                var effective = defaults.merging(project) { $1 }.merging(initialization) { $1 }
                for (key, value) in configuration { effective[key] = value == .null ? (project[key] ?? defaults[key]) : value }
                let options = FormatOptions(width: WidthOptions(ambiguousWidth: effective["ambiguousWidth"]!.int!),
                                            delimiterRow: DelimiterRowStyle(rawValue: effective["delimiterRow"]!.string!)!)
                let expected = String(decoding: DocumentFormatter.format(Array(Self.probe.utf8), syntax: .markdown, options: options).output, as: UTF8.self)
                let edits = client.request("textDocument/formatting", ["textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true]])["result"]?.array ?? []
                #expect(applying(edits, to: Self.probe) == expected, "initialize \(initialization), then \(configuration)")
                let state = client.request("gridls/documentState", ["textDocument": textDocument(uri)])["result"]
                #expect(state?["reader"] == effective["reader"], "initialize \(initialization), then \(configuration)")
            }
        }
    }
}
