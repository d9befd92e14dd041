import GridModel

/// The reader whose reading is a grid table's meaning, and how it counts columns: a grid table means what
/// its reader reads, so gridls measures its text as that reader does, not as an editor draws it.
/// Markdown grid tables are pandoc's; reStructuredText ones are docutils's (and pandoc's `-f rst`, which
/// must agree: `conflict(in:)`).
enum GridReader: Sendable {
    /// pandoc (the gridtables library, with Text.DocLayout's `charWidth` per code point): combining and
    /// enclosing marks, controls and format characters (ZWJ, ZWSP, soft hyphen, U+FE0F) take no column,
    /// East Asian Wide and Fullwidth ones two, every other one.
    case pandoc
    /// docutils: one column per code point, and one more for each East Asian Wide or Fullwidth one.
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
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// For reStructuredText, where docutils and pandoc must read the same table: how many more columns
    /// docutils counts in `text` than pandoc does (zero-width, combining and control characters). No
    /// layout lines a table up for both when it is not 0.
    static func conflict<S: StringProtocol>(in text: S) -> Int {
        GridReader.docutils.width(of: text) - GridReader.pandoc.width(of: text)
    }

    /// An emoji followed by U+FE0F (❤️, ✔️, a keycap 1️⃣): pandoc (3.9) sizes a table holding one wider
    /// than it counts the cells' columns, and then reads no alignments, no header lines when two are on
    /// a line, and a column of its own next to a cell that spans columns.
    static func hasEmojiPresentationSelector<S: StringProtocol>(_ text: S) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.value == 0xFE0F, let base = previous, base.properties.isEmoji { return true }
            previous = scalar
        }
        return false
    }

    /// Why this reader cannot read a grid table holding `text` as any layout draws it, or nil.
    func refusal<S: StringProtocol>(ofText text: S) -> String? {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }  // printable ASCII: every reader counts it alike
        switch self {
        case .pandoc where GridReader.hasEmojiPresentationSelector(text):
            return Diagnostic.Message.pandocEmojiSelector
        case .docutils where GridReader.conflict(in: text) != 0:
            return Diagnostic.Message.docutilsCountsWider(GridReader.conflict(in: text))
        default: return nil
        }
    }

    /// Why a grid cannot be printed as a grid table for this reader (an edit that makes one of a pipe
    /// table), or nil.
    func refusal(for grid: Grid) -> String? { refusal(forLines: grid.cells.lazy.flatMap(\.lines)) }

    /// Why this reader cannot read a grid table holding the lines `lines` as any layout draws them, or nil.
    func refusal(forLines lines: some Sequence<String>) -> String? {
        for line in lines {
            if let reason = refusal(ofText: line) { return reason }
        }
        return nil
    }
}
