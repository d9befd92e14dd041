import Foundation
import Testing

/// `gridls format` reads a `.qmd` file as pandoc does: a fenced div's closer and a caption right under a
/// pipe table are no rows of it, and keep their bytes.
struct QuartoFormatTests {
    static let document = """
        ::: {.callout-note}
        |Option|Meaning|
        |-|-|
        |`echo`|show the code|
        :::

        |a|b|
        |-|-|
        |1|2|
        : Caption {#tbl-x tbl-colwidths="[30,70]"}

        """
    static let formatted = """
        ::: {.callout-note}
        | Option | Meaning       |
        | ------ | ------------- |
        | `echo` | show the code |
        :::

        | a   | b   |
        | --- | --- |
        | 1   | 2   |
        : Caption {#tbl-x tbl-colwidths="[30,70]"}

        """

    @Test func aDivCloserAndACaptionUnderATableKeepTheirBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["doc.qmd", "doc.Rmd"] {
            let path = try folder.write(name, Self.document)
            let run = try Gridls.run(["format", path])
            #expect(run.status == 0)
            #expect(run.stdout == Self.formatted)
        }
        // Standard input named as a Quarto file reads the same way; as Markdown read by every common reader,
        // the closer and the caption under a table leave it as written (kramdown reads a paragraph there);
        // GitHub's reading alone makes them rows.
        #expect(try Gridls.run(["format", "--assume-filename", "doc.qmd"], stdin: Self.document).stdout == Self.formatted)
        let portable = try Gridls.run(["format"], stdin: Self.document).stdout
        #expect(!portable.contains("| :::") && portable.contains("\n:::\n") && portable.contains("\n: Caption {#tbl-x tbl-colwidths=\"[30,70]\"}\n"))
        let github = try Gridls.run(["format", "--reader", "github"], stdin: Self.document).stdout
        #expect(github.contains("| :::    |"))
        #expect(github.contains("| : Caption {#tbl-x tbl-colwidths=\"[30,70]\"} |"))
    }
}
