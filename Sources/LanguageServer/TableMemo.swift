import TextTables

/// What the server learns about one table when an editor asks at the cursor (the table read once,
/// whether it is formatted), kept with the table's entry in the index and shared by its copies. An edit
/// that touches the table replaces its entry and so forgets this; an edit elsewhere only shifts the
/// entry, and this stays.
///
/// Every table of a document has one, and few are ever asked about: until one is, it holds a single
/// small object (a place for what will be learnt), not room for a reading. A document of 130,000 small
/// tables spent 30 MB on that room.
struct TableMemo: Sendable {
    private final class Learnt: Sendable {
        let read = ComputedOnce<TableReading>()
        let formatted = ComputedOnce<Bool>()
    }

    private let learnt = ComputedOnce<Learnt>()
    private var parts: Learnt { learnt.value { Learnt() } }

    func reading(_ make: () -> TableReading) -> TableReading { parts.read.value(make) }

    /// The reading if one is kept, without reading the table.
    var keptReading: TableReading? { learnt.kept?.read.kept }

    /// Keeps a reading made while indexing the table.
    func keep(_ reading: TableReading) { parts.read.keep(reading) }

    func isFormatted(_ check: () -> Bool) -> Bool { parts.formatted.value(check) }
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
        let reading = reading(table, options: options).reading
        return table.memo.isFormatted { reading.isFormatted }
    }
}
