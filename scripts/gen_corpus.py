#!/usr/bin/env python3
"""Deterministic generator (the project's benchmark corpus) of Markdown documents full of tables, for benchmarks and property tests.

Usage: gen_corpus.py OUTDIR [--seed N]
Writes (sizes are approximate):
  pipe-100.md, pipe-1k.md, pipe-10k.md, pipe-100k.md   one misaligned 8-column ASCII pipe table
  pipe-10k-unicode.md                                   the same with CJK, fullwidth, emoji, combining marks
  many-tables.md                                        2,000 small tables between headings, paragraphs,
                                                        block quotes, lists and code fences holding pipes
  escapes.md                                            escaped pipes, code spans, short and long rows
  grid-2k.md                                            a 2,000-row grid table with row and column spans
Every table is deliberately misaligned so that a formatter has real work to do.
"""
import os, random, sys

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
         "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon"]
UNICODE = ["東京", "日本語", "한국어", "ＡＢＣ", "😀", "👍🏽", "👨‍👩‍👧", "❤️", "🇯🇵", "cafe\u0301",
           "nai\u0308ve", "Ελληνικά", "±°", "中文字符", "ｶﾀｶﾅ"]

def cell(rng, unicode=False):
    kind = rng.random()
    if unicode and kind < 0.35:
        return " ".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 3)))
    if kind < 0.5:
        return str(rng.randint(0, 10 ** rng.randint(1, 7)))
    if kind < 0.55:
        return ""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))

def sloppy(rng, cells, outer=True):
    parts = [" " * rng.randint(0, 3) + c + " " * rng.randint(0, 3) for c in cells]
    row = "|".join(parts)
    return "|" + row + "|" if outer else row

def pipe_table(rng, rows, cols, unicode=False):
    aligns = [rng.choice(["---", ":--", "--:", ":-:", "-----"]) for _ in range(cols)]
    out = [sloppy(rng, ["col %d %s" % (j, rng.choice(WORDS)) for j in range(cols)]),
           sloppy(rng, aligns)]
    for _ in range(rows):
        out.append(sloppy(rng, [cell(rng, unicode) for _ in range(cols)]))
    return "\n".join(out) + "\n"

def many_tables(rng, n):
    blocks = ["# A document with many tables\n"]
    for i in range(n):
        r = rng.random()
        if r < 0.1:
            blocks.append("```text\n| not | a | table |\n|---|---|---|\n| left | as | is |\n```\n")
        elif r < 0.15:
            blocks.append("> Quoted table:\n>\n" + "".join("> " + l + "\n" for l in pipe_table(rng, 3, 3).splitlines()))
        elif r < 0.2:
            blocks.append("- item with a table\n\n" + "".join("  " + l + "\n" for l in pipe_table(rng, 3, 2).splitlines()))
        blocks.append("## Section %d\n\nSome prose with a | pipe and `code | pipe` in it.\n" % i)
        blocks.append(pipe_table(rng, 5, 4))
    return "\n".join(blocks)

def escapes(rng, rows):
    out = ["| expr | code | note |", "|---|:-:|--:|"]
    for i in range(rows):
        n = rng.choice([1, 2, 3, 3, 3, 4])
        cells = [rng.choice(["a \\| b", "`x \\| y`", "x \\|\\| y", "plain", "", "`code`"]) for _ in range(n)]
        out.append(sloppy(rng, cells, outer=rng.random() < 0.8))
    return "\n".join(out) + "\n"

def grid_table(rng, rows, cols):
    """Grid table with some row and column spans; widths deliberately too small or too large."""
    width = [rng.randint(3, 12) for _ in range(cols)]
    # merged[r][c] = True when (r, c) continues the cell to its left; down[r][c] when it continues the cell above
    lines = []
    def border(r_above_joined):
        s = "+"
        for c in range(cols):
            s += (" " if r_above_joined[c] else "-") * (width[c] + 2) + "+"
        return s
    lines.append(border([False] * cols))
    hdr = "|" + "|".join(" " + ("h%d" % c).ljust(width[c]) + " " for c in range(cols)) + "|"
    lines.append(hdr)
    lines.append("+" + "+".join("=" * (width[c] + 2) for c in range(cols)) + "+")
    from_above = [False] * cols
    for r in range(rows):
        join_right = [False] * cols
        if rng.random() < 0.1:
            c = rng.randrange(cols - 1)
            if not from_above[c] and not from_above[c + 1]:
                join_right[c] = True
        row = "|"
        for c in range(cols):
            text = cell(rng)[: width[c]]
            row += " " + text.ljust(width[c]) + " " + (" " if join_right[c] and c < cols - 1 else "|")
        lines.append(row)
        unit = [not join_right[c] and not (c > 0 and join_right[c - 1]) and not from_above[c] for c in range(cols)]
        joined_below = [unit[c] and r < rows - 1 and rng.random() < 0.05 for c in range(cols)]
        lines.append(grid_border_line(width, joined_below, join_right))
        from_above = joined_below
    return "\n".join(lines) + "\n"

def grid_border_line(width, joined_below, join_right):
    s = ""
    cols = len(width)
    for c in range(cols):
        left_join = join_right[c - 1] if c > 0 else False
        s += "|" if (c == 0 and joined_below[0]) else "+"
        s += (" " if joined_below[c] else "-") * (width[c] + 2)
    s += "|" if joined_below[-1] else "+"
    return s

def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):  # `--help` is no folder to fill
        sys.exit(__doc__)
    out = sys.argv[1]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 2026
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    for name, rows in [("pipe-100", 100), ("pipe-1k", 1000), ("pipe-10k", 10000), ("pipe-100k", 100000)]:
        open(os.path.join(out, name + ".md"), "w").write("# Table\n\n" + pipe_table(rng, rows, 8))
    open(os.path.join(out, "pipe-10k-unicode.md"), "w").write("# Table\n\n" + pipe_table(rng, 10000, 8, unicode=True))
    open(os.path.join(out, "many-tables.md"), "w").write(many_tables(rng, 2000))
    open(os.path.join(out, "escapes.md"), "w").write(escapes(rng, 2000))
    open(os.path.join(out, "grid-2k.md"), "w").write(grid_table(rng, 2000, 6))

if __name__ == "__main__":
    main()
