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
}
