"""A minimal LSP client over a process's stdio, shared by the benchmark and recording scripts."""
import json, os, select, subprocess, time

def frame(obj, ascii=True):
    body = json.dumps(obj, ensure_ascii=ascii, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

class Session:
    """Runs `command` (gridls, possibly behind a wrapper such as /usr/bin/time) and talks LSP to it."""

    def __init__(self, command, ascii=True):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.ascii = ascii
        self.buffer = bytearray()  # appended in place: a 100 MB answer arrives in many reads

    def send(self, obj):
        self.proc.stdin.write(frame(obj, self.ascii))
        self.proc.stdin.flush()

    def read(self, timeout=None):
        """The next message; None when the server ends its output, or nothing comes within `timeout`."""
        deadline = None if timeout is None else time.time() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(bytes(self.buffer[:end]).split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    message = json.loads(bytes(self.buffer[end + 4:end + 4 + length]))
                    del self.buffer[:end + 4 + length]
                    return message
            if deadline is not None:
                left = deadline - time.time()
                if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                    return None
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk

    def read_body(self):
        """The next message's body as bytes, unparsed (timing a large answer without Python's JSON reader)."""
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(bytes(self.buffer[:end]).split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = bytes(self.buffer[end + 4:end + 4 + length])
                    del self.buffer[:end + 4 + length]
                    return body
            chunk = os.read(self.proc.stdout.fileno(), 1 << 22)
            if not chunk:
                raise SystemExit("the server ended")
            self.buffer += chunk

    def peak_mb(self):
        """The server process's peak resident memory so far (VmHWM), in MB (10^6 bytes, as document sizes)."""
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024 / 1e6
        return float("nan")

    def wait_for(self, predicate):
        while True:
            message = self.read()
            if message is None:
                raise SystemExit("the server ended")
            if predicate(message):
                return message

    def settle(self, request_id):
        """Waits until the server has handled everything sent so far: a request for no method is answered
        (MethodNotFound) in order, after the changes before it and any diagnostics they pushed."""
        self.send({"jsonrpc": "2.0", "id": request_id, "method": "gridls/settle"})
        self.wait_for(lambda m: m.get("id") == request_id)

    def start(self, capabilities):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": capabilities}})
        self.wait_for(lambda m: m.get("id") == 1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def open(self, uri, text):
        """Opens a document and waits for its first diagnostics."""
        language = "restructuredtext" if uri.endswith((".rst", ".rest")) else "markdown"
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}})
        self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")

    def stop(self):
        """shutdown and exit; the exit status."""
        self.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        self.wait_for(lambda m: m.get("id") == 2)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.proc.wait(timeout=30)
