@testable import JSONRPC
import Testing

struct NavigationTests {
    let text = """
        # Doc

        | a | b |
        |---|---|
        | 1 | 2 |

        +---+---+
        | x | y |
        +---+---+

        """

    func ready() throws -> LSPClient {
        let client = try LSPClient()
        _ = client.initialize()
        client.open("file:///n.md", text)
        return client
    }

    @Test func oneSymbolAndOneFoldPerTable() throws {
        let client = try ready()
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": textDocument("file:///n.md")])["result"]?.array ?? []
        #expect(symbols.map { $0["name"] } == ["Table 1 (2×2)", "Table 2 (2×1)"])
        #expect(symbols.first?["range"] == range(2, 0, 4, 9))
        #expect(symbols.map { $0["detail"] } == ["pipe table", "grid table"])
        #expect(client.request("textDocument/foldingRange", ["textDocument": textDocument("file:///n.md")])["result"] == [
            ["startLine": 2, "endLine": 4, "kind": "region"], ["startLine": 6, "endLine": 8, "kind": "region"],
        ])
    }

    @Test func reStructuredTextSymbolsNameEachKind() throws {
        let client = try LSPClient()
        _ = client.initialize()
        let text = """
            ===  ===
            a    b
            ===  ===

            .. list-table::

               * - x
                 - y

            +---+
            | g |
            +---+

            """
        client.open("file:///k.rst", text)
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": textDocument("file:///k.rst")])["result"]?.array ?? []
        #expect(symbols.map { $0["detail"] } == ["simple table", "list-table", "grid table"])
        #expect(symbols.map { $0["name"] } == ["Table 1 (2×1)", "Table 2 (2×1)", "Table 3 (1×1)"])
    }

    @Test func selectionGrowsFromCellTextToRowToTable() throws {
        let client = try ready()
        let result = client.request("textDocument/selectionRange", ["textDocument": textDocument("file:///n.md"), "positions": [["line": 4, "character": 6]]])
        #expect(result["result"] == [[
            "range": range(4, 6, 4, 7),
            "parent": ["range": range(4, 5, 4, 8), "parent": ["range": range(4, 4, 4, 9), "parent": ["range": range(4, 0, 4, 9), "parent": ["range": range(2, 0, 4, 9)]]]],
        ]])
    }

    @Test func hoverNamesTheCell() throws {
        let client = try ready()
        let hover = client.request("textDocument/hover", ["textDocument": textDocument("file:///n.md"), "position": ["line": 4, "character": 6]])
        #expect(hover["result"]?["contents"] == ["kind": "markdown", "value": "**Table 1** (2×2): row 2, column 2"])
        let outside = client.request("textDocument/hover", ["textDocument": textDocument("file:///n.md"), "position": ["line": 0, "character": 0]])
        #expect(outside["result"] == .null)
    }
}
