import Foundation
@testable import JSONRPC
import TestSupport
import Testing

/// The server's memory stays bounded whatever the client sends: answers to requests it never made are
/// dropped, and a client that stops reading while it keeps sending is slowed down (the server stops
/// reading) instead of buffered. Figures go to stdout for the record.
struct MemoryTests {
    /// Resident memory of a process in MiB (VmRSS in /proc/PID/status).
    static func residentMiB(_ pid: pid_t) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kB = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return 0 }
        return kB / 1024
    }

    static func request(_ id: Int, _ method: String, _ params: JSON) -> [UInt8] {
        frame((["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params] as JSON).serialized())
    }

    /// Under a sanitizer the process's own bookkeeping (shadow memory, quarantine) swamps these figures.
    static let measurable = ProcessInfo.processInfo.environment["GRIDLS_SANITIZER"] == nil

    @Test(.enabled(if: measurable, "resident memory is not the server's own under a sanitizer"))
    func aClientThatSendsWithoutReadingIsSlowedDownAndEverythingIsAnswered() throws {
        let process = try ChildProcess(LSPClient.binary.path, input: .pipe, output: .pipe)
        let pid = process.pid
        // 60 MB of requests, in few enough messages that a debug build answers them quickly.
        let count = 4_000, padding = String(repeating: "x", count: 15_000)
        var start = Self.request(1, "initialize", ["capabilities": [:]])
        start += frame((["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///m.md", "version": 1, "text": """
            | a | b |
            |-|-|

            """]]] as JSON).serialized())
        let input = process.input!
        try input.write(contentsOf: Data(start))
        Thread.sleep(forTimeInterval: 0.3)
        let baseline = Self.residentMiB(pid)
        let written = Counter()
        Thread {
            for batch in stride(from: 0, to: count, by: 50) {
                var bytes: [UInt8] = []
                for id in batch..<batch + 50 {
                    bytes += Self.request(id + 2, "textDocument/hover", ["textDocument": ["uri": "file:///m.md"], "position": ["line": 0, "character": 2], "pad": .string(padding)])
                }
                try? input.write(contentsOf: Data(bytes))
                written.add(50)
            }
        }.start()
        // Nobody reads for a while: the server must stop reading too.
        var peak = baseline
        for _ in 0..<30 {
            Thread.sleep(forTimeInterval: 0.05)
            peak = max(peak, Self.residentMiB(pid))
        }
        let writtenWhileNotReading = written.value
        #expect(writtenWhileNotReading < 2_500, "the server read \(writtenWhileNotReading) requests nobody read answers to")
        // Now read: every request is answered, in order.
        let answered = Counter()
        let output = process.output!
        Thread {
            var frames = FrameReader()
            while case let data = output.availableData, !data.isEmpty {
                frames.append(data)
                while let event = frames.next() {
                    if case .message(let body) = event, let json = try? JSONParser.parse(body), let id = json["id"]?.int, id >= 2 {
                        if id == answered.value + 2 { answered.add(1) }
                    }
                }
            }
        }.start()
        let deadline = Date(timeIntervalSinceNow: 120)
        while answered.value < count && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            peak = max(peak, Self.residentMiB(pid))
        }
        #expect(answered.value == count)
        Thread.sleep(forTimeInterval: 0.2)
        let after = Self.residentMiB(pid)
        print("non-reading client: \(count) requests of 15 KB; resident \(baseline) MiB at start, \(peak) MiB at most, \(after) MiB after; \(writtenWhileNotReading) requests taken while the client did not read")
        #expect(peak < baseline + 30)  // before: every request read and kept (3 s: 7,000 of them, 60 MiB more)
        #expect(after < baseline + 10)
        try input.close()
        #expect(process.wait(killingAfter: 20) == 0)
    }

    @Test(.enabled(if: measurable, "resident memory is not the server's own under a sanitizer"))
    func answersToRequestsTheServerNeverSentAreDropped() throws {
        let client = try LSPClient(.process(arguments: []))  // its own process: the memory measured is the server's
        _ = client.initialize()
        client.open("file:///u.md", """
            | a |
            |-|

            """)
        let pid = client.process.pid
        let before = Self.residentMiB(pid)
        let payload = String(repeating: "y", count: 800)
        for batch in stride(from: 0, to: 30_000, by: 1000) {
            var bytes: [UInt8] = []
            for n in batch..<batch + 1000 {
                bytes += frame((["jsonrpc": "2.0", "id": .string("stray-\(n)"), "result": ["text": .string(payload)]] as JSON).serialized())
            }
            client.writeRaw(bytes)
        }
        #expect(client.request("textDocument/foldingRange", ["textDocument": textDocument("file:///u.md")])["result"] == [["startLine": 0, "endLine": 1, "kind": "region"]])
        let after = Self.residentMiB(pid)
        print("30,000 stray answers (26 MB): resident \(before) MiB before, \(after) MiB after")
        #expect(after < before + 10)
    }

    func applyEdit(_ client: LSPClient) -> JSON {
        client.request("workspace/executeCommand", ["command": "gridls.formatTable", "arguments": [["uri": "file:///e.md", "range": range(0, 2, 0, 2)]]])
    }

    func flood(_ client: LSPClient, _ count: Int, then done: @escaping @Sendable () -> Void = {}) {
        Thread {
            for id in 0..<count {
                client.send(["jsonrpc": "2.0", "id": .int(10_000 + id), "method": "textDocument/hover", "params": ["textDocument": ["uri": "file:///e.md"], "position": ["line": 0, "character": 2]]])
            }
            done()
        }.start()
    }

    @Test func anAnswerTheServerAwaitsGetsThroughBehindAFullQueue() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///e.md", """
            |a|b|
            |-|-|

            """)
        // The client answers workspace/applyEdit only after it has sent 2,500 more requests: more than the
        // queue holds, so the server must go on reading while it waits, or both would wait 30 s.
        let flooded = DispatchSemaphore(value: 0)
        client.onServerRequest = { _, _ in
            flooded.wait()
            return ["applied": true]
        }
        let started = Date()
        client.send(["jsonrpc": "2.0", "id": 1000, "method": "workspace/executeCommand", "params": ["command": "gridls.formatTable", "arguments": [["uri": "file:///e.md", "range": range(0, 2, 0, 2)]]]])
        flood(client, 2_500) { flooded.signal() }
        #expect(client.waitFor { $0["id"] == 1000 }?["result"]?["applied"] == true)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(client.waitFor { $0["id"] == 12_499 }?["result"] != nil)
    }

    @Test func aClientThatFloodsInsteadOfAnsweringEndsTheWaitAtOnce() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.answersServerRequests = false
        client.open("file:///e.md", """
            |a|b|
            |-|-|

            """)
        let started = Date()
        client.send(["jsonrpc": "2.0", "id": 1000, "method": "workspace/executeCommand", "params": ["command": "gridls.formatTable", "arguments": [["uri": "file:///e.md", "range": range(0, 2, 0, 2)]]]])
        flood(client, 6_000)
        #expect(client.waitFor { $0["id"] == 1000 }?["result"] == ["applied": false, "failureReason": "the client did not apply the edit"])
        #expect(Date().timeIntervalSince(started) < 20)  // not the 30 s of the answer's timeout
        #expect(client.waitFor { $0["id"] == 15_999 }?["result"] != nil)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ n: Int) { lock.withLock { count += n } }
}
