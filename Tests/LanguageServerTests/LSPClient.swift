import Foundation
import JSONRPC
import Synchronization

/// A test client: runs the built `gridls` binary and talks LSP to it over pipes, as an editor would.
final class LSPClient: @unchecked Sendable {
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["GRIDLS_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("gridls").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("gridls")
    }()

    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var messages: [JSON] = []
    private var ended = false
    private var nextID = 0
    /// Answers the server's requests (workspace/applyEdit): method and params in, result out.
    var onServerRequest: (String, JSON?) -> JSON = { _, _ in ["applied": true] }
    /// When false, the server's requests are queued like any message and answered by the test.
    var answersServerRequests = true
    /// Notifications dropped on arrival: a long session would otherwise queue thousands that nobody reads.
    var ignoredNotifications: Set<String> = []

    init(arguments: [String] = []) throws {
        // A server that dies must fail the test, not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = Self.binary
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        LSPClient.started.withLock { $0.append(process) }
        let reader = Thread { [self] in readLoop() }
        reader.start()
        let log = ProcessInfo.processInfo.environment["GRIDLS_TEST_STDERR"]
        let drain = Thread { [errors] in
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            if let log { try? data.write(to: URL(fileURLWithPath: log)) }
        }
        drain.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Every server started, ended when the test process exits (a client's reader thread keeps it alive).
    static let started: Mutex<[Process]> = {
        atexit {
            LSPClient.started.withLock { processes in
                for process in processes where process.isRunning { process.terminate() }
            }
        }
        return Mutex([])
    }()

    private func readLoop() {
        var frames = FrameReader()
        let handle = output.fileHandleForReading
        while true {
            let data = handle.availableData
            if data.isEmpty { break }
            frames.append(data)
            while case .message(let body)? = frames.next() {
                guard let json = try? JSONParser.parse(body) else { continue }
                if json["id"] == nil, let method = json["method"]?.string, ignoredNotifications.contains(method) { continue }
                if answersServerRequests, let method = json["method"]?.string, let id = json["id"] {
                    let result = onServerRequest(method, json["params"])
                    writeRaw(frame(JSON.object(["jsonrpc": "2.0", "id": id, "result": result]).serialized()))
                    condition.lock()
                    messages.append(json)
                    condition.broadcast()
                    condition.unlock()
                    continue
                }
                condition.lock()
                messages.append(json)
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    func writeRaw(_ bytes: [UInt8]) {
        try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    func send(_ message: JSON) { writeRaw(frame(message.serialized())) }

    func notify(_ method: String, _ params: JSON = [:]) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and waits for its response (the whole message: result or error).
    @discardableResult
    func request(_ method: String, _ params: JSON = [:]) -> JSON {
        nextID += 1
        let id = nextID
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return waitFor { $0["id"] == .int(id) && $0["method"] == nil } ?? ["error": "no response"]
    }

    /// The first message (in arrival order, consumed) that matches, waiting up to 20 seconds.
    func waitFor(_ matches: (JSON) -> Bool) -> JSON? {
        let deadline = Date(timeIntervalSinceNow: 20)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    func notification(_ method: String) -> JSON? { waitFor { $0["method"]?.string == method && $0["id"] == nil }?["params"] }

    func initialize(_ capabilities: JSON = [:], options: JSON? = nil) -> JSON {
        var params: JSON = ["processId": nil, "rootUri": nil, "capabilities": capabilities]
        if let options, case .object(var members) = params {
            members["initializationOptions"] = options
            params = .object(members)
        }
        let response = request("initialize", params)
        notify("initialized")
        return response
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": .int(version), "text": .string(text)]])
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits for the process to end and returns its exit status.
    func exitStatus() -> Int32 {
        let deadline = Date(timeIntervalSinceNow: 20)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? -1 : process.terminationStatus
    }
}

func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
    ["start": ["line": .int(l1), "character": .int(c1)], "end": ["line": .int(l2), "character": .int(c2)]]
}

func textDocument(_ uri: String) -> JSON { ["uri": .string(uri)] }

/// Applies LSP text edits (UTF-16 positions) to a string, as an editor would.
func applying(_ edits: [JSON], to text: String) -> String {
    func point(_ position: JSON) -> (Int, Int) { (position["line"]!.int!, position["character"]!.int!) }
    var result = text
    for edit in edits.sorted(by: { point($0["range"]!["start"]!) > point($1["range"]!["start"]!) }) {
        let units = Array(result.utf16)
        func offset(_ p: (Int, Int)) -> Int {
            var line = 0, i = 0
            while line < p.0 && i < units.count {
                if units[i] == 0x0A { line += 1 }
                i += 1
            }
            var end = i
            while end < units.count && units[end] != 0x0A { end += 1 }
            return min(i + p.1, end)
        }
        let a = offset(point(edit["range"]!["start"]!)), b = offset(point(edit["range"]!["end"]!))
        result = String(decoding: units[..<a], as: UTF16.self) + edit["newText"]!.string! + String(decoding: units[b...], as: UTF16.self)
    }
    return result
}
