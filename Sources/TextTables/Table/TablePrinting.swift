import GridModel

/// A table formatting will not rewrite, with the reasons.
package struct FormatRefusal: Error, Sendable {
    package var diagnostics: [Diagnostic]
}

/// Printing a read table back into its document: formatting it, or printing what an action made of it.
/// Every printed line goes after the container prefix of the line it replaces, by `placing` (pipe) or
/// `placingGridLine`; `TableLineEdits.lineEdits` turns placed lines into the smallest edits.
extension TableReading {
    /// The edits that format the table, or its errors when it cannot be read (and is left alone).
    package func formattingEdits() -> Result<[TextEdit], FormatRefusal> {
        if let errors { return .failure(FormatRefusal(diagnostics: errors)) }
        return .success(formattedLines().map { TableLineEdits.lineEdits(text, region: region, lines: $0) } ?? [])
    }

    /// The table's lines as formatting prints them, placed after their prefixes; nil when formatting
    /// leaves it as it is (unreadable, or a pipe table holding a cell it cannot print).
    func formattedLines() -> [[UInt8]]? {
        switch content {
        case .pipe(let table, _):
            guard table.cellUnprintableAfterPipe == nil else { return nil }
            let printer = pipePrinter(table)
            return (0..<printer.lineCount).map { offset in
                var line: [UInt8] = []
                appendPlaced(offset, of: printer, to: &line)
                return line
            }
        case .grid(let grid, _, _): return gridLines(fittedForFormatting(grid))
        case .simple(let grid, let layout, _):
            let printer = SimpleTablePrinter(grid, layout: layout)
            return printer.isPrintable ? printer.lines() : nil
        case .pandoc(let grid, let layout, _, _):
            guard let lines = PandocTablePrinter(grid: grid, layout: layout, keepsColumns: true).lines(),
                  readsBackAlone(lines) else { return nil }
            return placedPandocLines(lines)
        case .list, .unreadable: return nil  // a list-table is left as it is written
        }
    }

    /// Whether a pandoc table's printed lines, read alone, are one table of its kind again. A dashed line
    /// the printer widens or narrows can become another block's marker (`---` under `---` makes a YAML
    /// block, found by Tests/Fuzz): such a table is left as it is.
    private func readsBackAlone(_ lines: [[UInt8]]) -> Bool {
        var bytes: [UInt8] = []
        for line in lines { bytes += line + [0x0A] }
        let found = DocumentSyntax.pandocMarkdown.scan(TextLines(bytes), options: ScanOptions()).tables
        return found.count == 1 && found[0].kind == region.kind && found[0].lines == 0..<lines.count
    }

    /// Whether formatting leaves the table as it is (a table that does not read is left as it is too):
    /// printed into one buffer and compared, with no line arrays or edits (a code action asks this of a
    /// table the first time the cursor is in it). A pipe table is printed a line at a time and compared
    /// as it goes, so a table that is not aligned is found out at its first line that differs.
    package var isFormatted: Bool {
        guard case .pipe(let table, _) = content else { return formattedWhole() == nil }
        guard table.cellUnprintableAfterPipe == nil else { return true }
        let printer = pipePrinter(table)
        guard printer.lineCount == region.contentStarts.count else { return false }
        var line: [UInt8] = []
        for offset in 0..<printer.lineCount {
            line.removeAll(keepingCapacity: true)
            appendPlaced(offset, of: printer, to: &line)
            let start = region.contentStarts[offset], end = text.contentEnd(region.firstLine + offset)
            if !line.elementsEqual(text.bytes[start..<end]) { return false }
        }
        return true
    }

    /// One edit that formats the table: its lines (from its first line's start to its last line's end,
    /// terminators between them kept) printed into one buffer, as the command line prints them; nil when
    /// formatting leaves it as it is (or it does not read).
    package func formattedWhole() -> TextEdit? {
        guard errors == nil else { return nil }
        let start = text.starts[region.firstLine], end = text.contentEnd(region.lines.upperBound - 1)
        var printed: [UInt8] = []
        printed.reserveCapacity(end - start)
        var copied = start
        appendFormatted(to: &printed, copied: &copied)
        printed.append(contentsOf: text.bytes[copied..<max(copied, end)])
        return printed.elementsEqual(text.bytes[start..<end]) ? nil : TextEdit(range: start..<end, newText: printed)
    }

    /// Appends the formatted table to `out`, which holds `text` up to `copied`; `copied` ends past the
    /// table's last changed byte. The command line's way: one buffer for the document, no line arrays.
    func appendFormatted(to out: inout [UInt8], copied: inout Int) {
        if case .grid(let grid, _, _) = content, errors == nil, appendFormattedGrid(fittedForFormatting(grid), to: &out, copied: &copied) { return }
        if case .simple(let grid, let layout, _) = content, errors == nil, appendFormattedSimple(grid, layout, to: &out, copied: &copied) { return }
        guard case .pipe(let table, _) = content else {
            for edit in (try? formattingEdits().get()) ?? [] {
                out.append(contentsOf: text.bytes[copied..<edit.range.lowerBound])
                out.append(contentsOf: edit.newText)
                copied = edit.range.upperBound
            }
            return
        }
        guard table.cellUnprintableAfterPipe == nil else { return }
        let printer = pipePrinter(table)
        let needed = out.count + printer.printedByteCount + (text.bytes.count - copied)
        if needed > out.capacity { out.reserveCapacity(max(needed, out.capacity + out.capacity / 2)) }
        for offset in 0..<printer.lineCount {
            out.append(from: text.bytes, copied..<region.contentStarts[offset])
            appendPlaced(offset, of: printer, to: &out)
            copied = text.contentEnd(region.firstLine + offset)
        }
    }

    /// `appendFormatted` of a grid table printed as tall as it stands, line by line into `out` (each
    /// after its prefix, as `placedGridLines` places it); false, with nothing appended, when it prints
    /// taller or shorter and its lines must be matched by `lineEdits`.
    private func appendFormattedGrid(_ grid: Grid, to out: inout [UInt8], copied: inout Int) -> Bool {
        let indent = Array(TableLineEdits.tableIndentation(text, region: region))
        let printer = GridTablePrinter(grid, indent: indent, options: options.width, syntax: region.syntax)
        guard printer.lineCount == region.contentStarts.count else { return false }
        var offset = 0
        printer.forEachLine { append in
            out.append(contentsOf: text.bytes[copied..<region.contentStarts[offset]])
            // A printed line starts with the table's indentation (else with `+` or `|`).
            if TableLineEdits.needsMarkerSpace(after: region.prefix(ofLine: offset, in: text), before: indent.first) { out.append(0x20) }
            let start = out.count
            append(&out)
            TableLineEdits.keepOwnGridIndentation(&out, from: start, indent: indent, text: text, region: region, offset: offset)
            copied = text.contentEnd(region.firstLine + offset)
            offset += 1
        }
        return true
    }

    /// `appendFormatted` of a simple table (true also when it cannot be printed, and is left as it is)
    /// printed as tall as it stands, line by line into `out`; false, with nothing appended, when it
    /// prints taller or shorter and its lines must be matched by `lineEdits`.
    private func appendFormattedSimple(_ grid: Grid, _ layout: SimpleTableLayout, to out: inout [UInt8], copied: inout Int) -> Bool {
        let printer = SimpleTablePrinter(grid, layout: layout)
        guard printer.isPrintable else { return true }
        let (mark, copiedBefore) = (out.count, copied)
        var offset = 0
        printer.forEachLine { line in
            guard offset < region.contentStarts.count else { offset += 1; return }
            out.append(contentsOf: text.bytes[copied..<region.contentStarts[offset]])
            out.append(contentsOf: line)
            copied = text.contentEnd(region.firstLine + offset)
            offset += 1
        }
        guard offset != region.contentStarts.count else { return true }
        out.removeSubrange(mark...)
        copied = copiedBefore
        return false
    }

    /// The edits that print `edited` (what an action made of the table read as `original`).
    func edits(printing edited: EditedTable, from original: Grid) -> [TextEdit] {
        if case .pipe(let table) = edited { return edits(printingPipe: table) }
        var lines = printedLines(edited, from: original)
        // A table of another kind in this one's place, with text right below: a blank line keeps the text
        // from joining it (a `+` or `|` line would continue a grid table).
        if edited.kind != region.kind && region.context.followedByText { lines.append([]) }
        // And with text right above, a blank line keeps it from joining that text (a grid table's last line).
        if edited.kind != region.kind && region.context.precededByText { lines.insert([], at: 0) }
        return TableLineEdits.lineEdits(text, region: region, lines: lines)
    }

    private func printedLines(_ edited: EditedTable, from original: Grid) -> [[UInt8]] {
        if case .list(_, let directive) = content { return convertedListTable(edited, directive: directive) }
        switch edited {
        case .pipe: return []  // printed by `edits(printingPipe:)`
        case .list(let grid):
            let indent = Array(TableLineEdits.tableIndentation(text, region: region))
            let directive = ListTablePrinter.directive(for: grid, indent: indent, widths: printedWidths(grid))
            return ListTablePrinter(grid: grid, directive: directive).lines()
        case .simple(let grid):
            let layout = if case .simple(_, let layout, _) = content { layout.edited(rowCount: grid.rowCount) } else {
                SimpleTableLayout(indent: Array(TableLineEdits.tableIndentation(text, region: region)), blankLinesAfter: [])
            }
            return SimpleTablePrinter(grid, layout: layout).lines()
        case .pandoc(let grid, let kind):
            // At most three spaces: four would make the table's lines code.
            var layout = PandocTableLayout.fresh(kind: kind, indent: min(3, TableLineEdits.tableIndentation(text, region: region).count))
            var keeps = false
            if case .pandoc(_, let own, _, _) = content, own.kind == kind {
                layout = own
                keeps = true
            }
            let printer = PandocTablePrinter(grid: grid, layout: layout, keepsColumns: keeps)
            // Its own columns where they keep pandoc's reading, else new ones; the table as it stands where no
            // dashes can say an alignment (a header of zero-width text only).
            guard let printed = printer.lines() ?? PandocTablePrinter(grid: grid, layout: layout, keepsColumns: false).lines() else {
                return region.contentStarts.indices.map { Array(text.bytes[region.contentStarts[$0]..<text.contentEnd(region.firstLine + $0)]) }
            }
            return placedPandocLines(printed)
        case .grid(let grid):
            // A row or column line that every cell crosses is kept as the author drew it; one the edit
            // created (merging a whole row) is dropped, unless the table had such lines already.
            return gridLines(original.normalized() == original ? grid.normalized() : grid)
        }
    }

    /// The edits that print `table` in place of this pipe table (an action's result, a quick fix).
    func edits(printingPipe table: PipeTable) -> [TextEdit] {
        let printer = pipePrinter(table)
        let lines = (0..<printer.lineCount).map { offset in
            var line: [UInt8] = []
            appendPlaced(offset, of: printer, to: &line)
            return line
        }
        return TableLineEdits.lineEdits(text, region: region, lines: lines)
    }

    func pipePrinter(_ table: PipeTable) -> PipeTablePrinter {
        let indent = TableLineEdits.tableIndentation(text, region: region)
        let prefixWidth = PipeTableLayout.width(region.prefix(ofLine: 0, in: text), at: 0, options.width)
        // A pipe table is indented at most 3 columns (4 would make code): a grid table's may be more.
        return PipeTablePrinter(table, indent: indent.prefix(3), startColumn: prefixWidth, options: options)
    }

    /// Appends printed pipe-table line `offset` as it goes after its container prefix: with the line's own
    /// indentation where it keeps it (tabs), else the table's, after the space a bare `>` needs.
    /// (The prefix and indentation are read through a buffer pointer: a slice of the document retains it,
    /// and this runs for every line of every table.)
    func appendPlaced(_ offset: Int, of printer: PipeTablePrinter, to out: inout [UInt8]) {
        let source = min(offset, region.contentStarts.count - 1)
        let lineStart = text.starts[region.firstLine + source], contentStart = region.contentStarts[source]
        let contentEnd = text.contentEnd(region.firstLine + source)
        var ownEnd = contentStart, keepsOwn = false, markerSpace = false
        text.bytes.withUnsafeBufferPointer { b in
            while ownEnd < contentEnd && TableLineEdits.isIndentation(b[ownEnd]) { ownEnd += 1 }
            let prefix = b[lineStart..<contentStart]
            keepsOwn = TableLineEdits.keepsOwnIndentation(prefix: prefix, own: b[contentStart..<ownEnd], table: printer.indent)
            markerSpace = TableLineEdits.needsMarkerSpace(after: prefix, before: printer.indent.first)
        }
        let own = contentStart..<ownEnd
        if keepsOwn {
            out.append(from: text.bytes, own)
            printer.appendLine(offset, indent: [], to: &out)
        } else {
            if markerSpace { out.append(0x20) }
            printer.appendLine(offset, to: &out)
        }
    }

    /// `grid` printed as a grid table, each line placed after the prefix of the line it replaces.
    private func gridLines(_ grid: Grid) -> [[UInt8]] {
        TableLineEdits.placedGridLines(grid, text: text, region: region, options: options.width)
    }

    /// A pandoc table's printed lines (indented already), each placed after the prefix of the line it
    /// replaces (the last line's for lines past the table's end).
    private func placedPandocLines(_ lines: [[UInt8]]) -> [[UInt8]] {
        lines.enumerated().map { offset, line in
            let prefix = region.prefix(ofLine: min(offset, region.contentStarts.count - 1), in: text)
            return TableLineEdits.needsMarkerSpace(after: prefix, before: line.first) ? [0x20] + line : line
        }
    }

    /// A grid table's grid as formatting prints it: fitted to `maxWidth` when there is one. (Actions print
    /// the grid they make as it is: "Unwrap cell" would be undone otherwise.)
    func fittedForFormatting(_ grid: Grid) -> Grid {
        guard let maxWidth = options.maxWidth else { return grid }
        return GridTableFit(grid: grid, options: options.width, syntax: region.syntax, contentDirectives: options.scan.rstContentDirectives).fitted(to: maxWidth).grid
    }

    /// The widths of the columns of this grid or simple table as formatting prints them (a list-table made
    /// of it says them in `:widths:`).
    private func printedWidths(_ grid: Grid) -> [Int] {
        if case .simple(_, let layout, _) = content { return SimpleTablePrinter(grid, layout: layout).widths }
        return GridTablePrinter(grid, options: options.width, syntax: region.syntax).widths.map { $0 + 2 }  // between the `|`, as docutils counts a grid table's columns
    }

    /// A list-table converted to a grid or simple table: inside a `.. table::` directive that keeps its
    /// title and options (`:header-rows:` apart, which the table's header says), or bare when it has none.
    private func convertedListTable(_ edited: EditedTable, directive: ListTableDirective) -> [[UInt8]] {
        let wrapped = directive.hasTitle || !directive.keptOptions.isEmpty
        let indent = directive.indent + (wrapped ? Array("   ".utf8) : [])
        let table: [[UInt8]]
        switch edited {
        case .simple(let grid): table = SimpleTablePrinter(grid, layout: SimpleTableLayout(indent: indent, blankLinesAfter: [])).lines()
        case .grid(let grid): table = GridTablePrinter(grid, indent: indent, options: options.width, syntax: region.syntax).lines()
        case .list(let grid): table = ListTablePrinter(grid: grid, directive: directive).lines()
        case .pipe, .pandoc: table = []  // not reached: reStructuredText has no pipe, pandoc simple or multiline tables
        }
        guard wrapped, case .list = edited else {
            guard wrapped else { return table }
            return directive.head(".. table::", options: directive.keptOptions) + [[]] + table
        }
        return table
    }
}
