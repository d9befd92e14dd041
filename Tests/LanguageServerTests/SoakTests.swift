import Foundation
import JSONRPC
import TestSupport
import Testing

/// A model-checked soak of the server: the test keeps its own copy of the document, sends random
/// incremental edits (inside CJK, emoji and surrogate pairs, multi-line, CRLF) and applies the edits of
/// formatting, code actions and commands to its copy as an editor would, and regularly checks that the
/// server's copy (gridls/documentState) is the same and that every diagnostic lies inside the document.
/// Fixed seeds replay; GRIDLS_SOAK_STEPS sets the length (CI: the default).
struct SoakTests {
    static let steps = Int(ProcessInfo.processInfo.environment["GRIDLS_SOAK_STEPS"] ?? "") ?? 600

    @Test(arguments: [("utf-16", false, UInt64(11)), ("utf-8", true, UInt64(12)), ("utf-16", true, UInt64(13))])
    func serverAndModelAgree(_ encoding: String, _ crlf: Bool, _ seed: UInt64) throws {
        var model = ModelDocument(encoding: encoding, text: ModelDocument.start(crlf: crlf))
        var random = SeededRandom(seed: seed)
        let client = try LSPClient()
        nonisolated(unsafe) var commandEdits: [JSON] = []
        client.onServerRequest = { _, params in
            commandEdits = params?["edit"]?["changes"]?["file:///soak.md"]?.array ?? []
            return ["applied": true]
        }
        _ = client.initialize(["general": ["positionEncodings": .array([.string(encoding)])]])
        client.open("file:///soak.md", model.string)
        var version = 1

        func send(_ edits: [JSON]) {
            guard !edits.isEmpty else { return }
            // Last first, so that each change's positions hold when the server applies them in order.
            let ordered = ModelDocument.descending(edits)
            for edit in ordered { model.apply(edit) }
            version += 1
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": "file:///soak.md", "version": .int(version)],
                "contentChanges": .array(ordered.map { ["range": $0["range"]!, "text": $0["newText"]!] }),
            ])
        }

        for step in 1...Self.steps {
            switch random.below(20) {
            case 0..<14:
                send([model.randomEdit(&random, crlf: crlf)])
            case 14, 15:
                let result = client.request("textDocument/formatting", ["textDocument": textDocument("file:///soak.md"), "options": ["tabSize": 4, "insertSpaces": true]])
                send(result["result"]?.array ?? [])
            case 16, 17:
                let at = model.randomRange(&random)
                let actions = client.request("textDocument/codeAction", ["textDocument": textDocument("file:///soak.md"), "range": at, "context": ["diagnostics": []]])["result"]?.array ?? []
                if !actions.isEmpty {
                    send(actions[random.below(actions.count)]["edit"]?["changes"]?["file:///soak.md"]?.array ?? [])
                }
            default:
                let commands = ["gridls.insertRowBelow", "gridls.insertColumnLeft", "gridls.deleteRow", "gridls.mergeCells", "gridls.convertToGrid", "gridls.formatTable"]
                commandEdits = []
                let result = client.request("workspace/executeCommand", [
                    "command": .string(commands[random.below(commands.count)]),
                    "arguments": [["uri": "file:///soak.md", "range": model.randomRange(&random)]],
                ])
                if result["result"]?["applied"] == true { send(commandEdits) }
            }
            if step % 25 == 0 || step == Self.steps {
                let state = client.request("gridls/documentState", ["textDocument": textDocument("file:///soak.md")])["result"]
                #expect(state?["length"]?.int == model.bytes.count, "step \(step): length")
                #expect(state?["fnv1a64"]?.string == model.fnv1a, "step \(step): content")
                let items = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///soak.md")])["result"]?["items"]?.array ?? []
                for item in items { #expect(model.contains(item["range"]!), "step \(step): \(item)") }
                if state?["fnv1a64"]?.string != model.fnv1a { return }
            }
        }
    }
}

/// The test's own copy of the document, with positions converted (and clamped) as LSP says.
struct ModelDocument {
    let encoding: String
    var bytes: [UInt8]

    init(encoding: String, text: String) {
        self.encoding = encoding
        bytes = Array(text.utf8)
    }

    static func start(crlf: Bool) -> String {
        let text = "# Soak\n\n| name | 東京 | note |\n|:-|-:|:-:|\n| a 😀 | 1 | x |\n| 👨‍👩‍👧 | 22 | cafe\u{301} |\n\nText | pipe.\n\n+---+----+\n| a | bb |\n+===+====+\n| 1 | 2  |\n+---+----+\n"
        return crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    var lineStarts: [Int] { [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 } }

    func contentEnd(_ line: Int, _ starts: [Int]) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
        if end > starts[line] && end <= bytes.count && end - 1 >= starts[line] && bytes[end - 1] == 0x0D && line + 1 < starts.count { end -= 1 }
        return end
    }

    /// Byte offset of an LSP position: past the end of a line is its end, past the last line the end.
    func offset(_ position: JSON) -> Int {
        let starts = lineStarts
        let line = position["line"]!.int!, character = position["character"]!.int!
        guard line < starts.count else { return bytes.count }
        let start = starts[line], end = contentEnd(line, starts)
        var units = 0, i = start
        while i < end {
            let length = bytes[i] < 0xC0 ? 1 : bytes[i] < 0xE0 ? 2 : bytes[i] < 0xF0 ? 3 : 4
            let width = encoding == "utf-8" ? length : encoding == "utf-16" ? (length == 4 ? 2 : 1) : 1
            if units + width > character { return i }
            units += width
            i += length
        }
        return end
    }

    mutating func apply(_ edit: JSON) {
        let a = offset(edit["range"]!["start"]!), b = offset(edit["range"]!["end"]!)
        let (from, to) = a <= b ? (a, b) : (b, a)
        bytes.replaceSubrange(from..<to, with: Array(edit["newText"]!.string!.utf8))
    }

    static func descending(_ edits: [JSON]) -> [JSON] {
        func key(_ edit: JSON) -> (Int, Int) { (edit["range"]!["start"]!["line"]!.int!, edit["range"]!["start"]!["character"]!.int!) }
        return edits.sorted { key($0) > key($1) }
    }

    func randomPosition(_ random: inout SeededRandom) -> JSON {
        let starts = lineStarts
        let line = random.below(starts.count + 1)  // sometimes one past the end
        let length = line < starts.count ? contentEnd(line, starts) - starts[line] : 0
        return ["line": .int(line), "character": .int(random.below(length + 3))]  // inside characters, and past the end
    }

    func randomRange(_ random: inout SeededRandom) -> JSON {
        let start = randomPosition(&random)
        guard random.chance(0.5) else { return ["start": start, "end": start] }
        let line = start["line"]!.int! + random.below(3)
        return ["start": start, "end": ["line": .int(line), "character": .int(random.below(12))]]
    }

    func randomEdit(_ random: inout SeededRandom, crlf: Bool) -> JSON {
        let newline = crlf ? "\r\n" : "\n"
        let texts = ["x", "|", "東", "😀", "é", "e\u{301}", newline, "| a | 京 |" + newline, "+--+" + newline, "", "", " ", "---"]
        var range = randomRange(&random)
        // Keep start before end so that both sides agree on what is replaced.
        if offset(range["end"]!) < offset(range["start"]!) { range = ["start": range["end"]!, "end": range["start"]!] }
        return ["range": range, "newText": .string(random.pick(texts))]
    }

    var fnv1a: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Whether an LSP range lies inside the document.
    func contains(_ range: JSON) -> Bool {
        let starts = lineStarts
        for point in [range["start"]!, range["end"]!] {
            guard let line = point["line"]?.int, let character = point["character"]?.int, line < starts.count, character >= 0 else { return false }
            let content = Array(bytes[starts[line]..<contentEnd(line, starts)])
            let units = encoding == "utf-8" ? content.count : encoding == "utf-16" ? String(decoding: content, as: UTF8.self).utf16.count : String(decoding: content, as: UTF8.self).unicodeScalars.count
            if character > units { return false }
        }
        return true
    }
}
