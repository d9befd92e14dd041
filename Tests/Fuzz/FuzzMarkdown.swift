// libFuzzer target: the Markdown table finder with the pipe- and grid-table parsers and printers.
// Checks the engine's promises on every input, not only that nothing crashes.
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Validation.isValid(input) else { return 0 }  // the command line refuses other input
    let once = DocumentFormatter.format(input, options: .init())
    let twice = DocumentFormatter.format(once.output, options: .init())
    precondition(twice.output == once.output, "formatting is not idempotent")
    // Grid tables may print taller or shorter, so lines are compared outside tables, in order.
    let before = TextLines(input), after = TextLines(once.output)
    // `gridls format` fails exactly where `gridls check` finds an error (look-alikes and grid errors alike).
    let errors = DocumentFormatter.diagnostics(before, scan: MarkdownScanner.scan(before)).filter { $0.severity == .error }
    precondition(once.refused == errors, "format refuses other errors than check reports")
    let (outsideBefore, tablesBefore) = linesOutsideTables(before), (outsideAfter, tablesAfter) = linesOutsideTables(after)
    precondition(tablesBefore == tablesAfter, "formatting changed the number of tables")
    precondition(outsideBefore.count == outsideAfter.count, "lines outside tables were added or lost")
    for (line, (old, new)) in zip(outsideBefore, outsideAfter).enumerated() {
        precondition(old.elementsEqual(new), "line \(line) outside tables changed")
    }
    return 0
}

/// The lines outside tables, terminators included, in order; and how many tables there are.
private func linesOutsideTables(_ text: TextLines) -> ([ArraySlice<UInt8>], Int) {
    let tables = MarkdownScanner.scan(text).tables
    var inTable = [Bool](repeating: false, count: text.count)
    for region in tables { for line in region.lines { inTable[line] = true } }
    return ((0..<text.count).filter { !inTable[$0] }.map { text.bytes[text.starts[$0]..<text.fullEnd($0)] }, tables.count)
}
