import Foundation
@testable import JSONRPC
import TestSupport
import Testing

/// The test's own copy of the document, kept as lines (as an editor keeps it, so that a step costs the
/// lines it touches), with positions converted and clamped as LSP says.
struct ModelDocument {
    struct Line {
        var content: [UInt8]
        var terminator: [UInt8]
    }

    let encoding: String
    /// Whether the document is reStructuredText (its blocks and typed texts are then its own).
    let rst: Bool
    private(set) var lines: [Line]
    private(set) var byteCount: Int
    /// Below the floor edits paste whole blocks (tables, fences, quotes), past the budget they delete
    /// lines: a long soak stays an editing session on a README-sized document, where a step costs what a
    /// keystroke costs, instead of dwindling to nothing or growing without end.
    static let sizeFloor = 1_500, sizeBudget = 12_000

    init(encoding: String, text: String, rst: Bool = false) {
        self.encoding = encoding
        self.rst = rst
        lines = ModelDocument.split(Array(text.utf8))
        byteCount = lines.reduce(0) { $0 + $1.content.count + $1.terminator.count }
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
        byteCount -= lines[a.line...b.line].reduce(0) { $0 + $1.content.count + $1.terminator.count }
        byteCount += replacement.reduce(0) { $0 + $1.content.count + $1.terminator.count }
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

    /// A range at or past the document's end: lines beyond the last, characters beyond any line.
    func outsideRange(_ random: inout SeededRandom) -> JSON {
        let huge = 9_007_199_254_740_991
        let start: JSON = ["line": .int(lines.count - 1 + random.below(3)), "character": .int(random.chance(0.3) ? huge : random.below(40))]
        let end: JSON = ["line": .int(random.chance(0.3) ? huge : lines.count + random.below(50)), "character": .int(random.below(9))]
        return ["start": start, "end": end]
    }

    func randomEdit(_ random: inout SeededRandom, crlf: Bool) -> JSON {
        let newline = crlf ? "\r\n" : "\n"
        let texts = ["x", "|", "東", "😀", "é", "e\u{301}", newline, "| a | 京 |" + newline, "+--+" + newline, "", "", " ", "---", "|---|" + newline]
            + (rst ? ["===  ===" + newline, "     - cell" + newline, "   * - row" + newline, "\\", "  "] : [])
        if byteCount < ModelDocument.sizeFloor && random.chance(0.5) {
            let block = newline + random.pick(rst ? ModelDocument.blocksRST : ModelDocument.blocks).replacingOccurrences(of: "\n", with: newline) + newline
            let start: JSON = ["line": .int(random.below(lines.count)), "character": 0]
            return ["range": ["start": start, "end": start], "newText": .string(block)]
        }
        if byteCount > ModelDocument.sizeBudget && random.chance(0.5) {
            let line = random.below(lines.count)
            let end: JSON = ["line": .int(line + 1 + random.below(8)), "character": 0]
            return ["range": ["start": ["line": .int(line), "character": 0], "end": end], "newText": ""]
        }
        var range = randomRange(&random)
        let (a, b) = (position(range["start"]!), position(range["end"]!))
        // Keep start before end so that both sides agree on what is replaced.
        if (b.line, b.byte) < (a.line, a.byte) { range = ["start": range["end"]!, "end": range["start"]!] }
        return ["range": range, "newText": .string(random.pick(texts))]
    }

    /// A character that is not ASCII replaced by as many `x` as it has bytes: what follows on its line
    /// stays at the same byte and moves in UTF-16 and UTF-32 characters (the soak found diagnostics left
    /// at their old characters by exactly this). Nil when no line holds such a character.
    func sameBytesOtherCharacters(_ random: inout SeededRandom, onLines wanted: Set<Int>) -> JSON? {
        let candidates = lines.indices.filter { wanted.contains($0) && lines[$0].content.contains { $0 >= 0x80 } }
        guard !candidates.isEmpty else { return nil }
        let line = random.pick(candidates), content = lines[line].content
        let starts = content.indices.filter { content[$0] >= 0xC0 }
        guard let byte = starts.isEmpty ? nil : random.pick(starts) else { return nil }
        let length = content[byte] < 0xE0 ? 2 : content[byte] < 0xF0 ? 3 : 4
        func character(_ offset: Int) -> Int {
            var units = 0, i = 0
            while i < offset {
                let size = content[i] < 0xC0 ? 1 : content[i] < 0xE0 ? 2 : content[i] < 0xF0 ? 3 : 4
                units += encoding == "utf-8" ? size : encoding == "utf-16" ? (size == 4 ? 2 : 1) : 1
                i += size
            }
            return units
        }
        let range: JSON = [
            "start": ["line": .int(line), "character": .int(character(byte))],
            "end": ["line": .int(line), "character": .int(character(min(byte + length, content.count)))],
        ]
        return ["range": range, "newText": .string(String(repeating: "x", count: length))]
    }

    var fnv1a: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in line.content { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for byte in line.terminator { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }

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
