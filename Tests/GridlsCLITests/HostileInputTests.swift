import Foundation
import Testing

/// Large and strange inputs finish, with the right outcome, without running out of stack.
struct HostileInputTests {
    @Test func aTenMegabyteLineOutsideTablesPassesThrough() throws {
        let line = String(repeating: "word | ", count: 1_500_000)
        let run = try Gridls.run(["format"], stdin: line + "\n")
        #expect(run.status == 0)
        #expect(run.stdout.utf8.count == line.utf8.count + 1)
    }

    @Test func aTableOfTenThousandColumns() throws {
        let header = "|" + (0..<10_000).map { "c\($0)" }.joined(separator: "|") + "|"
        let delimiter = "|" + Array(repeating: "-", count: 10_000).joined(separator: "|") + "|"
        let run = try Gridls.run(["format"], stdin: header + "\n" + delimiter + "\n")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("| c0  | c1  |"))
        #expect(run.stdout.split(separator: "\n").count == 2)
    }

    @Test func aTableOfAHundredThousandRows() throws {
        let table = """
            | a | b |
            |-|-|

            """ + String(repeating: "| 1 | 22 |\n", count: 100_000)
        let run = try Gridls.run(["format"], stdin: table)
        #expect(run.status == 0)
        #expect(run.stdout == """
            | a   | b   |
            | --- | --- |

            """ + String(repeating: "| 1   | 22  |\n", count: 100_000))
    }

    @Test func gridTablesNestedFourHundredLevelsDeep() throws {
        // Each level wraps the one inside in `| … |` between borders four dashes wider: level k from the
        // outside is drawn inside k walls, its border with 3 + 4 × (depth - k) dashes.
        let depth = 400  // 1.3 MB of table: deep enough to find recursion, small enough for a debug build
        func border(_ k: Int) -> String {
            String(repeating: "| ", count: k) + "+" + String(repeating: "-", count: 3 + 4 * (depth - k)) + "+" + String(repeating: " |", count: k)
        }
        let borders = (0...depth).map(border)
        let lines = borders + [String(repeating: "| ", count: depth) + "| x |" + String(repeating: " |", count: depth)] + borders.reversed()
        let table = lines.joined(separator: "\n") + "\n"
        let run = try Gridls.run(["format"], stdin: table)
        #expect(run.status == 0)
        #expect(run.stdout == table)
    }

    @Test func blockQuotesNestedTenThousandDeep() throws {
        let prefix = String(repeating: ">", count: 10_000) + " "
        // As GitHub reads it: every common reader's (the default) leaves a table three containers deep alone.
        let run = try Gridls.run(["format", "--reader", "github"], stdin: prefix + "|a|\n" + prefix + "|-|\n")
        #expect(run.status == 0)
        #expect(run.stdout == prefix + "| a   |\n" + prefix + "| --- |\n")
        #expect(try Gridls.run(["format"], stdin: prefix + "|a|\n" + prefix + "|-|\n").stdout == prefix + "|a|\n" + prefix + "|-|\n")
    }
}
