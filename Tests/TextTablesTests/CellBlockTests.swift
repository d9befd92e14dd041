import Foundation
import Testing
@testable import TextTables

/// A cell's blocks as the document's reader reads them, fitted to a width: the exact lines before and
/// after per construct, and the readers (docutils and pandoc) reading the same table before and after.
struct CellBlockTests {
    /// The cell fitted to `width`, checked to be a fixed point and to read as `cell` reads.
    func fitted(_ cell: [String], _ width: Int, _ syntax: DocumentSyntax = .restructuredText) throws -> [String] {
        let fitted = CellText(cell, syntax: syntax, contentDirectives: []).lines(wrappedTo: width, measure: { $0.count })
        #expect(CellText(fitted, syntax: syntax, contentDirectives: []).lines(wrappedTo: width, measure: { $0.count }) == fitted, "not idempotent")
        guard ReferenceReaders.isAvailable else { return fitted }
        let readers = syntax == .restructuredText ? [("docutils", "rst"), ("pandoc-rst", "rst")] : [("pandoc-markdown", "md")]
        for (reader, ext) in readers {
            let before = try ReferenceReaders.read(reader, Array(GridFitTests.table([[["cell"], cell]], header: false).utf8), fileExtension: ext)
            let after = try ReferenceReaders.read(reader, Array(GridFitTests.table([[["cell"], fitted]], header: false).utf8), fileExtension: ext)
            #expect(after == before, "\(reader) reads the fitted cell otherwise:\n\(fitted.joined(separator: "\n"))")
        }
        return fitted
    }

    // MARK: reStructuredText

    @Test func aCodeBlockDirectiveKeepsItsBodyWhileTheParagraphAboveWraps() throws {
        let cell = ["Install the package with this task in your playbook:", "", ".. code-block:: yaml", "",
                    "   - name: install the package with a rather long name", "     apt: name=foo state=present"]
        #expect(try fitted(cell, 24) == ["Install the package with", "this task in your", "playbook:"] + cell.dropFirst())
    }

    @Test func aDefinitionTermNeverWrapsAndItsDefinitionWrapsUnderIt() throws {
        let cell = ["a term of several words here", "   the definition of the term, long enough to wrap"]
        #expect(try fitted(cell, 24) == ["a term of several words here", "   the definition of the", "   term, long enough to", "   wrap"])
    }

    @Test func aParagraphStartingWithARuleIsKeptWhole() throws {
        let cell = ["==== is how a title is underlined in this text", "", "-- and this one starts like an attribution"]
        #expect(try fitted(cell, 20) == cell)
    }

    @Test func aWordThatWouldStartALineAsMarkupStaysBehindItsNeighbour() throws {
        #expect(try fitted(["the total is ==== and then - item and 3. more words follow"], 14)
                == ["the total", "is ==== and", "then - item", "and 3. more", "words follow"])
    }

    @Test func fieldsAndOptionsWrapUnderTheirBodiesIndentation() throws {
        let cell = [":param name: the name of the thing to look up in the table", ":returns: the thing",
                    "", "-a, --all  show every entry, the hidden ones included"]
        #expect(try fitted(cell, 26) == [":param name: the name of", "   the thing to look up in", "   the table", ":returns: the thing", "",
                                         "-a, --all  show every", "           entry, the", "           hidden ones", "           included"])
    }

    @Test func lineBlockLinesWrapWithIndentedContinuations() throws {
        let cell = ["| a line of a line block that is long", "|    a nested line that is long too"]
        #expect(try fitted(cell, 18) == ["| a line of a line", "  block that is", "  long", "|    a nested line", "  that is long too"])
    }

    @Test func literalBlocksDirectivesCommentsAndTablesAreKept() throws {
        let cell = ["The example below is literal text::", "", "    literal text that is long and is never wrapped", "",
                    ".. unknown-directive:: with an argument that is long", "", "   and a body that is long and never wrapped", "",
                    ".. a comment that is long and never wrapped", "", "=====  ===============================", "a      b is a row that looks like prose",
                    "=====  ===============================", "", ">>> print('a doctest block that is long')", "a doctest block that is long"]
        #expect(try fitted(cell, 24) == ["The example below is", "literal text::"] + cell.dropFirst())
    }

    @Test func anAdmonitionsBodyWrapsAndItsOptionsStay() throws {
        let cell = [".. note:: this note starts on the directive's line", "   and goes on below it", "", ".. warning::", "   :class: wide",
                    "", "   a warning that is long enough to wrap"]
        #expect(try fitted(cell, 28) == [".. note:: this note starts", "   on the directive's line", "   and goes on below it", "", ".. warning::",
                                         "   :class: wide", "", "   a warning that is long", "   enough to wrap"])
    }

    @Test func listItemsWrapAtTheirTextAndAnItemThatIsAParagraphIsKept() throws {
        #expect(try fitted(["- a bullet item that is long enough", "- another bullet item"], 20)
                == ["- a bullet item that", "  is long enough", "- another bullet", "  item"])
        #expect(try fitted(["A. Einstein was a great physicist and", "then some more words"], 16) == ["A. Einstein was a great physicist and", "then some more", "words"])
    }

    @Test func aProjectsOwnContentDirectiveWraps() {
        let cell = [".. exercise::", "", "   an exercise whose body is long enough to wrap"]
        #expect(CellText(cell, syntax: .restructuredText, contentDirectives: []).lines(wrappedTo: 24, measure: { $0.count }) == cell)
        #expect(CellText(cell, syntax: .restructuredText, contentDirectives: ["exercise"]).lines(wrappedTo: 24, measure: { $0.count })
                == [".. exercise::", "", "   an exercise whose", "   body is long enough", "   to wrap"])
    }

    @Test func whereDocutilsAndPandocReadApartTheTextIsKept() throws {
        // pandoc takes a field with lines under it after a definition list for one more term.
        #expect(try fitted(["term", "   its definition", "", ":field: a field body that is long enough"], 20)
                == ["term", "   its definition", "", ":field: a field body that is long enough"])
        // docutils ends the item at the shallower line, pandoc goes on with it.
        #expect(try fitted(["ii. an item that is long", "   a line under it"], 16) == ["ii. an item that is long", "   a line under", "   it"])
        // A paragraph directly above `.. warning::` takes it for text in docutils, so its body is no directive's.
        #expect(try fitted(["text", ".. warning::", "", "   a body that is long enough"], 16) == ["text", ".. warning::", "", "   a body that is long enough"])
    }

    // MARK: Markdown (pandoc)

    @Test func markdownCodeIndentedOrFencedIsKept() throws {
        let cell = ["Run the following long command in a shell:", "", "    quarto render document.qmd --to html --output-dir _site", "",
                    "```", "a fenced line that is long and never wrapped", "```"]
        #expect(try fitted(cell, 24, .markdown) == ["Run the following long", "command in a shell:"] + cell.dropFirst())
    }

    @Test func aHardLineBreakStaysAtTheEndOfItsLine() throws {
        #expect(try fitted(["the first line ends with a break\\", "and the second goes on after it"], 16, .markdown)
                == ["the first line", "ends with a", "break\\", "and the second", "goes on after it"])
    }

    @Test func markdownQuotesListsAndDefinitionsWrapAndTermsAndHeadingsStay() throws {
        let cell = ["# A heading that is long and never wrapped", "", "> a block quote that is long enough to wrap", "",
                    "- a list item that is long enough to wrap", "", "A term that is long and stays whole", "",
                    ":   its definition, long enough to wrap around"]
        #expect(try fitted(cell, 22, .markdown) == [
            "# A heading that is long and never wrapped", "", "> a block quote that", "> is long enough to", "> wrap", "",
            "- a list item that is", "  long enough to wrap", "", "A term that is long and stays whole", "",
            ":   its definition,", "    long enough to", "    wrap around",
        ])
    }

    @Test func markdownCodeRightAfterAFenceIsKeptAndAQuoteAboveAnUnderlineToo() throws {
        #expect(try fitted(["```", "x", "```", "    code right after the fence, long"], 16, .markdown) == ["```", "x", "```", "    code right after the fence, long"])
        #expect(try fitted(["> a quote that is long enough", "---"], 16, .markdown) == ["> a quote that is long enough", "---"])
    }

    @Test func markdownHTMLFootnotesAndTablesAreKept() throws {
        let cell = ["<div class=\"note\">some raw HTML that is long enough</div>", "", "[^1]: a footnote that is long and never wrapped", "",
                    "| a | pipe table row that is long |", "", "Header  Other header that is long", "------  ------------------------",
                    "a       b is a row of a simple table"]
        #expect(try fitted(cell, 20, .markdown) == cell)
    }
}

/// Cells made of the constructs whose wrapping rules differ, fitted to narrow widths: docutils and pandoc
/// read every table as before, and fitting again changes nothing.
struct TrickyCellTests {
    static let rst: [[String]] = [
        ["1. an item that is long enough", "3. not its successor, so a paragraph"], ["- item one is long text", "  continued here", "- item two is long"],
        ["- foo", "", "  second paragraph of the item is long"], ["term : classifier", "   its definition is long text here"],
        [":field: text", "", "   more paragraphs of the field, long"], ["paragraph text", "- not a list item but long text here"],
        ["Title text that is long", "======================="], ["| line", "|", "| line two is long text here"],
        ["-x  the description is long long text"], ["-5 degrees is cold outside in winter"], ["/V  verbose mode long text here"],
        ["text with ``inline literal spanning`` words and `a link <http://x.org>`_ more"], ["a\\ b escaped spaces long text\\ here too"],
        ["* bullet", "", "  * nested bullet with long text"], ["(a) item with long text here", "(b) next"], ["#. auto item with long text"],
        ["ii. roman item with long text"], [".. [1] footnote with long text here"], [".. |sub| replace:: long replacement text here"],
        ["::", "", "    literal text that is long"], ["Paragraph", "", "    block quote with long text here", "", "    -- Attribution"],
        ["text ending with a colon::", "", "> quoted literal that is long", "> more"], [".. note::", "   body directly under, long text"],
        [".. figure:: img.png", "", "   the caption is long text here"], ["term 1", "    def 1 with long text here", "term 2", "    def 2 with long text"],
        [":a: x", ":b: long text here in the field"], ["A paragraph followed", "by a second line ending in\\", "and more words here"],
        ["- item", "    deeper continuation of the item, long"], ["- item", " shallower continuation, long text here"],
        ["text -- with dashes and - a bullet and * star", "and :field: like words and .. dots"],
        // Found by a fuzz run against both readers.
        ["gamma", "   def text", "", ":a: a field after a definition list, long"], [":returns: words eta lambda mu", "", "    delta kappa"],
        ["ii. eta zeta zeta is long", "   theta iota beta"], ["- beta iota text gamma is long", "  #. epsilon gamma"],
        [">>> x", "y", ".. code-block:: python", "", "   (i) code line that is long"], ["lambda 1. kappa", ".. warning::", "   :class: x", "", "   beta zeta long body"],
        [":returns: iota ::", "", ".. code-block:: python", "", "   (a) lambda zeta long"], ["--out=<path>  2019. .. gamma theta kappa"],
        ["=====  =====", "a      b", "=====  =====", ".. code-block:: python", "", "   code that is long, long"], [".. note:: zeta delta", "   #. end text theta"],
    ]
    static let markdown: [[String]] = [
        ["1. foo bar baz qux", "2. baz qux is long text"], ["- item", "    deeper continuation that is long"], ["para", "- not an item, long text here"],
        ["* a", "", "      code in the item, long"], ["Term", ":   def with long text", "", "    second para of def, long"], ["Term", "~ def with long text"],
        ["> quote", "lazy continuation with long text"], ["> quote", ">", "> second paragraph that is long"], ["> - list in a quote, long text"],
        ["text with `code span` and [link text](http://example.com) long"], ["$$", "x = a + b is long math", "$$"],
        ["word\\ nbsp long text with more words"], ["<!-- comment -->", "text that is long enough"], ["Setext heading that is long", "---"],
        ["(@) example item with long text"], ["a) item with long text here"], ["#. item with long text here"], ["Line one\\", "line two long text here"],
        ["foo", "", "---", "", "bar is long text here"], ["text # hash and > gt and | bar and 1. and [^1]: and <b>bold</b> words"],
        // Found by a fuzz run against pandoc.
        ["```", "x", "```", "    @. code that is long"], ["(@) lambda", "(@) beta long text here", "", "    ~ gamma beta"], ["> quote that is long text", "---"],
        ["$$", "x", "$$", "> - words that are long"], ["a) zeta delta kappa", "> delta words gamma text kappa"], ["beta _", "``code`` theta ___", "mu lambda _ kappa"],
    ]

    static func canonical(_ json: Any) throws -> Data { try JSONSerialization.data(withJSONObject: json, options: .sortedKeys) }

    @Test(arguments: [DocumentSyntax.restructuredText, .markdown])
    func trickyCellsReadTheSameAfterFitting(_ syntax: DocumentSyntax) throws {
        let cells = syntax == .restructuredText ? Self.rst : Self.markdown
        for width in [8, 12, 16, 20, 28] {
            let fitted = cells.map { CellText($0, syntax: syntax, contentDirectives: []).lines(wrappedTo: width, measure: { $0.count }) }
            for (before, after) in zip(cells, fitted) {
                #expect(CellText(after, syntax: syntax, contentDirectives: []).lines(wrappedTo: width, measure: { $0.count }) == after, "not idempotent: \(before)")
            }
            guard ReferenceReaders.isAvailable else { continue }
            func document(_ cells: [[String]]) -> [UInt8] {
                Array(cells.enumerated().map { "Table \($0)\n\n" + GridFitTests.table([[["cell"], $1]], header: false) }.joined(separator: "\n").utf8)
            }
            let ext = syntax == .restructuredText ? "rst" : "md"
            for reader in syntax == .restructuredText ? ["docutils", "pandoc-rst"] : ["pandoc-markdown"] {
                let before = try JSONSerialization.jsonObject(with: Data(ReferenceReaders.read(reader, document(cells), fileExtension: ext).utf8)) as! [Any]
                let after = try JSONSerialization.jsonObject(with: Data(ReferenceReaders.read(reader, document(fitted), fileExtension: ext).utf8)) as! [Any]
                #expect(before.count == cells.count, "\(reader) did not read every table")
                for (n, (b, a)) in zip(before, after).enumerated() where try Self.canonical(b) != Self.canonical(a) {
                    Issue.record("\(reader) at \(width): \(cells[n]) -> \(fitted[n])\n\(b)\n\(a)")
                }
            }
        }
    }
}

extension CellBlockTests {
    /// Found by FitPreservesReadingTests (seed 30, case 88): pandoc reads `text\` as escaping its line end,
    /// so the blank line below ends the line and the deeper one after it is a definition (docutils: a
    /// block quote). The readers already disagree, and joined lines would make more such terms: kept.
    @Test func aParagraphEndingInABackslashAboveABlankAndADeeperLineIsKept() throws {
        let cell = ["a paragraph of words that runs long and ends escaped\\", "", "   a quoted paragraph of several words below"]
        let fitted = CellText(cell, syntax: .restructuredText, contentDirectives: []).lines(wrappedTo: 20, measure: { $0.count })
        #expect(fitted == cell)
        let joined = ["two lines that", "end escaped\\", "", "   quoted"]
        #expect(CellText(joined, syntax: .restructuredText, contentDirectives: []).lines(wrappedTo: 40, measure: { $0.count }) == joined)
    }
}

extension CellBlockTests {
    /// Found by Tests/Fuzz (fit): a line block's continuation indented 48 columns made 54 the column's
    /// least width; the fit put every word on one line, and the next fit, reading the default indentation,
    /// wrapped it narrower. A body indented past its construct's default is filled at the default.
    @Test func aBodyIndentedPastItsDefaultIsFilledAtTheDefault() throws {
        let lineBlock = ["| name | text", String(repeating: " ", count: 20) + "more words here"]
        #expect(try fitted(lineBlock, 12) == ["| name |", "  text more", "  words here"])
        let field = [":param x: the value", "          continued here"]
        #expect(try fitted(field, 14) == [":param x: the", "   value", "   continued", "   here"])
    }
}
