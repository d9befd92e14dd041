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
                #expect(state?["length"]?.int == model.byteCount, "step \(step): length")
                #expect(state?["fnv1a64"]?.string == model.fnv1a, "step \(step): content")
                let items = client.request("textDocument/diagnostic", ["textDocument": textDocument("file:///soak.md")])["result"]?["items"]?.array ?? []
                for item in items { #expect(model.contains(item["range"]!), "step \(step): \(item)") }
                if state?["fnv1a64"]?.string != model.fnv1a { return }
            }
        }
    }
}

/// The test's own copy of the document, kept as lines (as an editor keeps it, so that a step costs the
/// lines it touches), with positions converted and clamped as LSP says.
struct ModelDocument {
    struct Line {
        var content: [UInt8]
        var terminator: [UInt8]
    }

    let encoding: String
    private(set) var lines: [Line]

    init(encoding: String, text: String) {
        self.encoding = encoding
        lines = ModelDocument.split(Array(text.utf8))
    }

    /// Lines end at `\n` (a `\r` before it belongs to the terminator); the last line has none.
    static func split(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            let crlf = i > start && bytes[i - 1] == 0x0D
            result.append(Line(content: Array(bytes[start..<(crlf ? i - 1 : i)]), terminator: crlf ? [0x0D, 0x0A] : [0x0A]))
            start = i + 1
        }
        result.append(Line(content: Array(bytes[start...]), terminator: []))
        return result
    }

    static func start(crlf: Bool) -> String {
        let text = "# Soak\n\n| name | 東京 | note |\n|:-|-:|:-:|\n| a 😀 | 1 | x |\n| 👨‍👩‍👧 | 22 | cafe\u{301} |\n\nText | pipe.\n\n+---+----+\n| a | bb |\n+===+====+\n| 1 | 2  |\n+---+----+\n"
        return crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    var bytes: [UInt8] { lines.flatMap { $0.content + $0.terminator } }
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// (line, byte) of an LSP position: past the end of a line is its end, past the last line the end.
    func position(_ json: JSON) -> (line: Int, byte: Int) {
        let line = json["line"]!.int!, character = json["character"]!.int!
        guard line < lines.count else { return (lines.count - 1, lines[lines.count - 1].content.count) }
        let content = lines[line].content
        var units = 0, i = 0
        while i < content.count {
            let length = content[i] < 0xC0 ? 1 : content[i] < 0xE0 ? 2 : content[i] < 0xF0 ? 3 : 4
            let width = encoding == "utf-8" ? length : encoding == "utf-16" ? (length == 4 ? 2 : 1) : 1
            if units + width > character { return (line, i) }
            units += width
            i += length
        }
        return (line, content.count)
    }

    mutating func apply(_ edit: JSON) {
        var a = position(edit["range"]!["start"]!), b = position(edit["range"]!["end"]!)
        if (b.line, b.byte) < (a.line, a.byte) { (a, b) = (b, a) }
        let head = Array(lines[a.line].content[..<a.byte])
        let tail = Array(lines[b.line].content[b.byte...])
        var replacement = ModelDocument.split(head + Array(edit["newText"]!.string!.utf8) + tail)
        replacement[replacement.count - 1].terminator = lines[b.line].terminator
        lines.replaceSubrange(a.line...b.line, with: replacement)
    }

    static func descending(_ edits: [JSON]) -> [JSON] {
        func key(_ edit: JSON) -> (Int, Int) { (edit["range"]!["start"]!["line"]!.int!, edit["range"]!["start"]!["character"]!.int!) }
        return edits.sorted { key($0) > key($1) }
    }

    func randomPosition(_ random: inout SeededRandom) -> JSON {
        let line = random.below(lines.count + 1)  // sometimes one past the end
        let length = line < lines.count ? lines[line].content.count : 0
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
        let (a, b) = (position(range["start"]!), position(range["end"]!))
        // Keep start before end so that both sides agree on what is replaced.
        if (b.line, b.byte) < (a.line, a.byte) { range = ["start": range["end"]!, "end": range["start"]!] }
        return ["range": range, "newText": .string(random.pick(texts))]
    }

    var fnv1a: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in line.content { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for byte in line.terminator { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }

    var byteCount: Int { lines.reduce(0) { $0 + $1.content.count + $1.terminator.count } }

    /// Whether an LSP range lies inside the document.
    func contains(_ range: JSON) -> Bool {
        for point in [range["start"]!, range["end"]!] {
            guard let line = point["line"]?.int, let character = point["character"]?.int, line < lines.count, character >= 0 else { return false }
            let content = lines[line].content
            let text = String(decoding: content, as: UTF8.self)
            let units = encoding == "utf-8" ? content.count : encoding == "utf-16" ? text.utf16.count : text.unicodeScalars.count
            if character > units { return false }
        }
        return true
    }
}
