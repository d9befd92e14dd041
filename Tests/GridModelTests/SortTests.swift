import Testing
@testable import GridModel

struct SortTests {
    func table(_ keys: [String]) throws -> Grid {
        try Grid.units([["key", "n"]] + keys.enumerated().map { [$1, "\($0)"] }, headerRowCount: 1)
    }

    func order(_ grid: Grid) -> String {
        sketch(grid).split(separator: "\n").dropFirst().map { $0.split(separator: " ").last! }.joined(separator: ",")
    }

    @Test func numbersSortByValue() throws {
        #expect(order(try table(["10", "9", "-1", "2.5"]).sortingBody(byColumn: 0, order: .ascending)) == "2,3,1,0")
        #expect(order(try table(["10", "9", "-1", "2.5"]).sortingBody(byColumn: 0, order: .descending)) == "0,1,3,2")
    }

    @Test func textSortsCaseInsensitivelyWithDigitsByValue() throws {
        #expect(order(try table(["b", "B2", "a", "b10", "Á"]).sortingBody(byColumn: 0, order: .ascending)) == "2,4,0,1,3")
    }

    @Test func accentsCountOnlyWhereLettersAndDigitsTie() throws {
        // é precomposed and e + U+0301 alike; ø has no decomposition, so it is a letter of its own after z.
        #expect(order(try table(["f", "e\u{301}", "E", "ø", "é", "z"]).sortingBody(byColumn: 0, order: .ascending)) == "2,1,4,0,5,3")
        #expect(order(try table(["éa", "eb"]).sortingBody(byColumn: 0, order: .ascending)) == "0,1")
    }

    @Test func digitRunsCompareByValueWhateverTheirLeadingZeros() throws {
        #expect(order(try table(["file10", "file02", "File1", "file", "file0", "file 3"]).sortingBody(byColumn: 0, order: .ascending)) == "3,5,4,2,1,0")
        // Equal values, like equal texts, keep their order.
        #expect(order(try table(["v007", "v7", "V07"]).sortingBody(byColumn: 0, order: .descending)) == "0,1,2")
    }

    @Test func blanksGoLastAndTiesKeepTheirOrder() throws {
        #expect(order(try table(["", "x", "x", ""]).sortingBody(byColumn: 0, order: .ascending)) == "1,2,0,3")
        #expect(order(try table(["", "x", "x", ""]).sortingBody(byColumn: 0, order: .descending)) == "1,2,0,3")
    }

    @Test func theHeaderStays() throws {
        let sorted = try table(["b", "a"]).sortingBody(byColumn: 0, order: .ascending)
        #expect(sketch(sorted) == "key n\na 1\nb 0")
    }

    @Test func rowSpansInTheBodyRefuseToSort() throws {
        let grid = try table(["b", "a", "c"]).merging(rect(1..<3, 1..<2))
        #expect(throws: GridEditError.rowSpanInBody(rect(1..<3, 1..<2))) {
            try grid.sortingBody(byColumn: 0, order: .ascending)
        }
    }

    @Test func columnSpansSortWithTheirRow() throws {
        let grid = try table(["b", "a"]).merging(rect(1..<2, 0..<2))
        #expect(sketch(try grid.sortingBody(byColumn: 1, order: .descending)) == "key n\nb/0 <\na 1")
    }
}
