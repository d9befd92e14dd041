import Foundation
@testable import JSONRPC
import Testing

struct SimpleTableActionTests {
    let simple = """
        Text.

        =====  =====
        a      b
        =====  =====
        1      2
        3      4
        =====  =====

        """

    func edits(_ action: JSON?, _ uri: String) -> [JSON] { action?["edit"]?["changes"]?[uri]?.array ?? [] }

    @Test func theActionsAtASimpleTableCellAndWhatTheyDo() throws {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///s.rst", simple)
        let actions = client.codeActions("file:///s.rst", range(5, 0, 5, 0))
        #expect(actions.compactMap { $0["title"]?.string } == [
            "Format table", "Insert row above", "Insert row below", "Insert column left", "Insert column right", "Delete row",
            "Move row down", "Move column right", "Sort by this column (ascending)", "Sort by this column (descending)", "Convert to grid table",
            "Convert to list-table",
        ])  // no "Delete column": a simple table keeps two columns
        let below = actions.first { $0["data"]?["command"] == "gridls.insertRowBelow" }
        #expect(applying(edits(below, "file:///s.rst"), to: simple) == "Text.\n\n=  =\na  b\n=  =\n1  2\n\\\n3  4\n=  =\n")
        let toGrid = actions.first { $0["data"]?["command"] == "gridls.convertToGrid" }
        #expect(applying(edits(toGrid, "file:///s.rst"), to: simple)
            == """
                Text.

                +---+---+
                | a | b |
                +===+===+
                | 1 | 2 |
                +---+---+
                | 3 | 4 |
                +---+---+

                """)
        // A merge across rows would need a row span, which simple tables do not have.
        let merge = client.codeActions("file:///s.rst", range(5, 0, 6, 7)).first { $0["data"]?["command"] == "gridls.mergeCells" }
        #expect(merge == nil)
        let run = client.request("workspace/executeCommand", ["command": "gridls.mergeCells", "arguments": [["uri": "file:///s.rst", "range": range(5, 0, 6, 7)]]])
        #expect(run["error"]?["message"] == "the cell at rows 2–3, columns 1–2 spans rows: simple-table cells span columns only; split it first")
    }

    @Test func aListTableWithTextRightBelowBecomesAGridTableAndABlankLine() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let list = """
            Intro.

            .. list-table::

               * - a
                 - b
            Text.

            """
        client.open("file:///l.rst", list)
        let convert = client.codeActions("file:///l.rst", range(4, 6, 4, 6)).first { $0["data"]?["command"] == "gridls.convertToGrid" }
        #expect(applying(edits(convert, "file:///l.rst"), to: list) == """
            Intro.

            +---+---+
            | a | b |
            +---+---+

            Text.

            """)
    }

    @Test func aGridTableConvertsToASimpleTableOrSaysWhyNot() throws {
        let client = try LSPClient()
        _ = client.initialize(["textDocument": ["codeAction": ["disabledSupport": true]]])
        let grid = """
            +---+-----+
            | a | b   |
            +===+=====+
            | 1 | two |
            +---+-----+

            """
        let spanning = """
            +---+---+
            | a | b |
            +---+   +
            | c |   |
            +---+---+

            """
        client.open("file:///g.rst", grid)
        client.open("file:///r.rst", spanning)
        let convert = client.codeActions("file:///g.rst", range(1, 2, 1, 2)).first { $0["data"]?["command"] == "gridls.convertToSimple" }
        #expect(convert?["title"] == "Convert to simple table")
        #expect(applying(edits(convert, "file:///g.rst"), to: grid) == """
            =  ===
            a  b
            =  ===
            1  two
            =  ===

            """)
        let refused = client.codeActions("file:///r.rst", range(1, 2, 1, 2)).first { $0["data"]?["command"] == "gridls.convertToSimple" }
        #expect(refused?["disabled"]?["reason"] == "the cell at rows 1–2, column 2 spans rows: simple-table cells span columns only; split it first")
        // Markdown has no simple tables: the action is not offered there.
        client.open("file:///g.md", grid)
        #expect(!client.codeActions("file:///g.md", range(1, 2, 1, 2)).contains { $0["data"]?["command"] == "gridls.convertToSimple" })
    }
}
