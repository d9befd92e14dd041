import GridModel

/// The reader whose reading is a grid table's meaning, and how it counts columns: a grid table means what
/// its reader reads, so gridls measures its text as that reader does, not as an editor draws it.
/// Markdown grid tables are pandoc's; reStructuredText ones are docutils's, with `pandoc -f rst` a second
/// reader whose disagreement (`conflict(in:)`) is a warning, never a refusal.
enum ReferenceReader: Sendable {
    /// pandoc (the gridtables library, with Text.DocLayout's `charWidth` per code point): combining and
    /// enclosing marks, controls and format characters (ZWJ, ZWSP, soft hyphen, U+FE0F) take no column,
    /// East Asian Wide and Fullwidth ones two, every other one.
    case pandoc
    /// docutils: one column per code point, none for a combining mark (canonical combining class not 0,
    /// which docutils strips before it measures), and one more for each East Asian Wide or Fullwidth one.
    case docutils

    init(_ syntax: DocumentSyntax) {
        self = syntax == .restructuredText ? .docutils : .pandoc
    }

    var name: String { self == .pandoc ? "pandoc" : "docutils" }

    func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        switch self {
        case .docutils:
            if scalar.properties.canonicalCombiningClass != .notReordered { return 0 }
            return EastAsianWidth.isWide(value) ? 2 : 1
        case .pandoc:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .control, .format: return 0
            default: return EastAsianWidth.isWide(value) ? 2 : 1
            }
        }
    }

    /// Columns of `text` (a cell's line, tabs already expanded).
    func width<S: StringProtocol>(of text: S) -> Int {
        // Most cells' lines: a column a byte, asked of every line of every cell (a word at a time).
        let plain = text.utf8.withContiguousStorageIfAvailable { WordScan.isPrintableASCII($0, from: 0, to: $0.count) }
        if plain ?? text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// docutils expands every tab of a document before it reads a table (`string2lines`: Python's
    /// `expandtabs(8)`), counting one column per code point from the start of the document's line,
    /// container indentation included: a tab's width depends on where it stands. `column` is that count
    /// before `bytes` (UTF-8), the result the count after them.
    static func docutilsColumn<C: Collection<UInt8>>(after bytes: C, from column: Int) -> Int {
        var column = column
        for byte in bytes where byte & 0xC0 != 0x80 {  // a code point starts at each non-continuation byte
            column += byte == 0x09 ? 8 - column % 8 : 1
        }
        return column
    }

    /// Columns docutils counts in a cell's line `text` that starts at `docutilsColumn` `column`: each tab
    /// as the spaces it expands to there, the rest as `width(of:)` counts.
    func width(of text: String, at column: Int) -> Int {
        guard self == .docutils, text.utf8.contains(0x09) else { return width(of: text) }
        var column = column, width = 0
        for scalar in text.unicodeScalars {
            let tab = scalar == "\t" ? 8 - column % 8 : 0
            width += scalar == "\t" ? tab : self.width(of: scalar)
            column += scalar == "\t" ? tab : 1
        }
        return width
    }

    /// For a reStructuredText `line` (from its start), whether `pandoc -f rst` places the end of the bytes
    /// `cell` otherwise than their start, relative to docutils: pandoc expands tabs to stops of 4 (its
    /// `--tab-stop`), also per code point from the line's start, so a tab at a column 0–3 past a multiple
    /// of 8 ends 4 columns short of docutils's stop, and pandoc 3.9 then reads other cells
    /// (`scripts/read_tables.py pandoc-rst`).
    static func pandocExpandsTabsApart(line: ArraySlice<UInt8>, cell: Range<Int>) -> Bool {
        var docutils = 0, pandoc = 0, before = 0
        for i in line.indices where line[i] & 0xC0 != 0x80 {  // a code point starts at each non-continuation byte
            if i == cell.lowerBound { before = docutils - pandoc }
            let tab = line[i] == 0x09
            docutils += tab ? 8 - docutils % 8 : 1
            pandoc += tab ? 4 - pandoc % 4 : 1
        }
        return docutils - pandoc != before
    }

    /// For reStructuredText, where docutils decides and `pandoc -f rst` is a second reader: how many more
    /// columns docutils counts in `text` than pandoc does (zero-width and control characters, U+FE0F).
    /// Where it is not 0, a table laid out for docutils stands off pandoc's columns: a warning, not a refusal.
    static func conflict<S: StringProtocol>(in text: S) -> Int {
        ReferenceReader.docutils.width(of: text) - ReferenceReader.pandoc.width(of: text)
    }

    /// How many more columns pandoc 3.9 sizes a grid table line holding `text` than it places that text
    /// in. The gridtables library places each character by `charWidth` (`width(of:)`) but sizes its
    /// character grid by the widest line's `realLength`, which counts emoji sequences as one glyph: an
    /// emoji that is narrow alone takes 2 with U+FE0F (✔️, ❤️, a keycap 1️⃣: +1 each), an emoji with a skin
    /// tone 2 (👍🏽: −2), a ZWJ sequence 2 (👨‍👩‍👧: −4). Measured with `pandoc -f markdown` (GridReaderWidthTests).
    static func pandocSizingExcess<S: StringProtocol>(_ text: S) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return 0 }
        // realLength's state: the columns counted so far, the last character, and its tentative width.
        var total = 0, tentative = 0, placed = 0
        var last: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            let width = ReferenceReader.pandoc.width(of: scalar)
            placed += width
            switch scalar.value {
            case 0x200D where last.properties.isEmoji || last.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(last.value):
                total -= 2; tentative = 2  // joins two emoji: the sequence counts as its last one
            case 0xFE0F where last.properties.isEmoji:
                tentative = 2  // emoji presentation: the emoji before it counts 2
            case 0x1F3FB...0x1F3FF where last.properties.isEmojiModifierBase:
                tentative = 2  // a skin tone on its emoji: 2 for both
            default:
                total += tentative; tentative = width
            }
            last = scalar
        }
        return total + tentative - placed
    }

    /// Why pandoc cannot read a Markdown grid table as any layout draws it, given the widest
    /// `pandocSizingExcess` of its lines, or nil. A layout changes none of it: padding adds to both counts.
    /// - 2 or more, in a table with a header separator, a foot or alignment colons: gridtables finds
    ///   `+===+` lines and colons by walking a border to the character grid's last column, and the walk
    ///   falls short, so the header, foot and alignments are lost.
    /// - 1 or more, where a cell spans a column line right under a junction (`hasSpanUnderJunction`): the
    ///   trace from that junction finds no cell, and gridtables's rule for a short last column makes one of
    ///   the blank columns past the right border: pandoc reads a column of its own.
    static func pandocRefusal(excess: Int, hasHeaderFootOrAlignments: Bool, hasSpanUnderJunction: Bool) -> String? {
        if excess >= 2 && hasHeaderFootOrAlignments { return Diagnostic.Message.pandocLosesHeader(excess) }
        if excess >= 1 && hasSpanUnderJunction { return Diagnostic.Message.pandocAddsColumn(excess) }
        return nil
    }

    /// Whether a cell's bottom-left junction (off the left edge and the bottom border) stands on a column
    /// line that the cell below it spans across, on a border drawn from there to the right edge (a cell
    /// spanning rows across it stops gridtables's trace before the edge). `rects` are the cells of a
    /// `rowCount` × `columnCount` grid.
    static func hasSpanUnderJunction(_ rects: [SlotRect], rowCount: Int, columnCount: Int) -> Bool {
        var owner = [Int](repeating: 0, count: rowCount * columnCount)  // per slot: the index of its cell
        for (index, rect) in rects.enumerated() {
            for r in rect.rows { for c in rect.columns { owner[r * columnCount + c] = index } }
        }
        return rects.contains { rect in
            let r = rect.rows.upperBound, c = rect.columns.lowerBound
            guard c > 0 && r < rowCount, rects[owner[r * columnCount + c]].columns.lowerBound < c else { return false }
            return (c..<columnCount).allSatisfy { owner[(r - 1) * columnCount + $0] != owner[r * columnCount + $0] }
        }
    }

    /// Whether some line of the grid's cells holds text pandoc sizes wider than it places it (an emoji
    /// with U+FE0F): only then can an edit make a grid table `refusal(for:)` refuses.
    static func holdsSizedText(_ grid: Grid) -> Bool {
        grid.cells.contains { $0.lines.contains { pandocSizingExcess($0) > 0 } }
    }

    /// Why a grid cannot be printed as a grid table this reader reads as drawn (an edit that makes one of
    /// a pipe, simple or list table), or nil: each printed line holds line k of the cells of a row.
    func refusal(for grid: Grid) -> String? {
        guard self == .pandoc else { return nil }  // docutils reads every layout gridls prints
        let marked = grid.headerRowCount > 0 || grid.footerRowCount > 0 || grid.alignments.contains { $0 != .none }
        var rowLines: [Int: [Int]] = [:]  // per row, per line: the line's excess
        for cell in grid.cells {
            for (k, line) in cell.lines.enumerated() {
                let more = ReferenceReader.pandocSizingExcess(line)
                guard more != 0 else { continue }
                rowLines[cell.rows.lowerBound, default: []].pad(to: k + 1)
                rowLines[cell.rows.lowerBound]![k] += more
            }
        }
        let excess = rowLines.values.lazy.flatMap { $0 }.max() ?? 0
        let rects = grid.cells.map { SlotRect(rows: $0.rows, columns: $0.columns) }
        return ReferenceReader.pandocRefusal(
            excess: excess, hasHeaderFootOrAlignments: marked,
            hasSpanUnderJunction: ReferenceReader.hasSpanUnderJunction(rects, rowCount: grid.rowCount, columnCount: grid.columnCount))
    }
}

private extension [Int] {
    mutating func pad(to count: Int) {
        if self.count < count { append(contentsOf: repeatElement(0, count: count - self.count)) }
    }
}
