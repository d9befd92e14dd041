@testable import JSONRPC
import TestSupport
import Testing

struct FrameReaderTests {
    func events(_ chunks: [String]) -> [FrameEvent] {
        var reader = FrameReader()
        var events: [FrameEvent] = []
        for chunk in chunks {
            reader.append(Array(chunk.utf8))
            while let event = reader.next() { events.append(event) }
        }
        return events
    }

    func message(_ body: String) -> FrameEvent { .message(Array(body.utf8)) }

    @Test func splitAndCoalescedReadsGiveTheSameMessages() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Length: 7\r\n\r\n[1,2,3]"
        let expected = [message("{}"), message("[1,2,3]")]
        #expect(events([stream]) == expected)
        #expect(events(stream.map { String($0) }) == expected)
    }

    @Test func otherHeadersAreIgnoredAndTheNameIsCaseInsensitive() {
        #expect(events(["content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"]) == [message("{}")])
    }

    @Test func aBadHeaderIsReportedAndTheNextFrameStillArrives() {
        #expect(events(["Content-Length: abc\r\n\r\n{}Content-Length: 2\r\n\r\n[]"]) == [
            .badHeader("Content-Length 'abc' is not a number"), message("[]"),
        ])
        #expect(events(["X-Thing: 1\r\n\r\ngarbage garbage", "Content-Length: 2\r\n\r\n[]"]) == [
            .badHeader("no Content-Length header"), message("[]"),
        ])
    }

    @Test func anOversizedLengthIsABadHeaderAndReadingResumesAtTheNextFrame() {
        let huge = FrameReader.maximumBody + 1
        var reader = FrameReader()
        reader.append(Array("Content-Length: \(huge)\r\n\r\n".utf8))
        #expect(reader.next() == .badHeader("Content-Length \(huge) exceeds the limit of \(FrameReader.maximumBody) bytes"))
        reader.append(Array("not a body".utf8))
        #expect(reader.next() == nil)
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(reader.next() == message("{}"))
    }

    @Test func fuzzRegressionAHugeLengthThenAFrame() {
        // Found by Tests/Fuzz (jsonrpc): a huge Content-Length made the reader skip the frames after it.
        var reader = FrameReader()
        reader.append(Array("Content-Length: 8000000000000\r\n\r\n 2\r\u{1}\0\0\r\nC".utf8))
        reader.append(Array("\r\n\r\n".utf8))
        var events: [FrameEvent] = []
        while let event = reader.next() { events.append(event) }
        reader.append(frame(Array("{}".utf8)))
        while let event = reader.next() { events.append(event) }
        #expect(events.last == message("{}"))
    }

    static let lenient = FrameEvent.lenientHeader("a header line ended by a bare \\n instead of \\r\\n (read anyway)")

    @Test func aHeaderBlockEndedByABareLineFeedIsReadAndTheNextFrameStillArrives() {
        // Before: the block ran on into the next frame's header, which was skipped with it.
        let stream = "Content-Length: 2\n\n{}Content-Length: 7\r\n\r\n[1,2,3]"
        let expected = [Self.lenient, message("{}"), message("[1,2,3]")]
        #expect(events([stream]) == expected)
        #expect(events(stream.map { String($0) }) == expected)  // reported once, however the bytes come
        #expect(events(["Content-Length: 2\r\n\n{}", "Content-Length: 2\nContent-Type: x\r\n\r\n[]"]) == [
            Self.lenient, message("{}"), Self.lenient, message("[]"),
        ])
    }

    @Test func aBareCarriageReturnDoesNotEndAHeaderLine() {
        #expect(events(["Content-Length: 2\r\r\n\r\n{}Content-Length: 2\r\n\r\n[]"]) == [
            .badHeader("Content-Length '2\r' is not a number"), message("[]"),
        ])
        var reader = FrameReader()
        reader.append(Array("Content-Length: 2\r\n\r".utf8))
        #expect(reader.next() == nil)  // `\r` then maybe `\n`: not yet known
        reader.append(Array("\n{}".utf8))
        #expect(reader.next() == message("{}"))
    }

    /// Random streams of frames, each framed with CRLF, LF-only or mixed header lines, between pieces of
    /// garbage ended by a blank line, cut at random read boundaries: every frame arrives, in order.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everyFrameArrivesWhateverItsLineEndsAndTheReads(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var stream: [UInt8] = [], bodies: [[UInt8]] = []
        for n in 0..<200 {
            if random.chance(0.2) {
                let garbage = (0..<random.below(30)).map { _ in random.pick(Array("ab: \r\n{}".utf8)) }
                stream += garbage + Array(random.pick(["\r\n\r\n", "\n\n", "\r\n\n"]).utf8)
            }
            let body = Array("{\"n\":\(n)}".utf8)
            let endings = (0..<3).map { _ in random.pick(["\r\n", "\n"]) }
            var header = "Content-Length: \(body.count)" + endings[0]
            if random.chance(0.3) { header += "Content-Type: application/vscode-jsonrpc" + endings[1] }
            stream += Array((header + endings[2]).utf8) + body
            bodies.append(body)
        }
        var reader = FrameReader()
        var received: [[UInt8]] = []
        var offset = 0
        while offset < stream.count {
            let count = min(stream.count - offset, 1 + random.below(40))
            reader.append(stream[offset..<offset + count])
            offset += count
            while let event = reader.next() {
                if case .message(let body) = event { received.append(body) }
            }
        }
        #expect(received == bodies)
    }

    @Test func anIncompleteBodyWaits() {
        var reader = FrameReader()
        reader.append(Array("Content-Length: 10\r\n\r\n{\"a\":".utf8))
        #expect(reader.next() == nil)
        reader.append(Array("1}    ".utf8))
        #expect(reader.next() == message("{\"a\":1}   "))
    }
}

struct MessageTests {
    func classify(_ text: String) throws -> Incoming { Incoming.classify(try JSONParser.parse(Array(text.utf8))) }

    @Test func requestsNotificationsAndResponses() throws {
        #expect(try classify(#"{"jsonrpc":"2.0","id":1,"method":"a","params":{}}"#) == .request(id: .int(1), method: "a", params: [:]))
        #expect(try classify(#"{"jsonrpc":"2.0","id":"x","method":"a"}"#) == .request(id: .string("x"), method: "a", params: nil))
        #expect(try classify(#"{"jsonrpc":"2.0","method":"n"}"#) == .notification(method: "n", params: nil))
        #expect(try classify(#"{"jsonrpc":"2.0","id":2,"result":null}"#) == .response(id: .int(2), result: .success(nil)))
    }

    @Test func invalidMessagesSayWhy() throws {
        #expect(try classify("[]") == .invalid(id: nil, reason: "a message must be a JSON object"))
        #expect(try classify(#"{"id":3,"method":7}"#) == .invalid(id: .int(3), reason: "method must be a string"))
        #expect(try classify(#"{"id":{},"method":"m"}"#) == .invalid(id: nil, reason: "id must be a number or a string"))
        #expect(try classify(#"{"jsonrpc":"1.0","id":1,"method":"m"}"#) == .invalid(id: .int(1), reason: "jsonrpc must be \"2.0\""))
        #expect(try classify(#"{"id":1,"method":"m","params":3}"#) == .invalid(id: .int(1), reason: "params must be an object or an array"))
    }
}
