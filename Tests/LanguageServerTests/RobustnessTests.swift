@testable import JSONRPC
import TestSupport
import Testing

/// Random and truncated frames, huge messages and garbage: the server answers a valid request afterwards.
struct RobustnessTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func garbageNeverStopsTheServer(seed: UInt64) throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///a.md", """
            |a|
            |-|

            """)
        var random = SeededRandom(seed: seed)
        let pieces: [[UInt8]] = [
            Array("Content-Length: 5\r\n\r\n{\"a\":".utf8),  // truncated JSON inside a correct frame
            Array("Content-Length: -3\r\n\r\n".utf8),
            Array("Content-Length: 99999999999999999999\r\n\r\n".utf8),
            Array("\r\n\r\n\r\n".utf8),
            frame(Array("[1,2,3]".utf8)),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":[],\"method\":\"x\"}".utf8)),
            frame(Array("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"textDocument/codeAction\",\"params\":{\"textDocument\":{\"uri\":7}}}".utf8)),
            frame(Array("\"\\uD800\\uDC00\\uD800\"".utf8)),
            frame([0x00, 0xFF, 0xFE]),
        ]
        for _ in 0..<60 {
            if Bool.random(using: &random) {
                client.writeRaw(pieces.randomElement(using: &random)!)
            } else {
                let count = Int.random(in: 1...200, using: &random)
                client.writeRaw((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
            }
        }
        // A huge but valid message (a 2 MB document), then a request that must be answered correctly.
        let huge = String(repeating: "text line with | a pipe\n", count: 90_000)
        client.writeRaw(Array("\r\n\r\nContent-Length: 0\r\n\r\n".utf8))
        client.open("file:///huge.md", huge + """

            |b|
            |-|

            """)
        let folds = client.request("textDocument/foldingRange", ["textDocument": textDocument("file:///huge.md")])
        #expect(folds["result"] == [["startLine": 90_001, "endLine": 90_002, "kind": "region"]])
    }
}
