@testable import GridlsCLI
import Testing

/// How a file name is printed: as it is, or in double quotes with git's and GNU diff's C escapes.
struct QuotedNameTests {
    static let cases: [([UInt8], String)] = [
        (Array("plain.md".utf8), "plain.md"),
        (Array("with space.md".utf8), "with space.md"),
        (Array("café 表 \u{FFFD}.md".utf8), "café 表 \u{FFFD}.md"),
        (Array("a\nb.md".utf8), #""a\nb.md""#),
        (Array("\t\r\u{07}\u{08}\u{0B}\u{0C}".utf8), #""\t\r\a\b\v\f""#),
        (Array("\u{1B}[1m\u{7F}\u{00}".utf8), #""\033[1m\177\000""#),
        (Array("c1 \u{85} \u{9F}".utf8), #""c1 \302\205 \302\237""#),
        (Array(#"say "hi" \ bye"#.utf8), #""say \"hi\" \\ bye""#),
        ([0x61, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0xE2, 0x82], #""a\377\303(\355\240\200\342\202""#),
        (Array("é".utf8) + [0xFF], #""é\377""#),
        (Array(" lead.md".utf8), #"" lead.md""#),
        (Array("trail.md ".utf8), #""trail.md ""#),
        (Array("in side.md".utf8), "in side.md"),
        (Array("'$x`.md".utf8), "'$x`.md"),
    ]

    @Test(arguments: cases)
    func nameIsPrintedAsGitPrintsIt(_ bytes: [UInt8], _ printed: String) {
        #expect(QuotedName.display(bytes) == printed)
        #expect(PathBytes(bytes).display == printed)
    }
}
