extension PandocMarkdownScanner {
    /// Where each of the document's lines starts for the blocks being read: after the prefixes of the block
    /// quotes and list items that hold them. One table per scan, changed as a container's content is read
    /// and put back after it.
    ///
    /// Why not a copy of the lines per container: a container's content is a run of the lines of the one
    /// around it, and most of them (blank lines, lazy lines) read the same in both. A copy per container
    /// made N blank lines under items nested D deep cost N·D lines of memory (1.6 GB for 4 MB); changes
    /// cost what they take off, at least a byte of a line each, so all of them together are linear.
    final class LineTable {
        // A buffer, not an array: a class's array is checked for exclusive access on every read, and lines
        // are read many times each.
        private let lines: UnsafeMutableBufferPointer<Line>
        private var saved: [Line] = []
        /// Per line, the end of the run of whitespace-only lines from it (0 when not known); made when
        /// first needed.
        private var blankRunEnds: [Int32] = []

        init(_ lines: [Line]) {
            self.lines = .allocate(capacity: lines.count)
            _ = self.lines.initialize(from: lines)
        }

        deinit { lines.deallocate() }

        var count: Int { lines.count }

        subscript(_ index: Int) -> Line { lines[index] }

        /// Makes `changes` (lines as a container's content reads them) the lines, keeping those they replace.
        func enter(_ changes: [Line]) {
            for line in changes {
                saved.append(lines[line.index])
                lines[line.index] = line
            }
        }

        /// Puts back the `count` lines the last `enter` replaced.
        func leave(_ count: Int) {
            for _ in 0..<count { let line = saved.removeLast(); lines[line.index] = line }
        }

        /// The end of the run of lines from `index` that are spaces and tabs from their first byte, which any
        /// container reads as blank; `index` itself when it is not one.
        func wholeBlankRunEnd(from index: Int, in text: TextLines) -> Int {
            if !blankRunEnds.isEmpty && blankRunEnds[index] > 0 { return Int(blankRunEnds[index]) }
            var end = index
            while end < text.count && Self.isWhitespace(text, end) { end += 1 }
            // Short runs are found again faster than remembered.
            if end - index > 8 {
                if blankRunEnds.isEmpty { blankRunEnds = [Int32](repeating: 0, count: text.count) }
                for line in index..<end { blankRunEnds[line] = Int32(truncatingIfNeeded: end) }
            }
            return end
        }

        private static func isWhitespace(_ text: TextLines, _ line: Int) -> Bool {
            let b = text.bytes
            var p = text.starts[line]
            let end = text.contentEnd(line)
            while p < end && (b[p] == BlockSyntax.space || b[p] == BlockSyntax.tab) { p += 1 }
            return p == end
        }
    }

    /// The lines of the blocks being read: a run of the document's lines (a container's content always is
    /// one), indexed by their line numbers, as the `LineTable` reads them now.
    struct Lines: RandomAccessCollection {
        let table: LineTable
        let startIndex: Int
        let endIndex: Int

        init(_ table: LineTable, _ range: Range<Int>) {
            self.table = table
            (startIndex, endIndex) = (range.lowerBound, range.upperBound)
        }

        @inline(__always)
        subscript(_ index: Int) -> Line {
            precondition(index >= startIndex && index < endIndex, "line out of the lines being read")
            return table[index]
        }

        subscript(_ range: Range<Int>) -> Lines {
            precondition(range.lowerBound >= startIndex && range.upperBound <= endIndex, "lines out of the lines being read")
            return Lines(table, range)
        }
    }
}

/// Per line, the run of spaces and tabs last measured in it (the longest from the start asked about): a
/// start later inside the run ends at the same text. A class, so that the scanners that probe a reading
/// share what the scan has measured.
final class WhitespaceRuns {
    private var starts: [Int]
    private var ends: [Int]
    private var tabs: [Bool]

    init(lineCount: Int) {
        starts = [Int](repeating: -1, count: lineCount)
        ends = [Int](repeating: -1, count: lineCount)
        tabs = [Bool](repeating: false, count: lineCount)
    }

    /// The indentation in columns of line `line` of `b` read from `start`, and where its text starts: from
    /// the run measured before when `start` lies in it.
    func indentation(_ b: [UInt8], _ line: Int, _ start: Int, _ end: Int) -> (columns: Int, p: Int) {
        if starts[line] <= start && start <= ends[line] && starts[line] >= 0 {
            return tabs[line] ? BlockSyntax.indentation(b, start, end) : (ends[line] - start, ends[line])
        }
        let (columns, p) = BlockSyntax.indentation(b, start, end)
        (starts[line], ends[line], tabs[line]) = (start, p, b[start..<p].contains(BlockSyntax.tab))
        return (columns, p)
    }
}
