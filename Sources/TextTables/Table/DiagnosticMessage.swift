import GridModel

/// Every diagnostic message, written once beside the codes (as swift-format keeps its findings' messages):
/// a message says what is wrong, then what to do.
extension Diagnostic {
    enum Message {
        // Pipe tables.
        static let unprintableAfterPipe = "this cell starts with a form feed or vertical tab, which GitHub drops after a pipe: "
            + "the table is left as it is"
        static let pandocFormFeedInCell = "pandoc keeps a form feed or vertical tab after a | in its cell, where gridls would drop it: "
            + "the table is left as it is"

        static func extraCells(_ count: Int, header: Int) -> String {
            let extra = count - header
            return "row has \(count) cells but the header has \(header): "
                + "GitHub and most readers do not render the last \(extra == 1 ? "cell" : "\(extra) cells") "
                + "(kramdown adds \(extra == 1 ? "a column for it" : "columns for them")); "
                + "add \(extra == 1 ? "a header cell" : "\(extra) header cells") or remove \(extra == 1 ? "it" : "them")"
        }

        static func missingCells(_ count: Int, header: Int) -> String {
            let missing = header - count
            return "row has \(count) of the header's \(header) cells: formatting adds \(missing == 1 ? "an empty cell" : "\(missing) empty cells")"
        }

        static func delimiterMismatch(header: Int, delimiter: Int) -> String {
            "not a table: the delimiter row has \(delimiter) cell\(delimiter == 1 ? "" : "s") "
                + "but the header row has \(header); give both the same number of cells"
        }

        /// Under pandoc a header and delimiter row of different counts is a table all the same, of the
        /// delimiter row's columns: the header is cut or padded.
        static func pandocDelimiterMismatch(header: Int, delimiter: Int) -> String {
            "pandoc reads \(delimiter) column\(delimiter == 1 ? "" : "s") (the delimiter row's) and "
                + (header > delimiter ? "drops the header's last \(header - delimiter == 1 ? "cell" : "\(header - delimiter) cells")" : "pads the header with empty cells")
                + ": the table is left as it is; give both rows the same number of cells"
        }

        static let tableAfterWideMarker = "pandoc reads this list item's text from one space after its marker, five spaces or more "
            + "being there, and this table as the item's only while they stay: printed at its own indentation it would move "
            + "the item's text and its columns against it, so it is left as it is"
        static let tableOnOrderedMarker = "pandoc reads this table as the list item's only while its second line is indented four "
            + "columns or more: printed at the item's text column, it would be read as a table whose first cell is the item's "
            + "number, so it is left as it is"
        static let markerEndsItemAbove = "this table's first line starts with a list number, which ends the list item right above "
            + "it for pandoc; printed with a leading pipe, the line would go on with that item's text, so the table is left as it is"
        static let lazyTableLine = "this line of an indented table goes on with a block quote or list item without its prefix or "
            + "indentation: printed at the table's indentation it could become one of the container's own lines, so the table is left as it is"
        static let pandocIndentedGridTable = "pandoc 3.9 and earlier read a grid table indented past its block as a paragraph, "
            + "pandoc 3.10 and later as a table: the table is left as it is"
        static let pandocPipeInCode = "pandoc keeps a | inside code, $ math, a raw HTML tag or a LaTeX command in its cell, and reads "
            + "such a span over two lines as one row, where gridls would split cells and rows: the table is left as it is"

        // Where a table is found.
        static let headerWithoutPrefix = "this table's header row continues a block quote or list item without its prefix and starts "
            + "with spaces, which GitHub reads as an empty first cell before a pipe: give the header line its prefix (> or indentation)"
        static let taskListHeader = "this table's header starts a task-list item ([ ] or [x]), which GitHub shows as a checkbox "
            + "outside the table: put the table on its own lines below the item's text"
        static let headerIndentedLikeCode = "this table's header is indented like code and reads as a delimiter row: indent it less than four columns"
        static let pipeTableInGridTable = "GitHub reads a pipe table here (a delimiter row under a grid line of as many cells), "
            + "pandoc a grid table: the table is left as it is"
        static let lineBlockAbove = "a line block (| lines) is right above this table, which would join it once printed with a leading pipe: "
            + "put a blank line between them so that each reads on its own"
        static let gridTableAbove = "a grid table is right above this table: put a blank line between them so that each reads on its own"
        // Pipe tables the common Markdown readers read apart (`PortableTables`): each says which reader reads what.
        static let portableTextAbove = "text is right above this table: Python-Markdown (MkDocs) and kramdown (Jekyll) read "
            + "its lines as a paragraph, GitHub, markdown-it and goldmark as a table, so it is left as it is; "
            + "a blank line above it makes it a table for all of them"
        static let portableBlockAbove = "a heading, fence, HTML or rule is right above this table: kramdown (Jekyll) reads its lines "
            + "as a paragraph, GitHub, markdown-it, Python-Markdown and goldmark as a table, so it is left as it is; "
            + "a blank line above it makes it a table for all of them"
        static let portableTextBelow = "this line is right under the table: kramdown (Jekyll) then reads the table's lines as a "
            + "paragraph, GitHub, markdown-it, goldmark and Python-Markdown as a table, so it is left as it is; "
            + "a blank line between them makes it a table for all of them"
        static let portableLineWithoutPipe = "this line has no |: GitHub, markdown-it and Python-Markdown read it as one more row "
            + "of the table above, kramdown (Jekyll) reads the table as a paragraph because of it, and a MyST or pymdownx block "
            + "may end here, so the table is left as it is"
        static let portablePipeInCodeSpan = "a | inside a code span: GitHub, markdown-it and goldmark split the cell there, "
            + "Python-Markdown (MkDocs) and kramdown (Jekyll) keep it in the code, so the table is left as it is"
        static let portableOuterPipeUnderBareHeader = "this row starts with | and the header does not: kramdown (Jekyll), and "
            + "Python-Markdown (MkDocs) where the header has no outer | at all, read that | as an empty cell, GitHub and the others "
            + "as no cell, so the table is left as it is; start the header with | too and every reader reads the table alike"
        static let portableBareOneColumnRow = "this line of a one-column table neither starts nor ends with a |: Python-Markdown (MkDocs) "
            + "then reads no table, GitHub and the others a table, so it is left as it is; start and end every line with |"
        static let portableRawHTML = "this table is inside an HTML block (<div>, <details>...) that Python-Markdown (MkDocs) reads "
            + "to its end tag as raw HTML and GitHub only to its first blank line, so it is left as it is"
        static let portableEscapedPipeEndsRow = "this row ends in \\| with no | after it: goldmark (Hugo) takes that | for the row's last "
            + "and shows the \\, GitHub and the others keep | in the cell, so the table is left as it is; end the row with | "
        static let portableTabInPrefix = "a tab is in this row's block-quote or list prefix, which goldmark (Hugo) reads otherwise than "
            + "GitHub, so the table is left as it is; indent with spaces"
        static let portableUnpairedBacktick = "a backtick in this row has no closing one on its line: kramdown (Jekyll) pairs it with one "
            + "in another row, GitHub and the others keep each row's text apart, so the table is left as it is"
        static let portableHeaderOnMarkerLine = "this table's header is on a list item's marker line with no | before it: markdown-it "
            + "and Python-Markdown read a table of the whole line, marker and all, GitHub a list item holding a table, so it is "
            + "left as it is; start the header with |"
        static let portableInListUnderText = "this table is in a list that starts right under a line that is not blank: Python-Markdown "
            + "(MkDocs) starts no list there and reads the table otherwise, so it is left as it is; put a blank line above the list"
        static let portableInItemBegunEmpty = "this table is in a list item whose marker line is empty: GitHub keeps the indented "
            + "lines below it in the item, the other readers end the item and read code, so it is left as it is"
        static let portableOnlySeparatorRows = "every row under the delimiter row is dashes and pipes alone: kramdown (Jekyll) reads "
            + "them as more delimiter rows and the table as a paragraph, GitHub and the others as rows, so it is left as it is"
        static let portableByteOrderMark = "a byte-order mark is right before this table's header: markdown-it, Python-Markdown "
            + "and goldmark read it as text and the lines as a paragraph, GitHub and kramdown skip it, so the table is left as it is"
        static let portableTabInRow = "a tab is in a code span of this row: Python-Markdown (MkDocs) expands tabs by the column they "
            + "stand at, which padding moves, so the table is left as it is; write spaces"
        static let portableDefinitionRow = "this row starts with `: `, which goldmark (Hugo) reads as a definition that ends the "
            + "table, GitHub and the others as a row, so the table is left as it is"
        static let portableUnicodeSpaceAtEdge = "this row starts or ends with Unicode white space (a no-break space...): markdown-it "
            + "trims it, GitHub keeps it as text, so the table is left as it is"
        static let portableControlCharacter = "a form feed or vertical tab is in this row: some Markdown readers end a line there "
            + "and others do not, so the table is left as it is"
        static let portableDeepContainers = "this table is three or more block quotes and list items deep: Python-Markdown (MkDocs) "
            + "nests list items four columns apart and reads it otherwise than GitHub, so it is left as it is"
        static let readingsDisagree = "GitHub (with its $$ math, front matter and CommonMark 0.31 HTML blocks) and cmark-gfm read these lines differently: "
            + "one sees a table here and the other does not, so it is left as it is"
        static let pandocVersionsDisagree = "pandoc 3.8 and later read a definition's content as deep as the text after its `:`, "
            + "earlier versions four columns in, and Quarto bundles either: one sees a table here and the other does not, "
            + "so it is left as it is"
        static let loneCarriageReturn = "a carriage return without a line feed is inside this table: GitHub, docutils and pandoc end "
            + "a line there, Vim and Neovim do not, so the table is left as it is; remove it or make it a line break"
        static let carriageReturnAbove = "a carriage return without a line feed is in or above this table: pandoc deletes it and joins "
            + "the lines around it, so it reads the lines from there on differently than editors show them and the table is "
            + "left as it is; remove it or make it a line break"

        // Simple tables.
        static let simpleRuleLength = "this rule is not as long as the top border, so docutils reads no table: "
            + "make its = run as far as the top border's"
        static let simpleUnclosed = "this simple table has no bottom border (an = rule followed by a blank line), so docutils reads "
            + "no table: close it with a rule like its top border"
        static func textInColumnGap(_ column: Int) -> String {
            "text under the gap after column \(column), so docutils reads no table: move it into a column, "
                + "or widen the column in the top border"
        }
        static let misalignedSpan = "the runs of this line do not start and end where the top border's columns do, so docutils "
            + "reads no table: line each run up with the columns it spans"
        static let droppedLine = "this line's first column is blank, so it continues a row, and no row is open here: docutils "
            + "drops it and its text; put \\ in the first column to start a row with an empty first cell"

        // pandoc's simple and multiline tables.
        static let pandocUnclosedMultiline = "this multiline table has no closing dashed line, so pandoc reads no table here: "
            + "close it with a line of dashes like its top line"
        static let pandocUnclosedSimple = "this table has a dashed top line and no header, so it needs a closing dashed line: "
            + "pandoc reads no table here without one"
        static let pandocTextLeftOfTable = "text left of the table's first column (its dashes' start), which pandoc drops: "
            + "indent it as far as the dashes"
        static func pandocTextAcrossColumns(column: Int) -> String {
            "text runs across the start of column \(column), so pandoc cuts it in two there: widen the column before it "
                + "(lengthen its dashes, or the spaces after them) or shorten the text"
        }
        static func pandocDroppedText(column: Int) -> String {
            "this cell's text in column \(column) comes after a line where the cell is empty (not its first), and pandoc "
                + "drops it (it reads a cell's lines up to a blank one): fill the line above, or move the text up"
        }
        static let pandocWidthsNotKept = "formatting would widen a column of this multiline table, and pandoc would then give its "
            + "columns other relative widths: the table is left as it is; lengthen the dashes yourself to make room"

        // Width-bounded grid tables.
        static func tableTooWide(least: Int, maxWidth: Int) -> String {
            "this table is \(least) columns wide at the least, more than maxWidth \(maxWidth): its longest words, code, URLs "
                + "and kept lines do not break; formatting makes it as narrow as they allow"
        }

        // List tables.
        static func unevenListTable(row: Int, cells: Int, first: Int) -> String {
            "row \(row) of this list-table has \(cells) cell\(cells == 1 ? "" : "s") and row 1 has \(first), so docutils reads no table: "
                + "give every row the same number of items"
        }
        static let listTableEmpty = "this list-table has no rows, so docutils reads no table: give it a bullet list of rows"
        static let listTableNotAList = "this line is not an item of the list-table's list of rows, so docutils reads no table: "
            + "write each row as an item (*) holding one item (-) per cell"
        static let listTableNoBlankLine = "no blank line ends this list-table's title and options, so docutils takes the "
            + "lines below them for more title or options and reads no table: put a blank line before the rows"
        static let listTableOptionBlock = "this line stands among the list-table's options but is not one (:name: value) "
            + "nor indented under one, so docutils reads no table: put a blank line before the rows, the title before the options"
        static let listTableRowNotAList = "this row is not a bullet list of cells, so docutils reads no table: "
            + "write each cell as an item (-) of the row"
        static func listTableHeaderRows(_ rows: Int) -> String {
            ":header-rows: must be a whole number less than the list-table's \(rows) rows, so docutils reads no table"
        }

        static func listTableStubColumns(_ columns: Int) -> String {
            ":stub-columns: must be a whole number less than the list-table's \(columns) column\(columns == 1 ? "" : "s"), so docutils reads no table"
        }
        static func listTableWidths(_ count: Int, columns: Int) -> String {
            count == 0 ? ":widths: must be auto, grid or a whole positive number per column, so docutils reads no table"
                : ":widths: gives \(count) width\(count == 1 ? "" : "s") for the list-table's \(columns) column\(columns == 1 ? "" : "s"), "
                + "so docutils reads no table: give one per column"
        }

        // Grid tables.
        static func drift(_ syntax: DocumentSyntax) -> String {
            "the | on this line stand off the columns its borders draw (text typed into a cell pushes them), so "
                + "\(syntax == .restructuredText ? "docutils and pandoc read" : "pandoc reads") another table: re-lay the table from its cells"
        }
        static let topBorderWithoutColumn = "the top border has no column: it should look like +-----+"
        static func offLeftEdge(_ left: Int) -> String { "line does not start at the table's left edge (column \(left + 1)) with + or |" }
        static let notClosed = "the grid table is not closed: end it with a border line like its top one"
        static let plusLineNotBorder = "a line starting with + must be a border like +-----+"
        static func openOuterBorder(top: Bool) -> String { "the \(top ? "top" : "bottom") border must be closed from edge to edge" }
        static func raggedBorder(end: Int, right: Int) -> String {
            "this border ends at column \(end + 1), the table's right edge is at column \(right + 1)"
        }
        static let mixedFill = "this border mixes - and = between two +, which neither pandoc nor docutils reads as a border: "
            + "draw it with one of them"
        static let adjacentBorders = "two border lines follow each other with no row between them"
        static func extraHeaderSeparator(_ syntax: DocumentSyntax) -> String {
            syntax == .restructuredText
                ? "docutils reads one header separator (+===+) and no table foot: this is another one"
                : "a grid table has at most one header separator (+===+) and a foot (+===+ before a bottom border of =); this is another one"
        }
        static let partialFootSeparator = "the foot's separator and bottom border must cross the whole table with ="
        static let headerSeparatorOnTop = "the top border cannot be a header separator: use - for it"
        static let partialHeaderSeparator = "the header separator must cross the whole table with ="
        static func strayJunction(nearest: Int?) -> String {
            "this + is off the table's columns" + (nearest.map { " (the nearest column line is at column \($0 + 1))" } ?? "")
        }
        static func pipeCount(_ found: Int, needed: Int) -> String { "this line has \(found) | where its row needs \(needed)" }
        static let segmentOffColumns = "a border segment lies off the table's columns"
        static let missingJunction = "missing + where the borders cross"
        static let verticalGap = "the vertical border has a gap here: put | back"
        static let pandocRSTExpandsTabsApart = "docutils reads this table as drawn, but pandoc -f rst expands this tab to the next "
            + "multiple of 4 columns, not of 8, and reads other cells"
        static let pandocRSTIndentsApart = "docutils reads this table as drawn, but pandoc -f rst counts a tab in this line's "
            + "indentation to the next multiple of 4 columns, not of 8, so that it stands apart from the table's first line, and reads no table"
        static func readerCounts(_ reader: String, counted: String, off: String) -> String {
            "lines up in \(reader), which counts this text as \(counted); it may look \(off) off on screen"
        }
        static func nonRectangular(covering size: Int, of rect: SlotRect, missing: [String], more: Bool) -> String {
            "the borders enclose a region that is not a rectangle: it covers \(size) of the \(rect.rows.count * rect.columns.count) slots of \(rect), "
                + "not \(missing.joined(separator: "; "))\(more ? "; …" : ""); close its borders so that it splits into rectangles"
        }
        static func lineEndsInsideCell(_ rect: SlotRect) -> String { "a border line ends inside the cell at \(rect): remove it or close it" }
        private static func pandocSizes(_ columns: Int) -> String {
            "pandoc sizes this line \(columns) column\(columns == 1 ? "" : "s") wider than the table's borders (it counts an emoji with "
                + "U+FE0F, such as ✔️ or 1️⃣, 2 columns wide there and 1 in the cell)"
        }
        static func pandocLosesHeader(_ columns: Int) -> String {
            pandocSizes(columns) + " and then loses the table's header, foot and alignments; no layout helps, since spaces widen "
                + "both counts alike: keep at most one such emoji on a line, or drop their U+FE0F"
        }
        static func pandocAddsColumn(_ columns: Int) -> String {
            pandocSizes(columns) + " and then, where a cell spans a column line under a junction, reads a column of its own past "
                + "the right border; no layout helps, since spaces widen both counts alike: drop the U+FE0F of such emoji"
        }
        static func pandocRSTCountsNarrower(_ columns: Int) -> String {
            "docutils reads this table as drawn, but pandoc -f rst counts this text \(columns) column\(columns == 1 ? "" : "s") "
                + "narrower (zero-width or control characters, U+FE0F) and reads other cells"
        }
    }
}
