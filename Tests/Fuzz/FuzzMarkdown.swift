// libFuzzer target: the Markdown table finders (GitHub's reading, every common reader's and pandoc's) with the pipe-, grid-,
// and pandoc's simple- and multiline-table parsers and printers. Checks the engine's promises on every
// input, not only that nothing crashes. Seeds hold what readers disagree on: byte-order marks, tabs in
// container prefixes, form feeds and vertical tabs, `$$` lines.
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Validation.isValid(input) else { return 0 }  // the command line refuses other input
    check(input, .markdown, FormatOptions())
    check(input, .markdown, FormatOptions(scan: ScanOptions(markdownReaders: .portable)))
    check(input, .pandocMarkdown, FormatOptions())
    return 0
}

private func check(_ input: [UInt8], _ syntax: DocumentSyntax, _ options: FormatOptions) {
    let once = DocumentFormatter.format(input, syntax: syntax, options: options)
    let twice = DocumentFormatter.format(once.output, syntax: syntax, options: options)
    precondition(twice.output == once.output, "formatting is not idempotent")
    // Grid tables may print taller or shorter, so lines are compared outside tables, in order.
    let before = TextLines.readerLines(input), after = TextLines.readerLines(once.output)
    // `gridls format` fails exactly where `gridls check` finds an error (look-alikes and grid errors alike).
    let errors = DocumentFormatter.diagnostics(before, scan: syntax.scan(before, options: options.scan), options: options).filter { $0.severity == .error }
    precondition(once.refused == errors, "format refuses other errors than check reports")
    let (outsideBefore, tablesBefore) = linesOutsideTables(before, syntax, options.scan), (outsideAfter, tablesAfter) = linesOutsideTables(after, syntax, options.scan)
    precondition(tablesBefore == tablesAfter, "formatting changed the number of tables")
    precondition(outsideBefore.count == outsideAfter.count, "lines outside tables were added or lost")
    for (line, (old, new)) in zip(outsideBefore, outsideAfter).enumerated() {
        precondition(old.elementsEqual(new), "line \(line) outside tables changed")
    }
    precondition(ByteOrderMark.length(once.output) == ByteOrderMark.length(input), "the byte-order mark changed")
    checkPipeTablePrefixes(before, after, syntax, options.scan)
    checkTableKeys(TextLines(input), syntax, options.scan)
}

/// The table keys, from a place the input chooses in each of its first tables: a step edits only its
/// table, and its cursor is on a line of the text it makes.
private func checkTableKeys(_ text: TextLines, _ syntax: DocumentSyntax, _ scan: ScanOptions) {
    for region in syntax.scan(text, options: scan).tables.prefix(3) {
        let reading = TableReading(text, region: region, options: .init())
        let line = region.firstLine + text.bytes.count % region.contentStarts.count
        let offset = text.starts[line] + text.bytes.count % (text.contentEnd(line) - text.starts[line] + 1)
        for direction in NavigationDirection.allCases {
            guard let step = reading.navigate(from: offset, direction, syntax: syntax, isFormatted: nil) else { continue }
            let tableStart = text.starts[region.firstLine], tableEnd = text.fullEnd(region.lines.upperBound - 1)
            precondition(step.edits.allSatisfy { tableStart <= $0.range.lowerBound && $0.range.upperBound <= tableEnd }, "a table key edited outside its table")
            let after = TextLines(TextEdit.apply(step.edits, to: text.bytes))
            let target = region.firstLine + step.line
            precondition(target < after.count && step.byte <= after.contentEnd(target) - after.starts[target], "a table key's cursor is off its line")
        }
    }
}

/// A pipe table keeps its lines, and each line its container prefix byte for byte (tabs that containers
/// take in part included); only a `>` written without its space may gain one before indentation.
private func checkPipeTablePrefixes(_ before: TextLines, _ after: TextLines, _ syntax: DocumentSyntax, _ scan: ScanOptions) {
    let old = syntax.scan(before, options: scan).tables, new = syntax.scan(after, options: scan).tables
    for (a, b) in zip(old, new) where a.kind == .pipe {
        precondition(b.kind == .pipe && a.contentStarts.count == b.contentStarts.count, "a pipe table changed its lines")
        for offset in a.contentStarts.indices {
            let p = a.prefix(ofLine: offset, in: before), q = b.prefix(ofLine: offset, in: after)
            precondition(p.elementsEqual(q) || (p.last == UInt8(ascii: ">") && q.elementsEqual(p + [0x20])), "a table line's prefix changed")
        }
    }
}

/// The lines outside tables, terminators included, in order; and how many tables there are.
private func linesOutsideTables(_ text: TextLines, _ syntax: DocumentSyntax, _ scan: ScanOptions) -> ([ArraySlice<UInt8>], Int) {
    let tables = syntax.scan(text, options: scan).tables
    var inTable = [Bool](repeating: false, count: text.count)
    for region in tables { for line in region.lines { inTable[line] = true } }
    return ((0..<text.count).filter { !inTable[$0] }.map { text.bytes[text.starts[$0]..<text.fullEnd($0)] }, tables.count)
}
