/// One line of a pandoc simple or multiline table as pandoc's Markdown reader sees it: tabs expanded to
/// stops of 4 (pandoc expands them before it parses) and each code point as wide as Text.DocLayout's
/// `charWidth` (`ReferenceReader.pandoc`). Pandoc cuts a line into cells by these columns.
struct PandocTableLine {
    /// The line's code points, tabs expanded to spaces.
    private(set) var scalars: [Unicode.Scalar] = []
    /// The columns each code point takes.
    private(set) var widths: [Int] = []
    /// Where each code point starts in the line's bytes (a tab's spaces all at the tab).
    private(set) var byteStarts: [Int] = []
    private var byteCount = 0

    init(_ bytes: ArraySlice<UInt8>) {
        var column = 0, offset = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                let stop = 4 - column % 4
                for _ in 0..<stop { scalars.append(" "); widths.append(1); byteStarts.append(offset) }
                column += stop
            } else {
                let width = ReferenceReader.pandoc.width(of: scalar)
                scalars.append(scalar)
                widths.append(width)
                byteStarts.append(offset)
                column += width
            }
            offset += UTF8.width(scalar)
        }
        byteCount = offset
    }

    /// The byte offset (from the line's start) of code point `index` (the line's end past the last).
    func byteOffset(ofScalar index: Int) -> Int { index < byteStarts.count ? byteStarts[index] : byteCount }

    /// The byte offset (from the line's start) of the first code point at or right of `column`, or nil
    /// when the line ends before it.
    func byteOffset(ofColumn column: Int) -> Int? {
        var at = 0
        for i in scalars.indices {
            if at >= column { return byteStarts[i] }
            at += widths[i]
        }
        return at >= column ? byteCount : nil
    }

    var isBlank: Bool { scalars.allSatisfy { $0 == " " } }

    /// The leading spaces.
    var indent: Int { scalars.firstIndex { $0 != " " } ?? scalars.count }

    /// The dash runs of a column line (pandoc's `nonindentSpaces >> many1 (dashedLine '-')`): at most three
    /// spaces, then runs of `-` each followed by its spaces, nothing else; nil for any other line.
    var dashRuns: (indent: Int, runs: [(dashes: Int, length: Int)])? {
        let indent = self.indent
        guard indent <= 3, indent < scalars.count, scalars[indent] == "-" else { return nil }
        var runs: [(dashes: Int, length: Int)] = []
        var i = indent
        while i < scalars.count {
            let start = i
            while i < scalars.count && scalars[i] == "-" { i += 1 }
            let dashes = i - start
            while i < scalars.count && scalars[i] == " " { i += 1 }
            guard dashes > 0 else { return nil }
            runs.append((dashes, i - start))
        }
        return (indent, runs)
    }

    /// The line cut at `boundaries` (columns from the line's start) as pandoc's `splitTextByIndices` cuts
    /// it: each piece takes code points while it has columns left, so a wide one straddling a boundary
    /// goes left and the pieces after it start one column later. `boundaries.count + 1` pieces.
    func pieces(at boundaries: [Int]) -> [(start: Int, scalars: ArraySlice<Unicode.Scalar>)] {
        var result: [(start: Int, scalars: ArraySlice<Unicode.Scalar>)] = []
        var i = 0, column = 0, previous = 0
        for boundary in boundaries {
            var left = boundary - previous
            previous = boundary
            let start = i, startColumn = column
            while i < scalars.count && left > 0 {
                left -= widths[i]
                column += widths[i]
                i += 1
            }
            result.append((startColumn, scalars[start..<i]))
        }
        result.append((column, scalars[i...]))
        return result
    }

    /// Columns of `scalars`.
    static func width(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + ReferenceReader.pandoc.width(of: $1) }
    }
}

extension ArraySlice where Element == Unicode.Scalar {
    /// Pandoc's `trim`: without white space at either end.
    var trimmed: ArraySlice<Unicode.Scalar> {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }

    var string: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: self)
        return String(s)
    }
}
