#!/usr/bin/env python3
"""Fits the grid tables of real documents to 60, 72 and 80 columns and asks the readers whether they
still read the same (issue 30's material).

Usage: scripts/fit_corpus.py [--gridls PATH] [--widths 60,72,80] FOLDER...
For every .rst, .md and .qmd file under FOLDER that has a grid table, a copy is formatted with
`gridls format` without a bound (the baseline) and with `--max-width W`, Markdown read as pandoc reads
it; where the two differ, the readers read both (docutils and pandoc -f rst for .rst, pandoc -f markdown
for .md and .qmd; scripts/read_tables.py's -tree modes) and the file counts as the same or changed.
Comparing with the unbounded format keeps formatting's other work out of the figures. Prints, per width,
files, tables fitted, same, changed, changes by the reader's node where the trees first differ, and the
changed files.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tree_modes
from read_tables import pandoc_binary

GRID_BORDER = re.compile(r"^[ \t>]*\+[-=]{3,}[-=+:]*\+[ \t]*$", re.M)
TABLE_LINE = re.compile(r"^[ \t>]*[+|]")

def documents(folders):
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith((".rst", ".md", ".qmd")):
                    path = os.path.join(root, name)
                    try:
                        text = open(path, encoding="utf-8").read()
                    except (UnicodeDecodeError, OSError):
                        continue
                    if GRID_BORDER.search(text):
                        yield path

def readers(path):
    return ["docutils-tree", "pandoc-rst-tree"] if path.endswith(".rst") else ["pandoc-markdown-tree"]

def formatted(gridls, folder, width):
    arguments = [gridls, "format", "-i", "-q", "--reader", "pandoc"] + (["--max-width", str(width)] if width else []) + [folder]
    run = subprocess.run(arguments, capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 1: some table could not be read (left as it is)
        sys.exit("gridls failed: %s" % run.stderr.strip())

def grid_blocks(text):
    """The runs of lines that look like grid table lines and include a border: one per table, roughly."""
    blocks, current = [], []
    for line in text.splitlines() + [""]:
        if TABLE_LINE.match(line):
            current.append(line)
            continue
        if any(GRID_BORDER.match(l) for l in current):
            blocks.append("\n".join(current))
        current = []
    return blocks

def first_difference(before, after):
    """The node kind (and its parent's) where two trees first differ."""
    a, b = before.splitlines(), after.splitlines()
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lines = a if i < len(a) else b
    if i >= len(lines):
        return "length"
    line = lines[i]
    kind = line.strip().split(" ")[0]
    depth = len(line) - len(line.lstrip())
    parent = next((l.strip().split(" ")[0] for l in reversed(lines[:i]) if len(l) - len(l.lstrip()) < depth), "the document")
    return "%s in %s" % ("text" if kind.startswith('"') else kind, parent)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gridls", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "gridls"))
    parser.add_argument("--widths", default="60,72,80")
    parser.add_argument("--show", action="store_true", help="print where each changed file's trees first differ")
    parser.add_argument("folders", nargs="+")
    options = parser.parse_args()
    gridls = os.path.abspath(options.gridls)
    paths = list(documents(options.folders))
    work = tempfile.mkdtemp(prefix="fit-corpus-")
    try:
        def copy(into):
            for n, path in enumerate(paths):
                target = os.path.join(work, into, "%05d-%s" % (n, os.path.basename(path)))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(path, target)
            return [os.path.join(work, into, "%05d-%s" % (n, os.path.basename(path))) for n, path in enumerate(paths)]
        base = copy("base")
        formatted(gridls, os.path.join(work, "base"), None)
        for width in [int(w) for w in options.widths.split(",")]:
            report(width, paths, base, copy(str(width)), lambda: formatted(gridls, os.path.join(work, str(width)), width), options.show)
    finally:
        shutil.rmtree(work)

def shown(before, after):
    a, b = before.splitlines(), after.splitlines()
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return "\n".join(["      before:"] + ["        " + l for l in a[max(0, i - 4):i + 4]] + ["      after:"] + ["        " + l for l in b[max(0, i - 4):i + 4]])

def report(width, paths, base, fitted, fit, show):
    fit()
    tables = same = 0
    changed, kinds, errors = [], Counter(), []
    for path, before_path, after_path in zip(paths, base, fitted):
        before, after = open(before_path, encoding="utf-8").read(), open(after_path, encoding="utf-8").read()
        if before == after:
            continue
        a, b = grid_blocks(before), grid_blocks(after)
        tables += sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))
        differs = []
        for reader in readers(path):
            try:
                tree_a = tree_modes.read_tree(reader, before_path, pandoc_binary)
                tree_b = tree_modes.read_tree(reader, after_path, pandoc_binary)
            except Exception as error:
                errors.append("%s: %s: %s" % (path, reader, error))
                continue
            if tree_a != tree_b:
                differs.append(reader)
                kinds["%s: %s" % (reader, first_difference(tree_a, tree_b))] += 1
                if show:
                    print("   %s at %d, %s:\n%s" % (path, width, reader, shown(tree_a, tree_b)))
        if differs:
            changed.append("%s (%s)" % (path, ", ".join(differs)))
        else:
            same += 1
    print("== max width %d: %d files with grid tables, %d files fitted, %d tables fitted; files read the same: %d, changed: %d"
          % (width, len(paths), same + len(changed), tables, same, len(changed)))
    for kind, count in kinds.most_common():
        print("   %4d  %s" % (count, kind))
    for line in changed:
        print("   changed: " + line)
    for line in errors:
        print("   reader error: " + line)
    sys.stdout.flush()

if __name__ == "__main__":
    main()
