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

    /// Every byte a string can hold is written so that it reads back, at every offset within the eight-byte
    /// words the writer scans (a byte needing an escape before, inside and after a plain run).
    @Test func everyByteIsEscapedWhereItMustBeAtEveryOffset() throws {
        for value in (0..<128).map({ String(UnicodeScalar(UInt8($0))) }) + ["é", "中", "😀"] {
            for before in [0, 1, 7, 8, 9, 15, 16] {
                let text = String(repeating: "x", count: before) + value + String(repeating: "y", count: 9)
                let written = JSON.string(text).text
                #expect(try parse(written) == .string(text))
                #expect(written.utf8.count == JSON.string(text).serializedCount)
            }
        }
    }

    /// A framed message's header says its exact length, and its pieces, however small, make the message
    /// (a `.raw` part longer than a piece among them as it is).
    @Test func framedMessagesHaveTheirExactLengthInAnyPieces() {
        let raw = JSON.raw(Array("[1,2,3,4,5,6,7,8,9]".utf8))
        let values: [JSON] = [nil, true, false, 0, -12, .double(2.5), "a\"b\u{1}", [], [1, [2, "x"]], [:], ["k\n": ["z": nil]], raw, ["result": raw, "id": 1]]
        for value in values {
            #expect(value.serializedCount == value.serialized().count)
            for chunkSize in [1, 4, 16, 1 << 20] {
                var pieces: [[UInt8]] = []
                value.writeFramed(chunkSize: chunkSize) { pieces.append(Array($0)) }
                #expect(Array(pieces.joined()) == frame(value.serialized()))
                let long = value == ["result": raw, "id": 1] && chunkSize < 19
                #expect(long || pieces.count == 1)  // a message without a long raw member goes at once
                if long { #expect(pieces.contains(Array("[1,2,3,4,5,6,7,8,9]".utf8))) }
            }
        }
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
