/// Block quotes and list items as cmark-gfm reads them: which open containers a line continues, which it
/// opens, and where the text inside them starts.
extension MarkdownScanner {
    /// The line puts content in the first `count` containers (it continues them and is not blank there).
    mutating func holdContent(through count: Int) {
        for index in 0..<count {
            if case .listItem(let width, true) = containers[index] { containers[index] = .listItem(width: width, empty: false) }
        }
        blankStops.removeAll { $0 < count && containers[$0] != .blockQuote }
    }

    /// Whether the current line holds only spaces and tabs from `pos` on.
    mutating func isBlank(from pos: Int) -> Bool { pos >= lineTextEnd }

    /// Consumes the prefixes of the open containers that this line continues; returns how many.
    /// Each container reads only its own prefix (indentation is counted up to what it asks, blankness is
    /// known per line): a line under N nested containers costs N steps, not N times its indentation.
    mutating func matchContainers(_ pos: inout Int, _ column: inout Int, _ end: Int) -> Int {
        var matched = 0
        for container in containers {
            if pos == end { return firstBlankStop(from: matched) }
            switch container {
            case .blockQuote:
                let (indent, afterIndent) = BlockSyntax.indentation(b, pos, end, column: column, atMost: 4)
                guard indent < 4, afterIndent < end, b[afterIndent] == UInt8(ascii: ">") else { return matched }
                column += indent + 1
                pos = afterIndent + 1
                consumeMarkerSpace(&pos, &column, end)
            case .listItem(let width, let empty):
                let (indent, _) = BlockSyntax.indentation(b, pos, end, column: column, atMost: width)
                if isBlank(from: pos) && indent < width {
                    if empty { return matched }
                    break
                }
                guard indent >= width else { return matched }
                consumeColumns(width, &pos, &column, end)
            }
            matched += 1
        }
        return matched
    }

    /// The first container from `index` on that a line with nothing left does not continue (or the count).
    private mutating func firstBlankStop(from index: Int) -> Int {
        var low = 0, high = blankStops.count
        while low < high {
            let middle = (low + high) / 2
            if blankStops[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < blankStops.count ? blankStops[low] : containers.count
    }

    /// Consumes `count` columns as CommonMark does: a tab wider than the columns left is consumed in part,
    /// and then `pos` stays on it, with `column` inside it (its other columns are the content's indentation).
    private mutating func consumeColumns(_ count: Int, _ pos: inout Int, _ column: inout Int, _ end: Int) {
        let target = column + count
        while column < target && pos < end {
            if b[pos] == BlockSyntax.tab {
                let next = column + 4 - column % 4
                if next > target {
                    column = target
                    return
                }
                column = next
            } else {
                column += 1
            }
            pos += 1
        }
    }

    /// The optional space after `>`: one column, which may be part of a tab.
    private mutating func consumeMarkerSpace(_ pos: inout Int, _ column: inout Int, _ end: Int) {
        if pos < end && (b[pos] == BlockSyntax.space || b[pos] == BlockSyntax.tab) { consumeColumns(1, &pos, &column, end) }
    }

    /// Where a table line's text starts for formatting: `pos`, or past the tab when the containers took
    /// part of it (the tab then stays in the line's prefix, which formatting keeps byte for byte).
    mutating func contentStart(_ pos: Int, _ column: Int) -> Int {
        guard pos < b.count, b[pos] == BlockSyntax.tab else { return pos }
        var tabColumn = 0
        for i in lineStart..<pos { tabColumn += b[i] == BlockSyntax.tab ? 4 - tabColumn % 4 : 1 }
        return tabColumn == column ? pos : pos + 1
    }

    /// New block quotes and list items opened on this line.
    mutating func openContainers(_ pos: inout Int, _ column: inout Int, _ end: Int) {
        while true {
            let (indent, p) = BlockSyntax.indentation(b, pos, end, column: column)
            guard indent < 4, p < end else { return }
            if b[p] == UInt8(ascii: ">") {
                column += indent + 1
                pos = p + 1
                consumeMarkerSpace(&pos, &column, end)
                blankStops.append(containers.count)
                containers.append(.blockQuote)
                leaf = .none
                continue
            }
            guard !BlockSyntax.thematicBreak(b, p, end),
                let item = BlockSyntax.listMarker(b, p, end, column: column + indent)
            else { return }
            if case .paragraph = leaf, item.empty || !item.startsAtOne { return }
            if item.empty { blankStops.append(containers.count) }
            containers.append(.listItem(width: indent + item.width, empty: item.empty))
            consumeColumns(indent + item.width, &pos, &column, end)
            if item.empty { pos = end }
            leaf = .none
        }
    }
}
