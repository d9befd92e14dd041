"""The framing the tests' long-running oracles speak (Tests/TestSupport/ServedProcess.swift): a request
is a line with a byte count and then that many bytes; so is each answer."""
import sys

def serve(answer):
    """Answers each request on stdin with answer(request bytes) on stdout, until stdin ends."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = source.readline()
        if not header:
            return
        reply = answer(source.read(int(header)))
        sink.write(b"%d\n" % len(reply) + reply)
        sink.flush()
