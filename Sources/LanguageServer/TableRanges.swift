import JSONRPC

/// `gridls/tableRanges`: the first and last line of every table, pushed to clients that declare
/// `experimental.gridls.tableRanges`, so that an editor's table keys ask the server only where a table
/// is. Sent after open, and after a change only when the ranges differ from the last ones sent (most
/// keystrokes move no table's edge: comparing costs a pass over the index, and sends nothing).
extension Server {
    func pushTableRanges(_ document: inout OpenDocument) {
        guard client.tableRanges, !document.index.hasTableRanges(document.sentTableRanges) else { return }
        let ranges = document.index.tableRanges
        document.sentTableRanges = ranges
        let pairs = stride(from: 0, to: ranges.count, by: 2).map { JSON.array([.int(ranges[$0]), .int(ranges[$0 + 1])]) }
        send(Outgoing.notification("gridls/tableRanges", [
            "textDocument": ["uri": .string(document.uri), "version": .int(document.version)],
            "ranges": .array(pairs),
        ]))
    }
}

extension TableIndex {
    /// Each table's first and last line (0-based, inclusive), in order, flat.
    var tableRanges: [Int] {
        var flat: [Int] = []
        flat.reserveCapacity(tables.count * 2)
        for table in tables { flat += [table.firstLine, table.lines.upperBound - 1] }
        return flat
    }

    /// Whether `flat` is `tableRanges`, compared without building it.
    func hasTableRanges(_ flat: [Int]?) -> Bool {
        guard let flat, flat.count == tables.count * 2 else { return false }
        for (n, table) in tables.enumerated() where flat[2 * n] != table.firstLine || flat[2 * n + 1] != table.lines.upperBound - 1 {
            return false
        }
        return true
    }
}
