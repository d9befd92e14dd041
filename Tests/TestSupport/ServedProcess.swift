import Foundation
import Synchronization

/// A helper program kept running for a test run and asked one question at a time: a request is a line
/// with its byte count and then its bytes, and so is the answer (`scripts/cmark_serve.py`,
/// `scripts/read_tables.py --serve`). Tests pay the program's start once instead of once per question.
/// Processes are lent to one test at a time; a test that finds none idle starts another, so there are
/// as many as tests run at once. They end with the test run (their input closes).
public final class ServedProcess: Sendable {
    private let process: ChildProcess
    private static let idle = Mutex<[[String]: [ServedProcess]]>([:])
    private let command: [String]

    private init(_ command: [String]) throws {
        self.command = command
        process = try ChildProcess(command[0], Array(command.dropFirst()), input: .pipe, output: .pipe)
    }

    /// The answer of a process running `command` to `request`.
    public static func ask(_ command: [String], _ request: [UInt8]) throws -> [UInt8] {
        let server = try idle.withLock { $0[command]?.popLast() } ?? ServedProcess(command)
        let answer = try server.ask(request)
        idle.withLock { $0[command, default: []].append(server) }
        return answer
    }

    private func ask(_ request: [UInt8]) throws -> [UInt8] {
        guard let input = process.input, let output = process.output else { throw Failure(description: "no pipes to \(command)") }
        try input.write(contentsOf: Data(Array("\(request.count)\n".utf8) + request))
        var header: [UInt8] = []
        while header.last != 0x0A { header += try readExactly(1, from: output) }
        guard let count = Int(String(decoding: header.dropLast(), as: UTF8.self)) else {
            throw Failure(description: "\(command) answered with a bad header \(header)")
        }
        return try readExactly(count, from: output)
    }

    private func readExactly(_ count: Int, from handle: FileHandle) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            guard let chunk = try handle.read(upToCount: count - bytes.count), !chunk.isEmpty else {
                throw Failure(description: "\(command) ended")
            }
            bytes += chunk
        }
        return bytes
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
