#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The temporary files `format -i` has in flight, where a signal handler can remove them: SIGINT, SIGTERM
/// or SIGHUP removes every one, then ends the process as the signal would have.
///
/// A handler may only call async-signal-safe functions, so the paths live in a fixed table of C strings
/// allocated up front, and which slots hold a live path is one atomic bit mask; the handler only loads
/// atomics and calls `unlink`, `signal` and `raise`.
enum TemporaryFiles {
    struct Slot {
        let index: Int
        /// Where `mkstemp` writes the name it chose: the handler sees each name as soon as it exists.
        let path: UnsafeMutablePointer<CChar>
    }

    private static let slotCount = 64
    private static let slotSize = Int(PATH_MAX) + 1
    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    private static let claimed = Atomic<UInt64>(0)
    private static let live = Atomic<UInt64>(0)
    /// In-place writes under way, and a signal that came during one: it is acted on when the last one ends.
    private static let inPlaceWrites = Atomic<Int>(0)
    private static let pendingSignal = Atomic<Int32>(0)
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers, except for a signal the process was started ignoring (`nohup`, `&` in a
    /// non-interactive shell): that one stays ignored.
    static func removeOnSignals() {
        // Everything the handler touches exists before it can run.
        _ = (paths, claimed.load(ordering: .relaxed), live.load(ordering: .relaxed))
        _ = (inPlaceWrites.load(ordering: .relaxed), pendingSignal.load(ordering: .relaxed))
        for signal in handledSignals {
            var action = sigaction(), previous = sigaction()
            action.__sigaction_handler.sa_handler = { TemporaryFiles.handle($0) }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &previous)
            let ignored = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if ignored { sigaction(signal, &previous, nil) }
        }
    }

    /// A slot holding `template` (NUL-terminated), live from now on; nil when the path does not fit.
    static func claim(template: PathBytes) -> Slot? {
        let bytes = template.bytes.map { CChar(bitPattern: $0) } + [0]
        guard bytes.count <= slotSize else { return nil }
        while true {
            let taken = claimed.load(ordering: .acquiring)
            guard taken != .max else {
                usleep(1000)  // More files in flight than slots: wait for one to finish.
                continue
            }
            let index = (~taken).trailingZeroBitCount, bit = UInt64(1) << index
            guard claimed.compareExchange(expected: taken, desired: taken | bit, ordering: .acquiringAndReleasing).exchanged else { continue }
            let path = paths + index * slotSize
            bytes.withUnsafeBufferPointer { path.update(from: $0.baseAddress!, count: bytes.count) }
            live.bitwiseOr(bit, ordering: .sequentiallyConsistent)
            return Slot(index: index, path: path)
        }
    }

    /// The `mkstemp` template of the temporary file that replaces `target`: `NAME.gridls-XXXXXX` beside it,
    /// or `.gridls-XXXXXX` in its folder when the longer name would not fit the file system's limit on a
    /// name (NAME_MAX, 255 bytes on most) or a path (PATH_MAX).
    static func template(beside target: PathBytes) -> PathBytes {
        let suffix = Array(".gridls-XXXXXX".utf8)
        let nameMax = target.folder.withCString { pathconf($0, Int32(_PC_NAME_MAX)) }
        let fits = target.lastComponent.count + suffix.count <= (nameMax > 0 ? nameMax : 255)
        if fits && target.bytes.count + suffix.count < slotSize { return PathBytes(target.bytes + suffix) }
        return target.folder.joined(PathBytes(suffix))
    }

    /// The slot's file has been renamed or removed: the handler leaves it alone from now on.
    static func release(_ slot: Slot) {
        let bit = UInt64(1) << slot.index
        live.bitwiseAnd(~bit, ordering: .sequentiallyConsistent)
        claimed.bitwiseAnd(~bit, ordering: .releasing)
    }

    /// Runs `write` (an in-place write) with SIGINT, SIGTERM and SIGHUP held back until it is done, so
    /// that none cuts a file short.
    static func deferringSignals(_ write: () -> Void) {
        inPlaceWrites.add(1, ordering: .sequentiallyConsistent)
        write()
        if inPlaceWrites.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 { actOnPendingSignal() }
    }

    private static func handle(_ signal: Int32) {
        pendingSignal.store(signal, ordering: .sequentiallyConsistent)
        if inPlaceWrites.load(ordering: .sequentiallyConsistent) == 0 { actOnPendingSignal() }
    }

    /// Whoever takes the pending signal (the handler, or the last in-place write) removes the files and
    /// ends the process with the signal's default action.
    private static func actOnPendingSignal() {
        let signal = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
        guard signal != 0 else { return }
        let mask = live.load(ordering: .sequentiallyConsistent)
        for index in 0..<slotCount where mask & (UInt64(1) << index) != 0 {
            unlink(paths + index * slotSize)
        }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
