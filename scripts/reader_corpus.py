#!/usr/bin/env python3
"""Formats real documents with gridls and checks that their own reader reads the same document after
`gridls format` as before, and that formatting twice changes nothing more: material nobody here wrote.

Usage: scripts/reader_corpus.py [--binary PATH] [--reader auto|pandoc|docutils] [--jobs N]
                                [--format-as SUFFIX] [--gridls-option OPTION]... [--list N]
                                FOLDER_OR_FILE...
Files ending in .qmd, .rmd, .md, .markdown, .rst and .rest are taken from the folders (case aside).
--reader auto reads .rst and .rest with docutils and the rest with pandoc (`-f markdown`); gridls is
told each file's own name (so it picks its syntax by suffix) unless --format-as names another suffix:
a Quarto project's .md files are pandoc's Markdown, `--format-as .qmd` formats them as such (as does
`--gridls-option=--reader=pandoc`, where gridls has that option; each --gridls-option goes to gridls).

The whole document is compared, not only its tables, after taking away what the reader does not show:
- pandoc (`-t json`): code chunks' opening fences (```{r}, ```{python}) are read as the code blocks
  Quarto and knitr make of them before pandoc reads the document (pandoc alone reads no fence there);
  SoftBreak counts as Space (both print as white space); the relative column widths of tables are set
  aside. A documented choice for pipe tables: formatting aligns the delimiter row, and pandoc takes a
  long pipe table's widths from its dashes, so they follow the content.
- docutils (`publish_doctree`, as pseudo-XML): the line numbers and source of system messages (a table
  may gain or lose lines) and colspec widths, which docutils's HTML writer does not print by default.
Files whose reading changed only in column widths are counted apart and listed with the first line of
the table that changed them: a grid table's widths are the writer's drawing, a pipe table's are not.

For each file whose reading changed, the changed regions of the text are applied one at a time to find
the first one that alone changes the reading: its line, its text before and after is the reproducer.
Prints the counts (files, tables, tables formatted, refused by diagnostic code, readings changed, not
idempotent, reader or gridls failures, time) and the failures; exits 1 if there is one.
Needs pandoc on PATH and docutils (e.g. the project's .venv-ci).
"""
import argparse, collections, concurrent.futures, difflib, json, os, re, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_tables

SUFFIXES = (".qmd", ".rmd", ".md", ".markdown", ".rst", ".rest")
REFUSED = re.compile(r":(\d+):\d+: (\w+): .*\[([a-z-]+)\] \(table left as it was\)$")

class ReaderFailed(Exception):
    pass

# A chunk's opening fence, ```{r}, ```{python echo=FALSE}, ```{{r}} (shown, not run): pandoc alone takes
# none of them for a fence ({r} is no attribute), but Quarto and knitr turn every chunk into a code block
# before pandoc reads the document, so they are read here as the fence ```r they become.
CHUNK_FENCE = re.compile(r"^([ \t]*`{3,})[ \t]*\{+[ \t]*([A-Za-z][^},\s]*)[^}\n]*\}+[ \t]*$", re.M)

# Readings: (what the reader shows, the same without column widths, how many tables) of a text.

def read_pandoc(text):
    text = CHUNK_FENCE.sub(r"\1 \2", text)
    with tempfile.NamedTemporaryFile("w", suffix=".md", encoding="utf-8", delete=False) as f:
        f.write(text)
    try:
        done = subprocess.run([read_tables.pandoc_binary(), "-f", "markdown", "-t", "json", f.name],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise ReaderFailed("pandoc timed out")
    finally:
        os.unlink(f.name)
    if done.returncode != 0:
        raise ReaderFailed("pandoc: " + (done.stderr.strip().splitlines() or ["failed"])[-1])
    blocks = json.loads(done.stdout)["blocks"]
    shown = json.dumps(pandoc_shown(blocks, keep_widths=True), ensure_ascii=False, indent=1)
    widthless = json.dumps(pandoc_shown(blocks, keep_widths=False), ensure_ascii=False, indent=1)
    return shown, widthless, len(read_tables.pandoc_tables(blocks, []))

def pandoc_shown(node, keep_widths):
    if isinstance(node, list):
        return [pandoc_shown(n, keep_widths) for n in node]
    if not isinstance(node, dict):
        return node
    if node.get("t") == "SoftBreak":
        return {"t": "Space"}
    if node.get("t") == "Table" and not keep_widths:
        attr, caption, colspecs, head, bodies, foot = node["c"]
        colspecs = [[align, {"t": "ColWidthDefault"}] for align, _width in colspecs]
        node = {"t": "Table", "c": [attr, caption, colspecs, head, bodies, foot]}
    return {k: pandoc_shown(v, keep_widths) for k, v in node.items()}

def read_docutils(text):
    import docutils.core, docutils.nodes, docutils.utils
    settings = {"report_level": 5, "halt_level": 5, "file_insertion_enabled": False, "_disable_config": True}
    try:
        tree = docutils.core.publish_doctree(text, settings_overrides=settings)
    except (Exception, docutils.utils.SystemMessage) as error:
        raise ReaderFailed("docutils: %s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""))
    for message in tree.findall(docutils.nodes.system_message):
        for attribute in ("line", "source"):
            message.attributes.pop(attribute, None)
    tables = [t for t in tree.findall(docutils.nodes.table)
              if not any(isinstance(a, docutils.nodes.entry) for a in read_tables.parents(t))]
    shown = tree.pformat()
    for spec in tree.findall(docutils.nodes.colspec):
        spec["colwidth"] = 1
    return shown, tree.pformat(), len(tables)

def reading(reader, text):
    return read_docutils(text) if reader == "docutils" else read_pandoc(text)

# gridls

def format_text(gridls, name, text):
    """The formatted text and the refused tables as (line, code), by `gridls format` on standard input;
    `gridls` is the binary and its options."""
    done = subprocess.run(gridls + ["--assume-filename", name, "-"], input=text.encode(),
                          capture_output=True, timeout=120, cwd="/")
    if done.returncode not in (0, 1):
        raise RuntimeError("gridls exited %d: %s" % (done.returncode, done.stderr.decode(errors="replace").strip()[:300]))
    refused = []
    for line in done.stderr.decode(errors="replace").splitlines():
        found = REFUSED.search(line)
        if found:
            refused.append((int(found.group(1)), found.group(3)))
    return done.stdout.decode(), refused

def changed_regions(before, after):
    """The changed stretches of lines as (i1, i2, j1, j2), merged where no blank line or a single line parts
    them (the blank line between two rows of a simple table): each region is about one formatted table."""
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    regions = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if regions and (i1 - regions[-1][1] <= 1 or all(line.strip() for line in a[regions[-1][1]:i1])):
            regions[-1] = (regions[-1][0], i2, regions[-1][2], j2)
        else:
            regions.append((i1, i2, j1, j2))
    return a, b, regions

def first_difference(x, y):
    lines = [l for l in difflib.unified_diff(x.splitlines(), y.splitlines(), lineterm="", n=2)][2:14]
    return "\n".join(lines)

def culprit(reader, before_lines, after_lines, regions, shown_before, widthless):
    """The first region that, applied alone, changes the reading (with or without column widths):
    (line, before text, after text)."""
    for i1, i2, j1, j2 in regions:
        text = "".join(before_lines[:i1] + after_lines[j1:j2] + before_lines[i2:])
        try:
            if reading(reader, text)[1 if widthless else 0] != shown_before:
                return i1 + 1, "".join(before_lines[i1:i2]), "".join(after_lines[j1:j2])
        except ReaderFailed:
            return i1 + 1, "".join(before_lines[i1:i2]), "".join(after_lines[j1:j2])
    return None

def check_file(task):
    path, reader, gridls, name = task
    result = {"path": path, "tables": 0, "formatted": 0, "refused": [], "problems": []}
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (UnicodeDecodeError, OSError) as error:
        result["problems"].append(("unreadable", str(error)))
        return result
    try:
        shown, widthless, result["tables"] = reading(reader, text)
    except ReaderFailed as error:
        result["problems"].append(("reader failed", str(error)))
        return result
    try:
        once, result["refused"] = format_text(gridls, name, text)
        twice, _ = format_text(gridls, name, once)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        result["problems"].append(("gridls failed", str(error)))
        return result
    before_lines, after_lines, regions = changed_regions(text, once)
    result["formatted"] = len(regions)
    if twice != once:
        _, _, again = changed_regions(once, twice)
        line = again[0][0] + 1 if again else 0
        result["problems"].append(("not idempotent", "line %d of the formatted text:\n%s" % (line, first_difference(once, twice))))
    if once == text:
        return result
    try:
        shown_after, widthless_after, _ = reading(reader, once)
    except ReaderFailed as error:
        result["problems"].append(("reading changed", "the reader fails after formatting: %s" % error))
        return result
    if widthless_after != widthless:
        found = culprit(reader, before_lines, after_lines, regions, widthless, widthless=True)
        where = ("line %d\n-- before:\n%s-- after:\n%s" % found) if found else "no single region alone\n"
        result["problems"].append(("reading changed", where + "-- reading:\n" + first_difference(widthless, widthless_after)))
    elif shown_after != shown:
        found = culprit(reader, before_lines, after_lines, regions, shown, widthless=False)
        where = ("line %d: %s" % (found[0], (found[1].splitlines() or [""])[0])) if found else "no single region alone"
        result["problems"].append(("widths only", where))
    return result

def files_under(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, names in os.walk(path):
            dirs.sort()
            for name in sorted(names):
                if name.lower().endswith(SUFFIXES) and os.path.isfile(os.path.join(root, name)):
                    yield os.path.join(root, name)

def reader_of(path, choice):
    if choice != "auto":
        return choice
    return "docutils" if path.lower().endswith((".rst", ".rest")) else "pandoc"

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--binary", default=".build/release/gridls")
    parser.add_argument("--reader", choices=("auto", "pandoc", "docutils"), default="auto")
    parser.add_argument("--format-as", metavar="SUFFIX", help="the suffix gridls is told, e.g. .qmd")
    parser.add_argument("--gridls-option", action="append", default=[], metavar="OPTION",
                        help="an option for `gridls format`, e.g. --gridls-option=--reader=pandoc")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", type=int, default=40, help="failures printed in full (default 40)")
    args = parser.parse_args()
    gridls = [os.path.abspath(args.binary), "format"] + args.gridls_option
    tasks = []
    for path in files_under(args.paths):
        name = os.path.basename(path)
        if args.format_as:
            name = os.path.splitext(name)[0] + args.format_as
        tasks.append((path, reader_of(path, args.reader), gridls, name))
    start = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(check_file, tasks, chunksize=4))
    report(results, time.monotonic() - start, args.list)
    sys.exit(1 if any(k in ("reading changed", "not idempotent", "gridls failed") for r in results for k, _ in r["problems"]) else 0)

def report(results, seconds, listed):
    problems = collections.defaultdict(list)
    for r in results:
        for kind, detail in r["problems"]:
            problems[kind].append((r["path"], detail))
    refused = collections.Counter(code for r in results for _, code in r["refused"])
    shown = 0
    for kind in ("gridls failed", "reading changed", "not idempotent"):
        for path, detail in problems[kind][:max(0, listed - shown)]:
            print("== %s: %s\n%s\n" % (kind, path, detail))
            shown += 1
    for kind in ("widths only", "reader failed", "unreadable"):
        for path, detail in problems[kind]:
            print("%s: %s: %s" % (kind, path, detail[:200]))
    for r in results:
        for line, code in r["refused"]:
            print("refused: %s:%d [%s]" % (r["path"], line, code))
    print("files: %d" % len(results))
    print("files with tables (as the reader sees them): %d" % sum(1 for r in results if r["tables"]))
    print("tables (as the reader sees them): %d" % sum(r["tables"] for r in results))
    print("tables formatted (changed regions): %d in %d files" % (sum(r["formatted"] for r in results),
                                                                  sum(1 for r in results if r["formatted"])))
    print("tables refused: %d%s" % (sum(refused.values()), "".join(" %s=%d" % c for c in sorted(refused.items()))))
    for kind in ("reading changed", "widths only", "not idempotent", "gridls failed", "reader failed", "unreadable"):
        print("files %s: %d" % (kind, len(problems[kind])))
    print("time: %.1f s" % seconds)

if __name__ == "__main__":
    main()
