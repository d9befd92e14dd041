#!/usr/bin/env python3
"""Every module a target imports from this package is a dependency it declares in Package.swift.

SwiftPM builds targets in parallel; an import that works only because another target happened to build
the module first fails on a fresh clone (`no such module`). This reads the package as SwiftPM does
(`swift package dump-package`), then every target's sources, and names each undeclared import.
Exit 0 when there is none, 1 otherwise.
"""
import json
import pathlib
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


def target_folder(root, target):
    if target.get("path"):
        return root / target["path"]
    return root / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    modules = {target["name"] for target in package["targets"]}
    problems = []
    for target in package["targets"]:
        allowed = declared(target) | {target["name"]}
        for source in sorted(target_folder(root, target).rglob("*.swift")):
            for module in IMPORT.findall(source.read_text(encoding="utf-8")):
                if module in modules and module not in allowed:
                    problems.append(f"{source.relative_to(root)}: imports {module}, which target {target['name']} "
                                    f"does not declare in Package.swift")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check_imports: {len(package['targets'])} targets, {len(problems)} undeclared imports")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
