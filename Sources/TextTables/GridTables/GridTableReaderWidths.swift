import GridModel

/// Whether each cell's text is as wide for the table's reader as an editor draws it.
extension GridTableReader {
    /// Each cell's text measured as its reader counts it and as an editor draws it: where they differ,
    /// the table is laid out for the reader, and says so (information). docutils decides a
    /// reStructuredText table; where `pandoc -f rst` counts a cell's text apart, a warning says pandoc reads
    /// other cells. In Markdown, pandoc's own sizing (`ReferenceReader.pandocSizingExcess`) can defeat every
    /// layout: only then is the table refused (`ReferenceReader.pandocRefusal`).
    mutating func checkReaderWidths(_ rects: [SlotRect]) {
        let reader = ReferenceReader(region.syntax)
        if reader == .docutils { checkPandocIndentation() }
        var lineExcess: [Int: Int] = [:]  // pandoc: per content line, how much wider pandoc sizes it
        for rect in rects {
            var informed = false, warned = false  // one of each per cell
            for i in (borders[rect.rows.lowerBound] + 1)..<borders[rect.rows.upperBound] where !lines[i].offsets.isEmpty {
                let from = xOfColumnLine(rect.columns.lowerBound, line: i) + 1
                let to = xOfColumnLine(rect.columns.upperBound, line: i)
                var bytes = lines[i].bytes(in: text, from: from, to: to)
                if bytes.contains(0x09) {
                    let range = lines[i].offset(from)..<lines[i].offset(to)
                    if reader == .docutils && !warned,
                       ReferenceReader.pandocExpandsTabsApart(line: text.bytes[text.starts[lines[i].line]..<range.upperBound], cell: range) {
                        warned = true
                        diagnostics.append(Diagnostic(
                            code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTExpandsTabsApart, range: range))
                    }
                    bytes = lines[i].expandingTabs(in: text, from: from, to: to)  // as the cell reads
                }
                let cellText = String(decoding: bytes.trimming(Blank.isSpace), as: UTF8.self)
                let range = lines[i].offset(from)..<lines[i].offset(to)
                if reader == .pandoc {
                    let excess = ReferenceReader.pandocSizingExcess(cellText)
                    if excess != 0 { lineExcess[i, default: 0] += excess }
                } else if !warned, case let wider = ReferenceReader.conflict(in: cellText), wider != 0 {
                    warned = true
                    diagnostics.append(Diagnostic(
                        code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTCountsNarrower(wider), range: range))
                }
                let drawn = DisplayWidth.of(cellText, options: WidthOptions(ambiguousWidth: 1, tabSize: 1))
                let counted = reader.width(of: cellText)
                if drawn != counted && !informed {
                    informed = true
                    diagnostics.append(Diagnostic(
                        code: .readerWidth, severity: .information,
                        message: Diagnostic.Message.readerCounts(reader.name, counted: columns(counted), off: columns(abs(drawn - counted))),
                        range: range))
                }
            }
        }
        let widest = lineExcess.max { ($0.value, -$0.key) < ($1.value, -$1.key) }  // the first of the widest lines
        if let widest, widest.value > 0, let reason = ReferenceReader.pandocRefusal(
            excess: widest.value, hasHeaderFootOrAlignments: hasHeaderFootOrAlignments,
            hasSpanUnderJunction: ReferenceReader.hasSpanUnderJunction(rects, rowCount: borders.count - 1, columnCount: columnCount)
        ) {
            report(.readerWidth, reason, lineRange(widest.key))
        }
    }

    /// Lines indented alike for docutils (tabs to stops of 8) may not be for `pandoc -f rst` (stops of 4:
    /// a tab and 8 spaces), which then reads no table: a warning on the first line that stands apart.
    private mutating func checkPandocIndentation() {
        func pandocIndent(_ i: Int) -> Int {
            BlockSyntax.indentation(text.bytes, text.starts[lines[i].line], text.contentEnd(lines[i].line)).columns
        }
        guard let first = lines.indices.first, case let indent = pandocIndent(first),
              let apart = lines.indices.first(where: { pandocIndent($0) != indent }) else { return }
        diagnostics.append(Diagnostic(
            code: .readerWidth, severity: .warning, message: Diagnostic.Message.pandocRSTIndentsApart, range: lineRange(apart)))
    }

    /// Whether the table has lines pandoc finds by walking a border to the end: a header separator (and
    /// with it a foot), or alignment colons.
    var hasHeaderFootOrAlignments: Bool {
        headerSeparator != nil || alignments(0).contains { $0 != .none }
    }

    /// A table its reader cannot read as drawn says only that.
    mutating func keepReaderWidthErrorsAlone() {
        guard diagnostics.contains(where: { $0.code == .readerWidth && $0.severity == .error }) else { return }
        diagnostics.removeAll { $0.code == .readerWidth && $0.severity != .error }
    }

    private func columns(_ n: Int) -> String { n == 1 ? "1 column" : "\(n) columns" }
}
