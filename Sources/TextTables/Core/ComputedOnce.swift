import Synchronization

/// A value made on first use and kept, shared by every copy of what holds it (a reading, a fix, a
/// server's table entry are read from several threads at once). The value is made outside the lock:
/// making one may cost a whole table, and may itself ask another `ComputedOnce`. Two threads asking at
/// once may both make it; the first one kept is the one every caller gets.
package final class ComputedOnce<Value: Sendable>: Sendable {
    private let state: Mutex<Value?>

    /// Nothing known yet.
    package init() { state = Mutex(nil) }

    /// Known from the start.
    package init(_ value: Value) { state = Mutex(value) }

    /// The value, made by `make` if nothing is kept yet.
    package func value(_ make: () -> Value) -> Value {
        if let known = state.withLock({ $0 }) { return known }
        let made = make()
        return state.withLock { kept in
            if let earlier = kept { return earlier }
            kept = made
            return made
        }
    }

    /// The value if one is kept, without making it.
    package var kept: Value? { state.withLock { $0 } }

    /// Keeps `value` in place of any kept before (a value made elsewhere, e.g. while indexing).
    package func keep(_ value: Value) { state.withLock { $0 = value } }
}
