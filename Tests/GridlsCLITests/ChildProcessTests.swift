import Foundation
import TestSupport
import Testing

/// The way every test runs a program: what made the whole run hang once must not come back.
struct ChildProcessTests {
    @Test func aChildInheritsOnlyItsThreeStreams() throws {
        // Descriptors the test process holds open while it spawns, as parallel tests do.
        let held = try (0..<8).map { _ in try ChildProcess("/bin/sleep", ["30"], input: .pipe, output: .pipe) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-fds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let child = try ChildProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], output: .file(out.path))
        #expect(child.wait(killingAfter: 30) == 0)
        let descriptors = String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n")
        #expect(descriptors == ["0", "1", "2"])
        for process in held { process.terminate() }
    }

    @Test func aChildStartsWithNoSignalBlocked() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-mask-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let child = try ChildProcess("/bin/grep", ["SigBlk", "/proc/self/status"], output: .file(out.path))
        #expect(child.wait(killingAfter: 30) == 0)
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == "SigBlk:\t0000000000000000\n")
    }

    @Test func aChildThatOverrunsItsDeadlineIsKilledAndReaped() throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        let started = Date()
        #expect(child.wait(killingAfter: 0.2) == nil)
        #expect(!child.isRunning)
        #expect(child.exitStatus == 128 + SIGKILL)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func exitCodesAndMissingProgramsAreReported() throws {
        #expect(try ChildProcess("/bin/sh", ["-c", "exit 3"]).wait(killingAfter: 30) == 3)
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess("/nonexistent/program") }
    }
}
