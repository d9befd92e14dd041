import Foundation
@testable import GridModel
import Testing
import TestSupport
@testable import TextTables

/// One-character slips in the borders of valid grid tables with spans, as a writer makes them: a border
/// character replaced by another, deleted, or doubled. Of the slips that make the table unreadable, how
/// many are reported in at most two diagnostics with one on the slipped line, and how many get a quick fix
/// after which the table reads again as it was (issue 17's figures: `GRIDLS_SLIP_REPORT=1` prints them).
struct GridSlipPropertyTests {
    static let count = Int(ProcessInfo.processInfo.environment["GRIDLS_SLIP_TABLES"] ?? "") ?? 150

    struct Figures {
        var unreadable = 0, pointed = 0, repaired = 0, preferred = 0
        var byKind: [String: (unreadable: Int, pointed: Int, repaired: Int)] = [:]
    }

    static func figures(_ syntax: DocumentSyntax) -> Figures {
        var figures = Figures()
        for seed in 0..<UInt64(count) {
            var generator = RandomReaderGrid(seed: seed &+ 501)
            let grid = generator.grid(foot: false, aligned: syntax == .markdown)
            let printed = GridTablePrinter(grid, syntax: syntax).lines()
            let original = TextLines(printed.flatMap { $0 + [0x0A] })
            guard let region = syntax.scan(original).tables.first, region.lines.count == printed.count,
                  TableReading(original, region: region, options: .init()).errors == nil else { continue }
            var random = SeededRandom(seed: seed)
            // Every fourth table ends its lines with a lone `\r`, which the command line's reading ends a
            // line at (the fuzzer found the slip search reading such a table with the server's line ends).
            let loneCR = seed % 4 == 3
            let terminator: UInt8 = loneCR ? 0x0D : 0x0A
            func textLines(_ bytes: [UInt8]) -> TextLines { loneCR ? TextLines.readerLines(bytes) : TextLines(bytes) }
            for _ in 0..<4 {
                guard let slip = Slip.random(in: printed, &random) else { continue }
                var lines = printed
                slip.apply(to: &lines)
                let intro = Array("Intro\n\n".utf8), outro = Array("\nOutro\n".utf8)
                let text = textLines(intro + lines.flatMap { $0 + [terminator] } + outro)
                guard let slipped = syntax.scan(text).tables.first(where: { $0.lines.contains(2) }) else { continue }
                let reading = TableReading(text, region: slipped, options: .init())
                guard reading.errors != nil else { continue }
                let diagnostics = reading.diagnosticsWithFixes()
                let reported = diagnostics.map { text.line(containing: $0.range.lowerBound) - 2 }
                let pointed = diagnostics.count <= 2 && reported.contains(slip.line)
                let repaired = diagnostics.flatMap(\.fixes).contains { fix in
                    let fixed = TextEdit.apply(fix.edits, to: text.bytes)
                    // A fix changes nothing outside its table, and leaves a table that reads (no fix again).
                    #expect(fixed.starts(with: intro) && fixed.reversed().starts(with: outro.reversed()), "\(fix.title)")
                    let fixedText = textLines(fixed)
                    guard let region = syntax.scan(fixedText).tables.first else { return false }
                    // Idempotent: the fixed text is not offered the same fix again.
                    let again = TableReading(fixedText, region: region, options: .init()).diagnosticsWithFixes().flatMap(\.fixes)
                    #expect(!again.contains(fix), "\(fix.title) is offered again after it was applied")
                    return (try? TableReading(fixedText, region: region, options: .init()).grid.get()) == grid
                }
                for fix in diagnostics.flatMap(\.fixes) where fix.isPreferred {
                    let fixedText = textLines(TextEdit.apply(fix.edits, to: text.bytes))
                    let region = syntax.scan(fixedText).tables.first { $0.lines.contains(2) }
                    #expect(region.map { TableReading(fixedText, region: $0, options: .init()).errors == nil } == true, "the preferred fix leaves errors")
                    // Nothing is guessed: no other one-character edit of the slipped line reads as another table.
                    let preferred = region.flatMap { try? TableReading(fixedText, region: $0, options: .init()).grid.get() }.map { Slip.Reading(grid: $0) }
                    let others = Slip.readings(ofLine: slip.line, in: lines, syntax: syntax).filter { $0 != preferred }
                    #expect(others.isEmpty, "a preferred fix (\(fix.title)) where other repairs read otherwise (\(others.map { $0.repair })): \(String(decoding: Array(lines.joined(separator: [0x0A])), as: UTF8.self))")
                    figures.preferred += 1
                }
                figures.unreadable += 1
                figures.pointed += pointed ? 1 : 0
                figures.repaired += repaired ? 1 : 0
                var kind = figures.byKind[slip.kind] ?? (0, 0, 0)
                kind.unreadable += 1
                kind.pointed += pointed ? 1 : 0
                kind.repaired += repaired ? 1 : 0
                figures.byKind[slip.kind] = kind
            }
        }
        return figures
    }

    @Test(arguments: [DocumentSyntax.markdown, .restructuredText])
    func slipsArePointedAtAndRepaired(_ syntax: DocumentSyntax) {
        let figures = Self.figures(syntax)
        if ProcessInfo.processInfo.environment["GRIDLS_SLIP_REPORT"] != nil {
            print("SLIPS \(syntax): \(figures.unreadable) unreadable, pointed \(figures.pointed) (\(100 * figures.pointed / max(1, figures.unreadable)) %), repaired \(figures.repaired) (\(100 * figures.repaired / max(1, figures.unreadable)) %), preferred fix \(figures.preferred)")
            for (kind, k) in figures.byKind.sorted(by: { $0.key < $1.key }) {
                print("  \(kind): \(k.unreadable), pointed \(k.pointed), repaired \(k.repaired)")
            }
        }
        #expect(figures.unreadable > Self.count)
        // Issue 17: at least 90 % pointed at in at most two diagnostics, and at least 90 % repaired.
        #expect(figures.pointed * 10 >= figures.unreadable * 9, "pointed \(figures.pointed) of \(figures.unreadable)")
        #expect(figures.repaired * 10 >= figures.unreadable * 9, "repaired \(figures.repaired) of \(figures.unreadable)")
    }
}

/// A one-character slip in a border: a border character (`+ - = |`) replaced by another, deleted, or doubled.
struct Slip {
    enum Edit { case replace(UInt8), delete, double }
    var line: Int
    var column: Int
    var edit: Edit

    var kind: String {
        switch edit {
        case .replace(let byte): "replace \(Character(Unicode.Scalar(byte)))"
        case .delete: "delete"
        case .double: "double"
        }
    }

    static let borderCharacters: [UInt8] = Array("+-=|".utf8)

    static func random(in lines: [[UInt8]], _ random: inout SeededRandom) -> Slip? {
        let places = lines.indices.flatMap { line in lines[line].indices.filter { borderCharacters.contains(lines[line][$0]) }.map { (line, $0) } }
        guard !places.isEmpty else { return nil }
        let (line, column) = places[random.below(places.count)]
        let here = lines[line][column]
        switch random.below(3) {
        case 0: return Slip(line: line, column: column, edit: .replace(random.pick((borderCharacters + [0x20]).filter { $0 != here })))
        case 1: return Slip(line: line, column: column, edit: .delete)
        default: return Slip(line: line, column: column, edit: .double)
        }
    }

    /// What a table says, as far as a slip can change it: its cells' places, header and foot, and their
    /// text with runs of white space as one (a space doubled or dropped in a cell's text is no other table).
    struct Reading: Equatable {
        var grid: Grid
        /// The repair that reads so (for messages).
        var repair = ""
        static func == (a: Reading, b: Reading) -> Bool {
            func said(_ g: Grid) -> [String] {
                [String(describing: (g.rowCount, g.columnCount, g.headerRowCount, g.footerRowCount))]
                    + g.cells.map { "\($0.rect) " + $0.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            }
            return said(a.grid) == said(b.grid)
        }
    }

    /// The distinct tables that one-character repairs of line `line` make of `lines` where they read
    /// without errors. A repair is a border character (`+ - = |`) or a space replaced by another, deleted
    /// or doubled, after which the line is as wide as the top border, its `+` and `|` stand where the
    /// borders draw theirs, and it is what it was: a border is one still (`+`, `-`, `=` and `:` only), and a
    /// content line gains no `+` (which would make it a row line). (Lines with other than ASCII are not
    /// searched.)
    static func readings(ofLine line: Int, in lines: [[UInt8]], syntax: DocumentSyntax) -> [Reading] {
        guard lines[line].allSatisfy({ $0 < 0x80 }) else { return [] }
        let drawing: [UInt8] = Array("+|".utf8)
        let borders = lines.indices.filter { $0 != line && lines[$0].first == UInt8(ascii: "+") }
        let columns = Set(borders.flatMap { b in lines[b].indices.filter { drawing.contains(lines[b][$0]) } })
        var readings: [Reading] = []
        for column in lines[line].indices where (borderCharacters + [0x20]).contains(lines[line][column]) {
            let edits: [Edit] = [.delete, .double] + (borderCharacters + [0x20]).filter { $0 != lines[line][column] }.map { Edit.replace($0) }
            for edit in edits {
                var edited = lines
                Slip(line: line, column: column, edit: edit).apply(to: &edited)
                let isBorder = { (l: [UInt8]) in l.first == UInt8(ascii: "+") && l.allSatisfy { Array("+-=:".utf8).contains($0) } }
                let plusses = { (l: [UInt8]) in l.filter { $0 == UInt8(ascii: "+") }.count }
                guard edited[line].count == lines[0].count,
                      edited[line].indices.allSatisfy({ !drawing.contains(edited[line][$0]) || columns.contains($0) }),
                      isBorder(edited[line]) || (lines[line].first == UInt8(ascii: "|") && plusses(edited[line]) <= plusses(lines[line]))
                else { continue }
                let text = TextLines(edited.flatMap { $0 + [0x0A] })
                guard let region = syntax.scan(text).tables.first, region.lines.count == lines.count,
                      let grid = try? TableReading(text, region: region, options: .init()).grid.get(), !readings.contains(Reading(grid: grid)) else { continue }
                readings.append(Reading(grid: grid, repair: "\(Slip(line: line, column: column, edit: edit).kind) at line \(line + 1), column \(column + 1)"))
            }
        }
        return readings
    }

    func apply(to lines: inout [[UInt8]]) {
        switch edit {
        case .replace(let byte): lines[line][column] = byte
        case .delete: lines[line].remove(at: column)
        case .double: lines[line].insert(lines[line][column], at: column)
        }
    }
}
