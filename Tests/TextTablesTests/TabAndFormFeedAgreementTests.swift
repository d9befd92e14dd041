import Testing
@testable import TextTables

/// Tabs in container prefixes, and form feeds and vertical tabs in cells and HTML tags, read as cmark-gfm
/// reads them.
extension ReaderAgreementTests {
    // MARK: Tabs in container prefixes (item 8)

    @Test func aRowIndentedByATabInAListItemKeepsItsTab() {
        #expect(formatted("""
            - x

                | a | b |
                |---|---|
            \t| 1 | 2 |

            """)
            == """
                - x

                    | a   | b   |
                    | --- | --- |
                \t| 1   | 2   |

                """)
    }

    @Test func aTabAfterAQuoteMarkerCountsItsRestAsIndentation() {
        // `>` takes one column of the tab as its space; the two columns left and two spaces make code.
        let input = """
            > x
            >\t  |a|
            >\t  |-|

            """
        #expect(formatted(input) == input)
        #expect(MarkdownScanner.scan(TextLines(input)).tables.isEmpty)
    }

    @Test func aTableWhoseHeaderIsIndentedByAPartialTabKeepsEachRowsIndentation() {
        #expect(formatted("""
            >\t|a|
            > |-|
            >  |1|

            """) == """
            >\t| a   |
            > | --- |
            > | 1   |

            """)
    }

    // MARK: Form feed and vertical tab (item 9)

    @Test func aFormFeedOrVerticalTabEndingACellStaysInIt() {
        #expect(formatted("""
            |a\u{0C}|b\u{0B}|
            |-|-|

            """) == """
            | a\u{0C}   | b\u{0B}   |
            | --- | --- |

            """)
    }

    @Test func aFormFeedOrVerticalTabAfterAPipeIsNotInTheCell() {
        #expect(formatted("""
            |\u{0C}a|\u{0B} b|
            |-|-|

            """) == """
            | a   | b   |
            | --- | --- |

            """)
    }

    @Test func aRowWhoseFirstCellStartsWithAFormFeedIsLeftAlone() {
        // After a pipe cmark-gfm drops a form feed: no row with a leading pipe holds this cell.
        let input = """
            |a|b|
            |-|-|
            \u{0C}x|y

            """
        #expect(formatted(input) == input)
    }

    @Test(arguments: [
        ("<br> \u{0C}", false), ("<br>\u{0B}", true), ("<div\u{0C}", false), ("<div\u{0B}", false),
        ("<a\u{0C}href=x>", false), ("<a\u{0B}href=x>", false), ("<a href=x\u{0C}>", false), ("<pre\u{0C}", false),
        ("</a\u{0C}>", false),
    ])
    func formFeedsAndVerticalTabsInHTMLTagsAreWhiteSpaceAsInCmarkGFM(_ tag: String, tableFollows: Bool) {
        // After a complete tag cmark-gfm allows a form feed but not a vertical tab before the line's end.
        #expect(MarkdownScanner.scan(TextLines(tag + """

            |a|
            |-|

            """)).tables.count == (tableFollows ? 1 : 0))
    }
}
