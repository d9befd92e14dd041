/// A cell's lines as blocks that re-wrapping may and may not touch, as the document's reader reads them
/// (`RSTCellBlocks` for docutils, `MarkdownCellBlocks` for pandoc, which reads Markdown grid tables): a
/// block that wraps is words under a wrapping rule (`Wrap`); every other block (literal and indented text,
/// code, directives, terms, titles, nested tables, anything not known to wrap) is kept byte for byte.
struct CellText {
    /// How a block's words are laid out: `first` before the first line's words (indentation, a list
    /// marker, a field name...), `rest` before every other line's (the reader's continuation indentation).
    struct Wrap: Equatable {
        var first: String
        var rest: String
        var words: [String]
    }

    enum Block: Equatable {
        /// Lines kept as they are.
        case kept([String])
        /// Words that may be filled again under `wrap`; `lines` as they stand.
        case words(Wrap, lines: [String])
    }

    var blocks: [Block] = []

    /// `contentDirectives` are the directives a project says hold reStructuredText (`rstContentDirectives`).
    init(_ lines: [String], syntax: DocumentSyntax = .restructuredText, contentDirectives: Set<String> = []) {
        let pieces = syntax == .restructuredText ? RSTCellBlocks(lines, contentDirectives: contentDirectives).pieces
                                                 : MarkdownCellBlocks(lines).pieces
        blocks = pieces.map { piece in
            let text = Array(lines[piece.range])
            return piece.wrap.map { .words($0, lines: text) } ?? .kept(text)
        }
    }

    /// The lines, each block of words whose lines are wider than `width` (as `measure` counts) filled
    /// again to at most `width` where its words allow.
    func lines(wrappedTo width: Int, measure: (String) -> Int) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .kept(let lines): return lines
            case let .words(wrap, lines):
                guard lines.contains(where: { measure($0) > width }) else { return lines }
                let filled = CellText.fill(wrap.words, firstWidth: width - measure(wrap.first), restWidth: width - measure(wrap.rest), measure: measure)
                return filled.enumerated().map { n, line in (n == 0 ? wrap.first : wrap.rest) + line }
            }
        }
    }

    /// The lines with every block of words on one line.
    var unwrapped: [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .kept(let lines): return lines
            case .words(let wrap, _): return [wrap.first + wrap.words.joined(separator: " ")]
            }
        }
    }

    /// Whether a block of words runs over more than one line (what "Unwrap cell" joins).
    var hasWrappedParagraph: Bool {
        blocks.contains { if case .words(_, let lines) = $0 { lines.count > 1 } else { false } }
    }

    /// The width the cell needs at the least: its widest kept line or unbreakable word (with its prefix).
    func minimumWidth(measure: (String) -> Int) -> Int {
        blocks.reduce(0) { widest, block in
            switch block {
            case .kept(let lines): return max(widest, lines.map(measure).max() ?? 0)
            case let .words(wrap, _):
                let first = measure(wrap.first) + (wrap.words.first.map(measure) ?? 0)
                let rest = measure(wrap.rest) + (wrap.words.dropFirst().map(measure).max() ?? 0)
                return max(widest, first, rest)
            }
        }
    }

    /// Words filled into lines, the first at most `firstWidth` wide and the others `restWidth` (a word
    /// wider stands on its own line).
    static func fill(_ words: [String], firstWidth: Int, restWidth: Int, measure: (String) -> Int) -> [String] {
        var lines: [String] = []
        var line = "", lineWidth = 0
        for word in words {
            let w = measure(word)
            if line.isEmpty {
                (line, lineWidth) = (word, w)
            } else if lineWidth + 1 + w <= (lines.isEmpty ? firstWidth : restWidth) {
                line += " " + word
                lineWidth += 1 + w
            } else {
                lines.append(line)
                (line, lineWidth) = (word, w)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// One block of a cell: lines `range`, and how its words wrap (nil: kept as they are).
struct CellPiece: Equatable {
    var range: Range<Int>
    var wrap: CellText.Wrap?
}
