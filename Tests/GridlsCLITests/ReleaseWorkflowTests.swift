import Foundation
import Testing
import TestSupport

/// `.github/workflows/release.yml` cannot run here, so its shape is checked after a real YAML parse
/// (PyYAML, which pre-commit brings): it runs on version tags, builds with scripts/package.sh on Linux
/// x86_64 and aarch64 and on macOS, and every job and step is one that GitHub Actions accepts.
struct ReleaseWorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let hasPyYAML: Bool = {
        guard let python = try? ChildProcess("/usr/bin/env", ["python3", "-c", "import yaml"]) else { return false }
        return python.wait(killingAfter: 60) == 0
    }()

    /// The workflow as JSON objects. YAML 1.1 reads the key `on` as true, as PyYAML does; GitHub reads it as `on`.
    static func workflow() throws -> [String: Any] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("release-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"
        let path = root.appendingPathComponent(".github/workflows/release.yml").path
        let python = try ChildProcess("/usr/bin/env", ["python3", "-c", script, path], output: .file(output.path))
        #expect(python.wait(killingAfter: 60) == 0)
        return try #require(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
    }

    @Test(.enabled(if: RequiredTool.mayRun(hasPyYAML), "PyYAML is not installed (pip install pre-commit; CI=true runs it)"))
    func theReleaseWorkflowBuildsThePackagesOnATag() throws {
        let workflow = try Self.workflow()
        let trigger = try #require((workflow["true"] ?? workflow["on"]) as? [String: Any])
        #expect((trigger["push"] as? [String: Any])?["tags"] as? [String] == ["v*"])
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        #expect(Set(jobs.keys) == ["linux", "release", "macos"])
        for (name, job) in jobs {
            #expect(job["runs-on"] is String, "\(name)")
            let needs = (job["needs"] as? String).map { [$0] } ?? job["needs"] as? [String] ?? []
            #expect(needs.allSatisfy { jobs[$0] != nil && $0 != name }, "\(name) needs \(needs)")
            let steps = try #require(job["steps"] as? [[String: Any]], "\(name)")
            #expect(!steps.isEmpty, "\(name)")
            for step in steps {
                #expect((step["uses"] == nil) != (step["run"] == nil), "\(name): a step either uses an action or runs a command")
                if let action = step["uses"] as? String { #expect(action.contains("@v"), "\(name): \(action) names no version") }
            }
        }
        let matrix = (jobs["linux"]?["strategy"] as? [String: Any])?["matrix"] as? [String: Any]
        #expect(matrix?["runner"] as? [String] == ["ubuntu-24.04", "ubuntu-24.04-arm"])
        for name in ["linux", "macos"] {
            let runs = (jobs[name]?["steps"] as? [[String: Any]] ?? []).compactMap { $0["run"] as? String }
            #expect(runs.contains("scripts/package.sh"), "\(name) does not build with scripts/package.sh")
        }
        #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent("scripts/package.sh").path))
    }
}
