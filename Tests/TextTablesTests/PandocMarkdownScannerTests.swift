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

    /// pandoc tries a table before indented code: a header line indented four columns or more over a
    /// column line is a simple table's header, in a list item too.
    @Test func aHeaderIndentedFourColumnsStartsASimpleTable() {
        // Its lines under the item's first are lazy: printed at the header's indentation they would read
        // otherwise, so the table is left alone and reported.
        let item = """
             -      b
            -----  -----
            x      y
            -----  -----

            """
        #expect(Self.tables(item) == [])
        #expect(Self.scan(item).diagnostics.map(\.code) == [.ambiguousTable])
        #expect(Self.formatted(item) == item)
        let roomy = """
                 Amount  Name
            -----------  ----
                      1  pear

            """
        #expect(Self.formatted("p\n\n" + roomy) == """
            p

             Amount  Name
            -------  ----
                  1  pear

            """)
        #expect(Self.tables("""
            p

                 Amount  Name
            -----------  ----
                      1  pear

            """) == ["pandocSimple 2..<5"])
        // Without a column line under it, or with a row-less table, it is code.
        #expect(Self.tables("p\n\n        x\n--  --\n") == [])
    }

    @Test func rowsGoOnOverEveryLineHoldingAPipe() {
        #expect(Self.tables("""
            | a | b |
            |---|---|
            - x | y
            > q | r
                c | d
            no pipe

            """) == ["pipe 0..<5"])
        #expect(Self.tables("""
            | a | b |
              |---|---|
            | 1 | 2 |

            """) == ["pipe 0..<3"])
    }

    @Test func aTableLineUnderParagraphTextIsThatText() {
        #expect(Self.tables("""
            para
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            > q
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            : cap
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            - item
              | a | b |
              |---|---|

            """) == [])
    }

    @Test func aTableRightUnderABlockThatEndsOnItsLineIsFound() {
        #expect(Self.tables("""
            # H
            | a | b |
            |---|---|

            """) == ["pipe 1..<3"])
        #expect(Self.tables("""
            H
            ===
            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            para
            ```
            code
            ```
            | a | b |
            |---|---|

            """) == ["pipe 4..<6"])
        #expect(Self.tables("""
            ::: a
            text
            :::
            | a | b |
            |---|---|

            """) == ["pipe 3..<5"])
        #expect(Self.tables("""
            <div>
            | a | b |
            |---|---|
            </div>

            """) == ["pipe 1..<3"])
    }

    @Test func captionsAboveNeedABlankLineOrAttributes() {
        #expect(Self.tables("""
            Table: cap

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            : cap {#t}
            | a | b |
            |---|---|

            """) == ["pipe 1..<3"])
        #expect(Self.tables("""
            Table: cap
            | a | b |
            |---|---|

            """) == [])
    }

    /// pandoc 3 takes an attribute block that ends a caption's line for the table's attributes, and ends
    /// the caption there: what follows is a block of its own.
    @Test func aCaptionEndsWithItsAttributes() {
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {#a b=c}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2", "pipe 3..<5"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap
            {.x}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2", "pipe 4..<6"])
        // Not attributes, or not at the line's end: the caption goes on.
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {x}
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap {#a} x
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
        #expect(Self.tables("""
            | a | b |
            |---|---|
            : cap `{#a}`
            | a | b |
            |---|---|

            """) == ["pipe 0..<2"])
    }

    @Test func codeMetadataAndRawHTMLHoldNoTables() {
        #expect(Self.tables("""
            ~~~
            | a | b |
            |---|---|
            ~~~

            """) == [])
        #expect(Self.tables("""
                | a | b |
                |---|---|

            """) == [])
        #expect(Self.tables("""
            <!--
            | a | b |
            |---|---|
            -->

            """) == [])
        #expect(Self.tables("""
            Intro.

            ---
            k: |
              | a | b |
              |---|---|
            ---

            | a | b |
            |---|---|

            """) == ["pipe 8..<10"])
        #expect(Self.tables("""
            $$
            | a | b |
            |---|---|
            $$

            """) == [])
        #expect(Self.tables("""
            ```{r}
            | a | b |

            |---|---|
            ```

            """) == [])
        #expect(Self.tables("""
            \\begin{minipage}{3in}

            | a | b |
            |---|---|

            \\end{minipage}

            | c | d |
            |---|---|

            """) == ["pipe 7..<9"])
    }

    /// A code fence or YAML block that nothing closes is text: a table after it is found.
    @Test func unclosedOpenersAreText() {
        #expect(Self.tables("""
            ```

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            ---
            text

            | a | b |
            |---|---|

            """) == ["pipe 3..<5"])
        #expect(Self.tables("""
            ```
            | a | b |
            |---|---|

            """) == [])
    }

    @Test func tablesInListItemsAndBlockQuotesStartAfterTheirPrefixes() {
        let item = """
            - item

              | a | b |
              |---|---|
            - next

            """
        #expect(Self.scan(item).tables.map(\.contentStarts) == [[10, 22]])
        let quote = """
            > | a | b |
            > |---|---|
            > | 1 | 2 |

            """
        #expect(Self.scan(quote).tables.map(\.contentStarts) == [[2, 14, 26]])
        #expect(Self.tables("""
            - | a | b |
              |---|---|
              | 1 | 2 |

            """) == ["pipe 0..<3"])
        #expect(Self.tables("""
            1. item

                | a | b |
                |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            - x

            | a | b |
            |---|---|

            """) == ["pipe 2..<4"])
    }

    /// A header of another cell count than the delimiter row is a table to pandoc (cut or padded to the
    /// delimiter row's columns): left alone, reported, its rows no other table's.
    @Test func aHeaderOfAnotherCountIsReportedAndItsRowsSkipped() {
        let scan = Self.scan("""
            | a | b | c |
            |---|---|
            | 1 |

            """)
        #expect(scan.tables.isEmpty)
        #expect(scan.diagnostics.map(\.message) == [Diagnostic.Message.pandocDelimiterMismatch(header: 3, delimiter: 2)])
        #expect(Self.tables("""
            > | a | b |
            |---|---|

            """) == [])
    }

    @Test func tablesGridlsWouldReadOtherwiseAreLeftAloneAndReported() {
        let underLineBlock = Self.scan("""
            | a line
            x | y
            --|--

            """)
        #expect(underLineBlock.tables.isEmpty)
        #expect(underLineBlock.diagnostics.map(\.message) == [Diagnostic.Message.lineBlockAbove])
        let pipeInCode = Self.scan("""
            | `a|b` | c |
            |---|---|

            """)
        #expect(pipeInCode.tables.isEmpty)
        #expect(pipeInCode.diagnostics.map(\.message) == [Diagnostic.Message.pandocPipeInCode])
    }

    /// A row that goes on with a list item without its indentation (a lazy line): at the table's
    /// indentation it would become the item's own line, so an indented table is left alone; one without
    /// indentation keeps the line lazy.
    @Test func lazyRowsOfAnIndentedTableLeaveItAlone() {
        let indented = Self.scan("""
            - item

                | a | b |
                |---|---|
             | 1 | 2 |

            """)
        #expect(indented.tables.isEmpty)
        #expect(indented.diagnostics.map(\.message) == [Diagnostic.Message.lazyTableLine])
        #expect(Self.scan("""
            - item

              | a | b |
              |---|---|
            | 1 | 2 |

            """).tables.map(\.contentStarts) == [[10, 22, 32]])
    }

    /// A definition's text is read as blocks; a `:` line that a captioned table follows is its caption.
    @Test func tablesInDefinitionsAreFound() {
        #expect(Self.tables("""
            Term

            :   | a | b |
                |---|---|

            """) == ["pipe 2..<4"])
        #expect(Self.tables("""
            Term

            : def

                | a | b |
                |---|---|

            """) == ["pipe 4..<6"])
        #expect(Self.tables("""
            Term
            : def
            | a | b |
            |---|---|

            """) == [])
        #expect(Self.tables("""
            Term

            : def

            | a | b |
            |---|---|

            """) == ["pipe 4..<6"])
    }

    /// Content nested past `maxNesting` containers is not read: a line of 20,000 `>` is no stack overflow.
    @Test func deeplyNestedContainersAreNotRead() {
        let quotes = { (count: Int) in
            String(repeating: ">", count: count) + " | a | b |\n" + String(repeating: ">", count: count) + " |---|---|\n"
        }
        #expect(Self.tables(quotes(PandocMarkdownScanner.maxNesting)) == ["pipe 0..<2"])
        #expect(Self.tables(quotes(PandocMarkdownScanner.maxNesting + 1)) == [])
        #expect(Self.tables(quotes(20_000)) == [])
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

extension PandocMarkdownScannerTests {
    /// pandoc tries a table before an ordered list: `1. | a | b |` over a delimiter row indented three
    /// columns is a table whose first cell is `1.`; indented four, it is the item's table. Formatting keeps
    /// those four columns (found by Tests/Fuzz, markdown: the row was printed at the item's text column).
    @Test func aPipeTableOnAnOrderedMarkerKeepsItsRowsFourColumnsIn() {
        let item = "1. | a | b |\n    |---|---|\n    | c | d |\n   | e | f |\n"
        #expect(Self.tables(item) == ["pipe 0..<4"])
        #expect(Self.formatted(item) == "1. | a   | b   |\n    | --- | --- |\n    | c   | d   |\n   | e   | f   |\n")
        let quoted = "> 0. |a|\n>     |-|\n"
        #expect(Self.formatted(quoted) == "> 0. | a   |\n>     | --- |\n")
        let atTheMargin = "1. | a | b |\n   |---|---|\n"
        #expect(Self.scan(atTheMargin).diagnostics.map(\.code) == [.delimiterCountMismatch])  // pandoc: the cells `1.` and `a`
    }

    /// Right under a list item, `0. a | b` ends the item (pandoc's items end at a marker) and starts a
    /// table; printed as `| 0. a | b |`, it would go on with the item's text (found by Tests/Fuzz,
    /// markdown). Under a blank line the same table is formatted.
    @Test func aTableWhoseNumberEndsTheItemAboveIsLeftAlone() {
        let underItem = "- item\n0. a | b\n|---|---|\n"
        #expect(Self.tables(underItem).isEmpty)
        #expect(Self.scan(underItem).diagnostics.map(\.message) == [Diagnostic.Message.markerEndsItemAbove])
        #expect(Self.formatted(underItem) == underItem)
        #expect(Self.formatted("- item\n\n0. a | b\n|---|---|\n") == "- item\n\n| 0. a | b   |\n| ---- | --- |\n")
    }

    /// A simple table on an ordered marker cannot keep its columns with its lines below moved: left alone.
    @Test func aSimpleTableOnAnOrderedMarkerIsLeftAloneAndReported() {
        let item = "1. a   b\n    --- ---\n    c   d\n\n"
        #expect(Self.tables(item).isEmpty)
        #expect(Self.scan(item).diagnostics.map(\.message) == [Diagnostic.Message.tableOnOrderedMarker])
        #expect(Self.formatted(item) == item)
    }

    /// pandoc deletes every carriage return before it reads: a lone one joins the lines around it (here the
    /// blank line above the table vanishes and `a` runs on into it, as `printf 'a\n\r|x|y|\n|-|-|\n' | pandoc`
    /// shows), so from the line above it on, tables are left alone and reported (found by Tests/Fuzz,
    /// markdown: `-\r` started no list for pandoc).
    @Test func tablesFromALoneCarriageReturnOnAreLeftAloneForPandoc() {
        let document = "|p|q|\n|-|-|\n\na\n\r|x|y|\n|-|-|\n"
        let text = TextLines.readerLines(Array(document.utf8))
        let (scan, restartable) = PandocMarkdownScanner.scan(text)
        #expect(scan.tables.map(\.firstLine) == [0])
        #expect(scan.diagnostics.map(\.message) == [Diagnostic.Message.carriageReturnAbove])
        #expect(restartable[2] && !restartable[3] && !restartable[4])
        #expect(Self.formatted(document) == "| p   | q   |\n| --- | --- |\n\na\n\r|x|y|\n|-|-|\n")
        #expect(DocumentSyntax.markdown.scan(text).tables.map(\.firstLine) == [0, 5])  // cmark-gfm ends a line there
    }
}
