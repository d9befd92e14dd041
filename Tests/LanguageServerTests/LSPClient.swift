import Foundation
@testable import JSONRPC
@testable import LanguageServer
import TestSupport

/// A test client: talks LSP over pipes to the server, as an editor would. The server runs in the test
/// process (`ServerLoop` on its own thread, reading and writing the pipes: framing, queue, cancellation
/// and all), or as the built `gridls` binary where the process matters (exit codes, memory, `--stdio`)
/// and whenever GRIDLS_BINARY names a binary (the sanitizer runs test the instrumented one through these
/// same tests). The server ends with the client: its input closes when the client goes away (and a
/// process is killed if it lingers), so no test leaves a server or a descriptor behind.
final class LSPClient: @unchecked Sendable {
    static var binary: URL { builtGridls }

    /// How long a test waits for an answer before it fails instead of hanging.
    static let patience: Double = 60

    /// Where the server runs.
    enum Host {
        case thread
        case process(arguments: [String])

        /// In process unless a binary was named for the run.
        static var `default`: Host {
            ProcessInfo.processInfo.environment["GRIDLS_BINARY"] == nil ? .thread : .process(arguments: [])
        }
    }

    private let server: ServerEndpoint
    private let inbox: Inbox
    private var nextID = 0
    /// Answers the server's requests (workspace/applyEdit): method and params in, result out.
    var onServerRequest: (String, JSON?) -> JSON {
        get { inbox.withLock { $0.onServerRequest } }
        set { inbox.withLock { $0.onServerRequest = newValue } }
    }
    /// When false, the server's requests are queued like any message and answered by the test.
    var answersServerRequests: Bool {
        get { inbox.withLock { $0.answersServerRequests } }
        set { inbox.withLock { $0.answersServerRequests = newValue } }
    }
    /// Notifications dropped on arrival: a long session would otherwise queue thousands that nobody reads.
    var ignoredNotifications: Set<String> {
        get { inbox.withLock { $0.ignoredNotifications } }
        set { inbox.withLock { $0.ignoredNotifications = newValue } }
    }
    /// The params of the latest ignored notification of `method` about `uri` (what was pushed last).
    func latestIgnored(_ method: String, uri: String) -> JSON? {
        inbox.withLock { $0.latestIgnored[method + " " + uri] }
    }

    init(_ host: Host = .default) throws {
        // A server that dies must fail the test, not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        switch host {
        case .thread: server = try .thread(ServerThread())
        case .process(let arguments):
            server = .process(try ChildProcess(Self.binary.path, arguments, input: .pipe, output: .pipe, error: .pipe))
        }
        inbox = Inbox(input: server.input)
        // The threads hold the inbox and the pipes' read ends, never the client: they end when the server does.
        let inbox = inbox, output = server.output
        Thread { inbox.readLoop(output) }.start()
        if case .process(let process) = server, let errors = process.error {
            let log = ProcessInfo.processInfo.environment["GRIDLS_TEST_STDERR"]
            Thread {
                let data = errors.readDataToEndOfFile()
                if let log { try? data.write(to: URL(fileURLWithPath: log)) }
            }.start()
        }
    }

    convenience init(arguments: [String]) throws { try self.init(.process(arguments: arguments)) }

    deinit {
        closeInput()
        server.wait(timeout: 10, kill: true)
    }

    /// The server's process (a process host only): its pid and pipes, for tests of the process itself.
    var process: ChildProcess {
        guard case .process(let process) = server else { fatalError("this client's server runs in process: ask for LSPClient(.process(arguments:))") }
        return process
    }

    func writeRaw(_ bytes: [UInt8]) { inbox.write(bytes) }

    /// The capacity of the pipe the server writes to (F_GETPIPE_SZ, which Glibc's module leaves out).
    var outputPipeSize: Int32 { fcntl(server.output.fileDescriptor, 1032) }

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

    /// The first message (in arrival order, consumed) that matches, waiting up to `patience` seconds.
    func waitFor(_ matches: (JSON) -> Bool) -> JSON? { inbox.take(matches, within: Self.patience) }

    /// The messages that arrived and no test took yet (left in place).
    var unclaimed: [JSON] { inbox.withLock { $0.messages } }

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

    /// Opens a document with the `languageId` an editor would give it: by default from the URI's suffix.
    func open(_ uri: String, _ text: String, version: Int = 1, languageId: String? = nil) {
        let id = languageId ?? (uri.hasSuffix(".rst") ? "restructuredtext" : "markdown")
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(id), "version": .int(version), "text": .string(text)]])
    }

    func closeInput() { try? server.input.close() }

    /// Waits for the server to end and returns its exit status (-1 if it is still running after 20 s).
    func exitStatus() -> Int32 { server.wait(timeout: 20, kill: false) ?? -1 }
}

/// The server an `LSPClient` talks to: a child process or a thread of the test process.
enum ServerEndpoint {
    case process(ChildProcess)
    case thread(ServerThread)

    var input: FileHandle {
        switch self {
        case .process(let process): process.input!
        case .thread(let thread): thread.input
        }
    }

    var output: FileHandle {
        switch self {
        case .process(let process): process.output!
        case .thread(let thread): thread.output
        }
    }

    /// The exit status once the server ended, nil if it did not within `timeout` (then killed, if asked
    /// and a process: a thread cannot be killed, but its input is closed by then and it ends).
    @discardableResult
    func wait(timeout: Double, kill: Bool) -> Int32? {
        switch self {
        case .process(let process): kill ? process.wait(killingAfter: timeout) : process.wait(timeout: timeout)
        case .thread(let thread): thread.wait(timeout: timeout)
        }
    }
}

/// `ServerLoop.run` on a thread of the test process, over two pipes: the same bytes as the binary's
/// standard input and output, without a process start or a binary in the way.
final class ServerThread: @unchecked Sendable {
    let input: FileHandle
    let output: FileHandle
    private let ended = NSCondition()
    private var status: Int32?

    init() throws {
        let toServer = Pipe(), fromServer = Pipe()
        input = toServer.fileHandleForWriting
        output = fromServer.fileHandleForReading
        // The loop's reader closes its own copy of the input's read end when it has read it all.
        let serverInput = dup(toServer.fileHandleForReading.fileDescriptor), serverOutput = fromServer.fileHandleForWriting
        try toServer.fileHandleForReading.close()
        let thread = Thread { [self] in
            let code = ServerLoop.run(input: serverInput, output: serverOutput.fileDescriptor, closingInput: true)
            // Closed only now: the server's reader thread may still be reading its input until it ends.
            try? serverOutput.close()
            ended.lock()
            status = code
            ended.broadcast()
            ended.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func wait(timeout: Double) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        ended.lock()
        defer { ended.unlock() }
        while status == nil { if !ended.wait(until: deadline) { break } }
        return status
    }
}

/// What the client's reader thread shares with it: the messages that arrived, how to answer the server's
/// requests, and the server's input.
private final class Inbox: @unchecked Sendable {
    struct State {
        var messages: [JSON] = []
        var ended = false
        var onServerRequest: (String, JSON?) -> JSON = { _, _ in ["applied": true] }
        var answersServerRequests = true
        var ignoredNotifications: Set<String> = []
        /// Per method and URI, the params of the latest ignored notification: one each, however long the session.
        var latestIgnored: [String: JSON] = [:]
    }

    private let input: FileHandle
    private let condition = NSCondition()
    private var state = State()

    init(input: FileHandle) { self.input = input }

    func withLock<T>(_ body: (inout State) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    func write(_ bytes: [UInt8]) { try? input.write(contentsOf: Data(bytes)) }

    func readLoop(_ output: FileHandle) {
        var frames = FrameReader()
        while case let data = output.availableData, !data.isEmpty {
            frames.append(data)
            while let event = frames.next() {
                guard case .message(let body) = event, let json = try? JSONParser.parse(body) else { continue }
                receive(json)
            }
        }
        try? output.close()
        withLock { $0.ended = true }
        condition.broadcast()
    }

    private func receive(_ json: JSON) {
        let (ignored, answer) = withLock { state in
            let method = json["method"]?.string
            let ignored = json["id"] == nil && method.map(state.ignoredNotifications.contains) == true
            if ignored, let method { state.latestIgnored[method + " " + (json["params"]?["uri"]?.string ?? "")] = json["params"] }
            return (ignored, state.answersServerRequests && method != nil && json["id"] != nil ? state.onServerRequest : nil)
        }
        if ignored { return }
        if let answer, let method = json["method"]?.string, let id = json["id"] {
            write(frame(JSON.object(["jsonrpc": "2.0", "id": id, "result": answer(method, json["params"])]).serialized()))
        }
        withLock { $0.messages.append(json) }
        condition.broadcast()
    }

    /// The first message that matches, removed from the inbox; nil when none comes within `seconds`.
    func take(_ matches: (JSON) -> Bool, within seconds: Double) -> JSON? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = state.messages.firstIndex(where: matches) { return state.messages.remove(at: index) }
            if state.ended || !condition.wait(until: deadline) { return nil }
        }
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

extension OpenDocument {
    /// `replace` with the (line, byte) pairs the random edit generators make.
    mutating func replace(from start: (Int, Int), to end: (Int, Int), with bytes: [UInt8]) {
        replace(from: LinePosition(start.0, start.1), to: LinePosition(end.0, end.1), with: bytes)
    }
}
