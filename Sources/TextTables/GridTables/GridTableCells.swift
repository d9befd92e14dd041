import GridModel

/// Finding the cells of a grid table once its borders and the column lines of each row are known.
extension GridTableReader {
    /// The cells: slots joined where no line separates them; each group must be a filled rectangle
    /// with no stray line inside it. The common case, where every cell is a rectangle closed on all sides,
    /// is found in one pass; anything else is analysed slot by slot to say what is wrong.
    mutating func findCells() -> [SlotRect]? {
        if let cells = closedRectangles() { return cells }
        return analyseRegions()
    }

    /// Each unassigned slot in reading order starts a cell: extend it right while no column line
    /// follows and down while no rule lies below, then check that lines close it all round and none
    /// crosses it. Nil as soon as a check fails.
    func closedRectangles() -> [SlotRect]? {
        let rows = rowColumnLines.count, columns = columnCount
        var taken = [Bool](repeating: false, count: rows * columns)
        var cells: [SlotRect] = []
        for r in 0..<rows {
            for k in 0..<columns where !taken[r * columns + k] {
                var right = k + 1
                while right < columns && !rowColumnLines[r][right] { right += 1 }
                var bottom = r + 1
                while bottom < rows && !geometry.isRule(line: borders[bottom], column: k) { bottom += 1 }
                for row in r..<bottom {
                    guard rowColumnLines[row][k], rowColumnLines[row][right] else { return nil }
                    for inner in (k + 1)..<right where rowColumnLines[row][inner] { return nil }
                    for column in k..<right {
                        guard !taken[row * columns + column] else { return nil }
                        taken[row * columns + column] = true
                    }
                }
                for column in k..<right {
                    guard r == 0 || geometry.isRule(line: borders[r], column: column),
                          bottom == rows || geometry.isRule(line: borders[bottom], column: column) else { return nil }
                    for row in (r + 1)..<bottom where geometry.isRule(line: borders[row], column: column) { return nil }
                }
                cells.append(SlotRect(rows: r..<bottom, columns: k..<right))
            }
        }
        return cells
    }

    /// Joins slots that no line separates and reports every group that is not a clean rectangle.
    mutating func analyseRegions() -> [SlotRect]? {
        let rows = rowColumnLines.count, columns = columnCount
        var joined = UnionFind(count: rows * columns)
        for r in 0..<rows {
            for k in 0..<columns {
                if k + 1 < columns && !rowColumnLines[r][k + 1] { joined.union(r * columns + k, r * columns + k + 1) }
                if r + 1 < rows && !geometry.isRule(line: borders[r + 1], column: k) {
                    joined.union(r * columns + k, (r + 1) * columns + k)
                }
            }
        }
        // Each set's bounding box and size, sets in the order of their first slot.
        var boxOfRoot = [Int](repeating: -1, count: rows * columns)
        var boxes: [(rows: ClosedRange<Int>, columns: ClosedRange<Int>, size: Int, root: Int)] = []
        for slot in 0..<(rows * columns) {
            let root = joined.find(slot), r = slot / columns, k = slot % columns
            if boxOfRoot[root] < 0 {
                boxOfRoot[root] = boxes.count
                boxes.append((r...r, k...k, 0, root))
            }
            let b = boxOfRoot[root]
            boxes[b].rows = min(boxes[b].rows.lowerBound, r)...max(boxes[b].rows.upperBound, r)
            boxes[b].columns = min(boxes[b].columns.lowerBound, k)...max(boxes[b].columns.upperBound, k)
            boxes[b].size += 1
        }
        var cells: [SlotRect] = []
        for box in boxes {
            let rect = SlotRect(rows: box.rows.lowerBound..<box.rows.upperBound + 1, columns: box.columns.lowerBound..<box.columns.upperBound + 1)
            let range = lineRange(borders[rect.rows.lowerBound] + 1).lowerBound..<lineRange(borders[rect.rows.upperBound] - 1).upperBound
            if box.size != rect.rows.count * rect.columns.count {
                irregularRegions.append((0..<(rows * columns)).filter { joined.find($0) == box.root })
                let missing = rect.rows.flatMap { r in rect.columns.map { r * columns + $0 } }.filter { joined.find($0) != box.root }
                let named = missing.prefix(3).map { Slot(row: $0 / columns, column: $0 % columns).description }
                report(.nonRectangularCell, Diagnostic.Message.nonRectangular(covering: box.size, of: rect, missing: named, more: missing.count > 3), range)
            } else if hasStrayLine(inside: rect) {
                report(.brokenBorder, Diagnostic.Message.lineEndsInsideCell(rect), range)
            } else {
                cells.append(rect)
            }
        }
        return cells
    }

    private func hasStrayLine(inside rect: SlotRect) -> Bool {
        for r in rect.rows {
            for k in rect.columns.dropFirst() where rowColumnLines[r][k] { return true }
            if r + 1 < rect.rows.upperBound {
                for k in rect.columns where geometry.isRule(line: borders[r + 1], column: k) { return true }
            }
        }
        return false
    }
}

/// Disjoint sets of slots, joined where no line separates them.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ x: Int) -> Int {
        var root = x
        while parent[root] != root { root = parent[root] }
        var node = x
        while parent[node] != root { (parent[node], node) = (root, parent[node]) }
        return root
    }

    mutating func union(_ a: Int, _ b: Int) {
        let (ra, rb) = (find(a), find(b))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
