import Foundation
@testable import JSONRPC
@testable import LanguageServer
import Testing

/// The server's POSIX threads, lock and timed waits, and the wait for a client's answer built on them.
struct ThreadsTests {
    @Test func aTimedWaitEndsAtItsDeadlineOrAtABroadcast() {
        let lock = ConditionLock()
        var start = Date()
        lock.lock()
        #expect(!lock.wait(until: .after(seconds: 0.2)))  // nobody broadcasts
        lock.unlock()
        #expect(Date().timeIntervalSince(start) >= 0.19)
        start = Date()
        startThread(stackSize: 1 << 20) {
            Thread.sleep(forTimeInterval: 0.05)
            lock.lock()
            lock.broadcast()
            lock.unlock()
        }
        lock.lock()
        let woken = lock.wait(until: .after(seconds: 10))
        lock.unlock()
        #expect(woken)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func anAnswerAwaitedArrivesFromTheReaderOrTheWaitGivesUp() {
        let inbox = Inbox()
        inbox.expect(.int(1))
        startThread(stackSize: 1 << 20) {
            Thread.sleep(forTimeInterval: 0.05)
            inbox.deliver(.int(1), .success(["applied": true]))
        }
        #expect(inbox.waitForResponse(.int(1), seconds: 10) == .success(["applied": true]))
        inbox.expect(.int(2))
        let start = Date()
        #expect(inbox.waitForResponse(.int(2), seconds: 0.2) == nil)
        #expect(Date().timeIntervalSince(start) >= 0.19)
    }
}
