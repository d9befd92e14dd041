import GridModel
import TestSupport
import Testing
@testable import TextTables

/// The eight-bytes-a-turn searches (`WordScan`) answer as a byte loop does, on random bytes drawn mostly
/// from the ones they look for and their neighbours (where a borrow between bytes would show), at every
/// start and end; and a pipe table found to be printable ASCII is measured as the width pass measures it.
struct WordScanTests {
    /// Bytes near the ones searched for: pipe, backslash, line feed, space, delete, high bytes, controls.
    static let near: [UInt8] = [0x7C, 0x7D, 0x7B, 0x5C, 0x5D, 0x5B, 0x0A, 0x0B, 0x09, 0x20, 0x21, 0x1F, 0x7E, 0x7F, 0x80, 0xFF, 0x00, 0x01, 0x41]

    static func bytes(_ random: inout SeededRandom) -> [UInt8] {
        (0..<random.int(0...40)).map { _ in random.chance(0.8) ? random.pick(near) : UInt8(random.below(256)) }
    }

    @Test func firstIndexFindsTheFirstOfTwoBytes() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<3000 {
            let b = Self.bytes(&random)
            let (first, second) = (random.pick(Self.near), random.pick(Self.near))
            let start = random.int(0...b.count), end = random.int(start...b.count)
            let expected = b[start..<end].firstIndex { $0 == first || $0 == second } ?? end
            let found = b.withUnsafeBufferPointer { WordScan.firstIndex(of: first, or: second, in: $0, from: start, to: end) }
            #expect(found == expected, "\(b) \(first) \(second) \(start)..<\(end)")
        }
    }

    @Test func blanksAndRunsAreFoundAsAByteLoopFindsThem() {
        var random = SeededRandom(seed: 16)
        let rule: [UInt8] = [0x2B, 0x2D, 0x3D, 0x3A]  // + - = :
        for _ in 0..<3000 {
            let b = Self.bytes(&random).map { random.chance(0.5) ? random.pick([0x20, 0x09, 0x0B, 0x0C, 0x2D, 0x2B]) : $0 }
            let start = random.int(0...b.count), end = random.int(start...b.count)
            let (tabs, feeds) = (random.chance(0.5), random.chance(0.5))
            let skipped = { (c: UInt8) in c == 0x20 || c == 0x09 || (feeds && (c == 0x0B || c == 0x0C)) }
            let trimmed = { (c: UInt8) in c == 0x20 || (tabs && c == 0x09) }
            b.withUnsafeBufferPointer { buffer in
                #expect(WordScan.firstNonBlank(buffer, from: start, to: end, feeds: feeds) == (b[start..<end].firstIndex { !skipped($0) } ?? end),
                        "\(b) \(start)..<\(end)")
                #expect(WordScan.endTrimmingBlanks(buffer, from: start, to: end, tabs: tabs) == (b[start..<end].lastIndex { !trimmed($0) }.map { $0 + 1 } ?? start),
                        "\(b) \(start)..<\(end)")
                #expect(WordScan.firstIndex(notAmong: (rule[0], rule[1], rule[2], rule[3]), in: buffer, from: start, to: end)
                        == (b[start..<end].firstIndex { !rule.contains($0) } ?? end), "\(b) \(start)..<\(end)")
            }
        }
    }

    @Test func printableASCIIIsSpaceToTildeThroughout() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<3000 {
            var b = Self.bytes(&random)
            if random.chance(0.5) { b = b.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x61 } }  // many that are
            if random.chance(0.3), !b.isEmpty { b[random.below(b.count)] = random.pick([0x1F, 0x7F, 0x80, 0x09, 0x00]) }
            let start = random.int(0...b.count), end = random.int(start...b.count)
            let expected = b[start..<end].allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
            #expect(b.withUnsafeBufferPointer { WordScan.isPrintableASCII($0, from: start, to: end) } == expected, "\(b) \(start)..<\(end)")
        }
    }

    @Test func forEachGivesEveryOccurrenceInOrderAndCountCountsThem() {
        var random = SeededRandom(seed: 13)
        for _ in 0..<3000 {
            let b = Self.bytes(&random), byte = random.pick(Self.near)
            var found: [Int] = []
            b.withUnsafeBufferPointer { WordScan.forEach(byte, in: $0) { found.append($0) } }
            #expect(found == b.indices.filter { b[$0] == byte }, "\(b) \(byte)")
            #expect(b.withUnsafeBufferPointer { WordScan.count(byte, in: $0) } == found.count, "\(b) \(byte)")
        }
    }

    @Test func lineStartsAreFoundAfterEveryLineFeed() {
        var random = SeededRandom(seed: 14)
        for _ in 0..<1000 {
            let b = Self.bytes(&random)
            #expect(TextLines(b).starts == [0] + b.indices.filter { b[$0] == 0x0A }.map { $0 + 1 }, "\(b)")
        }
    }

    /// Pipe tables of random rows, some printable ASCII and some not (tabs, wide and combining characters,
    /// escapes, vertical tabs): where parsing found the rows printable, every cell is as wide as the width
    /// pass says (the widths printing pads to).
    @Test func aPrintableASCIITableIsMeasuredAsTheWidthPassMeasuresIt() {
        var random = SeededRandom(seed: 15)
        let pieces = ["a", "bc", " ", "\\|", "`x|y`", "\t", "中", "e\u{301}", "\u{0B}", "~", "--", ":"]
        var printable = 0
        for _ in 0..<400 {
            let columns = random.int(1...4)
            let row = { (random: inout SeededRandom) -> String in
                "|" + (0..<random.int(1...columns + 1)).map { _ in (0..<random.int(0...4)).map { _ in random.pick(pieces) }.joined() }.joined(separator: "|") + "|"
            }
            let delimiter = "|" + Array(repeating: " --- ", count: columns).joined(separator: "|") + "|"
            let header = "|" + (0..<columns).map { "h\($0)" }.joined(separator: "|") + "|"
            let lines = [header, delimiter] + (0..<random.int(0...5)).map { _ in row(&random) }
            let text = TextLines(lines.joined(separator: "\n") + "\n")
            guard let region = MarkdownScanner.scan(text).tables.first, region.kind == .pipe else { continue }
            let table = PipeTable.parse(text, region: region)
            guard table.isPrintableASCII else { continue }
            printable += 1
            let layout = PipeTableLayout(table, textColumn: 2, options: WidthOptions())
            let measured = table.cells.map { DisplayWidth.of(utf8: table.bytes[$0], startColumn: 0, options: WidthOptions()) }
            #expect(layout.cellWidths == measured, "\(lines)")
            #expect(layout.extraBytes == 0)
        }
        #expect(printable > 100)
    }
}
