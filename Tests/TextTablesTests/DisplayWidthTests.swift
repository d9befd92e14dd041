import Testing
@testable import TextTables
import TestSupport

/// The width rules (README.md, "What formatting does"), one case per kind of character.
struct DisplayWidthTests {
    @Test(arguments: [
        ("plain", 5), ("", 0),
        ("東京", 4), ("한국어", 6), ("ＡＢＣ", 6), ("ｶﾀｶﾅ", 4),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("❤", 1),
        ("cafe\u{301}", 4), ("\u{301}", 0), ("a\u{200B}b", 2), ("a\u{200D}b", 2), ("x\u{FE0F}", 1),
        ("±°", 2), ("Ελληνικά", 8), ("\u{7}", 0),
    ])
    func widthWithNarrowAmbiguous(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text, options: .init()) == width)
    }

    @Test(arguments: [("±°", 4), ("Ω", 2), ("abc", 3), ("東京", 4)])
    func ambiguousCountsTwoWhenAsked(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text, options: WidthOptions(ambiguousWidth: 2)) == width)
    }

    @Test func tabsReachTheNextTabStopFromTheStartColumn() {
        let four = WidthOptions(tabSize: 4)
        #expect(DisplayWidth.of("a\tb", startColumn: 0, options: four) == 5)
        #expect(DisplayWidth.of("a\tb", startColumn: 2, options: four) == 3)
        #expect(DisplayWidth.of("\t", startColumn: 3, options: WidthOptions(tabSize: 8)) == 5)
        #expect(DisplayWidth.of("東\t", startColumn: 0, options: four) == 4)
    }

    @Test func asciiPerScalarAgreesWithTheClusterPath() {
        for byte in UInt8(0)..<0x80 {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            let fast = Array(text.utf8).withUnsafeBufferPointer { DisplayWidth.scalarWidth($0, startColumn: 0, options: WidthOptions()) }
            let slow = text.reduce(0) { total, character in
                character == "\t" ? total + 4 - total % 4 : total + DisplayWidth.width(of: character)
            }
            #expect(fast == slow, "byte \(byte)")
        }
    }

    /// Random text from scalars of every class (and broken UTF-8) measures the same per scalar as by
    /// clusters, whatever the options and the start column.
    @Test func perScalarWidthAgreesWithClusterWidth() {
        let pieces: [[UInt8]] = [
            "a", " ", "\t", "\u{7}", "\r", "東", "ｶ", "±", "Ω", "😀", "❤", "\u{FE0F}", "\u{200D}", "\u{301}", "\u{20E3}",
            "🇯", "🇵", "\u{1100}", "\u{1161}", "\u{11A8}", "각", "क", "\u{93F}", "\u{94D}", "\u{600}", "\u{AD}", "\u{200B}",
            "🏽", "\u{E0100}", "\u{10FFFD}", "\u{FFFD}", "|",
        ].map { Array($0.utf8) } + [[0xFF], [0xE6, 0x9D], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]
        var generator = SeededRandom(seed: 12)
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            let options = WidthOptions(ambiguousWidth: Int.random(in: 1...2, using: &generator), tabSize: Int.random(in: 1...8, using: &generator))
            let start = Int.random(in: 0...9, using: &generator)
            let cluster = DisplayWidth.clusterWidth(String(decoding: bytes, as: UTF8.self), startColumn: start, options: options)
            #expect(DisplayWidth.of(utf8: bytes[...], startColumn: start, options: options) == cluster, "\(bytes)")
        }
    }

    @Test func theTableNamesItsUnicodeVersion() {
        #expect(eastAsianWidthUnicodeVersion == "15.0.0")
        #expect(EastAsianWidth.isWide(0x4E00) && EastAsianWidth.isWide(0xFF21) && !EastAsianWidth.isWide(0xFF76))
        #expect(EastAsianWidth.isAmbiguous(0xB1) && !EastAsianWidth.isAmbiguous(0x41))
    }
}
