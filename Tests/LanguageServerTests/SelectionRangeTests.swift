@testable import JSONRPC
import Testing

/// `textDocument/selectionRange` in pipe and grid tables: the cell's text, the cell with its padding, with
/// its borders, the row, the table; each range holds the position (a level that would not is left out).
struct SelectionRangeTests {
    /// The ranges at `position`, narrowest first.
    func ranges(_ text: String, _ line: Int, _ character: Int, uri: String = "file:///s.md") throws -> [JSON] {
        let client = try LSPClient()
        _ = client.initialize()
        client.open(uri, text)
        let result = client.request("textDocument/selectionRange", ["textDocument": textDocument(uri), "positions": [["line": .int(line), "character": .int(character)]]])
        var found: [JSON] = [], level = result["result"]?.array?.first
        while let range = level?["range"] {
            found.append(range)
            level = level?["parent"]
        }
        return found
    }

    static let pipe = """
        | name | age |
        | ---- | --- |
        | Ada  |     |

        """

    @Test func aPipeCellFromItsTextOut() throws {
        #expect(try ranges(Self.pipe, 2, 3) == [range(2, 2, 2, 5), range(2, 1, 2, 7), range(2, 0, 2, 8), range(2, 0, 2, 14), range(0, 0, 2, 14)])
    }

    @Test func inThePaddingOrOnTheBarAfterIt() throws {
        let padded = [range(2, 1, 2, 7), range(2, 0, 2, 8), range(2, 0, 2, 14), range(0, 0, 2, 14)]
        #expect(try ranges(Self.pipe, 2, 6) == padded)
        #expect(try ranges(Self.pipe, 2, 7) == padded)
    }

    @Test func aBlankPipeCellHasNoText() throws {
        #expect(try ranges(Self.pipe, 2, 10) == [range(2, 8, 2, 13), range(2, 7, 2, 14), range(2, 0, 2, 14), range(0, 0, 2, 14)])
    }

    @Test func aPipeRowWithoutOuterBars() throws {
        let text = """
            a | b
            --|--
            x | yy

            """
        #expect(try ranges(text, 2, 0) == [range(2, 0, 2, 1), range(2, 0, 2, 2), range(2, 0, 2, 3), range(2, 0, 2, 6), range(0, 0, 2, 6)])
        #expect(try ranges(text, 2, 5) == [range(2, 4, 2, 6), range(2, 3, 2, 6), range(2, 2, 2, 6), range(2, 0, 2, 6), range(0, 0, 2, 6)])
    }

    @Test func aPipeTableInAListItemLeavesOutItsPrefix() throws {
        let text = """
            - item

              | a | b |
              |---|---|
              | 1 | 2 |

            """
        #expect(try ranges(text, 4, 4) == [range(4, 4, 4, 5), range(4, 3, 4, 6), range(4, 2, 4, 7), range(4, 2, 4, 11), range(2, 0, 4, 11)])
    }

    static let grid = """
        +-----+------+
        | a   | bc   |
        |     | d    |
        +=====+======+
        | x   | long |
        +-----+------+

        """

    @Test func aGridCellOnOneLine() throws {
        #expect(try ranges(Self.grid, 4, 9) == [range(4, 8, 4, 12), range(4, 7, 4, 13), range(3, 6, 5, 14), range(3, 0, 5, 14), range(0, 0, 5, 14)])
    }

    /// A cell over two lines: its text's bounding box, its inside and its borders, corner to corner.
    @Test func aGridCellOverTwoLines() throws {
        let cell = [range(1, 7, 2, 13), range(0, 6, 3, 14), range(0, 0, 3, 14), range(0, 0, 5, 14)]
        #expect(try ranges(Self.grid, 2, 8) == [range(1, 8, 2, 10)] + cell)
        #expect(try ranges(Self.grid, 1, 9) == [range(1, 8, 2, 10)] + cell)
        #expect(try ranges(Self.grid, 2, 11) == cell)  // in the padding
        // A cell whose text is on its first line only.
        #expect(try ranges(Self.grid, 2, 3) == [range(1, 1, 2, 6), range(0, 0, 3, 7), range(0, 0, 3, 14), range(0, 0, 5, 14)])
        #expect(try ranges(Self.grid, 1, 2) == [range(1, 2, 1, 3), range(1, 1, 2, 6), range(0, 0, 3, 7), range(0, 0, 3, 14), range(0, 0, 5, 14)])
    }

    /// A merged cell: its rows are the row level.
    @Test func aGridCellOverTwoRows() throws {
        let text = """
            +---+---+
            | a | b |
            +---+   +
            | c | b |
            +---+---+

            """
        #expect(try ranges(text, 3, 6) == [range(1, 6, 3, 7), range(1, 5, 3, 8), range(0, 4, 4, 9), range(0, 0, 4, 9), range(0, 0, 4, 9)])
    }

    /// Other tables: the line, then the table; outside tables the position alone.
    @Test func aSimpleTableAndProse() throws {
        let text = """
            =====  ===
            Name   Age
            =====  ===
            Ada    36
            =====  ===

            """
        #expect(try ranges(text, 3, 1, uri: "file:///s.rst") == [range(3, 0, 3, 9), range(0, 0, 4, 10)])
        #expect(try ranges("Just text.\n", 0, 4) == [range(0, 4, 0, 4)])
    }
}
