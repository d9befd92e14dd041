// libFuzzer target: the Markdown table finder with the pipe- and grid-table parsers and printers.
// Checks the engine's promises on every input, not only that nothing crashes.
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Validation.isValid(input) else { return 0 }  // the command line refuses other input
    let once = DocumentFormatter.format(input)
    let twice = DocumentFormatter.format(once.output)
    precondition(twice.output == once.output, "formatting is not idempotent")
    let before = TextLines(input), after = TextLines(once.output)
    precondition(before.count == after.count || !once.refused.isEmpty || hasGridTable(before), "lines were added or lost")
    if before.count == after.count {
        var tableLines = Set<Int>()
        for region in MarkdownScanner.scan(before).tables { tableLines.formUnion(region.lines) }
        for line in 0..<before.count where !tableLines.contains(line) {
            precondition(before.bytes[before.starts[line]..<before.fullEnd(line)].elementsEqual(after.bytes[after.starts[line]..<after.fullEnd(line)]),
                         "line \(line) outside tables changed")
        }
    }
    return 0
}

private func hasGridTable(_ text: TextLines) -> Bool {
    MarkdownScanner.scan(text).tables.contains { $0.kind == .grid }
}
