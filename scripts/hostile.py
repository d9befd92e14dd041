#!/usr/bin/env python3
"""Time and peak memory of `gridls format` (release build) on hostile inputs: a 100 MB document,
a 10 MB line, a table of 10,000 columns, one of 100,000 rows, a grid table nested 1,000 levels deep;
then the language server opening the 100 MB document (time to its diagnostics, a keystroke after it,
whole-document formatting, peak memory).

Usage: scripts/hostile.py
"""
import os, subprocess, sys, tempfile, time

from lsp_session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def inputs():
    row = "| alpha | 12 | 東京 | x |\n"
    yield "100 MB document (tables and prose)", ("# Doc\n\n" + ("| a | b | c | d |\n|-|-|-|-|\n" + row * 40 + "\nSome prose | with a pipe.\n\n") * 90_000)
    yield "10 MB line", "word | " * 1_500_000 + "\n"
    yield "10,000 columns", "|" + "|".join("c%d" % i for i in range(10_000)) + "|\n|" + "|".join(["-"] * 10_000) + "|\n"
    yield "100,000 rows", "| a | b |\n|-|-|\n" + "| 1 | 22 |\n" * 100_000
    lines = ["+---+", "| x |", "+---+"]
    for _ in range(1000):
        border = "+" + "-" * (len(lines[0]) + 2) + "+"
        lines = [border] + ["| " + line + " |" for line in lines] + [border]
    yield "grid table nested 1,000 deep", "\n".join(lines) + "\n"

def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "gridls"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "gridls")
    print("%-36s %12s %9s %9s %7s" % ("input", "bytes", "seconds", "peak MB", "status"))
    for name, text in inputs():
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as f:
            f.write(text)
        size = len(text.encode())
        del text
        # /usr/bin/time measures the gridls process alone (a fork of this Python would count its memory).
        with open(os.devnull, "wb") as sink:
            done = subprocess.run(["/usr/bin/time", "-f", "%e %M %x", binary, "format", f.name],
                                  stdout=sink, stderr=subprocess.PIPE, text=True)
        os.unlink(f.name)
        seconds, kilobytes, status = done.stderr.strip().splitlines()[-1].split()
        print("%-36s %12d %9.2f %9.1f %7s" % (name, size, float(seconds), int(kilobytes) / 1024, status))
    server_on(binary, next(inputs())[1])

def server_on(binary, text):
    """Opens `text` in the server; prints seconds to its diagnostics, to a keystroke's, to formatting."""
    stats = tempfile.NamedTemporaryFile(delete=False).name
    server = Session(["/usr/bin/time", "-o", stats, "-f", "%M", binary])
    server.start({})
    uri = "file:///huge.md"
    start = time.monotonic()
    server.open(uri, text)
    opened = time.monotonic() - start
    start = time.monotonic()
    edit = {"range": {"start": {"line": 5, "character": 3}, "end": {"line": 5, "character": 3}}, "text": "x"}
    server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [edit]}})
    server.settle(2)  # diagnostics are pushed only when they change
    keystroke = time.monotonic() - start
    start = time.monotonic()
    server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/formatting", "params": {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}})
    edits = len(server.wait_for(lambda m: m.get("id") == 3)["result"])
    formatting = time.monotonic() - start
    status = server.stop()
    with open(stats) as f:
        peak = int(f.read().split()[-1]) / 1024
    os.unlink(stats)
    print("server, 100 MB document: open %.2f s, keystroke %.1f ms, formatting %.2f s (%d edits), peak %.1f MB, exit %d"
          % (opened, keystroke * 1000, formatting, edits, peak, status))

if __name__ == "__main__":
    main()
