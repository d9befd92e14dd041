import Foundation
import TestSupport
import Testing
@testable import TextTables

/// Where pandoc's Markdown reader finds tables, and where it ends them (each expectation read from
/// `pandoc -f markdown -t native`, pandoc 3.9).
struct PandocMarkdownScannerTests {
    static func scan(_ document: String) -> TableScan {
        DocumentSyntax.pandocMarkdown.scan(TextLines(Array(document.utf8)))
    }

    /// Each table's kind and lines.
    static func tables(_ document: String) -> [String] {
        scan(document).tables.map { "\($0.kind) \($0.lines.lowerBound)..<\($0.lines.upperBound)" }
    }

    /// Per table the scan finds, the codes of the errors reading it gives.
    static func errors(_ document: String) -> [[Diagnostic.Code]] {
        let text = TextLines(Array(document.utf8))
        return scan(document).tables.map { TableReading(text, region: $0, options: FormatOptions()).errors?.map(\.code) ?? [] }
    }

    static func formatted(_ document: String) -> String {
        String(decoding: DocumentFormatter.format(Array(document.utf8), syntax: .pandocMarkdown).output, as: UTF8.self)
    }

    /// pandoc 3.9 reads `  +-----+` as the start of a paragraph (its dashes become dashes of prose), pandoc
    /// 3.10 as a table's border (pandoc's own test `grid-table-indented`): left alone, with a warning.
    @Test func aGridTableIndentedPastItsBlockIsLeftAloneAndReported() {
        let indented = """
              +-----+------+
              | foo | bar  |
              +-----+------+

            """
        #expect(Self.tables(indented).isEmpty)
        #expect(Self.scan(indented).diagnostics.map(\.code) == [.ambiguousTable])
        #expect(Self.scan(indented).diagnostics.map(\.message) == [Diagnostic.Message.pandocIndentedGridTable])
        #expect(Self.formatted(indented) == indented)
        // At its list item's indentation the table is no more indented than its block: a table to both.
        let inItem = """
            - item

              +-----+------+
              | foo | bar  |
              +-----+------+

            """
        #expect(Self.tables(inItem) == ["grid 2..<5"])
        #expect(Self.formatted(inItem) == """
            - item

              +-----+-----+
              | foo | bar |
              +-----+-----+

            """)
    }

    @Test func aDivCloserOrCaptionRightUnderATableEndsIt() {
        #expect(Self.tables("""
            ::: {.callout-note}
            | a | b |
            |---|---|
            | 1 | 2 |
            :::

            after

            """) == ["pipe 1..<4"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            | 1 | 2 |
            : Caption {#tbl-x tbl-colwidths=\"[30,70]\"}

            """) == ["pipe 0..<3"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            Table: Caption

            """) == ["pipe 0..<2"])
    }

    /// pandoc reads a div's content as blocks up to its closing fence: a `:::` right under a simple or
    /// multiline table ends it, and is no row.
    @Test func aDivCloserEndsASimpleOrMultilineTable() {
        let callout = """
            ::: {.callout-note}
             Model    RMSE
            -------  ------
              lm      0.31
              glm     0.29
            :::

            Text after the callout.

            """
        #expect(Self.tables(callout) == ["pandocSimple 1..<5"])
        #expect(Self.formatted(callout) == callout, "its centred columns are drawn as pandoc reads them; the closer stays")
        let roomy = """
            ::: {.callout-note}
            Model      RMSE
            -------    ------
            lm         0.31
            glm        0.29
            :::

            Text after the callout.

            """
        #expect(Self.formatted(roomy) == """
            ::: {.callout-note}
            Model     RMSE
            ------    -----
            lm        0.31
            glm       0.29
            :::

            Text after the callout.

            """)
        let indented = """
            ::: {.x}
               Right   Left
               -----   ----
                   1   a
            :::

            """
        #expect(Self.tables(indented) == ["pandocSimple 1..<4"])
        #expect(Self.scan(indented).diagnostics.map(\.code) == [] && Self.errors(indented) == [[]])
        // A later div's opener over a dashed line is no row of a table in the div before.
        let divs = """
            ::: note
            ----- -----
              a     b
            ----- -----
            :::

            ::: note
            -----  -----
            :::

            """
        #expect(Self.tables(divs) == ["pandocSimple 1..<4"])
        #expect(Self.scan(divs).diagnostics.map(\.code) == [] && Self.errors(divs) == [[]])
        let multiline = """
            ::: note
            -------- -----
            first    a

            second   b
            -------- -----
            :::

            ::: note
            ----------
             h1   h2
            ---- ----
             r    s

            ----------
            :::

            """
        #expect(Self.tables(multiline) == ["multiline 1..<6", "multiline 9..<15"])
        #expect(Self.errors(multiline) == [[], []])
        // Outside a div, `:::` is text: a row.
        #expect(Self.tables("""
            -----  -----
            :::    x
            -----  -----

            """) == ["pandocSimple 0..<3"])
    }

    /// A line of three dashes or more, spaced or not, that no table closes is a horizontal rule to
    /// pandoc, and the lines under it a paragraph: no table, and no table to close.
    @Test func aRuleOverTextIsNoUnclosedTable() {
        for document in ["Para.\n\n- - -\nnext para\n", """
            ::: note
            -----  -----
            :::

            """, """
            -----  ----
            one    x

            after

            """,
                         """
                             #    Name
                             ---  ------
                             1    apple

                             """] {
            #expect(Self.tables(document) == [], "\(document)")
            #expect(Self.scan(document).diagnostics.map(\.code) == [], "\(document)")
        }
    }

    @Test func gridTablesAreFoundWithTheirCaptionsOutside() {
        #expect(Self.tables("""
            +---+---+
            | a | b |
            +===+===+
            | 1 | 2 |
            +---+---+
            : Grid {#tbl-g}

            """) == ["grid 0..<5"])
        #expect(Self.scan("""
            +---+
            | a |
            +---+

            """).tables.map(\.syntax) == [.pandocMarkdown])
    }

    /// No scan restarts inside a div, below an unclosed fence (a fence typed below would close it), or
    /// anywhere but a blank line between blocks.
    @Test func restartPointsAreBlankLinesBetweenTopLevelBlocks() {
        let restart = { (document: String) in
            PandocMarkdownScanner.scan(TextLines(Array(document.utf8))).restartable.enumerated().filter(\.element).map(\.offset)
        }
        // (The last line is the empty one after the last line feed.)
        #expect(restart("a\n\n::: x\n\nb\n\n:::\n\nc\n") == [1, 7, 9])
        #expect(restart("a\n\n```\n\nb\n\nc\n") == [1])
        #expect(restart("- a\n\n  b\n\nc\n") == [3, 5])
    }

    /// Every restart point of random Quarto-style documents is one: scanning the text after it finds the
    /// tables and diagnostics below it that scanning the whole document finds.
    @Test func aScanAfterARestartPointFindsWhatTheWholeScanFinds() {
        for seed in 0..<UInt64(60) {
            var generator = RandomPandocDocument(seed: seed &+ 60_000)
            let text = TextLines(Array(generator.make().utf8))
            let (whole, restartable) = PandocMarkdownScanner.scan(text)
            for line in restartable.indices where restartable[line] && line + 1 < text.count {
                let offset = text.starts[line + 1]
                let (part, _) = PandocMarkdownScanner.scan(TextLines(Array(text.bytes[offset...])), startsDocument: false)
                let below = whole.tables.filter { $0.firstLine > line }.map { region in
                    "\(region.kind) \(region.firstLine - line - 1) \(region.contentStarts.map { $0 - offset })"
                }
                let found = part.tables.map { "\($0.kind) \($0.firstLine) \($0.contentStarts)" }
                #expect(found == below, "seed \(seed), after line \(line)")
                let diagnostics = whole.diagnostics.filter { $0.range.lowerBound >= offset }.map { "\($0.message) \($0.range.lowerBound - offset)" }
                #expect(part.diagnostics.map { "\($0.message) \($0.range.lowerBound)" } == diagnostics, "seed \(seed), after line \(line)")
            }
        }
    }

    /// Random Quarto-style documents with bytes of pandoc's markup thrown in (pipes, colons, braces,
    /// fences, markers, tabs, line ends, runs of nested containers): reading never fails, formatting is idempotent and refuses
    /// exactly the errors found, and every restart point is one.
    @Test func noisyDocumentsReadAndFormatSafely() {
        let noise = Array("|:{}`~->#<!$+= \t\n\r.*0123x".utf8)
        for seed in 0..<UInt64(300) {
            var generator = RandomPandocDocument(seed: seed &+ 80_000)
            var random = SeededRandom(seed: seed)
            var bytes = Array(generator.make().utf8)
            for _ in 0..<random.int(1...12) { bytes.insert(random.pick(noise), at: random.below(bytes.count + 1)) }
            if random.chance(0.05) {
                // Containers nested past what is read (a run of `>` or list markers).
                let run = String(repeating: random.pick(["> ", ">", "- "]), count: random.int(20...60))
                bytes.insert(contentsOf: Array(("\n" + run).utf8), at: random.below(bytes.count + 1))
            }
            guard UTF8Validation.isValid(bytes) else { continue }  // the command line refuses other input
            let text = TextLines.readerLines(bytes)  // as the command line reads: a lone CR ends a line
            let (scan, restartable) = PandocMarkdownScanner.scan(text)
            let once = DocumentFormatter.format(bytes, syntax: .pandocMarkdown)
            #expect(DocumentFormatter.format(once.output, syntax: .pandocMarkdown).output == once.output, "seed \(seed)")
            #expect(once.refused == DocumentFormatter.diagnostics(text, scan: scan).filter { $0.severity == .error }, "seed \(seed)")
            for line in restartable.indices where restartable[line] && line + 1 < text.count {
                let offset = text.starts[line + 1]
                let part = PandocMarkdownScanner.scan(TextLines.readerLines(Array(text.bytes[offset...])), startsDocument: false).scan
                #expect(part.tables.map { "\($0.firstLine + line + 1)" } == scan.tables.filter { $0.firstLine > line }.map { "\($0.firstLine)" },
                        "seed \(seed), after line \(line)")
            }
        }
    }
}
