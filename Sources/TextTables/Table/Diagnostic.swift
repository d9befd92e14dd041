/// A problem found in a document: what, how bad, and where (byte offsets into the document).
package struct Diagnostic: Sendable, Hashable {
    package enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, information, hint

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .information: 2
            case .hint: 3
            }
        }
        package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// Stable identifiers: tools and editors match on them, so they never change meaning.
    package enum Code: String, Sendable, Hashable, CaseIterable {
        /// A body row has more cells than the header; the extra cells are not rendered.
        case extraCells = "extra-cells"
        /// A body row has fewer cells than the header; it renders with empty cells.
        case missingCells = "missing-cells"
        /// A delimiter row whose cell count differs from the header's: the lines are not a table.
        case delimiterCountMismatch = "delimiter-count-mismatch"
        /// A pipe table right under a grid table: formatting it would join the two, so it is left alone.
        case ambiguousTable = "ambiguous-table"
        /// Grid-table borders enclose a region that is not a rectangle (L, T, U shapes, a ring).
        case nonRectangularCell = "non-rectangular-cell"
        /// Junctions and separators that contradict the grid: a `+` off its column, a missing `+`,
        /// a ragged edge, a content line with the wrong number of `|`.
        case brokenBorder = "broken-border"
        /// A grid table whose last line is not a border.
        case unclosedTable = "unclosed-table"
        /// More than one `+===+` line in a grid table.
        case multipleHeaderSeparators = "multiple-header-separators"
        /// A grid table's cell whose text its reader counts in other columns than an editor draws
        /// (information: the table is laid out for the reader); in reStructuredText, text or a tab that
        /// `pandoc -f rst` counts otherwise than docutils (warning); in Markdown, emoji that pandoc sizes
        /// past a line so that no layout lines up (error).
        case readerWidth = "reader-width"
        /// Simple tables: text under the gap between two columns (docutils reads no table).
        case textInColumnGap = "text-in-column-gap"
        /// Simple tables: a column-span underline (or a rule) whose runs do not start and end where the
        /// top border's columns do (docutils reads no table).
        case misalignedSpan = "misaligned-span"
        /// Simple tables: a line whose first column is blank where no row is open to continue (right after
        /// the top border, a rule or an underline), which docutils drops with its text.
        case droppedLine = "dropped-line"
        /// A grid table that cannot be made as narrow as `maxWidth`: its longest unbreakable words or kept
        /// lines need more (information: formatting makes it as narrow as they allow).
        case tableTooWide = "table-too-wide"
        /// A `list-table` whose rows hold different numbers of cells (docutils reads no table).
        case unevenListTable = "uneven-list-table"
        /// A `list-table` whose content is not a bullet list of bullet lists (docutils reads no table).
        case malformedListTable = "malformed-list-table"
        /// pandoc's simple and multiline tables: no closing dashed line, text left of the first column, text
        /// across a column's start; and formatting that cannot keep a multiline table's relative widths.
        case pandocUnclosedTable = "pandoc-unclosed-table"
        case pandocTextLeftOfTable = "pandoc-text-left-of-table"
        case pandocTextAcrossColumns = "pandoc-text-across-columns"
        case pandocWidthsNotKept = "pandoc-widths-not-kept"
        /// Text of a multiline table's cell below a line where the cell is empty, which pandoc drops.
        case pandocDroppedText = "pandoc-dropped-text"
    }

    package var code: Code
    package var severity: Severity
    package var message: String
    /// Byte range in the document.
    package var range: Range<Int>
    /// Repairs where one is clear, each a titled set of edits to the document.
    package var fixes: [Fix]

    package init(code: Code, severity: Severity, message: String, range: Range<Int>, fixes: [Fix] = []) {
        self.code = code
        self.severity = severity
        self.message = message
        self.range = range
        self.fixes = fixes
    }

    /// The fix `format --fix` applies: the preferred one, when it is safe.
    package var safeFix: Fix? {
        fixes.first { $0.isPreferred && $0.isSafe }
    }
}

/// A quick fix: what it does, in words for a menu, and the edits that do it. A fix that rewrites the whole
/// table (re-laying, splitting a region, re-printing a pipe table) makes its edits only when asked for:
/// printing the table costs the table, and a reading offers the fix on every cursor move over the line.
package struct Fix: Sendable, Hashable {
    package var kind: FixKind
    /// Where the slip this fix repairs is (line and column, from 1), when the fix is one of several
    /// readings: its title says which.
    package var choice: (line: Int, column: Int)?
    /// The fix's words in a menu, and its name for `gridls.applyFix`.
    package var title: String { kind.title + (choice.map { " (line \($0.line), column \($0.column))" } ?? "") }
    /// The likely repair, which editors may apply with one key (LSP's `isPreferred`).
    package var isPreferred: Bool
    /// The repair has one reading only (the slip candidates agree, the drifted lines hold exactly their
    /// row's bars, a border is only missing): `format --fix` and the server's fix-all apply it unasked.
    /// Decided where the fix is made; a fix among choices is never safe.
    package var isSafe: Bool
    /// The table-rewriting fix's maker (nil when the edits were given), and its edits once made.
    private let make: (@Sendable () -> [TextEdit])?
    private let made: ComputedOnce<[TextEdit]>

    package init(_ kind: FixKind, edits: [TextEdit], isPreferred: Bool = false, isSafe: Bool = false) {
        self.kind = kind
        self.isPreferred = isPreferred
        self.isSafe = isSafe
        make = nil
        made = ComputedOnce(edits)
    }

    /// A fix whose edits rewrite the table, made by `make` the first time they are asked for.
    package init(_ kind: FixKind, isPreferred: Bool = false, isSafe: Bool = false, rewritingTable make: @escaping @Sendable () -> [TextEdit]) {
        self.kind = kind
        self.isPreferred = isPreferred
        self.isSafe = isSafe
        self.make = make
        made = ComputedOnce()
    }

    package var edits: [TextEdit] { made.value { make?() ?? [] } }

    /// Whether the fix rewrites the whole table (its edits are made when asked for).
    package var rewritesTable: Bool { make != nil }

    package static func == (a: Fix, b: Fix) -> Bool {
        a.title == b.title && a.isPreferred == b.isPreferred && a.isSafe == b.isSafe && a.rewritesTable == b.rewritesTable && a.edits == b.edits
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(isPreferred)
    }
}
