// libFuzzer target: grid tables. A table that reads prints to text that reads back to the same grid,
// and printing that again changes nothing.
import GridModel
import TextTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Validation.isValid(input) else { return 0 }
    let text = TextLines(input)
    for region in RSTScanner.scan(text).tables {
        let parsed = GridTableParser.parse(text, region: region, options: .init())
        guard let grid = parsed.grid else {
            precondition(parsed.diagnostics.contains { $0.severity == .error }, "no grid and no error")
            continue
        }
        let printed = GridTablePrinter(grid, options: .init(), syntax: region.syntax).lines().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let reread = TextLines(printed)
        guard let again = RSTScanner.scan(reread).tables.first else { preconditionFailure("printed table not found") }
        let reparsed = GridTableParser.parse(reread, region: again, options: .init())
        precondition(reparsed.grid == grid, "print/parse changed the grid")
        precondition(!reparsed.wasReLaid, "a printed table needed re-laying")
    }
    return 0
}
