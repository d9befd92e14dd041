#!/usr/bin/env python3
"""Benchmark of `gridls format` on the corpus of scripts/gen_corpus.py: release build, whole process, median of runs.

Usage: scripts/bench.py [--runs N] [--corpus DIR] [--binary PATH] [--quick]
Builds the release binary, generates the corpus with scripts/gen_corpus.py (unless --corpus names
one), formats every document N times (output to /dev/null) and prints, per input: size, median wall time,
throughput in MB/s (10^6 bytes), the process's peak resident memory, its median CPU time (user and
system) and that of the floor, scripts/floor/align.c (a C two-pass aligner, cc -O2) run on the same file
beside it, and their ratio (for pipe tables; the floor does not read grid or simple tables). pipe-100.md
is mostly process start: its ratio is the start-up row; many-tables-x10.md is many-tables.md ten times over,
20,000 small tables at a size where start-up is no part of the ratio. Then rates in bytes per CPU second against
pipe-same-size.md: grid tables of the same size (grid-2k-x10.md), and its own cells as a pandoc grid table
(grid-same-cells.md) and as a reStructuredText simple table (simple-same-cells.rst).
"""
import argparse, benchlib, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def run_once(command):
    """Wall seconds, peak resident MB and CPU seconds (user and system) of one run, output to /dev/null."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(command, stdout=sink, stderr=sink)
        _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit("%s failed with status %d" % (" ".join(command), status))
    return elapsed, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime  # ru_maxrss is in KiB on Linux

def build_floor():
    """The C two-pass aligner of scripts/floor/align.c: the least work that aligns pipe tables."""
    return benchlib.compile_c(os.path.join("floor", "align.c"))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--make-inputs", metavar="CORPUS", help=argparse.SUPPRESS)
    benchlib.add_common_arguments(parser, "one run each: CI's check that the benchmark runs")
    args = parser.parse_args()
    if args.make_inputs:
        for make in (make_same_size_pair, make_50k_rows, make_simple_table, make_grid_table, make_many_tables_x10):
            make(args.make_inputs)
        return
    if args.quick:
        args.runs = 1
    binary, corpus = benchlib.binary_and_corpus(args)
    # Made in a process of their own: a child's peak memory counts its parent's at the exec, so this
    # process must stay small for the peak column to be the formatter's.
    subprocess.run([sys.executable, os.path.abspath(__file__), "--make-inputs", corpus], check=True)
    floor = build_floor()
    print("%-22s %10s %9s %8s %8s %9s %9s %6s" % ("input", "bytes", "median s", "MB/s", "peak MB", "CPU ms", "floor ms", "ratio"))
    rates = {}  # bytes per CPU second
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        size = os.path.getsize(path)
        runs, floors = [], []
        for _ in range(args.runs):  # paired: each run of gridls beside one of the floor
            runs.append(run_once([binary, "format", path]))
            floors.append(run_once([floor, path]))
        seconds = statistics.median(r[0] for r in runs)
        peak = max(r[1] for r in runs)
        cpu, floor_cpu = statistics.median(r[2] for r in runs), statistics.median(r[2] for r in floors)
        rates[name] = size / cpu
        ratio = "%6.1f" % (cpu / floor_cpu) if floor_cpu > 0 and name.endswith(".md") and not name.startswith("grid") else "     -"
        print("%-22s %10d %9.3f %8.1f %8.1f %9.1f %9.1f %s" % (name, size, seconds, size / seconds / 1e6, peak, cpu * 1e3, floor_cpu * 1e3, ratio))
    print("bytes per CPU second against pipe tables:")
    print("  grid tables of the same size (grid-2k-x10.md / pipe-same-size.md): %.2f"
          % (rates["grid-2k-x10.md"] / rates["pipe-same-size.md"]))
    print("  the cells of pipe-50k.md as a grid table (grid-same-cells.md): %.2f (target at least 0.8)"
          % (rates["grid-same-cells.md"] / rates["pipe-50k.md"]))
    print("  the same as a simple table (simple-same-cells.rst): %.2f (target at least 0.8)"
          % (rates["simple-same-cells.rst"] / rates["pipe-50k.md"]))

def make_50k_rows(corpus):
    """The first 50,000 rows of pipe-100k.md's table: the pipe table whose cells the others hold."""
    with open(os.path.join(corpus, "pipe-100k.md")) as f:
        lines = f.read().split("\n")
    first = next(n for n, line in enumerate(lines) if line.startswith("|"))
    with open(os.path.join(corpus, "pipe-50k.md"), "w") as f:
        f.write("\n".join(lines[: first + 2 + 50_000]) + "\n")

def same_cells(corpus):
    """The rows of pipe-50k.md's table as lists of cell texts, the header first, all as wide."""
    with open(os.path.join(corpus, "pipe-50k.md")) as f:
        lines = [line for line in f.read().split("\n") if line.startswith("|")]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    rows = [rows[0]] + rows[2:]  # the delimiter row is no cell
    columns = max(len(row) for row in rows)
    return [row + [""] * (columns - len(row)) for row in rows]

def make_grid_table(corpus):
    """The cells of pipe-50k.md as a pandoc grid table whose columns are three wider than their text
    (formatting narrows every line), to compare its rate with the pipe table's."""
    rows = same_cells(corpus)
    widths = [max(len(row[k]) for row in rows) + 3 for k in range(len(rows[0]))]
    def rule(fill):
        return "+" + "+".join(fill * (width + 2) for width in widths) + "+"
    def line(row):
        return "|" + "|".join(" " + cell.ljust(width) + " " for cell, width in zip(row, widths)) + "|"
    text = [rule("-"), line(rows[0]), rule("=")]
    for row in rows[1:]:
        text += [line(row), rule("-")]
    with open(os.path.join(corpus, "grid-same-cells.md"), "w") as f:
        f.write("\n".join(text) + "\n")

def make_simple_table(corpus):
    """The cells of pipe-50k.md as a reStructuredText simple table whose columns are three wider
    than their text (formatting narrows every line), to compare its rate with the pipe table's."""
    rows = same_cells(corpus)
    columns = len(rows[0])
    rows = [[(cell or "x") if k == 0 else cell for k, cell in enumerate(row)] for row in rows]  # a blank first cell continues a row
    widths = [max(len(row[k]) for row in rows) + 3 for k in range(columns)]
    rule = "  ".join("=" * width for width in widths)
    def line(row):
        return "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
    text = [rule, line(rows[0]), rule] + [line(row) for row in rows[1:]] + [rule]
    with open(os.path.join(corpus, "simple-same-cells.rst"), "w") as f:
        f.write("\n".join(text) + "\n")

def make_many_tables_x10(corpus):
    """many-tables.md ten times over (20,000 small tables, 8 MB): its ratio to the floor without the
    process start-up, a tenth of many-tables.md's own row."""
    with open(os.path.join(corpus, "many-tables.md")) as f:
        text = f.read()
    with open(os.path.join(corpus, "many-tables-x10.md"), "w") as f:
        f.write(text * 10)

def make_same_size_pair(corpus):
    """grid-2k.md ten times over, and a pipe table cut to the same number of bytes, to compare rates."""
    with open(os.path.join(corpus, "grid-2k.md")) as f:
        grid = f.read()
    big_grid = "\n".join([grid] * 10)
    with open(os.path.join(corpus, "grid-2k-x10.md"), "w") as f:
        f.write(big_grid)
    with open(os.path.join(corpus, "pipe-100k.md")) as f:
        pipe = f.read(len(big_grid.encode()))
    with open(os.path.join(corpus, "pipe-same-size.md"), "w") as f:
        f.write(pipe[: pipe.rfind("\n") + 1])

if __name__ == "__main__":
    main()
