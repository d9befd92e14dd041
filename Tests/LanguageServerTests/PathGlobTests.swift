@testable import LanguageServer
import Testing

/// The `files` patterns of `.gridls.json` overrides: a name pattern matches the file's name anywhere, a
/// path pattern the path from the configuration's folder, `**` any number of folders.
struct PathGlobTests {
    static let paths = ["README.md", "docs/a.md", "docs/deep/er/b.md", "docs/c.qmd", "site/docs/d.md", ".github/e.md"]

    func matching(_ pattern: String, outside: Bool = false) -> [String] {
        let glob = PathGlob(pattern)
        return Self.paths.filter { path in
            glob.matches(relative: outside ? nil : Array(path.utf8), name: Array(path.split(separator: "/").last!.utf8))
        }
    }

    @Test func patternsMatchAsPrettiersDo() {
        #expect(matching("*.md") == ["README.md", "docs/a.md", "docs/deep/er/b.md", "site/docs/d.md", ".github/e.md"])
        #expect(matching("docs/**/*.md") == ["docs/a.md", "docs/deep/er/b.md"])
        #expect(matching("./docs/*.md") == ["docs/a.md"])
        #expect(matching("**/docs/*") == ["docs/a.md", "docs/c.qmd", "site/docs/d.md"])
        #expect(matching("docs/**") == ["docs/a.md", "docs/deep/er/b.md", "docs/c.qmd"])
        #expect(matching("/README.md") == ["README.md"])
        #expect(matching("docs/[ab].md") == ["docs/a.md"])
        #expect(matching("*/e.md") == [".github/e.md"])
        #expect(matching("docs") == [])
    }

    /// A file outside the configuration's folder (`--config` elsewhere) has no path there: only name
    /// patterns match it.
    @Test func aFileOutsideTheFolderMatchesByNameOnly() {
        #expect(matching("*.qmd", outside: true) == ["docs/c.qmd"])
        #expect(matching("docs/*.qmd", outside: true) == [])
    }
}
