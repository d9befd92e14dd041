#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONRPC

/// Runs the server over stdin and stdout. A reader thread splits the input into messages; answers to the
/// server's own requests go straight to whoever waits for them, `$/cancelRequest` marks queued requests,
/// and everything else is queued for the handler, which answers in order of arrival.
package enum ServerLoop {
    /// `closingInput`: the reader thread closes `input` once it has read it to its end (a caller that runs
    /// the loop in process hands it a descriptor of its own; `exit` can end the loop before that).
    package static func run(input: Int32 = 0, output: Int32 = 1, closingInput: Bool = false) -> Int32 {
        let inbox = Inbox()
        let writer = Writer(fd: output)
        startThread(stackSize: 8 << 20) {
            readMessages(from: input, into: inbox, writer: writer)
            if closingInput { close(input) }
        }
        var nextID = 0
        let server = Server(send: { writer.write($0) }, ask: { method, params in
            nextID += 1
            // Whole numbers: Vim's LSP channel answers only requests with numeric ids.
            let id = RequestID.int(nextID)
            inbox.expect(id)  // before writing: the answer may come back before the wait begins
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
                inbox.handling(message)
                server.handle(consume message)
                inbox.handling(nil)
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
                    route(body, inbox: inbox, writer: writer)  // waits while the handler's queue is full
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
            inbox.push(message, size: body.count)
        }
    }
}

/// The queue between the reader thread and the handler, with cancellations and awaited responses.
///
/// Memory stays bounded whatever the client does. Only answers to requests the server is waiting for are
/// kept; others are dropped (logged). The queue holds at most `limit` messages or bytes: past it the
/// reader waits, so it stops reading stdin and the client's writes block (backpressure) instead of the
/// server buffering everything a client sends while it does not read our answers. While the handler waits
/// for an answer to one of its own requests the reader may go on to `limit × 4`, so that the answer (or a
/// `$/cancelRequest`) queued behind other messages still gets through; if even that fills up, the wait
/// gives up at once (as if the client had not answered) instead of holding both threads until the timeout.
final class Inbox: @unchecked Sendable {
    enum Item { case message(Incoming), endOfInput }

    struct Limit: Sendable {
        var messages: Int
        var bytes: Int
    }

    static let standardLimit = Limit(messages: 1_000, bytes: 16 << 20)

    private let condition = ConditionLock()
    private let limit: Limit
    private var queue: [Incoming] = []
    private var sizes: [Int] = []
    private var head = 0
    private var queuedBytes = 0
    /// The most bytes queued since the queue was last empty: a drain after a large backlog gives memory back.
    private var peakBytes = 0
    private var closed = false
    private var cancelled: Set<RequestID> = []
    /// The request the handler is working on, and whether the client has cancelled it since: a wait for
    /// the client's answer on its behalf (`workspace/applyEdit`) then ends at once.
    private var current: RequestID?
    private var currentCancelled = false
    private var awaited: Set<RequestID> = []
    private var responses: [RequestID: Result<JSON, ResponseError>] = [:]
    /// The reader waits at the higher limit it may use while an answer is awaited.
    private var readerStuck = false
    private var droppedResponses = 0

    init(limit: Limit = Inbox.standardLimit) { self.limit = limit }

    /// Queues a message for the handler, waiting while the queue is full.
    func push(_ message: Incoming, size: Int) {
        condition.lock()
        defer { condition.unlock() }
        while !closed {
            let factor = awaited.isEmpty ? 1 : 4
            let count = queue.count - head
            // An empty queue takes any one message, however large: the frame reader already holds it.
            guard count > 0 && (count >= limit.messages * factor || queuedBytes + size > limit.bytes * factor) else { break }
            readerStuck = factor > 1
            if readerStuck { condition.broadcast() }
            condition.wait()
        }
        readerStuck = false
        queue.append(message)
        sizes.append(size)
        queuedBytes += size
        peakBytes = max(peakBytes, queuedBytes)
        condition.broadcast()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Marks a request as cancelled if it is still waiting in the queue, or ends the handler's wait on
    /// the client if it is the request being handled.
    func cancel(_ id: RequestID) {
        condition.lock()
        defer { condition.unlock() }
        if id == current {
            currentCancelled = true
            condition.broadcast()
            return
        }
        let queued = queue[head...].contains { if case .request(id, _, _) = $0 { return true } else { return false } }
        if queued { cancelled.insert(id) }
    }

    /// Records which request the handler works on (nil when it is done).
    func handling(_ message: Incoming?) {
        condition.lock()
        defer { condition.unlock() }
        if case let .request(id, _, _)? = message { current = id } else { current = nil }
        currentCancelled = false
    }

    func takeCancellation(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }

    func next() -> Item {
        condition.lock()
        while head == queue.count && !closed { condition.wait() }
        guard head < queue.count else {
            condition.unlock()
            return .endOfInput
        }
        // Swapped out, not copied: the queue keeps no reference to a document's text while it is opened.
        var message = Incoming.invalid(id: nil, reason: "")
        swap(&message, &queue[head])
        queuedBytes -= sizes[head]
        head += 1
        var trim = false
        if head == queue.count {
            // Drained: the storage goes too (a backlog of thousands of messages kept its arrays at that size).
            queue = []
            sizes = []
            head = 0
            trim = peakBytes > 4 << 20
            peakBytes = 0
        } else if head > 1024 && head * 2 > queue.count {
            queue.removeFirst(head)
            sizes.removeFirst(head)
            head = 0
        }
        condition.broadcast()  // room for the reader
        condition.unlock()
        if trim { releaseFreeMemory() }
        return .message(message)
    }

    /// From now on, an answer to `id` is kept for `waitForResponse`.
    func expect(_ id: RequestID) {
        condition.lock()
        awaited.insert(id)
        condition.unlock()
    }

    /// Keeps an answer the server waits for; drops any other (an id it never sent, or one it stopped waiting for).
    func deliver(_ id: RequestID, _ result: Result<JSON, ResponseError>) {
        condition.lock()
        defer { condition.unlock() }
        guard awaited.contains(id) else {
            droppedResponses += 1
            // One line each for the first few, then one line per thousand: a flood of them costs no memory.
            if droppedResponses <= 10 || droppedResponses % 1000 == 0 {
                FileLog.write("gridls: dropped an answer to \(id), which the server is not waiting for (\(droppedResponses) so far)")
            }
            return
        }
        responses[id] = result
        condition.broadcast()
    }

    /// Waits for the client's answer to one of the server's requests (`expect`ed first): nil when none
    /// comes within `seconds`, when input ends, or when the client fills the queue without answering.
    func waitForResponse(_ id: RequestID, seconds: Double) -> Result<JSON, ResponseError>? {
        let deadline = MonotonicInstant.after(seconds: seconds)
        condition.lock()
        defer { condition.unlock() }
        awaited.insert(id)
        condition.broadcast()  // a reader waiting at the normal limit may now go on
        while responses[id] == nil && !closed && !readerStuck && !currentCancelled {
            if !condition.wait(until: deadline) { break }
        }
        awaited.remove(id)
        if responses[id] == nil && currentCancelled {
            FileLog.write("gridls: stopped waiting for an answer to \(id): the client cancelled the request it serves")
        } else if responses[id] == nil && readerStuck {
            FileLog.write("gridls: stopped waiting for an answer to \(id): the client sent \(queue.count - head) messages without it")
        }
        return responses.removeValue(forKey: id)
    }
}

/// Writes framed messages to stdout, one at a time.
final class Writer: @unchecked Sendable {
    private let fd: Int32
    private let lock = ConditionLock()
    private var broken = false
    private var widened = false

    init(fd: Int32) { self.fd = fd }

    func write(_ message: JSON) {
        lock.lock()
        defer { lock.unlock() }
        message.writeFramed(chunkSize: Writer.chunkSize) { piece in
            // A message of more than a piece (a formatting answer of megabytes) widens the pipe for good;
            // small answers keep the system's pipe, so a client that stops reading stops the server soon.
            if piece.count >= Writer.chunkSize && !widened {
                widened = true
                widenPipe(fd)
            }
            writeAll(piece)
        }
    }

    private static let chunkSize = 1 << 20

    private func writeAll(_ bytes: ArraySlice<UInt8>) {
        guard !broken else { return }
        bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    broken = true  // the client stopped reading: drop what remains instead of spinning
                    return
                }
                offset += n
            }
        }
    }
}
