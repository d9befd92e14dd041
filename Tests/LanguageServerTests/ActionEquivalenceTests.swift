@testable import JSONRPC
import Testing

/// The same actions, with the same edits, whichever way a client takes them: the edit in the answer
/// (clients that can neither resolve nor apply a server's edit), resolved later (`data`), or carried out
/// as the action's command through `workspace/applyEdit`. What is offered as available applies; what is
/// offered as disabled is refused, for the reason given.
struct ActionEquivalenceTests {
    static let documents: [(uri: String, text: String)] = [
        ("file:///p.md", """
            | a | b | c |
            |---|:-:|--:|
            | 1 | 2 | 3 |
            | 4 | 5 | 6 |

            """),
        ("file:///g.md", """
            +---+---+---+
            | a | b | c |
            +===+===+===+
            | d     | e |
            +---+---+---+
            | f | g | h |
            |   +---+---+
            |   | i | j |
            +---+---+---+

            """),
        ("file:///u.md", """
            |x|y|
            |-|-|
            |1|2|

            """),
        ("file:///r.rst", """
            +---+---+
            | a | b |
            +===+===+
            | c | d |
            +---+---+

            """),
        ("file:///s.rst", """
            =====  =====  =====
            a      b      c
            =====  =====  =====
            d      e
                          f g
            h      a span
            -----  ------------
            i      j      k
            =====  =====  =====

            """),
        ("file:///l.rst", """
            .. list-table:: Title
               :header-rows: 1
               :class: x

               * - a
                 - b
               * - c *d*
                 - e

                   f

            """),
    ]

    /// Every line at two characters, and selections from the first body line to each other line.
    static func selections(_ text: String) -> [JSON] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        return (0..<lines).flatMap { line in [range(line, 2, line, 2), range(line, 6, line, 6), range(min(3, lines - 1), 2, line, 6)] }
    }

    func client(_ capabilities: JSON, applied: @escaping @Sendable (JSON) -> Void = { _ in }) throws -> LSPClient {
        let client = try LSPClient()
        client.onServerRequest = { _, params in
            applied(params ?? .null)
            return ["applied": true]
        }
        _ = client.initialize(capabilities)
        return client
    }

    @Test(arguments: 0..<6)
    func everyWayGivesTheSameEdits(_ which: Int) throws {
        let (uri, text) = Self.documents[which]
        let disabled: JSON = ["disabledSupport": true]
        let eager = try client(["textDocument": ["codeAction": disabled]])
        let resolving = try client(["textDocument": ["codeAction": ["disabledSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        nonisolated(unsafe) var applied: [JSON] = []
        let commands = try client(["textDocument": ["codeAction": disabled], "workspace": ["applyEdit": true]]) { applied.append($0) }
        for c in [eager, resolving, commands] { c.open(uri, text) }
        func offered(_ c: LSPClient, _ at: JSON) -> [JSON] {
            c.request("textDocument/codeAction", ["textDocument": textDocument(uri), "range": at, "context": ["diagnostics": [], "only": ["refactor.rewrite"]]])["result"]?.array ?? []
        }
        func edits(_ edit: JSON?) -> [JSON] { edit?["changes"]?[uri]?.array ?? [] }
        var checked = 0
        for at in Self.selections(text) {
            let (a, b, c) = (offered(eager, at), offered(resolving, at), offered(commands, at))
            #expect(a.map { $0["title"] } == b.map { $0["title"] } && a.map { $0["title"] } == c.map { $0["title"] }, "\(at)")
            #expect(a.map { $0["disabled"] } == b.map { $0["disabled"] } && a.map { $0["disabled"] } == c.map { $0["disabled"] }, "\(at)")
            for (x, (y, z)) in zip(a, zip(b, c)) {
                if let reason = x["disabled"] {
                    // A disabled action is refused when run anyway, for the reason it was offered with.
                    let run = commands.request("workspace/executeCommand", ["command": z["data"]!["command"]!, "arguments": z["data"]!["arguments"]!])
                    #expect(run["error"]?["message"] == reason["reason"], "\(x["title"]!) at \(at)")
                    continue
                }
                let resolvedAction = resolving.request("codeAction/resolve", y)["result"]
                let resolved = resolvedAction?["edit"]
                let command = try #require(z["command"], "\(z)")
                let before = applied.count
                let run = commands.request("workspace/executeCommand", ["command": command["command"]!, "arguments": command["arguments"]!])
                #expect(run["result"]?["applied"] == true, "\(x["title"]!) at \(at)")
                // Both ways say the same place for the cursor.
                #expect(run["result"]?["position"] == resolvedAction?["data"]?["position"], "\(x["title"]!) at \(at)")
                #expect(applied.count == before + 1)
                #expect(edits(x["edit"]) == edits(resolved), "\(x["title"]!) at \(at)")
                #expect(edits(x["edit"]) == edits(applied.last?["edit"]), "\(x["title"]!) at \(at)")
                #expect(!edits(x["edit"]).isEmpty || x["title"]?.string?.hasPrefix("Sort") == true, "\(x["title"]!) at \(at)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    static let broken: [(uri: String, text: String)] = [
        // Drifted `|` (re-laid from its cells), a missing `+` (one character), an L-shaped region (split).
        ("file:///d.md", """
            +---+----+
            | a | bb |
            +===+====+
            | cx | dd |
            +---+----+
            | e | f  |
            +---+----+

            """),
        ("file:///m.md", """
            +---+---+
            | a | b |
            +-------+
            | c | d |
            +---+---+

            """),
        ("file:///l.md", """
            +---+---+
            | a | b |
            +---+---+
            | c     |
            +---+   +
            | d |   |
            +---+---+

            """),
        ("file:///x.md", """
            | a | b |
            |---|---|
            | 1 | 2 | 3 |
            | 4 |

            """),
    ]

    /// Quick fixes too: a fix that rewrites the table comes without its edit to clients that can resolve
    /// it or run it as `gridls.applyFix`, and gives the edit the eager client gets; a fix of a few
    /// characters comes with its edit to every client.
    @Test(arguments: 0..<4)
    func everyWayGivesTheSameQuickFixes(_ which: Int) throws {
        let (uri, text) = Self.broken[which]
        let eager = try client([:])
        let resolving = try client(["textDocument": ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        nonisolated(unsafe) var applied: [JSON] = []
        let commands = try client(["workspace": ["applyEdit": true]]) { applied.append($0) }
        for c in [eager, resolving, commands] { c.open(uri, text) }
        func offered(_ c: LSPClient, _ line: Int) -> [JSON] {
            c.request("textDocument/codeAction", ["textDocument": textDocument(uri), "range": range(line, 2, line, 2), "context": ["diagnostics": [], "only": ["quickfix"]]])["result"]?.array ?? []
        }
        func edits(_ edit: JSON?) -> [JSON] { edit?["changes"]?[uri]?.array ?? [] }
        var (deferred, inline) = (0, 0)
        for line in 0..<text.split(separator: "\n").count {
            let (a, b, c) = (offered(eager, line), offered(resolving, line), offered(commands, line))
            #expect(a.map { $0["title"] } == b.map { $0["title"] } && a.map { $0["title"] } == c.map { $0["title"] }, "line \(line)")
            #expect(a.map { $0["diagnostics"] } == b.map { $0["diagnostics"] } && a.map { $0["diagnostics"] } == c.map { $0["diagnostics"] })
            for (x, (y, z)) in zip(a, zip(b, c)) {
                #expect(!edits(x["edit"]).isEmpty, "\(x)")
                guard y["edit"] == nil else {
                    #expect(y["edit"] == x["edit"] && z["edit"] == x["edit"] && z["command"] == nil)
                    inline += 1
                    continue
                }
                #expect(y["data"]?["command"] == "gridls.applyFix" && z["edit"] == nil)
                let resolvedAction = resolving.request("codeAction/resolve", y)["result"]
                let resolved = resolvedAction?["edit"]
                #expect(edits(resolved) == edits(x["edit"]), "\(x["title"]!) at line \(line)")
                let command = try #require(z["command"], "\(z)")
                let run = commands.request("workspace/executeCommand", ["command": command["command"]!, "arguments": command["arguments"]!])
                #expect(run["result"] == ["applied": true])
                #expect(edits(applied.last?["edit"]) == edits(x["edit"]), "\(x["title"]!) at line \(line)")
                deferred += 1
            }
        }
        #expect(deferred + inline > 0)
        #expect(which == 1 ? deferred == 0 && inline > 0 : deferred > 0)
    }

    @Test func aFixForAChangedDocumentOrAnotherPlaceIsRefused() throws {
        let (uri, text) = Self.broken[0]
        let resolving = try client(["textDocument": ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        resolving.open(uri, text)
        let fix = try #require(resolving.codeActions(uri, range(3, 2, 3, 2), only: ["quickfix"]).first)
        // Another place: the fix's argument names a range no diagnostic has.
        var elsewhere = fix["data"]!["arguments"]!.array![0].setting("range", range(0, 0, 0, 1))
        let refused = resolving.request("workspace/executeCommand", ["command": "gridls.applyFix", "arguments": [elsewhere]])
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["message"] == "no diagnostic at this range has the fix \"Re-lay the table from its cells\"")
        elsewhere = fix["data"]!["arguments"]!.array![0].setting("fix", 3)
        #expect(resolving.request("workspace/executeCommand", ["command": "gridls.applyFix", "arguments": [elsewhere]])["error"]?["message"] == "arguments[0].fix must be a string")
        resolving.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": """
            | a |
            |---|

            """]]])
        #expect(resolving.request("codeAction/resolve", fix)["error"]?["code"] == -32801)
    }
}
