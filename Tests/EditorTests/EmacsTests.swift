import Foundation
import TestSupport
import Testing

/// editors/emacs/gridls.el in real Emacs, headless (`emacs --batch`), through eglot (Emacs 29's own, or
/// Debian's elpa-eglot on Emacs 28) and the built `gridls`. The script types its tables as keys through
/// the command loop and writes one `ok`/`FAIL` line per check.
struct EmacsTests {
    static let folder = HeadlessEditorTests.root.appendingPathComponent("editors/emacs")

    /// Emacs's own packages and Debian's elpa-* ones (which `emacs -Q` does not load by itself).
    static let loadPackages = """
        (progn (require 'package) (setq package-directory-list '("/usr/share/emacs/site-lisp/elpa")) (package-initialize))
        """

    /// CI installs emacs-nox, elpa-eglot and elpa-markdown-mode; elsewhere a missing one skips the tests.
    static let emacsWithEglot: Bool = {
        guard let emacs = HeadlessEditorTests.which("emacs") else { return false }
        let probe = "(progn \(loadPackages) (require 'eglot) (require 'markdown-mode))"
        guard let process = try? ChildProcess(emacs, ["--batch", "-Q", "--eval", probe]) else { return false }
        return process.wait(killingAfter: 60) == 0
    }()

    static let checks = 51

    @Test(.enabled(if: RequiredTool.mayRun(emacsWithEglot), "emacs, eglot or markdown-mode is missing (apt-get install emacs-nox elpa-eglot elpa-markdown-mode); CI=true runs it"))
    func emacs() throws {
        let script = Self.folder.appendingPathComponent("test/test-gridls.el").path
        let lines = try HeadlessEditorTests().run("emacs", ["--batch", "-Q", "-l", script])
        HeadlessEditorTests().expectAllPass(lines, count: Self.checks)
    }

    /// gridls.el byte-compiles without a warning and passes checkdoc; its Version is the server's.
    @Test(.enabled(if: RequiredTool.mayRun(emacsWithEglot), "emacs or eglot is missing; CI=true runs it"))
    func byteCompilesCleanly() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-emacs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let source = try String(contentsOf: Self.folder.appendingPathComponent("gridls.el"), encoding: .utf8)
        try source.write(to: work.appendingPathComponent("gridls.el"), atomically: true, encoding: .utf8)
        let output = work.appendingPathComponent("output.txt")
        let setup = "(progn \(Self.loadPackages) (setq byte-compile-error-on-warn t) (require 'checkdoc) (checkdoc-file \"gridls.el\"))"
        let process = try ChildProcess(
            HeadlessEditorTests.which("emacs") ?? "emacs", ["--batch", "-Q", "--eval", setup, "-f", "batch-byte-compile", "gridls.el"],
            directory: work.path, output: .file(output.path), error: .sameAsOutput)
        let status = process.wait(killingAfter: 120)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(text)")
        #expect(!text.contains("Warning"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("gridls.elc").path))

        let version = work.appendingPathComponent("version.txt")
        let gridls = try ChildProcess(builtGridls.path, ["--version"], output: .file(version.path))
        #expect(gridls.wait(killingAfter: 20) == 0)
        let server = try String(contentsOf: version, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let header = source.split(separator: "\n").first { $0.hasPrefix(";; Version: ") }.map { String($0.dropFirst(12)) }
        #expect(header.map { "gridls \($0)" } == server)
    }
}
