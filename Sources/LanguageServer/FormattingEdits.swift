import TextTables

/// Formatting edits in document coordinates, in order. Past `limit` of them they become one edit from
/// the first change to the last: an editor applies one large edit far faster than a million small ones
/// (formatting a 100 MB document changes every table line), and the answer costs a fraction of the memory.
struct FormattingEdits {
    typealias Position = LinePosition
    struct Edit {
        var start: Position
        var end: Position
        var newText: [UInt8]
    }

    static let limit = 5_000

    let document: OpenDocument
    private var edits: [Edit] = []
    /// Once collapsed: the one edit, its text growing as edits are added.
    private var collapsed: Edit?

    init(document: OpenDocument) { self.document = document }

    mutating func add(from start: Position, to end: Position, _ newText: [UInt8]) {
        if collapsed == nil {
            edits.append(Edit(start: start, end: end, newText: newText))
            guard edits.count > FormattingEdits.limit else { return }
            collapsed = Edit(start: edits[0].start, end: edits[0].start, newText: [])
            for edit in edits { extendCollapsed(with: edit) }
            edits = []
        } else {
            extendCollapsed(with: Edit(start: start, end: end, newText: newText))
        }
    }

    /// Adds the edits of a table read from its own copy of the document's lines (`local`).
    mutating func add(_ tableEdits: [TextEdit], in local: OpenDocument.LocalTable) {
        for edit in tableEdits {
            add(from: document.position(edit.range.lowerBound, in: local), to: document.position(edit.range.upperBound, in: local), edit.newText)
        }
    }

    /// The text between the collapsed edit's end and `edit`'s start, then `edit`'s text.
    private mutating func extendCollapsed(with edit: Edit) {
        guard var whole = collapsed else { return }
        collapsed = nil  // so that appending to its text does not copy it
        document.text.append(from: whole.end, to: edit.start, to: &whole.newText)
        whole.newText += edit.newText
        whole.end = edit.end
        collapsed = whole
    }

    func finished() -> [Edit] { collapsed.map { [$0] } ?? edits }
}
