#!/usr/bin/env python3
"""Scaling benchmark: how the cost of every shape of input grows with its size.

Usage: scripts/bench_scaling.py [--runs N] [--binary PATH] [--quick] [--only SHAPE,...] [--limit SECONDS]

Each shape is generated at a size N, a middle point and 10N (in bytes: a shape whose bytes grow faster
than its parameter, such as the depth of nested lists whose lines indent deeper and deeper, is sized so
that its bytes grow tenfold). A document shape is timed as the CPU time (user and system) of a whole
`gridls format` (or `gridls check`) process, the median of runs, less that of the same command on an empty
document (process start). A server shape is timed as the CPU time the server spends on one request (a
keystroke in a cell, or a Tab), summed over its threads from /proc, the median of several, less that on a
one-row table. CPU time, not wall time: other processes on the machine slow the wall clock, not these.

Prints per shape the sizes, the times and the growth exponent: the slope of log time against log bytes
through the three points (log(t10N/tN)/log 10 when bytes grow tenfold and time as a power): 1 is linear,
2 quadratic. A document shape also prints its peak memory per byte of the largest document, above that
of process start (`peak/B`, measured through scripts/peak.c). With --quick (CI) it exits 1 when a shape's
exponent is above 1.25 (faster than N log N at these sizes) twice (it measures a shape again, with more
runs, before failing it), or when its peak/B is above 100: a shape that holds a copy of its lines per
level of nesting, linear but for its depth, reads some hundreds. A run taking more than --limit seconds
(wall clock) stops that shape, its exponent then a lower bound.
"""
import argparse, benchlib, math, os, statistics, subprocess, sys, tempfile, time

from lsp_session import Session

LIMIT_EXPONENT = 1.25
LIMIT_PEAK_PER_BYTE = 100

# --- document shapes: each a function of n returning (file name, text) ---------------------------------

def pipe_rows(n):
    return "rows.md", "| a | b | c |\n|---|---|---|\n" + "| 1 | 22 | 333 |\n" * n

def pipe_columns(n):
    header = "|" + "|".join("c%d" % k for k in range(n)) + "|\n"
    return "columns.md", header + "|" + "|".join("-" for _ in range(n)) + "|\n" + ("|" + "|".join("x" for _ in range(n)) + "|\n") * 4

def cell_length(n):
    return "cell-length.md", "| a | b |\n|---|---|\n" + ("| %s | 1 |\n" % ("w" * n)) * 4

def line_length(n):
    # One long prose line beside a small table: the scanner's cost per byte of a line.
    return "line-length.md", "word " * n + "\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"

def many_tables(n):
    return "many-tables.md", "| a | b |\n|---|---|\n| 1 | 22 |\n\n" * n

def tables_left_alone(n):
    # Each table right under a heading, inside an unclosed <div>: every common reader's scan leaves each
    # alone with a warning (`gridls check`), the page's tables all dropped at once.
    return "left-alone.md", "<div>\n\n" + "## Options\n| a | b |\n|---|---|\n| 1 | `2 | 3` |\n\n" * n

def many_diagnostics(n):
    # Every row has a cell too many: one warning each (`gridls check`).
    return "diagnostics.md", "| a | b |\n|---|---|\n" + "| 1 | 2 | 3 |\n" * n

GRID_HEADER = "+---+----+\n| a | b  |\n+===+====+\n"

def grid_rows(n):
    return "grid-rows.md", GRID_HEADER + "| 1 | 22 |\n+---+----+\n" * n

def grid_row_span(n):
    # One cell of the first column spans all n rows of the second.
    body = "| x | 22 |\n" + "|   +----+\n|   | 22 |\n" * (n - 1) + "+---+----+\n"
    return "grid-row-span.md", GRID_HEADER + body

def grid_column_span(n):
    rule = "+" + "+".join("---" for _ in range(n)) + "+\n"
    header = "|" + "|".join(" a " for _ in range(n)) + "|\n"
    wide = "| " + "x".ljust(4 * n - 3) + " |\n"
    cells = "|" + "|".join(" 1 " for _ in range(n)) + "|\n"
    return "grid-column-span.md", rule + header + rule.replace("-", "=") + (wide + rule + cells + rule) * 4

def simple_rows(n):
    return "simple-rows.rst", "=====  ======\na      b\n=====  ======\n" + "1      22\n" * n + "=====  ======\n"

def rst_directive_tables(n):
    # Tables inside one directive: whether each is a directive's content is asked of the lines above it.
    table = "   =====  =====\n   a      b\n   =====  =====\n   1      2\n   =====  =====\n\n"
    return "directive-tables.rst", ".. note::\n\n" + table * n

def nested(marker, indent, depth, table_indent_extra, name):
    lines = [" " * (indent * k) + marker + "item %d" % k for k in range(depth)]
    pad = " " * (indent * depth + table_indent_extra)
    return name, "\n".join(lines) + "\n\n" + pad + "| a | b |\n" + pad + "|---|---|\n" + pad + "| 1 | 2 |\n"

def depth_for(n):
    # Nested lines indent deeper and deeper: bytes grow as depth squared, so depth grows as the root of n.
    return max(2, int(math.sqrt(n)))

def md_list_depth(n):
    return nested("- ", 2, depth_for(n), 0, "list-depth.md")

def pandoc_list_depth(n):
    return nested("- ", 2, depth_for(n), 0, "list-depth.qmd")

def rst_list_depth(n):
    d = depth_for(n)
    lines = [" " * (2 * k) + "- item %d\n" % k for k in range(d)]
    body = "\n".join(lines)
    pad = " " * (2 * d)
    return "list-depth.rst", body + "\n" + pad + "=====  =====\n" + pad + "a      b\n" + pad + "=====  =====\n" + pad + "1      2\n" + pad + "=====  =====\n"

def quotes(prefix_per_level, n, name):
    d = depth_for(n)
    lines = [prefix_per_level * (k + 1) + "quote %d" % k for k in range(d)]
    pad = prefix_per_level * d
    return name, "\n".join(lines) + "\n" + pad + "\n" + pad + "| a | b |\n" + pad + "|---|---|\n" + pad + "| 1 | 2 |\n"

def blank_lines_deep(n, name):
    # Blank lines inside list items nested as deep as the root of their count: each continues every item.
    d = depth_for(n)
    lines = [" " * (2 * k) + "- item %d" % k for k in range(d)]
    pad = " " * (2 * d)
    return name, "\n".join(lines) + "\n" + "\n" * n + pad + "| a | b |\n" + pad + "|---|---|\n" + pad + "| 1 | 2 |\n"

def md_blank_lines_deep(n):
    return blank_lines_deep(n, "blank-lines-deep.md")

def pandoc_blank_lines_deep(n):
    return blank_lines_deep(n, "blank-lines-deep.qmd")

def lazy_lines_deep(marker, n, name):
    # Lines going on lazily with a paragraph under containers nested as deep as the root of their count.
    return name, marker * depth_for(n) + "a\n" + "x\n" * n + "\n| a | b |\n|---|---|\n| 1 | 2 |\n"

def md_lazy_lines_deep(n):
    return lazy_lines_deep("- ", n, "lazy-lines-deep.md")

def pandoc_lazy_lines_deep(n):
    return lazy_lines_deep("- ", n, "lazy-lines-deep.qmd")

def pandoc_lazy_quote_lines(n):
    return lazy_lines_deep("> ", n, "lazy-quote-lines.qmd")

def md_quote_depth(n):
    return quotes("> ", n, "quote-depth.md")

def pandoc_quote_depth(n):
    return quotes("> ", n, "quote-depth.qmd")

def rst_quote_depth(n):
    # Block quotes nest by indentation: each paragraph indented deeper than the one before.
    d = depth_for(n)
    paragraphs = [" " * (2 * k) + "quote %d\n" % k for k in range(d)]
    pad = " " * (2 * d)
    return "quote-depth.rst", "\n".join(paragraphs) + "\n" + pad + "=====  =====\n" + pad + "a      b\n" + pad + "=====  =====\n" + pad + "1      2\n" + pad + "=====  =====\n"

# name: (generator, command, quick n, full n). Sizes: large enough that CPU time at N is tens of
# milliseconds above process start, small enough that the quick mode stays under two minutes.
DOCUMENT_SHAPES = {
    "pipe rows": (pipe_rows, "format", 30_000, 100_000),
    "pipe columns": (pipe_columns, "format", 20_000, 50_000),
    "cell length": (cell_length, "format", 500_000, 1_000_000),
    "line length": (line_length, "format", 1_000_000, 2_000_000),
    "tables": (many_tables, "format", 8_000, 20_000),
    "diagnostics": (many_diagnostics, "check", 10_000, 40_000),
    "tables left alone": (tables_left_alone, "check", 8_000, 20_000),
    "grid rows": (grid_rows, "format", 5_000, 20_000),
    "grid row span": (grid_row_span, "format", 5_000, 20_000),
    "grid column span": (grid_column_span, "format", 4_000, 10_000),
    "rst simple rows": (simple_rows, "format", 10_000, 40_000),
    "rst directive tables": (rst_directive_tables, "format", 2_000, 5_000),
    "md list depth": (md_list_depth, "format", 1_000_000, 2_000_000),
    "pandoc list depth": (pandoc_list_depth, "format", 1_000_000, 2_000_000),
    "rst list depth": (rst_list_depth, "format", 1_000_000, 2_000_000),
    "md blank lines deep": (md_blank_lines_deep, "format", 100_000, 200_000),
    "pandoc blank lines deep": (pandoc_blank_lines_deep, "format", 100_000, 200_000),
    "md lazy lines deep": (md_lazy_lines_deep, "format", 100_000, 200_000),
    "pandoc lazy lines deep": (pandoc_lazy_lines_deep, "format", 100_000, 200_000),
    "pandoc lazy quote lines": (pandoc_lazy_quote_lines, "format", 100_000, 200_000),
    "md quote depth": (md_quote_depth, "format", 1_000_000, 2_000_000),
    "pandoc quote depth": (pandoc_quote_depth, "format", 1_000_000, 2_000_000),
    "rst quote depth": (rst_quote_depth, "format", 1_000_000, 2_000_000),
}

def process_cpu(command, limit):
    """CPU seconds (user and system) of one run, output to /dev/null; None when it runs past `limit` wall
    seconds (then it is stopped)."""
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(command, stdout=sink, stderr=sink)
        start = time.monotonic()
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > limit:
                proc.kill()
                os.wait4(proc.pid, 0)
                return None
            time.sleep(0.002)
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # check exits 1 when it reports problems
        sys.exit("%s failed with status %d" % (" ".join(command), status))
    return usage.ru_utime + usage.ru_stime

def peak_bytes(peak, command):
    """Peak resident memory of one run, in bytes (through scripts/peak.c, see there why)."""
    out = subprocess.run([peak] + command, stdout=subprocess.PIPE, check=False).stdout
    return int(out) * 1024

def document_cpu(binary, peak, command, name, text, runs, limit, folder):
    """Median CPU seconds of `runs` runs of `command` on the text, and the peak memory of one more."""
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    times = []
    for _ in range(runs):
        took = process_cpu([binary, command, path], limit)
        if took is None:
            return None
        times.append(took)
    return statistics.median(times), peak_bytes(peak, [binary, command, path])

# --- server shapes ---------------------------------------------------------------------------------------

def server_cpu(pid):
    """CPU seconds the server has spent so far, summed over its threads (nanoseconds from schedstat)."""
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return total / 1e9

# The first column is three wide and holds one character: a character typed after it (line 3, character 3)
# does not widen the column, as in the "Tab after a character that does not widen its column". The
# table is formatted (a pipe column is at least three wide; a grid column as wide as its widest cell, the
# header's `abc`), so that the Tab realigns the row typed in only.
def pipe_table(rows):
    return "| a   | b   |\n| --- | --- |\n" + "| 1   | 22  |\n" * rows

def grid_table(rows):
    return "+-----+----+\n| abc | b  |\n+=====+====+\n" + "| 1   | 22 |\n+-----+----+\n" * rows

def grid_span_table(rows):
    return "+-----+----+\n| abc | b  |\n+=====+====+\n| 1   | 22 |\n" + "|     +----+\n|     | 22 |\n" * (rows - 1) + "+-----+----+\n"

def keystroke_cpu(binary, text, requests, kind):
    """Median CPU seconds the server spends on a character typed into a cell (the change handled and
    diagnostics pushed) or on a Tab right after it (a character that does not widen its column)."""
    server = Session([binary])
    server.start({"general": {"positionEncodings": ["utf-8"]}})
    uri = "file:///scaling.md"
    server.open(uri, text)
    pid, version, times = server.proc.pid, 1, []
    for n in range(requests):
        # Typing then deleting keeps the table as it was, so that every request sees the same table.
        for typed in (True, False):
            version += 1
            change = {"range": {"start": {"line": 3, "character": 3}, "end": {"line": 3, "character": 3 if typed else 4}}, "text": "x" if typed else ""}
            before = server_cpu(pid)
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
            server.settle(10_000 + 2 * n + typed)
            if kind == "keystroke" and typed:
                times.append(server_cpu(pid) - before)
            if kind == "tab" and typed:
                before = server_cpu(pid)
                server.send({"jsonrpc": "2.0", "id": 50_000 + n, "method": "gridls/navigateCell", "params": {
                    "textDocument": {"uri": uri}, "position": {"line": 3, "character": 2}, "direction": "nextCell"}})
                server.wait_for(lambda m: m.get("id") == 50_000 + n)
                times.append(server_cpu(pid) - before)
    server.stop()
    return statistics.median(times)

SERVER_SHAPES = {
    "keystroke, pipe rows": (pipe_table, "keystroke", 10_000, 20_000),
    "keystroke, grid rows": (grid_table, "keystroke", 5_000, 10_000),
    "Tab, pipe rows": (pipe_table, "tab", 10_000, 20_000),
    "Tab, grid rows": (grid_table, "tab", 5_000, 10_000),
    "Tab, grid row span": (grid_span_table, "tab", 2_000, 4_000),
}

# --- the table -------------------------------------------------------------------------------------------

def exponent(times, sizes):
    """The slope of log time against log bytes, fitted through the points measured (all three, or the
    first two when the last was stopped): steadier than the two ends alone."""
    points = [(math.log(b), math.log(t)) for t, b in zip(times, sizes) if t is not None and t > 0]
    if len(points) < 2:
        return None
    mx, my = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", help="a gridls binary to measure instead of building this checkout's")
    parser.add_argument("--quick", action="store_true", help="CI: smaller sizes, 3 runs, exit 1 above exponent %.2f" % LIMIT_EXPONENT)
    parser.add_argument("--only", help="comma-separated shape names (substrings) to run")
    parser.add_argument("--limit", type=float, default=60.0, help="wall seconds after which a run stops its shape")
    args = parser.parse_args()
    if args.quick:
        args.runs = 3
    binary = args.binary or benchlib.build_release()
    peak_program = benchlib.compile_c("peak.c")
    folder = tempfile.mkdtemp(prefix="gridls-scaling-")
    wanted = lambda name: not args.only or any(part in name for part in args.only.split(","))
    print("%-24s %8s %9s %10s %9s %9s %9s %9s %8s" % ("shape", "N", "bytes N", "bytes 10N", "ms N", "ms ~3N", "ms 10N", "exponent", "peak/B"))
    failed = []
    base = {}
    for command in ("format", "check"):
        base[command] = document_cpu(binary, peak_program, command, "empty.md", "", args.runs * 2, args.limit, folder)
    def document_times(generate, command, n, runs):
        texts, times, per_byte = [generate(size) for size in sizes_of(n)], [], None
        for file_name, text in texts:
            took = None if None in times else document_cpu(binary, peak_program, command, file_name, text, runs, args.limit, folder)
            times.append(None if took is None else max(took[0] - base[command][0], 1e-4))
            # Memory above process start, per byte of the largest document.
            per_byte = None if took is None else max(took[1] - base[command][1], 0) / len(text.encode())
        return texts, times, per_byte

    def server_times(make_text, kind, n, runs):
        floor = keystroke_cpu(binary, make_text(2), runs + 2, kind)  # the request's cost in a one-row table
        texts = [("", make_text(size)) for size in sizes_of(n)]
        return texts, [max(keystroke_cpu(binary, text, runs + 2, kind) - floor, 1e-4) for _, text in texts], None

    shapes = [(name, document_times, shape) for name, shape in DOCUMENT_SHAPES.items()]
    shapes += [(name, server_times, shape) for name, shape in SERVER_SHAPES.items()]
    for name, measure, (generate, command, quick_n, full_n) in shapes:
        if not wanted(name):
            continue
        n = quick_n if args.quick else full_n
        texts, times, peak = measure(generate, command, n, args.runs)
        grow = report(name, n, texts, times, peak)
        if args.quick and (grow is None or grow > LIMIT_EXPONENT):
            # Another process on the machine can inflate one size's CPU time (caches, memory): measure
            # again with more runs before calling the shape superlinear.
            texts, times, peak = measure(generate, command, n, args.runs + 2)
            grow = report(name + " (again)", n, texts, times, peak)
        if grow is None or grow > LIMIT_EXPONENT:
            failed.append(name)
        if peak is not None and peak > LIMIT_PEAK_PER_BYTE:
            failed.append(name + " (memory)")
    if failed:
        print("faster than N log N (exponent above %.2f) or above %d bytes of memory per byte: %s"
              % (LIMIT_EXPONENT, LIMIT_PEAK_PER_BYTE, ", ".join(failed)))
        if args.quick:
            sys.exit(1)

def sizes_of(n):
    return [n, int(n * math.sqrt(10)), 10 * n]

def report(name, n, texts, times, peak):
    """Prints a shape's row; its exponent (None when it could not be measured)."""
    sizes = [len(text.encode()) for _, text in texts]
    shown = ["%9.1f" % (t * 1e3) if t is not None else "%9s" % "stopped" for t in times]
    grow = exponent(times, sizes)
    # A stopped size makes the exponent a lower bound.
    mark = "%9s" % "?" if grow is None else ("%8.2f+" if None in times else "%9.2f") % grow
    memory = "%8s" % "" if peak is None else "%8.1f" % peak
    print("%-24s %8d %9d %10d %s %s %s %s" % (name, n, sizes[0], sizes[2], *shown, mark) + memory, flush=True)
    return grow

if __name__ == "__main__":
    main()
