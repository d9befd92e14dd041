import Foundation
import Testing
@testable import TextTables

/// A cell's blocks as the document's reader reads them, fitted to a width: the exact lines before and
/// after per construct, and the readers (docutils and pandoc) reading the same table before and after.
struct CellBlockTests {
    /// The cell fitted to `width`, checked to be a fixed point and to read as `cell` reads.
    func fitted(_ cell: [String], _ width: Int, _ syntax: DocumentSyntax = .restructuredText) throws -> [String] {
        let fitted = CellText(cell, syntax: syntax).lines(wrappedTo: width, measure: { $0.count })
        #expect(CellText(fitted, syntax: syntax).lines(wrappedTo: width, measure: { $0.count }) == fitted, "not idempotent")
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
        #expect(CellText(cell).lines(wrappedTo: 24, measure: { $0.count }) == cell)
        #expect(CellText(cell, contentDirectives: ["exercise"]).lines(wrappedTo: 24, measure: { $0.count })
                == [".. exercise::", "", "   an exercise whose", "   body is long enough", "   to wrap"])
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

    @Test func markdownHTMLFootnotesAndTablesAreKept() throws {
        let cell = ["<div class=\"note\">some raw HTML that is long enough</div>", "", "[^1]: a footnote that is long and never wrapped", "",
                    "| a | pipe table row that is long |", "", "Header  Other header that is long", "------  ------------------------",
                    "a       b is a row of a simple table"]
        #expect(try fitted(cell, 20, .markdown) == cell)
    }
}
