import Testing
@testable import TextTables

/// pandoc 3.8 reads a definition's content as deep as the text after its `:` (a list item), earlier
/// versions four columns in; Quarto bundles either. Each reading alone, checked against both pandocs by
/// `RandomPandocDocumentTests`, and what gridls does where they part.
struct PandocDefinitionVersionTests {
    static func scan(_ document: String, _ versions: PandocVersions.Choice = .both) -> TableScan {
        PandocMarkdownScanner.scan(TextLines(Array(document.utf8)), versions: versions).scan
    }

    static func tables(_ document: String, _ versions: PandocVersions.Choice = .both) -> [String] {
        scan(document, versions).tables.map { "\($0.kind) \($0.lines.lowerBound)..<\($0.lines.upperBound) \($0.contentStarts)" }
    }

    /// `: text` puts the content at column 2 since pandoc 3.8: a grid table four columns in is indented
    /// two in the definition (no table); before, it was the definition's table. Left alone, reported.
    @Test func aGridTableOnlyOneVersionReadsIsLeftAlone() {
        let document = "Term\n\n: text\n\n    +---+---+\n    | a | b |\n    +---+---+\n"
        #expect(Self.tables(document, .since38) == [])
        #expect(Self.tables(document, .before38) == ["grid 4..<7 [18, 32, 46]"])
        let scan = Self.scan(document)
        #expect(scan.tables == [])
        #expect(scan.diagnostics.map(\.code) == [.ambiguousTable])
        #expect(scan.diagnostics.map(\.message) == [Diagnostic.Message.pandocVersionsDisagree])
        #expect(scan.diagnostics.map(\.range) == [16..<27])
    }

    /// A pipe table four columns in under `: text` is the definition's in both readings, two columns
    /// further in since 3.8: kept with the starts of the reading before, where both read it.
    @Test func aPipeTableBothVersionsReadKeepsItsIndentation() {
        let document = "Term\n\n: text\n\n    | a | b |\n    |---|---|\n"
        #expect(Self.tables(document, .since38) == ["pipe 4..<6 [16, 30]"])
        #expect(Self.tables(document, .before38) == ["pipe 4..<6 [18, 32]"])
        #expect(Self.tables(document) == ["pipe 4..<6 [18, 32]"])
        #expect(Self.scan(document).diagnostics == [])
    }

    /// At column 2, a table is the definition's since 3.8 and a table of the top level, indented two,
    /// before: the same table at the same columns. (Right under `: text` and a blank line, it would be a
    /// table captioned `text` to both.)
    @Test func aTableTwoColumnsInIsATableToBoth() {
        let document = "Term\n\n: text\n\n  more text\n\n  | a | b |\n  |---|---|\n"
        #expect(Self.tables(document, .since38) == ["pipe 6..<8 [29, 41]"])
        #expect(Self.tables(document, .before38) == ["pipe 6..<8 [27, 39]"])
        #expect(Self.tables(document) == ["pipe 6..<8 [29, 41]"])
        #expect(Self.tables("Term\n\n: text\n\n  | a | b |\n  |---|---|\n") == ["pipe 4..<6 [14, 26]"])
    }

    /// `:   text` (the text at column 4) reads alike in both: no second look is a disagreement.
    @Test func textAtColumnFourReadsAlike() {
        let document = "Term\n\n:   text\n\n    +---+---+\n    | a | b |\n    +---+---+\n"
        #expect(Self.tables(document) == ["grid 4..<7 [20, 34, 48]"])
        #expect(Self.scan(document).diagnostics == [])
    }

    /// Since 3.8 the marker takes up to four spaces after it, like a list item's; five make the text
    /// indented code, the content one column after the marker.
    @Test func theMarkerTakesUpToFourSpaces() {
        #expect(PandocBlockSyntax.definitionListStart(Array(":    x".utf8), 0, 6, column: 0).map { [$0.width, $0.contentStart] } == [5, 5])
        #expect(PandocBlockSyntax.definitionListStart(Array(":     x".utf8), 0, 7, column: 0).map { [$0.width, $0.contentStart] } == [2, 2])
        #expect(PandocBlockSyntax.definitionListStart(Array(":\tx".utf8), 0, 3, column: 0).map { [$0.width, $0.contentStart] } == [4, 2])
        #expect(PandocBlockSyntax.definitionListStart(Array(":".utf8), 0, 1, column: 0).map { [$0.width, $0.contentStart] } == [2, 1])
        #expect(PandocBlockSyntax.definitionListStart(Array(":x".utf8), 0, 2, column: 0) == nil)
    }

    /// A document without definitions is read once.
    @Test func aDocumentWithoutDefinitionsReadsOneWay() {
        let document = "- item\n\n  | a | b |\n  |---|---|\n"
        #expect(Self.tables(document) == Self.tables(document, .since38))
        #expect(Self.tables(document) == ["pipe 2..<4 [10, 22]"])
    }

    /// Right under its term, `: cap` is a definition even where a table follows a blank line below (pandoc
    /// checks for a captioned table only after a blank line under the term).
    @Test func aMarkerRightUnderItsTermIsADefinition() {
        #expect(Self.tables("Term\n: cap\n\n| a | b |\n|--|--|\n") == ["pipe 3..<5 [12, 22]"])
        #expect(Self.tables("Term\n\n: cap\n\n| a | b |\n|--|--|\n") == ["pipe 4..<6 [13, 23]"])
    }

    /// Since 3.8 a definition marker ends a table in the definition above; before, the table was the top
    /// level's and the marker line a row of it. Left alone, reported.
    @Test func aMarkerUnderATableEndsItSincePandoc38() {
        let document = "Term\n: def\n\n  | a | b |\n  |--|--|\n~ x|y\n"
        #expect(Self.tables(document, .since38) == ["pipe 3..<5 [14, 26]"])
        #expect(Self.tables(document, .before38) == ["pipe 3..<6 [12, 24, 34]"])
        #expect(Self.tables(document) == [])
        #expect(Self.scan(document).diagnostics.map(\.message) == [Diagnostic.Message.pandocVersionsDisagree])
    }

    /// A simple table ending a definition that the next definition's marker follows: no blank line after
    /// its last row since pandoc 3.8 (a paragraph); before, a definition that went on after a blank line got
    /// one (a table). Left alone, reported.
    @Test func aSimpleTableRightAboveTheNextDefinition() {
        let document = "Term\n:   def\n\n    A     B\n    ---   ---\n    1     2\n:   y\n"
        #expect(Self.tables(document, .since38) == [])
        #expect(Self.tables(document, .before38) == ["pandocSimple 3..<6 [18, 30, 44]"])
        #expect(Self.tables(document) == [])
        #expect(Self.scan(document).diagnostics.map(\.message) == [Diagnostic.Message.pandocVersionsDisagree])
    }
}
