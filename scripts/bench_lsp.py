#!/usr/bin/env python3
"""Keystroke latency of the language server (release build): opens a document, sends single-character
edits one at a time and times each until the server has handled it (diagnostics are pushed only when
they change: a request sent after the edit is answered after that push). Prints p50 and p99 for
a 5 MB document with 2,000 tables and for a 50 KB one, and their ratio.

Then the time to answer textDocument/codeAction at a cell of pipe and grid tables of 1,000, 10,000 and
100,000 rows (the request an editor sends when the cursor moves), for clients that resolve edits later and
for clients that take actions as commands: the first request, which reads the table, the median of the
next ones, and the first after a character is typed into the cell.

Then a table key (gridls/navigateCell, <Tab>) at a cell of those tables: a step in an aligned table that
did not change, the first step after a realignment's edits were applied, and a step after typing a
character into the cell (the table is realigned, or a grid table re-laid).

Usage: scripts/bench_lsp.py [--edits N] [--corpus DIR] [--binary PATH] [--quick]
"""
import argparse, benchlib, os, random, statistics, subprocess, sys, tempfile, time

from lsp_session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def measure(binary, text, edits, seed=7):
    server = Session([binary])
    server.start({"general": {"positionEncodings": ["utf-8"]}})
    uri = "file:///bench.md"
    server.open(uri, text)
    lines = text.split("\n")
    # Typing inside cells and prose: after a letter or digit, where a keystroke changes text, not structure.
    table_lines = [i for i, line in enumerate(lines) if line.startswith("|") and "--" not in line]
    rng = random.Random(seed)
    times = []
    for n in range(edits):
        while True:
            line = rng.choice(table_lines) if rng.random() < 0.8 else rng.randrange(len(lines))
            raw = lines[line].encode()
            spots = [i + 1 for i in range(len(raw)) if chr(raw[i]).isalnum()]
            if spots:
                column = rng.choice(spots)
                break
        version = n + 2
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column}}, "text": "x"}]}})
        # Diagnostics are pushed only when they change: the time is until the change is handled and pushed.
        server.settle(1_000_000 + n)
        times.append((time.perf_counter() - start) * 1000)
        raw = lines[line].encode()
        lines[line] = (raw[:column] + b"x" + raw[column:]).decode()
    server.stop()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]

def code_action_latency(binary, text, resolves, requests=20):
    """Milliseconds to answer textDocument/codeAction at line 5 of `text`: the first request (which reads
    the table) and the median of the rest (the cursor moving inside an unchanged table). A client without
    resolve support declares workspace/applyEdit, as Neovim, Vim's clients and Sublime do."""
    server = Session([binary])
    code_action = {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "refactor"]}}}
    if resolves:
        code_action.update({"dataSupport": True, "resolveSupport": {"properties": ["edit"]}})
    server.start({"textDocument": {"codeAction": code_action}, "workspace": {"applyEdit": True}})
    uri = "file:///table.md"
    server.open(uri, text)
    times = []
    for n in range(requests):
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "id": 10 + n, "method": "textDocument/codeAction", "params": {
            "textDocument": {"uri": uri}, "range": {"start": {"line": 5, "character": 3}, "end": {"line": 5, "character": 3}},
            "context": {"diagnostics": []}}})
        server.wait_for(lambda m: m.get("id") == 10 + n)
        times.append((time.perf_counter() - start) * 1000)
    # A character typed into the cell (the table changes), then the request the cursor move makes.
    server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 5, "character": 2}, "end": {"line": 5, "character": 2}}, "text": "x"}]}})
    server.settle(900)
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "id": 999, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 5, "character": 3}, "end": {"line": 5, "character": 3}},
        "context": {"diagnostics": []}}})
    server.wait_for(lambda m: m.get("id") == 999)
    after_edit = (time.perf_counter() - start) * 1000
    server.stop()
    return times[0], statistics.median(times[1:]), after_edit

def navigation_latency(binary, text, steps=20):
    """Milliseconds per <Tab> at line 5 of `text`, medians: a step in the aligned table when nothing changed
    since the last step; the first step after the previous realignment's edits were applied (the table is
    read again); and a step after typing one character into the cell (the table is realigned)."""
    server = Session([binary])
    server.start({})
    uri = "file:///keys.md"
    server.open(uri, text)
    request_id, version = 100, 1

    def step():
        nonlocal request_id
        request_id += 1
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "id": request_id, "method": "gridls/navigateCell", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 5, "character": 2}, "direction": "nextCell"}})
        answer = server.wait_for(lambda m: m.get("id") == request_id)
        return (time.perf_counter() - start) * 1000, answer["result"]

    def change(changes):
        nonlocal version
        version += 1
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": changes}})

    # Realign once, so that the table is aligned before the first measured step.
    _, result = step()
    change([{"range": e["range"], "text": e["newText"]} for e in sorted(result["edits"], key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True)])
    aligned, after_edits, typed = [], [], []
    for _ in range(steps):
        took, result = step()
        after_edits.append(took)
        took, result = step()
        aligned.append(took)
        change([{"range": {"start": {"line": 5, "character": 2}, "end": {"line": 5, "character": 2}}, "text": "x"}])
        took, result = step()
        typed.append(took)
        change([{"range": e["range"], "text": e["newText"]} for e in sorted(result["edits"], key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True)])
    server.stop()
    return statistics.median(aligned), statistics.median(after_edits), statistics.median(typed)

def timed_answer(server, request_id, method, params):
    """Seconds until the answer to one request has fully arrived (read, not parsed), and its size."""
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
    marker = b'"id":%d' % request_id
    while True:
        body = server.read_body()
        if marker in body[:64] or marker in body[-64:]:
            return time.perf_counter() - start, len(body)

def cli_seconds(binary, text, runs=3):
    """Median wall seconds of `gridls format` on `text` from a file."""
    path = os.path.join(tempfile.mkdtemp(prefix="gridls-bench-"), "doc.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "format", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)

def open_seconds(binary, text):
    """Seconds from didOpen to the first diagnostics, the server's peak memory in MB, and the session."""
    server = Session([binary])
    server.start({"general": {"positionEncodings": ["utf-8"]}})
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///big.md", "languageId": "markdown", "version": 1, "text": text}}})
    while b"publishDiagnostics" not in server.read_body()[:120]:
        pass
    return time.perf_counter() - start, server.peak_mb(), server

def big_answers(binary, corpus, quick):
    """The issue's rows for big answers and big documents: formatting over LSP against the CLI, opening
    50 and 100 MB documents, and a keystroke among 163,000 diagnostics."""
    print("%-44s %10s %10s %10s" % ("big answers and documents", "seconds", "MB", "ratio"))
    with open(os.path.join(corpus, "pipe-100k.md"), encoding="utf-8") as f:
        pipe100k = f.read()
    took, _, server = open_seconds(binary, pipe100k)
    answer, size = timed_answer(server, 7, "textDocument/formatting", {
        "textDocument": {"uri": "file:///big.md"}, "options": {"tabSize": 4, "insertSpaces": True}})
    server.stop()
    cli = cli_seconds(binary, pipe100k)
    print("%-44s %10.3f %10.1f %10.1f" % ("formatting pipe-100k over LSP / CLI", answer, size / 1e6, answer / cli))
    for megabytes in (5,) if quick else (50, 100):
        text = (pipe100k * (megabytes * 1_000_000 // len(pipe100k) + 1))[: megabytes * 1_000_000]
        text = text[: text.rfind("\n") + 1]
        took, peak, server = open_seconds(binary, text)
        server.stop()
        print("%-44s %10.3f %10.1f %10.1f" % ("open a %d MB document (peak / size)" % megabytes, took, peak, peak / megabytes))
    # Many small tables: what each table costs the index, not the text, sets the peak.
    with open(os.path.join(corpus, "many-tables.md"), encoding="utf-8") as f:
        many = f.read()
    megabytes = 5 if quick else 50
    text = (many * (megabytes * 1_000_000 // len(many) + 1))[: megabytes * 1_000_000]
    text = text[: text.rfind("\n## Section") + 1]
    took, peak, server = open_seconds(binary, text)
    server.stop()
    label = "open %d MB of small tables (peak / size)" % megabytes
    print("%-44s %10.3f %10.1f %10.1f" % (label, took, peak, peak / (len(text.encode()) / 1e6)))
    # Every row has a cell too many: one extra-cells warning each.
    rows = 16_300 if quick else 163_000
    text = "| a | b |\n|---|---|\n" + "| 1 | 2 | 3 |\n" * rows + "\nprose\n"
    took, _, server = open_seconds(binary, text)
    times = []
    for n in range(5):
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": "file:///big.md", "version": n + 2},
            "contentChanges": [{"range": {"start": {"line": rows + 3, "character": 0}, "end": {"line": rows + 3, "character": 0}}, "text": "x"}]}})
        server.settle(100 + n)  # handled, and pushed if the diagnostics changed
        times.append(time.perf_counter() - start)
    server.stop()
    print("%-44s %10.3f %10s %10s" % ("keystroke among %s diagnostics (median)" % format(rows, ","), statistics.median(times), "-", "-"))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=1000)
    benchlib.add_common_arguments(parser, "small sizes and few runs: CI's check that the benchmark runs")
    args = parser.parse_args()
    if args.quick:
        args.edits = min(args.edits, 50)
    binary, corpus = benchlib.binary_and_corpus(args)
    with open(os.path.join(corpus, "many-tables.md"), encoding="utf-8") as f:
        many = f.read()
    # 5 MB with the corpus's 2,000 tables: prose paragraphs between its sections.
    filler = "Prose that is not a table, with a | pipe now and then, to make the document larger.\n" * 24
    big = many.replace("\n## Section", "\n" + filler + "\n## Section")
    small = many[: many.find("\n## Section", 50_000)]
    print("%-32s %10s %10s %10s" % ("document", "bytes", "p50 ms", "p99 ms"))
    results = {}
    for name, text in [("50 KB", small), ("5 MB, 2,000 tables", big)]:
        p50, p99 = measure(binary, text, args.edits)
        results[name] = (p50, p99)
        print("%-32s %10d %10.2f %10.2f" % (name, len(text.encode()), p50, p99))
    print("p99 ratio 5 MB / 50 KB: %.2f (target at most 2)" % (results["5 MB, 2,000 tables"][1] / results["50 KB"][1]))
    print("%-32s %14s %14s %14s %14s %14s %14s" % ("code actions at a cell", "commands 1st", "commands ms", "after edit", "resolve 1st", "resolve ms", "after edit"))
    for rows in [1_000] if args.quick else [1_000, 10_000, 100_000]:
        pipe = "| a | b | c |\n|---|---|---|\n" + "| 1 | 22 | 333 |\n" * rows
        grid = "+---+----+-----+\n| a | b  | c   |\n+===+====+=====+\n" + "| 1 | 22 | 333 |\n+---+----+-----+\n" * rows
        for kind, text in [("pipe", pipe), ("grid", grid)]:
            commands, resolved = code_action_latency(binary, text, False), code_action_latency(binary, text, True)
            print("%-32s %14.2f %14.2f %14.2f %14.2f %14.2f %14.2f" % ("%s-row %s table" % (format(rows, ","), kind), *commands, *resolved))
    print("%-32s %14s %14s %14s" % ("table key (<Tab>) at a cell", "aligned ms", "after edits ms", "typed ms"))
    for rows in [1_000] if args.quick else [1_000, 10_000, 100_000]:
        pipe = "| a | b | c |\n|---|---|---|\n" + "| 1 | 22 | 333 |\n" * rows
        grid = "+---+----+-----+\n| a | b  | c   |\n+===+====+=====+\n" + "| 1 | 22 | 333 |\n+---+----+-----+\n" * rows
        for kind, text in [("pipe", pipe), ("grid", grid)]:
            steps = 5 if rows >= 100_000 or args.quick else 20
            print("%-32s %14.2f %14.2f %14.2f" % ("%s-row %s table" % (format(rows, ","), kind), *navigation_latency(binary, text, steps)))
    big_answers(binary, corpus, args.quick)

if __name__ == "__main__":
    main()
