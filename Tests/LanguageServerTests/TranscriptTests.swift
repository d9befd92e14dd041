import Foundation
@testable import JSONRPC
import Testing

/// The example sessions of protocol/examples, replayed against the binary: every server message must
/// come, in order, exactly as written down.
struct TranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("protocol/examples")

    static func transcripts() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.transcripts().count >= 4)
    }

    @Test(arguments: transcripts())
    func replays(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let client = try LSPClient()
        client.answersServerRequests = false
        for (number, line) in text.split(separator: "\n").enumerated() {
            let entry = try JSONParser.parse(Array(line.utf8))
            guard let message = entry["message"] else { Issue.record("line \(number + 1) has no message"); return }
            if entry["from"] == "client" {
                client.send(message)
            } else {
                let received = client.waitFor { _ in true }
                #expect(received == message, "\(name) line \(number + 1)")
                if received != message { return }
            }
        }
        #expect(client.exitStatus() == 0)
    }
}
