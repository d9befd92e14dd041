import Foundation
@testable import GridlsCLI
import Testing
import TestSupport
import TextTables

/// `reader` and `rstContentDirectives` on the command line and in `.gridls.json` (with per-glob
/// overrides), and the pandoc Markdown files a folder stands for.
struct ReaderSettingTests {
    static let messy = """
        |a|b|
        |-|-|
        |1|2|

        """
    static let exercise = """
        Text.

        .. exercise::

           +---+------+
           | a | bb   |
           +---+------+

        """
    static let exerciseFormatted = """
        Text.

        .. exercise::

           +---+----+
           | a | bb |
           +---+----+

        """

    @Test(arguments: [
        (["format", "--reader", "commonmark"], "gridls: --reader must be portable, github or pandoc, not 'commonmark'"),
        (["check", "--reader"], "gridls: --reader needs a value"),
        (["format", "--rst-content-directives", "a,,b"], "gridls: --rst-content-directives takes directive names separated by commas, such as exercise,solution, not 'a,,b'"),
        (["format", "--rst-content-directives=my card"], "gridls: --rst-content-directives takes directive names separated by commas, such as exercise,solution, not 'my card'"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let run = try Gridls.run(arguments, stdin: Self.messy)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == message + "\nRun 'gridls --help' for usage.\n")
    }

    /// A folder stands for its `.qmd`, `.Rmd` and `.rmd` files too, in git or not.
    @Test(arguments: [false, true])
    func aFolderWalkTakesQuartoAndRMarkdownFiles(inGit: Bool) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("site"), withIntermediateDirectories: true)
        for name in ["site/index.qmd", "site/report.Rmd", "site/old.rmd", "site/page.md", "site/notes.txt", "site/data.R"] {
            try folder.write(name, Self.messy)
        }
        if inGit {
            let git = try ChildProcess("/usr/bin/env", ["git", "init", "-q"], directory: folder.url.path)
            #expect(git.wait(killingAfter: 60) == 0)
        }
        let run = try Gridls.run(["format", "--check", "."], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "would reformat site/index.qmd\nwould reformat site/old.rmd\nwould reformat site/page.md\nwould reformat site/report.Rmd\n")
        #expect(run.stderr == "4 files would be reformatted\n")
        let check = try Gridls.run(["check", "site"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.stderr == "4 files checked: no problems\n")
    }

    /// The table of a directive the project names is formatted: from the command line, from the
    /// configuration, from an override; the command line's list replaces the configuration's.
    @Test func namedDirectivesTablesAreFormatted() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("course"), withIntermediateDirectories: true)
        try folder.write("a.rst", Self.exercise)
        try folder.write("course/b.rst", Self.exercise)
        #expect(try Gridls.run(["format", "-q", "a.rst"], in: folder.url).stdout == Self.exercise)
        #expect(try Gridls.run(["format", "-q", "--rst-content-directives", "solution,Exercise", "a.rst"], in: folder.url).stdout == Self.exerciseFormatted)
        try folder.write(".gridls.json", #"{"overrides": [{"files": "course/*.rst", "rstContentDirectives": ["exercise"]}]}"#)
        #expect(try Gridls.run(["format", "-q", "a.rst", "course/b.rst"], in: folder.url).stdout == Self.exercise + Self.exerciseFormatted)
        try folder.write(".gridls.json", #"{"rstContentDirectives": ["exercise"]}"#)
        #expect(try Gridls.run(["format", "-q", "a.rst"], in: folder.url).stdout == Self.exerciseFormatted)
        #expect(try Gridls.run(["format", "-q", "--rst-content-directives", "solution", "a.rst"], in: folder.url).stdout == Self.exercise)
    }

    /// `--config FILE`: override paths start from FILE's folder (a relative FILE too); a file outside
    /// that folder matches name patterns only.
    @Test func anExplicitConfigurationsOverridesStartFromItsFolder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["conf/docs", "docs"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("conf/g.json", #"{"overrides": [{"files": "docs/*.rst", "rstContentDirectives": ["exercise"]}, {"files": "b.rst", "rstContentDirectives": ["exercise"]}]}"#)
        for name in ["conf/docs/a.rst", "docs/a.rst", "docs/b.rst"] { try folder.write(name, Self.exercise) }
        let run = try Gridls.run(["format", "-q", "--config", "conf/g.json", "conf/docs/a.rst", "docs/a.rst", "docs/b.rst"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.exerciseFormatted + Self.exercise + Self.exerciseFormatted)
    }

    @Test(arguments: [
        (#"{"reader": "cmark"}"#, #"reader must be "portable", "github" or "pandoc""#),
        (#"{"rstContentDirectives": "exercise"}"#, #"rstContentDirectives must be a list of directive names, such as ["exercise", "solution"]"#),
        (#"{"overrides": {"files": "*.md"}}"#, #"overrides must be a list of objects such as {"files": ["docs/**/*.md"], "reader": "pandoc"}"#),
        (#"{"overrides": [{"reader": "pandoc"}]}"#, #"overrides[0].files must be a file pattern or a list of them, such as ["*.qmd", "docs/**/*.md"]"#),
        (#"{"overrides": [{"files": ["*.md"]}, {"files": ["a", 1]}]}"#, #"overrides[1].files must be a file pattern or a list of them, such as ["*.qmd", "docs/**/*.md"]"#),
        (#"{"overrides": [{"files": "*.md", "reader": "gfm"}]}"#, #"overrides[0]: reader must be "portable", "github" or "pandoc""#),
        (#"{"overrides": [{"files": "*.md", "overrides": []}]}"#, "overrides[0]: unknown key overrides (the keys are ambiguousWidth, delimiterRow, diagnostics, formatOnSave, maxWidth, reader, rstContentDirectives, tabSize)"),
    ])
    func aBadReaderSettingIsNamedWithItsKey(_ text: String, _ problem: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let config = try folder.write(".gridls.json", text)
        try folder.write("a.md", Self.messy)
        let run = try Gridls.run(["check", "a.md"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "gridls: \(config): \(problem)\n0 files checked: no problems\n")
    }

    /// Which reader reads each file: the command line's, else the last matching override's, else the
    /// configuration's, else the file's ending. reStructuredText stays docutils's.
    @Test func theReaderFollowsThePrecedence() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["docs/api", "site"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let names = ["README.md", "docs/guide.md", "docs/api/ref.md", "site/index.qmd", "site/page.md", "docs/manual.rst"]
        for name in names { try folder.write(name, Self.messy) }
        func syntaxes(_ options: [String] = []) throws -> [DocumentSyntax] {
            let command = try Invocation.parse((["check"] + options + names.map { folder.url.path + "/" + $0 }).map { Array($0.utf8) })
            guard case .check(let files) = command else { throw CancellationError() }
            let (jobs, status) = CommandRunner.jobs(for: files)
            #expect(status == 0)
            return jobs.map(\.syntax)
        }
        #expect(try syntaxes() == [.markdown, .markdown, .markdown, .pandocMarkdown, .markdown, .restructuredText])
        try folder.write(".gridls.json", """
            {"reader": "github", "overrides": [
              {"files": ["docs/**/*.md"], "reader": "pandoc"},
              {"files": "ref.md", "reader": "github"},
              {"files": ["*.qmd", "site/*"], "reader": "pandoc"}
            ]}
            """)
        #expect(try syntaxes() == [.markdown, .pandocMarkdown, .markdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
        #expect(try syntaxes(["--reader", "github"]) == [.markdown, .markdown, .markdown, .markdown, .markdown, .restructuredText])
        #expect(try syntaxes(["--reader=pandoc"]) == [.pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .pandocMarkdown, .restructuredText])
        try folder.write(".gridls.json", #"{"reader": "github"}"#)
        #expect(try syntaxes() == [.markdown, .markdown, .markdown, .markdown, .markdown, .restructuredText])
        // Standard input: by --assume-filename, then the settings.
        for (name, syntax) in [("x.qmd", DocumentSyntax.markdown), ("x.rst", .restructuredText)] {
            let command = try Invocation.parse(["check", "--assume-filename", folder.url.path + "/" + name].map { Array($0.utf8) })
            guard case .check(let files) = command else { throw CancellationError() }
            #expect(CommandRunner.jobs(for: files).0.map(\.syntax) == [syntax])
        }
    }

    /// A Quarto page: a pandoc div closed under a pipe table.
    static let calloutPage = """
        ::: {.callout-note}
        |a|b|
        |-|-|
        |1|2|
        :::

        """

    /// A `.md` page of a Quarto or bookdown project (`_quarto.yml` at or above it) is read by pandoc,
    /// the same page outside by GitHub's reader; a reader set anywhere wins over the project.
    @Test func aPandocProjectsMarkdownPagesAreReadByPandoc() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for name in ["book/chapters/deep", "other"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("book/_quarto.yml", "project:\n  type: book\n")
        let names = ["book/index.md", "book/chapters/deep/page.markdown", "book/notes.txt", "other/page.md", "book/manual.rst"]
        for name in names { try folder.write(name, Self.calloutPage) }
        func syntaxes(_ options: [String] = [], _ paths: [String] = names) throws -> [DocumentSyntax] {
            let absolute = (options + paths).map { $0.contains("/") ? folder.url.path + "/" + $0 : $0 }
            let command = try Invocation.parse((["check"] + absolute).map { Array($0.utf8) })
            guard case .check(let files) = command else { throw CancellationError() }
            let (jobs, status) = CommandRunner.jobs(for: files)
            #expect(status == 0)
            return jobs.map(\.syntax)
        }
        #expect(try syntaxes() == [.pandocMarkdown, .pandocMarkdown, .markdown, .markdown, .restructuredText])
        #expect(try syntaxes(["--reader", "github"]) == [.markdown, .markdown, .markdown, .markdown, .restructuredText])
        // Standard input is judged by the name --assume-filename gives it.
        #expect(try syntaxes(["--assume-filename", "book/chapters/x.md"], ["-"]) == [.pandocMarkdown])
        #expect(try syntaxes(["--assume-filename", "other/x.md"], ["-"]) == [.markdown])

        // Formatted end to end: the project's page as pandoc reads it, the outside one as every common reader
        // does (the `:::` lines right above and under the table leave it as written), or GitHub alone.
        let inside = try Gridls.run(["format", "-q", "book/index.md"], in: folder.url)
        #expect(inside.status == 0)
        #expect(inside.stdout == """
            ::: {.callout-note}
            | a   | b   |
            | --- | --- |
            | 1   | 2   |
            :::

            """)
        let outside = try Gridls.run(["format", "-q", "other/page.md"], in: folder.url)
        #expect(outside.stdout == Self.calloutPage)
        let github = try Gridls.run(["format", "-q", "--reader", "github", "other/page.md"], in: folder.url)
        #expect(github.stdout == """
            ::: {.callout-note}
            | a   | b   |
            | --- | --- |
            | 1   | 2   |
            | ::: |     |

            """)

        // A .gridls.json beside the project file, its reader or an override's, wins.
        try folder.write("book/.gridls.json", #"{"reader": "github"}"#)
        #expect(try syntaxes() == [.markdown, .markdown, .markdown, .markdown, .restructuredText])
        try folder.write("book/.gridls.json", #"{"overrides": [{"files": "index.md", "reader": "github"}]}"#)
        #expect(try syntaxes() == [.markdown, .pandocMarkdown, .markdown, .markdown, .restructuredText])
        #expect(try Gridls.run(["format", "-q", "book/index.md"], in: folder.url).stdout == github.stdout)
    }
}
