#!/usr/bin/env python3
"""Formats real Markdown documents with gridls and checks that the site generators' and viewers' readers
(scripts/markdown_readers.py: github, markdown-it, myst, python-markdown, mkdocs, goldmark, kramdown, ...)
show the same document after `gridls format` as before, and that formatting twice changes nothing more.

Usage: scripts/readers_corpus.py [--binary PATH] [--readers R1,R2,...] [--gridls-option OPTION]...
                                 [--jobs N] [--list N] [--json FILE [--every-region]] [--by-project]
                                 [NAME=]FOLDER_OR_FILE[@R1,R2,...]...
Each argument is a corpus (NAME defaults to the folder's name); `@READERS` after it names the readers for
that corpus alone (default: --readers, itself by default every reader markdown_readers.py can run here).
Files ending in .md and .markdown are taken from the folders (case aside). Run it with the Python that
has the readers' packages (e.g. .venv-ci/bin/python; `scripts/markdown_readers.py --check` says which).

For each file: `gridls format` (on standard input, told the file's own name, with each --gridls-option;
see `gridls --help`, e.g. --gridls-option=--reader=github) formats it, twice to see that the second time
changes nothing; each reader renders the file before and after, and the two readings (visible() of the
HTML: references decoded, white space collapsed where a browser shows none) must be equal. The tables
gridls sees are counted through its language server (textDocument/documentSymbol, with the same options
as settings), its diagnostics through `gridls check --output-format json`; the tables each reader sees
are the top-level <table> elements of its rendering.

For each file whose reading changed, the changed regions of the text (each about one formatted table)
are applied one at a time to find the first that alone changes that reader's reading: its line and its
text before and after are the reproducer, with what the reader shows of it (and the lines next to it, up
to a blank line) alone, before and after; --every-region also records, in --json, every other region that
alone changes the reading.

"False diagnostics": a diagnostic of `gridls check` whose claim the corpus's readers contradict. For
extra-cells ("the last cell is not rendered") the diagnostic's range (the extra cells' text) is blanked:
if a reader's reading changes, that reader renders the cells. For delimiter-count-mismatch ("not a
table") and unclosed or ambiguous tables, the table's lines alone are rendered: a reader that makes a
table of them all reads a table where gridls says it is not one, or not safely one. missing-cells ("renders
with empty cells") is checked by filling the row up with empty cells. Every code is counted with the
readers' verdicts and the first examples, for a human to judge.

Prints the failures, then a table of counts per corpus and per reader (and per project with
--by-project); --json writes every file's result. Exits 1 if any reading changed, a file was not
idempotent or gridls failed.
"""
import argparse, collections, concurrent.futures, difflib, json, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

SUFFIXES = (".md", ".markdown")
REFUSED = re.compile(r":(\d+):\d+: (\w+): .*\[([a-z-]+)\] \(table left as it was\)$")
TABLE_OPEN = re.compile(rb"<table[\s>]", re.I)
TABLE_TAG = re.compile(rb"<(/?)table[\s>]", re.I)

class ReaderFailed(Exception):
    pass

# ---- readers ---------------------------------------------------------------------------------------

try:
    import markdown_readers
except ImportError:  # the readers' module is not there yet: cmark-gfm alone, with a plain visible()
    markdown_readers = None

def _fallback_render(reader, data):
    if reader != "github":
        raise ReaderFailed("reader %s needs scripts/markdown_readers.py" % reader)
    done = subprocess.run(["cmark-gfm", "-e", "table", "-e", "tasklist", "--unsafe"], input=data,
                          capture_output=True, timeout=120)
    if done.returncode:
        raise ReaderFailed("cmark-gfm: exit %d" % done.returncode)
    return done.stdout

def _fallback_visible(html):
    text = html.decode("utf-8", "surrogateescape")
    return re.sub(r"\s*(<[^>]+>)\s*", r"\1", re.sub(r"\s+", " ", text)).strip()

def all_readers():
    if markdown_readers is None:
        return ["github"]
    names = []
    for name, (version, _make) in markdown_readers.READERS.items():
        try:
            version()
            names.append(name)
        except Exception:
            pass
    return names

def render(reader, data):
    """The reader's HTML (bytes) of `data`; ReaderFailed if it fails."""
    try:
        if markdown_readers is None:
            return _fallback_render(reader, data)
        return markdown_readers.render(reader, data)
    except ReaderFailed:
        raise
    except Exception as error:
        raise ReaderFailed("%s: %s: %s" % (reader, type(error).__name__, str(error).splitlines()[0][:200] if str(error) else ""))

def visible(html):
    return markdown_readers.visible(html) if markdown_readers is not None else _fallback_visible(html)

def reading(reader, data):
    """(visible reading, number of top-level tables) of `data` as `reader` shows it."""
    html = render(reader, data)
    return visible(html), top_tables(html)

def top_tables(html):
    depth = count = 0
    for m in TABLE_TAG.finditer(html):
        if m.group(1):
            depth = max(0, depth - 1)
        else:
            count += depth == 0
            depth += 1
    return count

# ---- gridls ----------------------------------------------------------------------------------------

def run_gridls(argv, data, timeout=120):
    done = subprocess.run(argv, input=data, capture_output=True, timeout=timeout, cwd="/")
    return done.returncode, done.stdout, done.stderr.decode(errors="replace")

def format_text(binary, options, name, data):
    """The formatted bytes and the tables left alone as (line, code)."""
    code, out, err = run_gridls([binary, "format"] + options + ["--assume-filename", name, "-"], data)
    if code not in (0, 1):
        raise RuntimeError("gridls format exited %d: %s" % (code, err.strip()[:300]))
    refused = []
    for line in err.splitlines():
        found = REFUSED.search(line)
        if found:
            refused.append((int(found.group(1)), found.group(3)))
    return out, refused

def check_text(binary, options, name, data):
    """`gridls check`'s diagnostics as dicts (path, line, column, endLine, endColumn, severity, code, message)."""
    code, out, err = run_gridls([binary, "check", "--output-format", "json"] + options + ["--assume-filename", name, "-"], data)
    if code not in (0, 1):
        raise RuntimeError("gridls check exited %d: %s" % (code, err.strip()[:300]))
    try:
        return json.loads(out.decode() or "[]")
    except ValueError:
        raise RuntimeError("gridls check printed no JSON: %r" % out[:200])

def settings_of(options):
    """--gridls-option values as language server settings: --reader=github -> {"reader": "github"}."""
    settings, i = {}, 0
    while i < len(options):
        option = options[i]
        i += 1
        if not option.startswith("--"):
            continue
        key, equals, value = option[2:].partition("=")
        if not equals:
            if i < len(options) and not options[i].startswith("-"):
                value = options[i]
                i += 1
            else:
                continue
        key = re.sub(r"-(\w)", lambda m: m.group(1).upper(), key)
        if key == "rstContentDirectives":
            settings[key] = value.split(",")
        else:
            settings[key] = int(value) if value.isdigit() else value
    return settings

_server = None

class Server:
    """gridls --stdio, one per worker process: each document is opened, its tables listed, and closed."""

    def __init__(self, binary, settings):
        import lsp_session
        self.session = lsp_session.Session([binary, "--stdio"], ascii=False)
        self.session.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": {"capabilities": {}, "initializationOptions": settings, "processId": None}})
        self.wait(lambda m: m.get("id") == 1)
        self.session.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        self.next_id = 10

    def wait(self, predicate, timeout=120):
        deadline = time.time() + timeout
        while True:
            message = self.session.read(timeout=max(0.1, deadline - time.time()))
            if message is None:
                raise RuntimeError("gridls --stdio did not answer")
            if message.get("method") == "workspace/configuration":  # answer with the same settings
                self.session.send({"jsonrpc": "2.0", "id": message["id"], "result": [None] * len(message["params"]["items"])})
            if predicate(message):
                return message

    def tables(self, name, text):
        """The tables gridls sees: (first line, last line, kind), lines from 0."""
        uri = "file:///gridls-corpus/%d/%s" % (self.next_id, name)
        self.session.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
        self.next_id += 1
        request = self.next_id
        self.session.send({"jsonrpc": "2.0", "id": request, "method": "textDocument/documentSymbol",
                           "params": {"textDocument": {"uri": uri}}})
        answer = self.wait(lambda m: m.get("id") == request)
        self.session.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
        if "error" in answer:
            raise RuntimeError("documentSymbol: %s" % answer["error"].get("message"))
        return [(s["range"]["start"]["line"], s["range"]["end"]["line"], s.get("detail", "")) for s in answer["result"] or []]

def gridls_tables(binary, options, name, text):
    global _server
    for attempt in (1, 2):
        try:
            if _server is None:
                _server = Server(binary, settings_of(options))
            return _server.tables(name, text)
        except (RuntimeError, OSError, ValueError, KeyError):
            _server = None
            if attempt == 2:
                raise

# ---- differences -----------------------------------------------------------------------------------

def changed_regions(before, after):
    """The changed stretches of lines as (i1, i2, j1, j2), merged where only non-blank lines part them (a
    blank line ends a Markdown table): each region is about one formatted table."""
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    regions = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if regions and all(line.strip() for line in a[regions[-1][1]:i1]):
            regions[-1] = (regions[-1][0], i2, regions[-1][2], j2)
        else:
            regions.append((i1, i2, j1, j2))
    return a, b, regions

def first_difference(x, y, context=2, most=16):
    """The first lines that differ between two readings, as a unified diff."""
    lines = list(difflib.unified_diff(x.splitlines(), y.splitlines(), lineterm="", n=context))[2:2 + most]
    return "\n".join(line if len(line) < 400 else line[:400] + "..." for line in lines)

def culprits(reader, before_lines, after_lines, regions, shown_before, every=False):
    """The regions that, applied alone, change the reader's reading, as (line, before, after): the first
    one, or with `every` all of them."""
    found = []
    for i1, i2, j1, j2 in regions:
        text = "".join(before_lines[:i1] + after_lines[j1:j2] + before_lines[i2:])
        try:
            changes = reading(reader, text.encode("utf-8", "surrogateescape"))[0] != shown_before
        except ReaderFailed:
            changes = True
        if changes:
            found.append((i1 + 1, "".join(before_lines[i1:i2]), "".join(after_lines[j1:j2])))
            if not every:
                break
    return found

def reproducer(reader, before_lines, found):
    """A culprit region with the lines around it, and what the reader shows of them alone before and after."""
    line, old, new = found
    i1 = line - 1
    i2 = i1 + len(old.splitlines())
    start, end = context_lines(before_lines, i1, i2)
    change = {"line": line, "before": old, "after": new, "context_before": "".join(before_lines[start:i1]),
              "context_after": "".join(before_lines[i2:end])}
    shown_a = alone(reader, change["context_before"] + old + change["context_after"])
    shown_b = alone(reader, change["context_before"] + new + change["context_after"])
    change["alone"] = shown_a != shown_b
    change["alone_before"], change["alone_after"] = shown_a[:3000], shown_b[:3000]
    return change

def alone(reader, snippet):
    """What the reader shows of a snippet on its own, or the failure."""
    try:
        return reading(reader, snippet.encode("utf-8", "surrogateescape"))[0]
    except ReaderFailed as error:
        return "(reader failed: %s)" % error

def context_lines(lines, i1, i2, around=2):
    """The region's lines with up to `around` lines either side, stopping at blank lines."""
    start = i1
    while start > 0 and i1 - start < around and lines[start - 1].strip():
        start -= 1
    end = i2
    while end < len(lines) and end - i2 < around and lines[end].strip():
        end += 1
    return start, end

# ---- false diagnostics -----------------------------------------------------------------------------

def column_offset(line, column):
    """A 1-based column of gridls's diagnostics (UTF-16 code units, as LSP counts) as a str index."""
    units = 0
    for index, ch in enumerate(line):
        if units >= column - 1:
            return index
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)

def table_of(tables, line0):
    for first, last, kind in tables:
        if first <= line0 <= last:
            return first, last, kind
    return None

def dedent(lines):
    widths = [len(l) - len(l.lstrip(" ")) for l in lines if l.strip()]
    cut = min(widths) if widths else 0
    return [l[cut:] if l[:cut].strip() == "" else l.lstrip(" ") for l in lines]

def judge(reader, diagnostic, lines, tables, text, shown):
    """(verdict, detail): whether `reader` agrees with the diagnostic's claim. Verdicts: "agrees",
    "contradicts" (a false diagnostic for that reader), "no verdict" (the claim is not one this checks)."""
    code = diagnostic["code"]
    line0 = diagnostic["line"] - 1
    if line0 >= len(lines):
        return "no verdict", "line out of range"
    table = table_of(tables, line0)
    first, last = (table[0], table[1]) if table else (line0, line0)
    if code in ("extra-cells", "missing-cells"):
        line = lines[line0]
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        if code == "extra-cells":
            end_line0 = diagnostic.get("endLine", diagnostic["line"]) - 1
            if end_line0 != line0:
                return "no verdict", "range over lines"
            a, b = column_offset(body, diagnostic["column"]), column_offset(body, diagnostic["endColumn"])
            changed = body[:a] + " " * (b - a) + body[b:]
        else:
            header = lines[first] if table else lines[line0]
            missing = max(1, header.count("|") - body.count("|"))
            changed = body + (" |" if body.rstrip().endswith("|") else " | ") * missing
            changed = changed.rstrip() if not body.rstrip().endswith("|") else changed
        modified = "".join(lines[:line0]) + changed + ending + "".join(lines[line0 + 1:])
        try:
            after = reading(reader, modified.encode("utf-8", "surrogateescape"))[0]
        except ReaderFailed as error:
            return "no verdict", str(error)
        if code == "extra-cells":
            if after == shown:
                return "agrees", ""
            return "contradicts", "blanking %r changes what it shows:\n%s" % (body[a:b], first_difference(shown, after, 1, 8))
        if after == shown:
            return "agrees", ""
        return "contradicts", "filling the row up changes what it shows:\n%s" % first_difference(shown, after, 1, 8)
    if code in ("delimiter-count-mismatch", "unclosed-table", "ambiguous-table", "broken-border"):
        snippet = "".join(dedent(lines[first:last + 1]))
        try:
            html = render(reader, snippet.encode("utf-8", "surrogateescape"))
        except ReaderFailed as error:
            return "no verdict", str(error)
        tables_seen = top_tables(html)
        if code == "delimiter-count-mismatch":
            if tables_seen:
                return "contradicts", "it renders %d table(s) of the lines" % tables_seen
            return "agrees", ""
        return ("reads a table" if tables_seen else "reads no table"), ""
    return "no verdict", ""

# ---- one file --------------------------------------------------------------------------------------

def check_file(task):
    path, corpus, project, readers, binary, options, every_region = task
    result = {"path": path, "corpus": corpus, "project": project, "gridls_tables": 0, "table_kinds": {},
              "formatted": 0, "refused": [], "diagnostics": [], "reader_tables": {}, "problems": [],
              "changed": {}, "judged": []}
    try:
        with open(path, "rb") as f:
            data = f.read()
        text = data.decode("utf-8")
    except (UnicodeDecodeError, OSError) as error:
        result["problems"].append(("unreadable", None, str(error)[:200]))
        return result
    name = os.path.basename(path)
    try:
        tables = gridls_tables(binary, options, name, text)
        once, result["refused"] = format_text(binary, options, name, data)
        twice, _ = format_text(binary, options, name, once)
        diagnostics = check_text(binary, options, name, data)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        result["problems"].append(("gridls failed", None, str(error)[:300]))
        return result
    result["gridls_tables"] = len(tables)
    result["table_kinds"] = dict(collections.Counter(kind for _, _, kind in tables))
    result["diagnostics"] = [{k: d.get(k) for k in ("line", "column", "endLine", "endColumn", "severity", "code", "message")}
                             for d in diagnostics]
    once_text = once.decode("utf-8", "surrogateescape")
    before_lines, after_lines, regions = changed_regions(text, once_text)
    result["formatted"] = len(regions)
    if twice != once:
        _, _, again = changed_regions(once_text, twice.decode("utf-8", "surrogateescape"))
        line = again[0][0] + 1 if again else 0
        result["problems"].append(("not idempotent", None, "line %d of the formatted text:\n%s" % (
            line, first_difference(once_text, twice.decode("utf-8", "surrogateescape")))))
    lines = text.splitlines(keepends=True)
    for reader in readers:
        try:
            shown, count = reading(reader, data)
        except ReaderFailed as error:
            result["problems"].append(("reader failed", reader, str(error)[:300]))
            continue
        result["reader_tables"][reader] = count
        for d in result["diagnostics"]:
            verdict, detail = judge(reader, d, lines, tables, text, shown)
            result["judged"].append({"reader": reader, "code": d["code"], "line": d["line"], "message": d["message"],
                                     "verdict": verdict, "detail": detail,
                                     "text": "".join(lines[max(0, d["line"] - 3):d["line"]])[:1500]})
        if once == data:
            continue
        try:
            shown_after, _ = reading(reader, once)
        except ReaderFailed as error:
            result["problems"].append(("reading changed", reader, "the reader fails after formatting: %s" % error))
            continue
        if shown_after == shown:
            continue
        every = culprits(reader, before_lines, after_lines, regions, shown, every=every_region)
        found = every[0] if every else None
        change = {"reading": first_difference(shown, shown_after)}
        if found:
            change.update(reproducer(reader, before_lines, found))
        if every_region:
            change["regions"] = [reproducer(reader, before_lines, f) for f in every]
        result["changed"][reader] = change
        where = ("line %d\n-- before:\n%s-- after:\n%s" % found) if found else "no single region alone\n"
        result["problems"].append(("reading changed", reader, where + "-- reading:\n" + change["reading"]))
    return result

# ---- the run ---------------------------------------------------------------------------------------

def files_under(path):
    if os.path.isfile(path):
        yield path
        return
    for root, dirs, names in os.walk(path):
        dirs.sort()
        for name in sorted(names):
            if name.lower().endswith(SUFFIXES) and os.path.isfile(os.path.join(root, name)):
                yield os.path.join(root, name)

def parse_corpus(argument, default_readers):
    readers = default_readers
    if "@" in argument:
        argument, _, names = argument.rpartition("@")
        readers = [r for r in names.split(",") if r]
    name, equals, path = argument.partition("=")
    if not equals:
        path, name = argument, os.path.basename(os.path.normpath(argument))
    return name, path, readers

def project_of(root, path):
    if os.path.isfile(root):
        return os.path.basename(root)
    relative = os.path.relpath(path, root)
    return relative.split(os.sep)[0] if os.sep in relative else "."

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="+", metavar="[NAME=]FOLDER[@READERS]")
    parser.add_argument("--binary", default=".build/debug/gridls")
    parser.add_argument("--readers", help="readers, comma-separated (default: all that can run here)")
    parser.add_argument("--gridls-option", action="append", default=[], metavar="OPTION",
                        help="an option for gridls format and check, e.g. --gridls-option=--reader=github")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", type=int, default=40, help="failures printed in full (default 40)")
    parser.add_argument("--examples", type=int, default=3, help="examples per diagnostic code and verdict")
    parser.add_argument("--json", metavar="FILE", help="write every file's result to FILE")
    parser.add_argument("--every-region", action="store_true",
                        help="in --json, every changed region that alone changes a reading, not only the first")
    parser.add_argument("--by-project", action="store_true", help="count per project (first folder) as well")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        parser.error("no gridls binary at %s (--binary)" % binary)
    available = all_readers()
    default_readers = args.readers.split(",") if args.readers else available
    tasks, order = [], []
    for argument in args.corpora:
        name, path, readers = parse_corpus(argument, default_readers)
        unknown = [r for r in readers if r not in available]
        if unknown:
            parser.error("reader(s) %s cannot run here (available: %s)" % (", ".join(unknown), ", ".join(available)))
        order.append((name, readers))
        for file in files_under(path):
            tasks.append((file, name, project_of(path, file), readers, binary, args.gridls_option, args.every_region))
    if markdown_readers is None:
        print("note: scripts/markdown_readers.py is missing: cmark-gfm alone, with a plain reading", file=sys.stderr)
    start = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(check_file, tasks, chunksize=4))
    seconds = time.monotonic() - start
    sys.stdout.reconfigure(errors="backslashreplace")  # a reader's HTML may hold bytes that are no UTF-8
    report(results, order, seconds, args.list, args.examples, args.by_project)
    if args.json:
        with open(args.json, "w", encoding="utf-8", errors="backslashreplace") as f:
            json.dump({"binary": binary, "options": args.gridls_option, "corpora": order, "seconds": seconds,
                       "results": results}, f, ensure_ascii=False, indent=0)
    failed = any(kind in ("reading changed", "not idempotent", "gridls failed") for r in results for kind, _, _ in r["problems"])
    sys.exit(1 if failed else 0)

def counts(results, readers):
    """The rows of the counts table for a set of results."""
    problems = collections.Counter((kind, reader) for r in results for kind, reader, _ in r["problems"])
    files_with = lambda kind: sum(1 for r in results if any(k == kind for k, _, _ in r["problems"]))
    refused = collections.Counter(code for r in results for _, code in r["refused"])
    general = [
        ("files", len(results)),
        ("files with tables (gridls)", sum(1 for r in results if r["gridls_tables"])),
        ("tables (gridls)", sum(r["gridls_tables"] for r in results)),
        ("files formatted", sum(1 for r in results if r["formatted"])),
        ("tables formatted (changed regions)", sum(r["formatted"] for r in results)),
        ("tables left alone", "%d%s" % (sum(refused.values()), "".join(" %s=%d" % c for c in sorted(refused.items())))),
        ("diagnostics (check)", "%d%s" % (sum(len(r["diagnostics"]) for r in results), "".join(
            " %s=%d" % c for c in sorted(collections.Counter(d["code"] for r in results for d in r["diagnostics"]).items())))),
        ("files not idempotent", files_with("not idempotent")),
        ("files gridls failed", files_with("gridls failed")),
        ("files unreadable", files_with("unreadable")),
    ]
    per_reader = []
    for reader in readers:
        judged = [j for r in results for j in r["judged"] if j["reader"] == reader]
        per_reader.append((reader, {
            "tables (reader)": sum(r["reader_tables"].get(reader, 0) for r in results),
            "reading changed": problems[("reading changed", reader)],
            "reader failed": problems[("reader failed", reader)],
            "false diagnostics": sum(1 for j in judged if j["verdict"] == "contradicts"),
        }))
    return general, per_reader

def print_table(header, rows):
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    line = lambda row: "| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |"
    print(line(header))
    print("| " + " | ".join("-" * w for w in widths) + " |")
    for row in rows:
        print(line(row))

def report(results, order, seconds, listed, examples, by_project):
    shown = 0
    for kind in ("gridls failed", "reading changed", "not idempotent"):
        for r in results:
            for k, reader, detail in r["problems"]:
                if k == kind and shown < listed:
                    print("== %s%s: %s\n%s\n" % (kind, " (%s)" % reader if reader else "", r["path"], detail))
                    shown += 1
    for r in results:
        for k, reader, detail in r["problems"]:
            if k in ("reader failed", "unreadable"):
                print("%s%s: %s: %s" % (k, " (%s)" % reader if reader else "", r["path"], detail[:200]))
    # false diagnostics and the readers' verdicts on each code
    verdicts = collections.defaultdict(list)
    for r in results:
        for j in r["judged"]:
            verdicts[(j["code"], j["reader"], j["verdict"])].append((r["path"], j))
    if verdicts:
        print("\n== diagnostics as the readers read them (code, reader: verdict = count)")
        for (code, reader, verdict), found in sorted(verdicts.items()):
            print("%s, %s: %s = %d" % (code, reader, verdict, len(found)))
        for (code, reader, verdict), found in sorted(verdicts.items()):
            if verdict != "contradicts":
                continue
            print("\n-- false diagnostic [%s] for %s: %d, e.g." % (code, reader, len(found)))
            for path, j in found[:examples]:
                print("%s:%d: %s\n%s%s\n" % (path, j["line"], j["message"], j["text"], j["detail"]))
    print()
    corpora = [name for name, _ in order]
    readers_of = dict(order)
    header = ["count"] + corpora + (["all"] if len(corpora) > 1 else [])
    groups = [[r for r in results if r["corpus"] == c] for c in corpora] + ([results] if len(corpora) > 1 else [])
    all_readers_used = []
    for _, readers in order:
        all_readers_used += [r for r in readers if r not in all_readers_used]
    tables = [counts(g, all_readers_used) for g in groups]
    rows = [[label] + [t[0][i][1] for t in tables] for i, (label, _) in enumerate(tables[0][0])]
    for k, reader in enumerate(all_readers_used):
        for key in ("tables (reader)", "reading changed", "reader failed", "false diagnostics"):
            row = ["%s: %s" % (reader, key)]
            for c, t in zip(corpora + ["all"], tables):
                row.append(t[1][k][1][key] if c == "all" or reader in readers_of.get(c, []) else "")
            rows.append(row)
    print_table(header, rows)
    if by_project:
        print()
        projects = sorted({(r["corpus"], r["project"]) for r in results})
        header = ["corpus", "project", "files", "tables (gridls)", "formatted", "left alone", "diagnostics"] + \
                 ["%s changed" % reader for reader in all_readers_used]
        rows = []
        for corpus, project in projects:
            group = [r for r in results if r["corpus"] == corpus and r["project"] == project]
            rows.append([corpus, project, len(group), sum(r["gridls_tables"] for r in group),
                         sum(r["formatted"] for r in group), sum(len(r["refused"]) for r in group),
                         sum(len(r["diagnostics"]) for r in group)] +
                        [sum(1 for r in group if reader in r["changed"]) if reader in readers_of[corpus] else ""
                         for reader in all_readers_used])
        print_table(header, rows)
    print("time: %.1f s" % seconds)

if __name__ == "__main__":
    main()
