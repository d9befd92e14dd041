import Testing
import TestSupport
@testable import LanguageServer
import TextTables

/// The server's chunked copy of a document against a plain byte array, over random edits that cross
/// chunk boundaries, paste thousands of lines, delete nearly everything and end in CRLF or a lone CR.
struct DocumentTextTests {
    /// The model: the whole text in one array, split into lines afresh each time.
    struct Model {
        var bytes: [UInt8]

        var lines: [ArraySlice<UInt8>] {
            // An index loop over a buffer: the tests run in debug builds, where iterators cost a great deal.
            let ends = bytes.withUnsafeBufferPointer { buffer in
                var ends: [Int] = [], index = 0
                while index < buffer.count {
                    if buffer[index] == 0x0A { ends.append(index) }
                    index += 1
                }
                return ends
            }
            var lines: [ArraySlice<UInt8>] = [], start = 0
            for end in ends {
                lines.append(bytes[start..<end])
                start = end + 1
            }
            lines.append(bytes[start...])
            return lines
        }

        /// A line without `\n` or `\r\n` (a lone `\r` stays).
        func content(_ line: ArraySlice<UInt8>, terminated: Bool) -> ArraySlice<UInt8> {
            terminated && line.last == 0x0D ? line.dropLast() : line
        }

    }

    static func text(lines: Int, random: inout SeededRandom) -> [UInt8] {
        let words = ["| a | b |", "", "prose", "東京 | x", "|---|---|", "emoji 🙂"]
        return Array((0..<lines).map { _ in random.pick(words) + (random.chance(0.3) ? "\r\n" : "\n") }.joined().utf8)
    }

    func expectAgree(_ text: DocumentText, _ model: Model) {
        let lines = model.lines
        #expect(text.bytes == model.bytes)
        #expect(text.lineCount == lines.count)
        for (i, line) in lines.enumerated() where text.line(i) != model.content(line, terminated: i < lines.count - 1) {
            Issue.record("line \(i) differs")
            return
        }
    }

    @Test(arguments: 0..<24)
    func randomEditsAgreeWithAPlainCopy(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var model = Model(bytes: Self.text(lines: random.int(0...1_500), random: &random))
        // Odd seeds edit a text cut into chunks straight from a buffer (how a document is opened).
        var text = seed % 2 == 0 ? DocumentText(model.bytes) : Self.cutFromBuffer(model.bytes)
        expectAgree(text, model)
        for _ in 0..<40 {
            let lines = model.lines
            let startLine = random.below(lines.count)
            let endLine = min(lines.count - 1, startLine + (random.chance(0.2) ? random.int(0...700) : random.int(0...2)))
            let startByte = random.below(model.content(lines[startLine], terminated: startLine < lines.count - 1).count + 1)
            let endContent = model.content(lines[endLine], terminated: endLine < lines.count - 1).count
            let endByte = endLine == startLine ? random.int(startByte...max(startByte, endContent)) : random.below(endContent + 1)
            // Pastes of up to 1,000 lines while the document is under 3,000, so that it stays small enough to check whole.
            let insert: [UInt8] = switch random.below(5) {
            case 0 where lines.count < 3_000: Self.text(lines: random.int(0...1_000), random: &random)
            case 1: Array("x".utf8)
            case 2: Array("\r\n| c |".utf8)
            case 3: Array("\r".utf8)
            default: []
            }
            let start = lines[startLine].startIndex + startByte, end = lines[endLine].startIndex + endByte
            var between: [UInt8] = []
            text.append(from: LinePosition(startLine, startByte), to: LinePosition(endLine, endByte), to: &between)
            #expect(between == Array(model.bytes[start..<end]))
            let changed = text.replace(from: LinePosition(startLine, startByte), to: LinePosition(endLine, endByte), with: insert)
            model.bytes.replaceSubrange(start..<end, with: insert)
            #expect(changed == startLine...(startLine + insert.filter { $0 == 0x0A }.count))
            expectAgree(text, model)
            let now = model.lines
            let first = random.below(now.count), count = random.int(0...min(600, now.count - first))
            let sliceStart = now[first].startIndex
            let sliceEnd = first + count < now.count ? now[first + count].startIndex : model.bytes.count
            #expect(text.slice(first..<(first + count)) == Array(model.bytes[sliceStart..<sliceEnd]))
        }
    }

    static func cutFromBuffer(_ bytes: [UInt8]) -> DocumentText {
        bytes.withUnsafeBufferPointer { DocumentText($0) }
    }

    /// Texts of a chunk's line count and around it, with and without a final newline, with CRLF and a
    /// last lone CR: cut from a buffer, they are the chunks a text of the same bytes is cut into.
    @Test func aTextCutFromABufferIsTheSameText() {
        for lines in [0, 1, 255, 256, 257, 511, 512, 513, 1_000] {
            for ending in ["", "\n", "\r\n", "\r"] {
                let text = (0..<lines).map { "line \($0)" }.joined(separator: ending == "\r" ? "\n" : ending.isEmpty ? "\n" : ending) + ending
                let bytes = Array(text.utf8)
                let cut = Self.cutFromBuffer(bytes), plain = DocumentText(bytes)
                #expect(cut.bytes == bytes)
                #expect(cut.lineCount == plain.lineCount, "\(lines) lines ending \(Array(ending.utf8))")
                #expect((0..<plain.lineCount).allSatisfy { cut.line($0) == plain.line($0) })
            }
        }
    }

    @Test func emptyDocumentsAndALastLoneCarriageReturn() {
        var text = DocumentText([])
        #expect(text.lineCount == 1 && text.line(0).isEmpty)
        text.replace(from: LinePosition(0, 0), to: LinePosition(0, 0), with: Array("a\r".utf8))
        #expect(text.bytes == Array("a\r".utf8) && text.line(0) == Array("a\r".utf8)[...])
        text.replace(from: LinePosition(0, 2), to: LinePosition(0, 2), with: Array("\n".utf8))
        #expect(text.lineCount == 2 && text.line(0) == Array("a".utf8)[...] && text.bytes == Array("a\r\n".utf8))
        text.replace(from: LinePosition(0, 0), to: LinePosition(1, 0), with: [])
        #expect(text.bytes.isEmpty && text.lineCount == 1)
    }
}
