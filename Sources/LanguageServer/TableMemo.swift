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
        /// Whether formatting leaves the table as it is, under the options it was asked under.
        let formatted = ComputedOnce<Formatted>()
        let formattedButRow = ComputedOnce<FormattedButRow>()
    }

    private struct Formatted: Sendable {
        var value: Bool
        var options: FormatOptions
    }

    private let learnt = ComputedOnce<Learnt>()
    private var parts: Learnt { learnt.value { Learnt() } }

    func reading(_ make: () -> TableReading) -> TableReading { parts.read.value(make) }

    /// The reading if one is kept, without reading the table.
    var keptReading: TableReading? { learnt.kept?.read.kept }

    /// Keeps a reading made while indexing the table.
    func keep(_ reading: TableReading) { parts.read.keep(reading) }

    func isFormatted(options: FormatOptions, _ check: () -> Bool) -> Bool {
        parts.formatted.value { Formatted(value: check(), options: options) }.value
    }

    /// The table known formatted but for one row typed in since (`FormattedButRow`).
    var formattedButRow: FormattedButRow? { learnt.kept?.formattedButRow.kept }

    func keep(_ formattedButRow: FormattedButRow) { parts.formattedButRow.keep(formattedButRow) }

    /// What the table's entry knows after an edit inside the cells of its body row `row` that keeps the
    /// table's shape (`TableIndex.updateRow`): its reading is forgotten, not patched (patching a
    /// 100,000-row table's copy costs as much as reading it again, which the next request that needs it
    /// does once, after a burst of typing), but a table formatted before the edit, or formatted but for
    /// this row, is known formatted but for this row (`lineBefore`: the row before the edit).
    func afterRowEdit(row: Int, lineBefore: () -> [UInt8]) -> TableMemo {
        let next = TableMemo()
        guard let learnt = learnt.kept else { return next }
        if let formatted = learnt.formatted.kept, formatted.value, let reading = learnt.read.kept, reading.options == formatted.options {
            if let kept = reading.formattedButRow(line: row, formatted: lineBefore()) { next.keep(kept) }
        } else if let kept = learnt.formattedButRow.kept, kept.line == row {
            next.keep(kept)
        }
        return next
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
        let reading = reading(table, options: options).reading
        return table.memo.isFormatted(options: options) { reading.isFormatted }
    }
}
