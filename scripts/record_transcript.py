#!/usr/bin/env python3
"""Records an example session for protocol/examples: sends the client messages of INPUT (one JSON message
per line) to the built gridls, and writes every message of both sides, in order, as
{"from": "client"|"server", "message": ...} lines to OUTPUT. The server's requests are answered with
{"applied": true}. Review the output before committing it: the tests replay it and expect the same.

Usage: scripts/record_transcript.py INPUT.jsonl OUTPUT.jsonl [path/to/gridls]
"""
import json, sys

from lsp_session import Session

def main():
    source, target = sys.argv[1], sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else ".build/debug/gridls"
    server = Session([binary], ascii=False)
    lines = []
    for raw in open(source, encoding="utf-8"):
        if not raw.strip():
            continue
        message = json.loads(raw)
        lines.append({"from": "client", "message": message})
        server.send(message)
        waiting = "id" in message and "method" in message
        while True:
            reply = server.read(5 if waiting else 0.3)
            if reply is None:
                break
            lines.append({"from": "server", "message": reply})
            if "method" in reply and "id" in reply:
                answer = {"jsonrpc": "2.0", "id": reply["id"], "result": {"applied": True}}
                lines.append({"from": "client", "message": answer})
                server.send(answer)
                continue
            if waiting and reply.get("id") == message["id"] and "method" not in reply:
                break
    server.proc.stdin.close()
    server.proc.wait(timeout=10)
    with open(target, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")

if __name__ == "__main__":
    main()
