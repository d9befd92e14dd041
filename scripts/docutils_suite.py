#!/usr/bin/env python3
"""Formats every input of docutils's own parser tests with gridls and checks that docutils reads the same
tables before and after, and that formatting again changes nothing: material nobody here wrote.

Usage: scripts/docutils_suite.py TEST_FILE... [--binary PATH]
TEST_FILE is one of docutils's test modules holding a `totest` dict of (input, expected) cases, e.g.
docutils/test/test_parsers/test_rst/test_tables.py from a checkout of https://github.com/docutils/docutils
(the tests are not copied here: fetch docutils and name its files). Needs docutils (pip install docutils).
Prints, per file, the cases, how many formatting changed, how many docutils reads alike, and every case
that it does not or that formatting changes twice; exits 1 if there is one.
"""
import argparse, importlib.util, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_tables

def cases(path):
    spec = importlib.util.spec_from_file_location("docutils_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, group in module.totest.items():
        for number, case in enumerate(group):
            if isinstance(case, (list, tuple)) and case and isinstance(case[0], str):
                yield "%s[%d]" % (name, number), case[0]

def formatted(binary, path):
    return subprocess.run([binary, "format", path], capture_output=True, text=True).stdout

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--binary", default=".build/debug/gridls")
    args = parser.parse_args()
    failed = False
    work = tempfile.mkdtemp(prefix="gridls-docutils-")
    for test_file in args.files:
        counts = {"cases": 0, "changed": 0, "read alike": 0}
        for name, text in cases(test_file):
            source, target = os.path.join(work, "in.rst"), os.path.join(work, "out.rst")
            with open(source, "w", encoding="utf-8") as f:
                f.write(text)
            output = formatted(args.binary, source)
            with open(target, "w", encoding="utf-8") as f:
                f.write(output)
            counts["cases"] += 1
            counts["changed"] += output != text
            if json.dumps(read_tables.read_docutils(source)) == json.dumps(read_tables.read_docutils(target)):
                counts["read alike"] += 1
            else:
                failed = True
                print("== docutils reads %s otherwise after formatting:\n%s\n-- formatted:\n%s" % (name, text, output))
            if formatted(args.binary, target) != output:
                failed = True
                print("== formatting %s twice changes it" % name)
        print("%s: %s" % (os.path.basename(test_file), ", ".join("%d %s" % (v, k) for k, v in counts.items())))
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
