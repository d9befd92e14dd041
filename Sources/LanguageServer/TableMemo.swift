import Synchronization
import TextTables

/// What the server learns about one table when an editor asks at the cursor (the table read once,
/// whether it is formatted), kept with the table's entry in the index. An edit that touches the table
/// replaces its entry and so forgets this; an edit elsewhere only shifts the entry, and this stays.
final class TableMemo: Sendable {
    private struct State {
        var reading: TableReading?
        var isFormatted: Bool?
    }

    private let state = Mutex(State())

    func reading(_ read: () -> TableReading) -> TableReading { remembered(\.reading, read) }

    /// Keeps a reading made while indexing the table.
    func keep(_ reading: TableReading) { state.withLock { $0.reading = reading } }

    func isFormatted(_ check: () -> Bool) -> Bool { remembered(\.isFormatted, check) }

    /// The value kept at `key`, made by `make` the first time (under the lock, which is not reentrant).
    private func remembered<Value: Sendable>(_ key: WritableKeyPath<State, Value?> & Sendable, _ make: () -> Value) -> Value {
        state.withLock { state in
            if let known = state[keyPath: key] { return known }
            let made = make()
            state[keyPath: key] = made
            return made
        }
    }
}

extension OpenDocument {
    /// The table read once (kept until an edit touches it), as a local table with its reading.
    func reading(_ table: TableIndex.Table, options: FormatOptions) -> (local: LocalTable, reading: TableReading) {
        func read() -> TableReading {
            let local = self.local(table)
            return TableReading(local.text, region: local.region, options: options)
        }
        var reading = table.memo.reading(read)
        if reading.options != options { reading = read() }  // kept by the index under other settings
        return (LocalTable(text: reading.text, region: reading.region, firstLine: table.firstLine), reading)
    }

    /// Whether formatting would leave the table as it is (known once per reading).
    func isFormatted(_ table: TableIndex.Table, options: FormatOptions) -> Bool {
        let reading = reading(table, options: options).reading  // outside the memo's lock, which is not reentrant
        return table.memo.isFormatted { reading.isFormatted }
    }
}
