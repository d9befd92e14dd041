import TextTables

/// A unified diff (`diff -u`, three lines of context) of a document and the formatter's edits to it,
/// built from the edits themselves: formatting touches few lines, so no line-matching search is needed,
/// and `patch` applied to the original gives exactly the formatted document.
struct UnifiedDiff {
    /// A run of old lines `oldLines` replaced by `newLines` (each line with its terminator, if any).
    private struct Change {
        var oldLines: Range<Int>
        var newLines: [ArraySlice<UInt8>]
    }

    private let old: [UInt8]
    /// Where each line starts; a last line is there only if it holds a byte.
    private let starts: [Int]
    private var lineCount: Int { starts.count }

    init(_ old: [UInt8]) {
        self.old = old
        let text = TextLines(old)
        starts = text.starts.last == old.count ? Array(text.starts.dropLast()) : text.starts
    }

    /// The diff between the old document and the one `edits` (sorted, not overlapping) make of it, or an
    /// empty array when they change nothing.
    func render(_ edits: [TextEdit], path: String, context: Int = 3) -> [UInt8] {
        let changes = self.changes(edits)
        guard !changes.isEmpty else { return [] }
        // `path` is quoted (`QuotedName`) when it holds a newline, a tab or a space at either end; patch
        // reads a plain name up to a tab: one after a name with spaces keeps them in the name.
        let name = !path.hasPrefix("\"") && path.contains(" ") ? path + "\t" : path
        var out = Array("--- \(name)\n+++ \(name)\n".utf8)
        var delta = 0  // new line number minus old line number, before the hunk
        var index = 0
        while index < changes.count {
            var last = index
            while last + 1 < changes.count && changes[last + 1].oldLines.lowerBound - changes[last].oldLines.upperBound <= 2 * context {
                last += 1
            }
            let from = max(0, changes[index].oldLines.lowerBound - context)
            let to = min(lineCount, changes[last].oldLines.upperBound + context)
            var body: [UInt8] = []
            var line = from, added = 0
            for change in changes[index...last] {
                while line < change.oldLines.lowerBound { append(" ", self.line(line), to: &body); line += 1 }
                for removed in change.oldLines { append("-", self.line(removed), to: &body) }
                for new in change.newLines { append("+", new, to: &body) }
                added += change.newLines.count - change.oldLines.count
                line = change.oldLines.upperBound
            }
            while line < to { append(" ", self.line(line), to: &body); line += 1 }
            let oldLength = to - from, newLength = oldLength + added
            out += Array("@@ -\(Self.start(from, oldLength)),\(oldLength) +\(Self.start(from + delta, newLength)),\(newLength) @@\n".utf8)
            out += body
            delta += added
            index = last + 1
        }
        return out
    }

    /// `diff` numbers an empty range by the line before it.
    private static func start(_ line: Int, _ length: Int) -> Int { length == 0 ? line : line + 1 }

    private func append(_ mark: String, _ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out += Array(mark.utf8)
        out += line
        if line.last != 0x0A { out += Array("\n\\ No newline at end of file\n".utf8) }
    }

    private func line(_ index: Int) -> ArraySlice<UInt8> {
        old[starts[index]..<(index + 1 < lineCount ? starts[index + 1] : old.count)]
    }

    private func lineStart(_ index: Int) -> Int { index < lineCount ? starts[index] : old.count }

    /// The line an offset lies in; the end of a document that ends with a newline lies past its last line.
    private func line(containing offset: Int) -> Int {
        var low = 0, high = lineCount  // the first line starting after offset
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return offset >= old.count && (old.last == 0x0A || old.isEmpty) ? lineCount : low - 1
    }

    /// The edits as whole-line changes: edits on the same or neighbouring lines become one change (all its
    /// removed lines, then all its added ones, as `diff` prints them), and lines that come
    /// out the same at either end of a change are left out of it.
    private func changes(_ edits: [TextEdit]) -> [Change] {
        var groups: [(lines: Range<Int>, edits: [TextEdit])] = []
        for edit in edits {
            let first = line(containing: edit.range.lowerBound)
            let end = edit.range.isEmpty ? min(first + 1, lineCount) : line(containing: edit.range.upperBound - 1) + 1
            let lines = first..<max(first, end)
            if let previous = groups.last, lines.lowerBound <= previous.lines.upperBound {
                groups[groups.count - 1] = (previous.lines.lowerBound..<max(previous.lines.upperBound, lines.upperBound), previous.edits + [edit])
            } else {
                groups.append((lines, [edit]))
            }
        }
        return groups.compactMap { group in
            var bytes: [UInt8] = []
            var position = lineStart(group.lines.lowerBound)
            for edit in group.edits {
                bytes += old[position..<edit.range.lowerBound]
                bytes += edit.newText
                position = edit.range.upperBound
            }
            bytes += old[position..<lineStart(group.lines.upperBound)]
            return trimmed(Change(oldLines: group.lines, newLines: Self.split(bytes)))
        }
    }

    private func trimmed(_ change: Change) -> Change? {
        var change = change
        while !change.oldLines.isEmpty, let first = change.newLines.first, line(change.oldLines.lowerBound) == first {
            change.oldLines = change.oldLines.dropFirst()
            change.newLines.removeFirst()
        }
        while !change.oldLines.isEmpty, let last = change.newLines.last, line(change.oldLines.upperBound - 1) == last {
            change.oldLines = change.oldLines.dropLast()
            change.newLines.removeLast()
        }
        return change.oldLines.isEmpty && change.newLines.isEmpty ? nil : change
    }

    private static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }
}
