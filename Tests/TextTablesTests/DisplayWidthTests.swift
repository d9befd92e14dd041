import Testing
@testable import TextTables

/// The width rules of design/width.md, one case per row of its table.
struct DisplayWidthTests {
    @Test(arguments: [
        ("plain", 5), ("", 0),
        ("東京", 4), ("한국어", 6), ("ＡＢＣ", 6), ("ｶﾀｶﾅ", 4),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("❤", 1),
        ("cafe\u{301}", 4), ("\u{301}", 0), ("a\u{200B}b", 2), ("a\u{200D}b", 2), ("x\u{FE0F}", 1),
        ("±°", 2), ("Ελληνικά", 8), ("\u{7}", 0),
    ])
    func widthWithNarrowAmbiguous(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
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

    @Test func asciiFastPathAgreesWithTheClusterPath() {
        for byte in UInt8(0)..<0x80 {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            let fast = DisplayWidth.asciiWidth(Array(text.utf8), startColumn: 0, tabSize: 4)
            let slow = text.reduce(0) { total, character in
                character == "\t" ? total + 4 - total % 4 : total + DisplayWidth.width(of: character)
            }
            #expect(fast == slow, "byte \(byte)")
        }
    }

    @Test func theTableNamesItsUnicodeVersion() {
        #expect(eastAsianWidthUnicodeVersion == "15.0.0")
        #expect(EastAsianWidth.isWide(0x4E00) && EastAsianWidth.isWide(0xFF21) && !EastAsianWidth.isWide(0xFF76))
        #expect(EastAsianWidth.isAmbiguous(0xB1) && !EastAsianWidth.isAmbiguous(0x41))
    }
}
