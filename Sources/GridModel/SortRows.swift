/// Direction of a sort by column.
public enum SortOrder: Sendable, Hashable {
    case ascending, descending
}

extension Grid {
    /// Sorts the body rows by the text of the cell each row has in `column`. Stable. Numeric when every
    /// non-blank key parses as a number, otherwise by Unicode-aware comparison (case-insensitive,
    /// digits by value). Blank keys go last in either order. Refused when a body cell spans rows.
    func sortingBody(byColumn column: Int, order: SortOrder) throws(GridEditError) -> Grid {
        if let refusal = refusal(of: .sortBody(column: column, order: order)) { throw refusal }
        let body = bodyRows
        var keys = [String](repeating: "", count: rowCount)
        for cell in cells where cell.columns.contains(column) && body.contains(cell.rows.lowerBound) {
            keys[cell.rows.lowerBound] = trimmed(cell.lines.joined(separator: " "))
        }
        let sorted = Array(body).sorted(by: SortKeyOrder(keys: keys, order: order).precedes)
        var newIndex = Array(0..<rowCount)
        for (offset, old) in sorted.enumerated() { newIndex[old] = headerRowCount + offset }
        let moved = cells.map { cell -> GridCell in
            var cell = cell
            let r = newIndex[cell.rows.lowerBound]
            cell.rect.rows = r..<r + 1
            return cell
        }
        return Grid(
            unchecked: moved, rowCount: rowCount, columnCount: columnCount,
            alignments: alignments, headerRowCount: headerRowCount, footerRowCount: footerRowCount)
    }
}

/// `text` without the white space at either end.
private func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}

/// The comparison a sort by column uses: row indices ordered by their keys, ties by original position.
private struct SortKeyOrder {
    let keys: [String]
    let order: SortOrder
    let numbers: [Double?]
    let numeric: Bool
    /// The keys as `NaturalKey`s, made once.
    let naturalKeys: [NaturalKey]

    init(keys: [String], order: SortOrder) {
        self.keys = keys
        self.order = order
        self.numbers = keys.map { Double($0) }
        self.numeric = zip(keys, numbers).allSatisfy { key, number in key.isEmpty || number != nil }
        self.naturalKeys = keys.map(NaturalKey.init)
    }

    func precedes(_ a: Int, _ b: Int) -> Bool {
        switch (keys[a].isEmpty, keys[b].isEmpty) {
        case (true, true): return a < b
        case (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        let result = if numeric, let x = numbers[a], let y = numbers[b] {
            x < y ? -1 : x > y ? 1 : 0
        } else {
            NaturalKey.compare(naturalKeys[a], naturalKeys[b])
        }
        if result == 0 { return a < b }
        return (result < 0) == (order == .ascending)
    }
}
