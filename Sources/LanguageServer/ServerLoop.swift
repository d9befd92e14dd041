import Foundation
import JSONRPC

/// Runs the server over stdin and stdout. A reader thread splits the input into messages; answers to the
/// server's own requests go straight to whoever waits for them, `$/cancelRequest` marks queued requests,
/// and everything else is queued for the handler, which answers in order of arrival.
public enum ServerLoop {
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let inbox = Inbox()
        let writer = Writer(fd: output)
        let reader = Thread { readMessages(from: input, into: inbox, writer: writer) }
        reader.stackSize = 8 << 20
        reader.start()
        var nextID = 0
        let server = Server(send: { writer.write($0) }, ask: { method, params in
            nextID += 1
            let id = RequestID.string("gridls-\(nextID)")
            writer.write(Outgoing.request(id: id, method, params))
            return inbox.waitForResponse(id, seconds: 30)
        })
        while true {
            switch inbox.next() {
            case .endOfInput:
                return server.exitCode ?? 0
            case .message(let message):
                if case let .request(id, _, _) = message, inbox.takeCancellation(id) {
                    writer.write(Outgoing.error(id: id, ResponseError(code: ErrorCode.requestCancelled, message: "the request was cancelled")))
                    continue
                }
                server.handle(message)
                if let code = server.exitCode { return code }
            }
        }
    }

    private static func readMessages(from fd: Int32, into inbox: Inbox, writer: Writer) {
        var frames = FrameReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            frames.append(chunk[0..<count])
            while let event = frames.next() {
                switch event {
                case .badHeader(let reason):
                    FileLog.write("gridls: skipped a message with a bad header: \(reason)")
                case .lenientHeader(let reason):
                    FileLog.write("gridls: \(reason)")
                case .message(let body):
                    route(body, inbox: inbox, writer: writer)
                }
            }
        }
        if frames.pendingCount > 0 { FileLog.write("gridls: input ended inside a message; \(frames.pendingCount) bytes dropped") }
        inbox.close()
    }

    private static func route(_ body: [UInt8], inbox: Inbox, writer: Writer) {
        let json: JSON
        do {
            json = try JSONParser.parse(body)
        } catch {
            writer.write(Outgoing.error(id: nil, ResponseError(code: ErrorCode.parseError, message: "invalid JSON: \(error)")))
            return
        }
        let message = Incoming.classify(json)
        switch message {
        case let .response(id, result):
            inbox.deliver(id, result)
        case let .notification("$/cancelRequest", params):
            if let id = RequestID(params?["id"]) { inbox.cancel(id) }
        default:
            inbox.push(message)
        }
    }
}

/// The queue between the reader thread and the handler, with cancellations and awaited responses.
final class Inbox: @unchecked Sendable {
    enum Item { case message(Incoming), endOfInput }

    private let condition = NSCondition()
    private var queue: [Incoming] = []
    private var head = 0
    private var closed = false
    private var cancelled: Set<RequestID> = []
    private var responses: [RequestID: Result<JSON, ResponseError>] = [:]

    func push(_ message: Incoming) {
        condition.lock()
        queue.append(message)
        condition.broadcast()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Marks a request as cancelled if it is still waiting in the queue.
    func cancel(_ id: RequestID) {
        condition.lock()
        defer { condition.unlock() }
        let queued = queue[head...].contains { if case .request(id, _, _) = $0 { return true } else { return false } }
        if queued { cancelled.insert(id) }
    }

    func takeCancellation(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }

    func next() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !closed { condition.wait() }
        guard head < queue.count else { return .endOfInput }
        let message = queue[head]
        head += 1
        if head > 1024 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return .message(message)
    }

    func deliver(_ id: RequestID, _ result: Result<JSON, ResponseError>) {
        condition.lock()
        responses[id] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the client's answer to one of the server's requests.
    func waitForResponse(_ id: RequestID, seconds: Double) -> Result<JSON, ResponseError>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while responses[id] == nil && !closed {
            if !condition.wait(until: deadline) { break }
        }
        return responses.removeValue(forKey: id)
    }
}

/// Writes framed messages to stdout, one at a time.
final class Writer: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var broken = false

    init(fd: Int32) { self.fd = fd }

    func write(_ message: JSON) {
        let bytes = frame(message.serialized())
        lock.lock()
        defer { lock.unlock() }
        guard !broken else { return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                broken = true  // the client stopped reading: drop what remains instead of spinning
                return
            }
            offset += n
        }
    }
}
