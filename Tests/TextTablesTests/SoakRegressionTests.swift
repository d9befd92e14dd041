@testable import GridModel
import Testing
@testable import TextTables

/// Inputs the soak test found, kept as regression tests.
struct SoakRegressionTests {
    @Test func rowsAddedAtTheEndOfADocumentWithoutANewline() {
        let text = TextLines("""
            |a|
            |-|
            |1|
            """)
        let region = MarkdownScanner.scan(text).tables[0]
        guard case .success(let done) = TableEditor.apply(.edit(.insertRow(at: 2)), to: region, in: text) else {
            Issue.record("refused")
            return
        }
        #expect(String(decoding: TextEdit.apply(done.edits, to: text.bytes), as: UTF8.self)
            == """
                | a   |
                | --- |
                | 1   |
                |     |
                """)
    }

    @Test func theLastRowDeletedAtTheEndOfADocumentWithoutANewline() {
        let text = TextLines("""
            | a   |
            | --- |
            | 1   |
            | 2   |
            """)
        let region = MarkdownScanner.scan(text).tables[0]
        guard case .success(let done) = TableEditor.apply(.edit(.deleteRow(2)), to: region, in: text) else {
            Issue.record("refused")
            return
        }
        #expect(String(decoding: TextEdit.apply(done.edits, to: text.bytes), as: UTF8.self) == """
            | a   |
            | --- |
            | 1   |
            """)
    }
}
