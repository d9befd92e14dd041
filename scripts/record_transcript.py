#!/usr/bin/env python3
"""Records an example session for protocol/examples: sends the client messages of INPUT (one JSON message
per line) to the built gridls, and writes every message of both sides, in order, as
{"from": "client"|"server", "message": ...} lines to OUTPUT. The server's requests are answered with
{"applied": true}. Review the output before committing it: the tests replay it and expect the same.

Usage: scripts/record_transcript.py INPUT.jsonl OUTPUT.jsonl [path/to/gridls]
"""
import json, os, select, subprocess, sys, time

def frame(obj):
    body = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Reader:
    def __init__(self, stream):
        self.stream, self.buffer = stream, b""

    def next(self, timeout):
        deadline = time.time() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.time()
            if left <= 0 or not select.select([self.stream], [], [], left)[0]:
                return None
            chunk = os.read(self.stream.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk

def main():
    source, target = sys.argv[1], sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else ".build/debug/gridls"
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    reader = Reader(proc.stdout)
    lines = []
    for raw in open(source, encoding="utf-8"):
        if not raw.strip():
            continue
        message = json.loads(raw)
        lines.append({"from": "client", "message": message})
        proc.stdin.write(frame(message))
        proc.stdin.flush()
        waiting = "id" in message and "method" in message
        while True:
            reply = reader.next(5 if waiting else 0.3)
            if reply is None:
                break
            lines.append({"from": "server", "message": reply})
            if "method" in reply and "id" in reply:
                answer = {"jsonrpc": "2.0", "id": reply["id"], "result": {"applied": True}}
                lines.append({"from": "client", "message": answer})
                proc.stdin.write(frame(answer))
                proc.stdin.flush()
                continue
            if waiting and reply.get("id") == message["id"] and "method" not in reply:
                break
    proc.stdin.close()
    proc.wait(timeout=10)
    with open(target, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")

if __name__ == "__main__":
    main()
