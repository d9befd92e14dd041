@testable import JSONRPC
import TestSupport
import Testing

/// Ranges and positions as clients may send them: reversed (start after end, read as the ordered range),
/// empty, past the end of the document (clamped), and malformed (InvalidParams, never a crash), on every
/// method that takes one.
struct RangeTests {
    static let text = """
        |a|b|
        |-|-|
        |1|2|

        text

        |c|d|
        |-|-|
        |3|4|

        """
    static let uri = "file:///r.md"
    static let tidyFirst = """
        | a   | b   |
        | --- | --- |
        | 1   | 2   |

        text

        |c|d|
        |-|-|
        |3|4|

        """
    static let tidySecond = """
        |a|b|
        |-|-|
        |1|2|

        text

        | c   | d   |
        | --- | --- |
        | 3   | 4   |

        """
    static let tidyBoth = """
        | a   | b   |
        | --- | --- |
        | 1   | 2   |

        text

        | c   | d   |
        | --- | --- |
        | 3   | 4   |

        """

    func ready(_ capabilities: JSON = [:]) throws -> LSPClient {
        let client = try LSPClient()
        _ = client.initialize(capabilities)
        client.open(Self.uri, Self.text)
        return client
    }

    func reversed(_ r: JSON) -> JSON { ["start": r["end"]!, "end": r["start"]!] }

    func rangeFormatting(_ client: LSPClient, _ r: JSON) -> JSON {
        client.request("textDocument/rangeFormatting", ["textDocument": textDocument(Self.uri), "range": r, "options": ["tabSize": 4, "insertSpaces": true]])
    }

    func formatted(_ client: LSPClient, _ r: JSON) -> String? {
        rangeFormatting(client, r)["result"]?.array.map { applying($0, to: Self.text) }
    }

    @Test func rangeFormattingReadsAReversedRangeAsTheOrderedOne() throws {
        let client = try ready()
        #expect(formatted(client, reversed(range(0, 1, 7, 2))) == Self.tidyBoth)
        #expect(formatted(client, reversed(range(1, 3, 2, 0))) == Self.tidyFirst)
        #expect(formatted(client, reversed(range(4, 0, 99, 0))) == Self.tidySecond)  // the end past the document
        #expect(rangeFormatting(client, reversed(range(0, 1, 7, 2)))["result"] == rangeFormatting(client, range(0, 1, 7, 2))["result"])
    }

    @Test func rangeFormattingWithEmptyAndOutOfDocumentRanges() throws {
        let client = try ready()
        #expect(formatted(client, range(7, 2, 7, 2)) == Self.tidySecond)
        #expect(formatted(client, range(4, 2, 4, 2)) == Self.text)
        #expect(formatted(client, range(50, 0, 60, 9)) == Self.text)  // clamped to the empty last line
        #expect(formatted(client, range(2, 999, 3, 999)) == Self.tidyFirst)
    }

    func titles(_ client: LSPClient, _ r: JSON) -> [String]? {
        client.request("textDocument/codeAction", ["textDocument": textDocument(Self.uri), "range": r, "context": ["diagnostics": []]])["result"]?
            .array?.compactMap { $0["title"]?.string }
    }

    @Test func codeActionsForReversedEmptyAndOutOfDocumentRanges() throws {
        let client = try ready()
        let atCell = titles(client, range(2, 1, 2, 1))
        #expect(atCell?.first == "Format table")
        #expect(atCell?.count == 11)
        #expect(titles(client, reversed(range(2, 1, 2, 3))) == titles(client, range(2, 1, 2, 3)))
        #expect(titles(client, reversed(range(2, 1, 2, 3)))?.contains("Merge cells (converts the table to a grid table)") == true)
        #expect(titles(client, reversed(range(2, 1, 8, 1))) == titles(client, range(2, 1, 8, 1)))
        #expect(titles(client, range(50, 0, 60, 0)) == [])
        #expect(titles(client, range(60, 0, 50, 0)) == [])
        #expect(titles(client, reversed(range(4, 0, 99, 9))) == [])
    }

    @Test func quickFixesForAReversedRange() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///q.md", """
            +---+---+
            | a | b |
            +---+--+

            """)
        func fixes(_ r: JSON) -> [String]? {
            client.request("textDocument/codeAction", ["textDocument": textDocument("file:///q.md"), "range": r, "context": ["diagnostics": [], "only": ["quickfix"]]])["result"]?
                .array?.compactMap { $0["title"]?.string }
        }
        #expect(fixes(range(2, 6, 0, 0)) == fixes(range(0, 0, 2, 6)))
        #expect(fixes(range(2, 6, 0, 0))?.isEmpty == false)
    }

    func commandEdit(_ client: LSPClient, _ command: String, _ r: JSON, captured: Captured) -> JSON {
        captured.edits = []
        let answer = client.request("workspace/executeCommand", ["command": .string(command), "arguments": [["uri": .string(Self.uri), "range": r]]])
        return answer["error"] ?? .array(captured.edits)
    }

    final class Captured: @unchecked Sendable { var edits: [JSON] = [] }

    @Test func commandsReadAReversedRangeAsTheOrderedOne() throws {
        let client = try ready()
        let captured = Captured()
        client.onServerRequest = { _, params in
            captured.edits = params?["edit"]?["changes"]?[Self.uri]?.array ?? []
            return ["applied": true]
        }
        let merged = commandEdit(client, "gridls.mergeCells", range(2, 1, 2, 3), captured: captured)
        #expect(merged.array.map { applying($0, to: Self.text) } == """
            +---+---+
            | a | b |
            +===+===+
            | 1     |
            | 2     |
            +---+---+

            text

            |c|d|
            |-|-|
            |3|4|

            """)
        #expect(commandEdit(client, "gridls.mergeCells", reversed(range(2, 1, 2, 3)), captured: captured) == merged)
        #expect(commandEdit(client, "gridls.formatTable", reversed(range(8, 1, 99, 0)), captured: captured).array.map { applying($0, to: Self.text) } == Self.tidySecond)
        #expect(commandEdit(client, "gridls.formatTable", range(7, 1, 7, 1), captured: captured).array.map { applying($0, to: Self.text) } == Self.tidySecond)
        let outside = commandEdit(client, "gridls.formatTable", range(70, 0, 60, 0), captured: captured)
        #expect(outside == ["code": -32602, "message": "Format table does not apply at this place"])
    }

    @Test func resolvingAnActionWhoseDataHoldsAReversedRange() throws {
        let client = try ready(["textDocument": ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        func action(_ r: JSON) -> JSON {
            ["title": "Merge cells", "kind": "refactor.rewrite", "data": ["command": "gridls.mergeCells", "arguments": [["uri": .string(Self.uri), "range": r]], "version": 1]]
        }
        let ordered = client.request("codeAction/resolve", action(range(2, 1, 2, 3)))["result"]?["edit"]
        #expect(ordered != nil)
        #expect(client.request("codeAction/resolve", action(reversed(range(2, 1, 2, 3))))["result"]?["edit"] == ordered)
        let outside = client.request("codeAction/resolve", action(range(90, 0, 80, 0)))["error"]
        #expect(outside == ["code": -32602, "message": "Merge cells does not apply at this place"])
    }

    @Test func positionsPastTheDocumentOnEveryMethodThatTakesOne() throws {
        let client = try ready()
        let huge = 9_007_199_254_740_991  // 2^53 - 1: the largest whole number every JSON reader keeps exactly
        let hover = client.request("textDocument/hover", ["textDocument": textDocument(Self.uri), "position": ["line": .int(huge), "character": .int(huge)]])
        #expect(hover["result"] == .null)
        let inCell = client.request("textDocument/hover", ["textDocument": textDocument(Self.uri), "position": ["line": 8, "character": .int(huge)]])
        #expect(inCell["result"]?["contents"]?["value"] == "**Table 2** (2×2): row 2, column 2")
        let selections = client.request("textDocument/selectionRange", [
            "textDocument": textDocument(Self.uri), "positions": [["line": .int(huge), "character": 0], ["line": 2, "character": .int(huge)]],
        ])
        #expect(selections["result"]?.array?.first == ["range": range(9, 0, 9, 0)])
        // The last cell with its borders (the position is after its closing `|`), then the row.
        #expect(selections["result"]?.array?.last?["range"] == range(2, 2, 2, 5))
        #expect(selections["result"]?.array?.last?["parent"]?["range"] == range(2, 0, 2, 5))
        let empty = client.request("textDocument/selectionRange", ["textDocument": textDocument(Self.uri), "positions": []])
        #expect(empty["result"] == [])
        let typed = client.request("textDocument/onTypeFormatting", [
            "textDocument": textDocument(Self.uri), "position": ["line": 8, "character": .int(huge)], "ch": "|", "options": ["tabSize": 4, "insertSpaces": true],
        ])
        #expect(typed["result"]?.array.map { applying($0, to: Self.text) } == Self.tidySecond)
        let pastEnd = client.request("textDocument/onTypeFormatting", [
            "textDocument": textDocument(Self.uri), "position": ["line": .int(huge), "character": 0], "ch": "|", "options": ["tabSize": 4, "insertSpaces": true],
        ])
        #expect(pastEnd["result"] == [])
    }

    @Test func aReversedChangeRangeReplacesTheOrderedRange() throws {
        let client = try ready()
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(Self.uri), "version": 2],
            "contentChanges": [["range": reversed(range(4, 1, 4, 3)), "text": "E"], ["range": reversed(range(9, 0, 99, 5)), "text": "\nend"]],
        ])
        let state = client.request("gridls/documentState", ["textDocument": textDocument(Self.uri)])["result"]
        #expect(state?["length"] == .int(Self.text.utf8.count - 1 + 4))
        let hover = client.request("textDocument/hover", ["textDocument": textDocument(Self.uri), "position": ["line": 8, "character": 1]])
        #expect(hover["result"]?["contents"]?["value"] == "**Table 2** (2×2): row 2, column 1")
    }

    /// Malformed ranges and positions: -32602 with the field's path, and the server keeps serving.
    static let malformed: [(JSON, String)] = [
        (["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 0]], "range.start has a negative line or character"),
        (["start": ["line": 0, "character": 0], "end": ["line": 0, "character": -5]], "range.end has a negative line or character"),
        (["start": ["line": .double(1.5), "character": 0], "end": ["line": 0, "character": 0]], "range.start must be {line, character} with whole numbers"),
        (["start": ["line": 0, "character": "3"], "end": ["line": 0, "character": 0]], "range.start must be {line, character} with whole numbers"),
        (["start": ["line": .double(1e300), "character": 0], "end": ["line": 0, "character": 0]], "range.start must be {line, character} with whole numbers"),
        (["start": ["line": 0], "end": ["line": 0, "character": 0]], "range.start must be {line, character} with whole numbers"),
        (["start": ["line": 0, "character": 0]], "range must be {start, end}"),
        ("0:0-1:1", "range must be {start, end}"),
    ]

    @Test(arguments: malformed)
    func malformedRangesAreInvalidParamsOnEveryMethod(_ bad: JSON, _ reason: String) throws {
        let client = try ready(["textDocument": ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        let document = textDocument(Self.uri)
        let requests: [(String, JSON, String)] = [
            ("textDocument/rangeFormatting", ["textDocument": document, "range": bad, "options": ["tabSize": 4, "insertSpaces": true]], "params."),
            ("textDocument/codeAction", ["textDocument": document, "range": bad, "context": ["diagnostics": []]], "params."),
            ("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": [["uri": .string(Self.uri), "range": bad]]], "arguments[0]."),
            ("codeAction/resolve", ["title": "Format table", "data": ["command": "gridls.formatTable", "arguments": [["uri": .string(Self.uri), "range": bad]], "version": 1]], "data.arguments[0]."),
        ]
        for (method, params, path) in requests {
            let error = client.request(method, params)["error"]
            #expect(error == ["code": -32602, "message": .string(path + reason)], "\(method)")
        }
        if let start = bad["start"] {
            let positions: [(String, JSON, String)] = [
                ("textDocument/hover", ["textDocument": document, "position": start], "params.position"),
                ("textDocument/onTypeFormatting", ["textDocument": document, "position": start, "ch": "|", "options": ["tabSize": 4, "insertSpaces": true]], "params.position"),
                ("textDocument/selectionRange", ["textDocument": document, "positions": [["line": 0, "character": 0], start]], "params.positions[1]"),
            ]
            let startReason = reason.replacingOccurrences(of: "range.start", with: "")
            for (method, params, path) in positions where reason.hasPrefix("range.start") {
                #expect(client.request(method, params)["error"] == ["code": -32602, "message": .string(path + startReason)], "\(method)")
            }
        }
        // A malformed change range is refused (logged) and the document stays as it was.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2], "contentChanges": [["range": bad, "text": "x"]]])
        let state = client.request("gridls/documentState", ["textDocument": document])["result"]
        #expect(state?["length"] == .int(Self.text.utf8.count))
        #expect(state?["version"] == 1)
        #expect(formatted(client, range(0, 0, 0, 0)) == Self.tidyFirst)
    }

    @Test func malformedCommandArgumentsAndResolveData() throws {
        let client = try ready()
        let cases: [(String, JSON, String)] = [
            ("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": [7]], "arguments[0] must be an object"),
            ("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": [["uri": 3, "range": range(0, 0, 0, 0)]]], "arguments[0].uri must be a string"),
            ("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": [["uri": .string(Self.uri)]]], "arguments[0].range is missing"),
            ("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": "x"], "gridls.formatTable takes one argument: {uri, range}"),
            ("codeAction/resolve", ["title": "t", "data": ["command": "gridls.formatTable", "arguments": [["uri": .string(Self.uri), "range": range(0, 0, 0, 0)]], "version": "1"]], "data.version must be a whole number"),
            ("codeAction/resolve", ["title": "t", "data": ["command": "gridls.formatTable", "arguments": [["uri": .string(Self.uri), "range": range(0, 0, 0, 0)]], "version": .double(1.5)]], "data.version must be a whole number"),
            ("codeAction/resolve", ["title": "t", "data": ["command": "gridls.formatTable", "arguments": 5, "version": 1]], "data.arguments must be [{uri, range}]"),
        ]
        for (method, params, message) in cases {
            #expect(client.request(method, params)["error"] == ["code": -32602, "message": .string(message)], "\(params)")
        }
        #expect(formatted(client, range(0, 0, 0, 0)) == Self.tidyFirst)
    }

    /// Request fuzzing: every method that takes a range or a position, with values drawn from good,
    /// reversed, empty, out-of-document and malformed ones. Each answer is a result or -32602, and the
    /// server serves to the end.
    @Test(arguments: [UInt64(21), 22, 23])
    func randomRangesOnEveryMethodAreAnsweredOrRefused(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let client = try ready(["textDocument": ["codeAction": ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]]]])
        client.ignoredNotifications = ["textDocument/publishDiagnostics", "window/logMessage"]
        client.onServerRequest = { _, _ in ["applied": false] }  // the document stays as it was
        func number() -> JSON {
            random.pick([.int(random.below(12)), .int(random.below(12)), .int(-1 - random.below(5)), .int(9_007_199_254_740_991),
                         .double(1.5), .double(1e300), .string("2"), .null, .bool(true)])
        }
        func position() -> JSON {
            random.chance(0.9) ? ["line": number(), "character": number()] : random.pick([["line": number()], "0:0", [1, 2]])
        }
        func anyRange() -> JSON {
            random.chance(0.9) ? ["start": position(), "end": position()] : random.pick([["start": position()], [:], .int(3)])
        }
        let document = textDocument(Self.uri), options: JSON = ["tabSize": 4, "insertSpaces": true]
        let commands: [JSON] = ["gridls.formatTable", "gridls.mergeCells", "gridls.splitCell", "gridls.insertRowAbove", "gridls.deleteColumn", "gridls.moveRowDown", "gridls.convertToGrid"]
        for _ in 0..<300 {
            let argument: JSON = ["uri": .string(Self.uri), "range": anyRange()]
            let (method, params): (String, JSON) = random.pick([
                ("textDocument/rangeFormatting", ["textDocument": document, "range": anyRange(), "options": options]),
                ("textDocument/codeAction", ["textDocument": document, "range": anyRange(), "context": ["diagnostics": []]]),
                ("workspace/executeCommand", ["command": random.pick(commands), "arguments": [argument]]),
                ("codeAction/resolve", ["title": "t", "data": ["command": random.pick(commands), "arguments": [argument], "version": 1]]),
                ("textDocument/selectionRange", ["textDocument": document, "positions": [position(), position()]]),
                ("textDocument/hover", ["textDocument": document, "position": position()]),
                ("textDocument/onTypeFormatting", ["textDocument": document, "position": position(), "ch": "|", "options": options]),
            ])
            let answer = client.request(method, params)
            #expect(answer["result"] != nil || answer["error"]?["code"] == -32602, "\(method) \(params): \(answer)")
        }
        #expect(formatted(client, range(0, 0, 0, 0)) == Self.tidyFirst)
    }
}
