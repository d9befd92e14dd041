import Foundation
@testable import JSONRPC
import TestSupport
import Testing

/// A model-checked soak of the server: the test keeps its own copy of the document, sends random
/// incremental edits (inside CJK, emoji and surrogate pairs, multi-line, CRLF) and applies the edits of
/// formatting, code actions and commands to its copy as an editor would, and regularly checks that the
/// server's copy (gridls/documentState) is the same and that every diagnostic lies inside the document.
/// Every method that takes a range or a position (codeAction, executeCommand, rangeFormatting,
/// onTypeFormatting, hover, selectionRange) also gets reversed, empty and out-of-document ones.
/// Fixed seeds replay; GRIDLS_SOAK_STEPS sets the length (CI: the default).
struct SoakTests {
    static let steps = Int(ProcessInfo.processInfo.environment["GRIDLS_SOAK_STEPS"] ?? "") ?? 600

    static func point(_ p: JSON?) -> (Int, Int) { (p?["line"]?.int ?? -1, p?["character"]?.int ?? -1) }

    /// Whether each range of a selection range's chain holds the one before it, as LSP asks.
    static func nests(_ selection: JSON) -> Bool {
        var child = selection
        while let parent = child["parent"] {
            guard let inner = child["range"], let outer = parent["range"],
                  point(outer["start"]) <= point(inner["start"]), point(inner["end"]) <= point(outer["end"]) else { return false }
            child = parent
        }
        return true
    }

    /// (position encoding, CRLF document, whether code actions come back without edits to resolve, seed)
    /// The last session edits a reStructuredText document: grid and simple tables and list-tables.
    @Test(arguments: [("utf-16", false, false, UInt64(11)), ("utf-8", true, true, UInt64(12)), ("utf-16", true, true, UInt64(13)),
                      ("utf-16", false, true, UInt64(14))])
    func serverAndModelAgree(_ encoding: String, _ crlf: Bool, _ resolves: Bool, _ seed: UInt64) throws {
        let rst = seed == 14
        let uri = rst ? "file:///soak.rst" : "file:///soak.md"
        var model = ModelDocument(encoding: encoding, text: rst ? ModelDocument.startRST : ModelDocument.start(crlf: crlf), rst: rst)
        var random = SeededRandom(seed: seed)
        let client = try LSPClient()
        client.ignoredNotifications = ["textDocument/publishDiagnostics", "window/logMessage"]
        nonisolated(unsafe) var commandEdits: [JSON] = []
        client.onServerRequest = { _, params in
            commandEdits = params?["edit"]?["changes"]?[uri]?.array ?? []
            return ["applied": true]
        }
        let codeAction: JSON = resolves ? ["dataSupport": true, "resolveSupport": ["properties": ["edit"]]] : [:]
        _ = client.initialize(["general": ["positionEncodings": .array([.string(encoding)])], "textDocument": ["codeAction": codeAction]])
        client.open(uri, model.string)
        var version = 1
        var counts: [String: Int] = [:], peakSize = 0

        func send(_ edits: [JSON]) {
            guard !edits.isEmpty else { return }
            // Last first, so that each change's positions hold when the server applies them in order.
            let ordered = ModelDocument.descending(edits)
            for edit in ordered { model.apply(edit) }
            peakSize = max(peakSize, model.byteCount)
            version += 1
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": .array(ordered.map { ["range": $0["range"]!, "text": $0["newText"]!] }),
            ])
        }

        /// Mostly a range inside a table (tables from documentSymbol), so that actions have something to do.
        func targetRange() -> JSON {
            let tables = client.request("textDocument/documentSymbol", ["textDocument": textDocument(uri)])["result"]?.array ?? []
            guard !tables.isEmpty, random.chance(0.8) else { return model.randomRange(&random) }
            let table = random.pick(tables)["range"]!
            let first = table["start"]!["line"]!.int!, last = table["end"]!["line"]!.int!
            let line = first + random.below(last - first + 1), character = random.below(24)
            let start: JSON = ["line": .int(line), "character": .int(character)]
            guard random.chance(0.4) else { return ["start": start, "end": start] }
            let endLine = min(last, line + random.below(3))
            let end: JSON = ["line": .int(endLine), "character": .int(endLine == line ? character + random.below(8) : random.below(24))]
            return ["start": start, "end": end]
        }

        /// A target range, now and then reversed (end before start) or past the document's end.
        func anyRange() -> JSON {
            let range = random.chance(0.1) ? model.outsideRange(&random) : targetRange()
            return random.chance(0.2) ? ["start": range["end"]!, "end": range["start"]!] : range
        }

        let kinds = ["edit", "formatting", "codeAction", "executeCommand", "rangeFormatting", "onTypeFormatting", "hover", "selectionRange"]
        for step in 1...Self.steps {
            let kind = random.below(24)
            counts[kinds[kind < 14 ? 0 : kind < 16 ? 1 : kind < 18 ? 2 : kind < 20 ? 3 : kind - 16], default: 0] += 1
            switch kind {
            case 0..<14:
                // Now and then, on a line the last push put a diagnostic on, a wide character made ASCII.
                let pushed = client.latestIgnored("textDocument/publishDiagnostics", uri: uri)?["diagnostics"]?.array ?? []
                let diagnosed = Set(pushed.compactMap { $0["range"]?["start"]?["line"]?.int })
                if random.chance(0.15), let edit = model.sameBytesOtherCharacters(&random, onLines: diagnosed) {
                    send([edit])
                } else {
                    send([model.randomEdit(&random, crlf: crlf)])
                }
            case 14, 15:
                let result = client.request("textDocument/formatting", ["textDocument": textDocument(uri), "options": ["tabSize": 4, "insertSpaces": true]])
                send(result["result"]?.array ?? [])
            case 16, 17:
                let at = anyRange()
                let answer = client.request("textDocument/codeAction", ["textDocument": textDocument(uri), "range": at, "context": ["diagnostics": []]])
                #expect(answer["error"] == nil, "step \(step): codeAction at \(at): \(answer)")
                let actions = answer["result"]?.array ?? []
                guard !actions.isEmpty else { break }
                var action = actions[random.below(actions.count)]
                if resolves && action["edit"] == nil {
                    // Now and then the document changes first: the server must refuse the stale action.
                    let stale = random.chance(0.1)
                    if stale { send([model.randomEdit(&random, crlf: crlf)]) }
                    let answer = client.request("codeAction/resolve", action)
                    counts["resolve", default: 0] += 1
                    if stale && answer["error"] != nil {
                        #expect(answer["error"]?["code"]?.int == -32801, "step \(step): \(answer)")
                        break
                    }
                    action = answer["result"] ?? [:]
                }
                send(action["edit"]?["changes"]?[uri]?.array ?? [])
            case 18, 19:
                let commands = ["gridls.insertRowBelow", "gridls.insertColumnLeft", "gridls.deleteRow", "gridls.mergeCells", "gridls.convertToGrid", "gridls.formatTable"]
                commandEdits = []
                let at = anyRange()
                let result = client.request("workspace/executeCommand", [
                    "command": .string(commands[random.below(commands.count)]),
                    "arguments": [["uri": .string(uri), "range": at]],
                ])
                // A command that does not apply there is refused with -32602, and nothing else goes wrong.
                #expect(result["result"] != nil || result["error"]?["code"] == -32602, "step \(step): command at \(at): \(result)")
                if result["result"]?["applied"] == true { send(commandEdits) }
            case 20:
                let at = anyRange()
                let result = client.request("textDocument/rangeFormatting", ["textDocument": textDocument(uri), "range": at, "options": ["tabSize": 4, "insertSpaces": true]])
                #expect(result["error"] == nil, "step \(step): rangeFormatting at \(at): \(result)")
                send(result["result"]?.array ?? [])
            case 21:
                let at = anyRange()["start"]!
                let result = client.request("textDocument/onTypeFormatting", [
                    "textDocument": textDocument(uri), "position": at, "ch": "|", "options": ["tabSize": 4, "insertSpaces": true],
                ])
                #expect(result["error"] == nil, "step \(step): onTypeFormatting at \(at): \(result)")
                send(result["result"]?.array ?? [])
            case 22:
                let at = anyRange()["end"]!
                let result = client.request("textDocument/hover", ["textDocument": textDocument(uri), "position": at])
                #expect(result["error"] == nil, "step \(step): hover at \(at): \(result)")
            default:
                let positions = [anyRange()["start"]!, anyRange()["end"]!]
                let result = client.request("textDocument/selectionRange", ["textDocument": textDocument(uri), "positions": .array(positions)])
                #expect(result["result"]?.array?.count == 2, "step \(step): selectionRange at \(positions): \(result)")
                for (position, selection) in zip(positions, result["result"]?.array ?? []) {
                    #expect(model.contains(selection["range"]!), "step \(step): \(selection)")
                    #expect(Self.nests(selection), "step \(step): a parent that does not hold its child: \(selection)")
                    // A position in the document (one inside a character read as that character's start, as
                    // the server reads it) is held by its narrowest range.
                    if model.contains(["start": position, "end": position]), let range = selection["range"] {
                        let (start, at, end) = (model.position(range["start"]!), model.position(position), model.position(range["end"]!))
                        #expect(start <= at && at <= end, "step \(step): \(selection) does not hold \(position)")
                    }
                }
            }
            if step % 25 == 0 || step == Self.steps {
                let state = client.request("gridls/documentState", ["textDocument": textDocument(uri)])["result"]
                #expect(state?["length"]?.int == model.byteCount, "step \(step): length")
                #expect(state?["fnv1a64"]?.string == model.fnv1a, "step \(step): content")
                let items = client.request("textDocument/diagnostic", ["textDocument": textDocument(uri)])["result"]?["items"]?.array ?? []
                for item in items { #expect(model.contains(item["range"]!), "step \(step): \(item)") }
                if !diagnosticsAreFresh(client, model, uri: uri, version: version, pulled: items, step: step) { return }
                if state?["fnv1a64"]?.string != model.fnv1a { return }
            }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("soak \(rst ? "reStructuredText " : "")\(encoding)\(crlf ? " CRLF" : "")\(resolves ? " resolving" : "") seed \(seed): \(Self.steps) steps (\(summary)), \(version) versions, peak \(peakSize) B")
    }
}

extension SoakTests {
    /// Whether the diagnostics pushed for the latest version and those just pulled are exactly what a
    /// fresh open of the client's copy (under another URI) reports: incremental reading never goes stale.
    func diagnosticsAreFresh(_ client: LSPClient, _ model: ModelDocument, uri: String, version: Int, pulled: [JSON], step: Int) -> Bool {
        let fresh = model.rst ? "file:///fresh.rst" : "file:///fresh.md"
        // The pull was answered after the last change's push, which the reader thread has seen by then. A
        // change that leaves the diagnostics as they were pushes nothing: the last push must still be right.
        let pushed = client.latestIgnored("textDocument/publishDiagnostics", uri: uri)
        #expect((pushed?["version"]?.int ?? .max) <= version, "step \(step): a push for a version not sent")
        client.open(fresh, model.string)
        let freshItems = client.request("textDocument/diagnostic", ["textDocument": textDocument(fresh)])["result"]?["items"]?.array ?? []
        let freshPushed = client.latestIgnored("textDocument/publishDiagnostics", uri: fresh)?["diagnostics"]?.array ?? []
        client.notify("textDocument/didClose", ["textDocument": textDocument(fresh)])
        let agree = pushed?["diagnostics"]?.array == freshItems && pulled == freshItems && freshPushed == freshItems
        #expect(agree, """
            step \(step): pushed \(brief(pushed?["diagnostics"]?.array ?? [])), pulled \(brief(pulled)), \
            fresh \(brief(freshItems)) for \(model.string.debugDescription)
            """)
        return agree
    }

    /// Diagnostics as `line:character-line:character code`, to read a failure.
    func brief(_ items: [JSON]) -> String {
        func point(_ p: JSON?) -> String { "\(p?["line"]?.int ?? -1):\(p?["character"]?.int ?? -1)" }
        return items.map { "\(point($0["range"]?["start"]))-\(point($0["range"]?["end"])) \($0["code"]?.string ?? "?")" }.joined(separator: ", ")
    }
}
