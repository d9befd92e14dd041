import Foundation
import Testing

/// `gridls format` in the conventions of gofmt: stdout by default, -i rewrites, --check lists and exits 1.
struct FormatCommandTests {
    static let messy = """
        # Doc

        |a|b|
        |-|-:|
        |long cell|1|

        """
    static let tidy = """
        # Doc

        | a         |   b |
        | --------- | --: |
        | long cell |   1 |

        """

    @Test func formatsStandardInputToStandardOutput() throws {
        let run = try Gridls.run(["format"], stdin: Self.messy)
        #expect(run.status == 0)
        #expect(run.stdout == Self.tidy)
        #expect(run.stderr == "")
        #expect(try Gridls.run(["format", "-"], stdin: Self.messy).stdout == Self.tidy)
    }

    /// A regular file is read straight into one buffer of its size: an empty one reads as empty, one of
    /// several 64 KB chunks reads whole, and a NUL far into one is still found.
    @Test func regularFilesAreReadWholeWhateverTheirSize() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let empty = try Gridls.run(["format", try folder.write("empty.md", "")])
        #expect(empty.status == 0)
        #expect(empty.stdout == "")
        #expect(empty.stderr == "1 file already formatted\n")
        let big = try Gridls.run(["format", try folder.write("big.md", String(repeating: Self.messy + "\n", count: 5_000))])
        #expect(big.status == 0)
        #expect(big.stdout == String(repeating: Self.tidy + "\n", count: 5_000))
        let nul = try folder.write("nul.md", String(repeating: Self.messy + "\n", count: 5_000) + "\u{0}\n")
        let refused = try Gridls.run(["format", nul])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "gridls: \(nul): binary file (contains NUL bytes)\n1 file with errors\n")
    }

    @Test func formatsFilesInArgumentOrder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var paths: [String] = []
        var expected = ""
        for i in 0..<12 {
            paths.append(try folder.write("f\(i).md", """
                |n|
                |-|
                |\(i)|

                """))
            expected += """
                | n   |
                | --- |
                | \(i)   |

                """.replacingOccurrences(of: "| \(i)   |", with: "| \(i)" + String(repeating: " ", count: 4 - String(i).count) + "|")
        }
        let run = try Gridls.run(["format"] + paths)
        #expect(run.status == 0)
        #expect(run.stdout == expected)
    }

    @Test func inPlaceRewritesOnlyWhatChangesAndKeepsPermissions() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let messy = try folder.write("messy.md", Self.messy)
        let tidy = try folder.write("tidy.md", Self.tidy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: messy)
        let before = try FileManager.default.attributesOfItem(atPath: tidy)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.01)
        let run = try Gridls.run(["format", "-i", messy, tidy])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(try folder.read("messy.md") == Self.tidy)
        #expect(try FileManager.default.attributesOfItem(atPath: messy)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.attributesOfItem(atPath: tidy)[.modificationDate] as? Date == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["messy.md", "tidy.md"])
    }

    @Test func checkListsFilesThatWouldChangeAndChangesNothing() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let messy = try folder.write("messy.md", Self.messy)
        let tidy = try folder.write("tidy.md", Self.tidy)
        let run = try Gridls.run(["format", "--check", tidy, messy])
        #expect(run.status == 1)
        #expect(run.stdout == "would reformat \(messy)\n")
        #expect(run.stderr == "1 file would be reformatted, 1 file already formatted\n")
        #expect(try folder.read("messy.md") == Self.messy)
        #expect(try Gridls.run(["format", "--check", tidy]).status == 0)
    }

    @Test func optionsReachTheFormatter() throws {
        let compact = try Gridls.run(["format", "--delimiter-row", "compact", "--ambiguous-width=2"], stdin: """
            |±|
            |:-|

            """)
        #expect(compact.stdout == """
            | ±  |
            |:----|

            """)
        let wide = try Gridls.run(["format", "--ambiguous-width", "2"], stdin: """
            |±±|
            |-|

            """)
        #expect(wide.stdout == """
            | ±± |
            | ---- |

            """)
    }

    @Test func aLineOfTextOutsideTablesIsNeverTouched() throws {
        let text = "no tables here |\r\n```\n|a|\n|-|\n```\n  trailing spaces   \n\n\n"
        #expect(try Gridls.run(["format"], stdin: text).stdout == text)
    }
}
