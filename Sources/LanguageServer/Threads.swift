#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The server's two threads and what they share, on POSIX threads: Foundation's Thread, NSCondition and
// NSLock were all the executable needed Foundation for, and linking it cost every run of `gridls` a fifth
// of a millisecond of start-up and 60 MB of binary.

/// A mutex with a condition variable whose timed waits run on the monotonic clock (a change of the
/// wall clock does not cut a wait short or stretch it).
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
    /// Waits for a broadcast (or a spurious wake-up); the lock is held before and after.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// `wait` until `deadline`; false when the deadline passed.
    func wait(until deadline: MonotonicInstant) -> Bool {
        var time = deadline.time
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }
}

/// A point in time on the monotonic clock, for deadlines of waits.
struct MonotonicInstant {
    fileprivate let time: timespec

    /// `seconds` from now.
    static func after(seconds: Double) -> MonotonicInstant {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let whole = Int(seconds.rounded(.down)), nanoseconds = Int(now.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        return MonotonicInstant(time: timespec(tv_sec: now.tv_sec + whole + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000))
    }
}

/// Runs `body` on a new detached thread with a stack of `stackSize` bytes.
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
    }, context)
    precondition(status == 0, "gridls: cannot start a thread (error \(status))")
}
