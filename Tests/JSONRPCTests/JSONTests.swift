import Foundation
@testable import JSONRPC
import Testing

struct JSONTests {
    func parse(_ text: String) throws -> JSON { try JSONParser.parse(Array(text.utf8)) }

    @Test func parsesAndWritesBack() throws {
        let value = try parse(#" {"b": [1, -2.5, true, null, "x\"y\n"], "a": {}} "#)
        #expect(value == ["a": [:], "b": [1, .double(-2.5), true, nil, "x\"y\n"]])
        #expect(value.text == #"{"a":{},"b":[1,-2.5,true,null,"x\"y\n"]}"#)
    }

    @Test func surrogatePairsJoinAndLoneOnesBecomeReplacementCharacters() throws {
        #expect(try parse(#""\ud83d\ude00""#) == "😀")
        #expect(try parse(#""a\uD800b""#) == "a\u{FFFD}b")
        #expect(try parse(#""\uDC00""#) == "\u{FFFD}")
    }

    /// Strings of escapes alone decode into storage sized by their written length: every escape, each
    /// alone and repeated, a lone surrogate (three bytes from six), raw bytes that are not UTF-8
    /// (repaired), and escapes after a long plain run.
    @Test func escapeDenseStringsDecode() throws {
        let escapes: [(String, String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\n"#, "\n"),
            (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\u4e2d"#, "中"), (#"\ud83d\ude00"#, "😀"), (#"\ud800"#, "\u{FFFD}"),
        ]
        for (written, meant) in escapes {
            for count in [1, 2, 1_000] {
                #expect(try parse("\"" + String(repeating: written, count: count) + "\"") == .string(String(repeating: meant, count: count)))
            }
            #expect(try parse("\"" + String(repeating: "x", count: 5_000) + written + "\"") == .string(String(repeating: "x", count: 5_000) + meant))
        }
        #expect(try JSONParser.parse(Array(#""a\n"#.utf8) + [0xFF, 0xC3] + Array(#"\t""#.utf8)) == "a\n\u{FFFD}\u{FFFD}\t")
        #expect(throws: JSONParseError.self) { try parse(#""\u12""#) }
        #expect(throws: JSONParseError.self) { try parse(#""abc\"#) }
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "01x", "\"\u{1}\"", "[1] 2", "\"\\q\""])
    func rejectsWhatIsNotJSON(_ text: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try parse(deep) }
    }

    @Test func integersStayIntegers() throws {
        #expect(try parse("3").int == 3)
        #expect(try parse("3.0").int == 3)
        #expect(try parse("3.5").int == nil)
    }

    /// Integers are written digit by digit, at both ends of `Int` and around every power of ten.
    @Test func integersAreWrittenAsDecimals() throws {
        let values = [0, 1, 9, 10, 99, 100, -1, -10, 1_234_567, Int.max, Int.min] + (0..<19).map { Int(pow(10, Double($0))) - 1 }
        for value in values {
            #expect(JSON.int(value).text == String(value))
            #expect(try parse(JSON.int(value).text).int == value)
        }
    }
}
