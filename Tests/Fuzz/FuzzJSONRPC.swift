// libFuzzer target: the frame reader and message decoder. Garbage followed by a valid frame must not
// make the reader lose that frame (unless the garbage ends in a header still waiting for its body), and
// decoding never traps. The input's last byte chooses the line ends: of the blank line that ends the
// garbage and of the frame's header, CRLF as the protocol says or LF only (which the reader accepts), so
// that header blocks ended by `\n\n` are generated as well as the input's own.
import JSONRPC

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let garbage = Array(UnsafeBufferPointer(start: data, count: size))
    let choice = garbage.last ?? 0
    let marker = Array(#"{"jsonrpc":"2.0","method":"fuzz/marker"}"#.utf8)
    let blankLine = choice & 1 == 0 ? "\r\n\r\n" : "\n\n"
    let markerHeader = choice & 2 == 0 ? "\r\n\r\n" : choice & 4 == 0 ? "\n\n" : "\r\n\n"
    // The reader resynchronises on the next Content-Length after a bad header: a valid frame after
    // a blank-line-terminated garbage block must arrive (possibly after events made of the garbage).
    var reader = FrameReader()
    reader.append(garbage)
    reader.append(Array(blankLine.utf8))
    var events: [FrameEvent] = []
    while let event = reader.next() { events.append(event) }
    let sawUnfinishedBody = reader.pendingCount > 0
    reader.append(Array("Content-Length: \(marker.count)\(markerHeader)".utf8) + marker)
    while let event = reader.next() { events.append(event) }
    for case .message(let body) in events {
        if let json = try? JSONParser.parse(body) { _ = Incoming.classify(json) }
    }
    if !sawUnfinishedBody {
        precondition(events.last == .message(marker), "a valid frame after garbage was lost")
    }
    return 0
}
