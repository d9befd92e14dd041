@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// `format --fix` (`DocumentFixer`) on documents of random broken tables (a border slip, a cell typed
/// into until its `|` left the border): its text is what applying the safe fixes one after another,
/// first in the document first, and then formatting makes.
struct FixAllPropertyTests {
    static let syntaxes: [DocumentSyntax] = [.markdown, .restructuredText]

    /// The safe fixes applied one at a time, each on the document as the last one left it, then formatting.
    static func oneAfterAnother(_ bytes: [UInt8], _ syntax: DocumentSyntax) -> (output: [UInt8], fixed: Int) {
        var current = bytes, fixed = 0
        for _ in 0..<50 {
            let text = TextLines.readerLines(current)
            let scan = syntax.scan(text)
            let diagnostics = scan.diagnostics + scan.tables.flatMap { TableReading(text, region: $0, options: .init()).diagnosticsWithFixes() }
            guard let first = diagnostics.filter({ $0.safeFix != nil }).min(by: { $0.range.lowerBound < $1.range.lowerBound }) else { break }
            current = TextEdit.apply(first.safeFix!.edits, to: current)
            fixed += 1
        }
        return (DocumentFormatter.format(current, syntax: syntax, options: .init()).output, fixed)
    }

    /// A printed random table, broken: a border slip, a cell typed into (its line's `|` pushed right), both, or neither.
    static func brokenTable(_ syntax: DocumentSyntax, seed: UInt64) -> [[UInt8]] {
        var generator = RandomReaderGrid(seed: seed)
        var lines = GridTablePrinter(generator.grid(foot: false, aligned: syntax == .markdown), syntax: syntax).lines()
        var random = SeededRandom(seed: seed &* 7 &+ 3)
        let breaking = random.below(4)
        if breaking & 1 == 1, let slip = Slip.random(in: lines, &random) { slip.apply(to: &lines) }
        if breaking & 2 == 2 { typeIntoACell(&lines, &random) }
        return lines
    }

    /// Letters typed after a letter of a cell, as a writer adds to a word: the `|` after it move right.
    static func typeIntoACell(_ lines: inout [[UInt8]], _ random: inout SeededRandom) {
        let places = lines.indices.flatMap { i in
            lines[i].first == UInt8(ascii: "|") ? lines[i].indices.filter { (0x61...0x7A).contains(lines[i][$0]) }.map { (i, $0) } : []
        }
        guard !places.isEmpty else { return }
        let (i, x) = places[random.below(places.count)]
        lines[i].insert(contentsOf: Array("typed".utf8.prefix(random.int(1...5))), at: x + 1)
    }

    @Test(arguments: syntaxes)
    func fixingAllIsFixingOneAfterAnother(_ syntax: DocumentSyntax) {
        var fixedSome = 0, documents = 0
        for seed in UInt64(0)..<120 {
            var bytes = Array("Intro\n\n".utf8)
            for n in 0..<2 {
                bytes += Self.brokenTable(syntax, seed: seed &* 2 &+ UInt64(n)).flatMap { $0 + [0x0A] }
                bytes += Array("\nText between.\n\n".utf8)
            }
            if syntax == .restructuredText && seed % 3 == 0 { bytes += Array("""
                =====  ===
                Fruit  Qty
                apple  3

                """.utf8) }
            let result = DocumentFixer.fixAll(bytes, syntax: syntax, options: .init())
            let reference = Self.oneAfterAnother(bytes, syntax)
            let shown = String(decoding: bytes, as: UTF8.self)
            #expect(result.output == reference.output, "\(shown)")
            #expect(result.fixed == reference.fixed, "\(shown)")
            // The edits against the original make the output (what `--diff` and the server send).
            #expect(TextEdit.apply(result.edits, to: bytes) == result.output, "\(shown)")
            #expect(result.changed == (result.output != bytes))
            // What is left is what formatting the output refuses.
            let again = DocumentFormatter.format(result.output, syntax: syntax, options: .init())
            #expect(again.refused.map(\.code) == result.refused.map(\.code), "\(shown)")
            fixedSome += result.fixed > 0 ? 1 : 0
            documents += 1
        }
        // Most documents hold a table with a safe fix: the property is not met by fixing nothing.
        #expect(fixedSome * 3 > documents, "\(fixedSome) of \(documents)")
    }

    @Test func aTableWhoseSlipReadsSeveralWaysIsLeft() throws {
        // The `+` on column 9 of the top border crosses no column line: written over with `-`, or the
        // column line drawn on below, the lines read as different tables. Which was meant is the writer's to say.
        let table = BrokenTables.slipWithChoices
        let result = DocumentFixer.fixAll(Array(table.utf8), syntax: .markdown, options: .init())
        #expect(result.fixed == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == table)
        #expect(result.refused.map(\.code) == [.brokenBorder])
        #expect(result.refused.first?.fixes.map(\.title) == [
            "Write `-` here (line 1, column 10)", "Write the `|` back (line 3, column 10)",
            "Write the `|` back (line 5, column 10)", "Write the `+` back (line 6, column 10)",
        ])
        #expect(result.refused.allSatisfy { $0.safeFix == nil && !$0.fixes.contains(where: \.isSafe) })
    }

    @Test func aDriftedTableIsReLaidAndAnUnclosedSimpleTableClosed() {
        let grid = """
            +-----+---+
            | abc | d |
            +-----+---+
            | efgh  | i |
            +-----+---+

            """
        let fixed = DocumentFixer.fixAll(Array(grid.utf8), syntax: .markdown, options: .init())
        #expect(String(decoding: fixed.output, as: UTF8.self) == """
            +------+---+
            | abc  | d |
            +------+---+
            | efgh | i |
            +------+---+

            """)
        #expect(fixed.fixed == 1 && fixed.refused.isEmpty)
        let simple = """
            Text.

            =====  ===
            Fruit  Qty
            apple  3

            """
        let closed = DocumentFixer.fixAll(Array(simple.utf8), syntax: .restructuredText, options: .init())
        #expect(String(decoding: closed.output, as: UTF8.self) == """
            Text.

            =====  ===
            Fruit  Qty
            apple  3
            =====  ===

            """)
        #expect(closed.fixed == 1 && closed.refused.isEmpty)
    }
}
