/// What a quick fix does, and the title it is offered under. The title is also the fix's name: an editor
/// sends it back (`gridls.applyFix`) to have the fix made, so it is written here once, for every place that
/// makes a fix of the kind.
package enum FixKind: Sendable, Hashable {
    // Any table with a closing line.
    case closeWithBottomBorder
    // Grid tables.
    case cutBorderAtRightEdge, drawBorderToRightEdge, makeOrdinaryBorder
    /// The `+` moved to this column (counted from 1).
    case movePlus(toColumn: Int)
    case putPlusWhereBordersCross, closeVerticalBorder
    case splitRegion, reLayTable, restoreBorder
    // A slip of one character in a grid table (`GridSlipRepair`): the character, where one is named.
    case writeBack(UInt8), writeMissing(UInt8), writeHere(UInt8), removeStrayBar, removeExtra(UInt8)
    case moveLineLeft, moveLineRight
    // pandoc's tables.
    /// The column widened, as the reader numbers its boundaries.
    case widenColumn(Int)
    case addClosingLine
    // Simple tables.
    case drawRuleLikeTopBorder, startRowWithEmptyCell, lineUpRuns
    // Pipe tables.
    case fillRow, addHeaderCells, deleteCellsPastHeader
    // Pipe tables the common Markdown readers read apart (`PortableTables`).
    case addBlankLineAbove, addBlankLineBelow
    /// A blank line above this line (counted from 1), which then no longer is a row.
    case endTableAbove(line: Int)

    package var title: String {
        switch self {
        case .closeWithBottomBorder: "Close the table with a bottom border"
        case .cutBorderAtRightEdge: "Cut the border at the table's right edge"
        case .drawBorderToRightEdge: "Draw the border out to the table's right edge"
        case .makeOrdinaryBorder: "Make this line an ordinary border"
        case .movePlus(let column): "Move the + to column \(column)"
        case .putPlusWhereBordersCross: "Put + where the borders cross"
        case .closeVerticalBorder: "Close the vertical border with |"
        case .splitRegion: "Split the region into rectangles along its grid lines"
        case .reLayTable: "Re-lay the table from its cells"
        case .restoreBorder: "Restore the border here"
        case .writeBack(let byte): "Write the \(Self.shown(byte)) back"
        case .writeMissing(let byte): "Write the missing \(Self.shown(byte)) back"
        case .writeHere(let byte): "Write \(Self.shown(byte)) here"
        case .removeStrayBar: "Remove the stray `|`"
        case .removeExtra(let byte): "Remove the extra \(Self.shown(byte))"
        case .moveLineLeft: "Move the line one column to the left"
        case .moveLineRight: "Move the line one column to the right"
        case .widenColumn(let column): "Widen column \(column)"
        case .addClosingLine: "Add the closing line"
        case .drawRuleLikeTopBorder: "Draw the rule like the top border"
        case .startRowWithEmptyCell: "Start a row here with an empty first cell (\\)"
        case .lineUpRuns: "Line the runs up with the columns"
        case .fillRow: "Fill the row with empty cells"
        case .addHeaderCells: "Add header cells for the extra cells"
        case .deleteCellsPastHeader: "Delete the cells past the header"
        case .addBlankLineAbove: "Add a blank line above the table"
        case .addBlankLineBelow: "Add a blank line below the table"
        case .endTableAbove(let line): "End the table above line \(line) (GitHub then reads no row there)"
        }
    }

    /// A character as a title or message names it: `+` in backticks, or the word space.
    package static func shown(_ byte: UInt8) -> String {
        byte == UInt8(ascii: " ") ? "space" : "`\(Character(Unicode.Scalar(byte)))`"
    }
}
