import Foundation
import GridModel
import TestSupport
import Testing
@testable import TextTables

/// Issue 30's oracle: fitting a grid table to `maxWidth` never changes what the document's readers read.
/// Random tables whose cells hold the block constructs writers use (`RandomCells`) are fitted to random
/// widths; docutils and pandoc -f rst (reStructuredText) or pandoc -f markdown (pandoc's Markdown) read
/// the whole document before and after, and their trees (`scripts/read_tables.py` -tree modes: white
/// space collapsed outside literal text, docutils's messages kept) must be the same, case by case.
/// Fitting is also idempotent, and meets the bound or says `table-too-wide`.
/// `GRIDLS_FIT_CASES=N` runs N tables per syntax instead of 40, `GRIDLS_FIT_SEED=S` another seed, and
/// `GRIDLS_FIT_DUMP=FOLDER` writes the documents read (`before.rst`, `after.rst`, `before.md`, `after.md`).
struct FitPreservesReadingTests {
    static let environment = ProcessInfo.processInfo.environment
    static let caseCount = environment["GRIDLS_FIT_CASES"].flatMap { Int($0) } ?? 40
    static let seed = environment["GRIDLS_FIT_SEED"].flatMap { UInt64($0) } ?? 30

    /// One random table and its fit.
    struct Case {
        var maxWidth: Int
        var columnCount: Int
        var cells: [RandomCells.Cell]
        var before: String
        var after: String
    }

    static func randomCase(_ cells: inout RandomCells) -> Case {
        let rows = cells.random.int(2...4), columns = cells.random.int(2...4)
        let contents = (0..<rows * columns).map { _ in cells.cell() }
        let gridCells = contents.enumerated().map { i, cell in
            GridCell(rows: i / columns..<i / columns + 1, columns: i % columns..<i % columns + 1, lines: cell.lines)
        }
        let grid = try! Grid(rowCount: rows, columnCount: columns, cells: gridCells, headerRowCount: cells.random.chance(0.5) ? 1 : 0)
        let table = GridTablePrinter(grid, options: WidthOptions(), syntax: cells.syntax).lines()
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        let maxWidth = cells.random.int(20...100)
        let after = DocumentFormatter.format(Array(table.utf8), syntax: cells.syntax, options: FormatOptions(maxWidth: maxWidth)).output
        return Case(maxWidth: maxWidth, columnCount: columns, cells: contents, before: table, after: String(decoding: after, as: UTF8.self))
    }

    @Test(arguments: [DocumentSyntax.restructuredText, .pandocMarkdown])
    func fittingKeepsWhatTheReadersRead(_ syntax: DocumentSyntax) throws {
        var random = RandomCells(seed: Self.seed &+ (syntax == .restructuredText ? 0 : 1), syntax: syntax)
        let cases = (0..<Self.caseCount).map { _ in Self.randomCase(&random) }
        for (n, fit) in cases.enumerated() {
            checkIdempotentAndBounded(fit, syntax: syntax, label: "seed \(Self.seed) \(syntax) case \(n)")
        }
        guard ReferenceReaders.isAvailable else { return }
        let ext = syntax == .restructuredText ? "rst" : "md"
        if let folder = Self.environment["GRIDLS_FIT_DUMP"] {  // the documents the readers read, to read them again by hand
            try Data(ReaderTree.document(cases.map(\.before))).write(to: URL(fileURLWithPath: "\(folder)/before.\(ext)"))
            try Data(ReaderTree.document(cases.map(\.after))).write(to: URL(fileURLWithPath: "\(folder)/after.\(ext)"))
        }
        var broken: [String: Int] = [:], alone: [String: Int] = [:], failing = Set<Int>()
        for reader in syntax == .restructuredText ? ["docutils-tree", "pandoc-rst-tree"] : ["pandoc-markdown-tree"] {
            let before = ReaderTree(try ReferenceReaders.read(reader, ReaderTree.document(cases.map(\.before)), fileExtension: ext))
            let after = ReaderTree(try ReferenceReaders.read(reader, ReaderTree.document(cases.map(\.after)), fileExtension: ext))
            #expect((0..<cases.count).allSatisfy { before.parts["\($0)"] != nil }, "\(reader) did not read every case's marker paragraph")
            for (n, fit) in cases.enumerated() {
                guard let difference = ReaderTree.difference(before.parts["\(n)"] ?? [], after.parts["\(n)"] ?? []) else { continue }
                failing.insert(n)
                let cell = difference.cell.flatMap { $0 < fit.cells.count ? $0 : nil }
                let constructs = cell.map { fit.cells[$0].constructs } ?? fit.cells.flatMap(\.constructs)
                for construct in Set(constructs) { broken["\(reader): \(construct)", default: 0] += 1 }
                if cell != nil, Set(constructs).count == 1 { alone["\(reader): \(constructs[0])", default: 0] += 1 }
                let place = cell.map { "cell row \($0 / fit.columnCount) column \($0 % fit.columnCount) (\(constructs.joined(separator: ", ")))" }
                    ?? "table (\(constructs.joined(separator: ", ")))"
                Issue.record("""
                    seed \(Self.seed) \(syntax) case \(n), maxWidth \(fit.maxWidth): \(reader) reads \(place) differently after the fit.
                    \(difference.text)
                    table before:
                    \(fit.before)table after:
                    \(fit.after)
                    """)
            }
            if let difference = ReaderTree.difference(before.parts["end"] ?? [], after.parts["end"] ?? []) {
                Issue.record("seed \(Self.seed) \(syntax): \(reader)'s messages after the last case differ (pandoc lists its warnings there, docutils those about unresolved references):\n\(difference.text)")
            }
        }
        #expect(failing.isEmpty, """
            \(failing.count) of \(cases.count) \(syntax) tables read differently after the fit; \
            failures by reader and construct of the cell that changed (or of the table, where no cell):
            \(broken.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n"))
            of which in cells of one construct only (that construct broke):
            \(alone.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n"))
            """)
    }

    /// Fitting again changes nothing, and every line of the fitted table is within the bound or the
    /// document says `table-too-wide`.
    func checkIdempotentAndBounded(_ fit: Case, syntax: DocumentSyntax, label: String) {
        let options = FormatOptions(maxWidth: fit.maxWidth)
        let output = Array(fit.after.utf8)
        let again = DocumentFormatter.format(output, syntax: syntax, options: options).output
        #expect(again == output, "\(label): fitting again at \(fit.maxWidth) changes the table:\n\(fit.after)\nto\n\(String(decoding: again, as: UTF8.self))")
        let text = TextLines(output)
        let said = DocumentFormatter.diagnostics(text, scan: syntax.scan(text, options: options.scan), options: options).contains { $0.code == .tableTooWide }
        let reader = ReferenceReader(syntax)
        let widest = fit.after.split(separator: "\n").map { reader.width(of: $0) }.max() ?? 0
        #expect(said || widest <= fit.maxWidth, "\(label): \(widest) columns wide, more than maxWidth \(fit.maxWidth), and no table-too-wide:\n\(fit.after)")
    }
}
