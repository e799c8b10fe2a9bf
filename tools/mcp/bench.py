"""Benchmark of `casebook serve` (not a test): MCP tool-call latency and
throughput over Streamable HTTP at 1, 10 and 100 concurrent clients, and the
server's peak memory.

Each client is a thread with its own keep-alive connection, sending
stateless JSON-RPC `tools/call` requests for a mix of get_incident,
search_incidents and check_manifest (a 20 KB manifest). The client is Python,
so at 100 clients part of the latency is the client's own; the figures are an
upper bound on the server's.

Usage: python3 tools/mcp/bench.py target/release/casebook [seconds-per-level]
"""

import concurrent.futures
import http.client
import json
import re
import statistics
import subprocess
import sys
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/casebook"
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0

DEPLOY = """apiVersion: apps/v1
kind: Deployment
metadata: {{name: app-{i}, namespace: shop}}
spec:
  replicas: 1
  selector: {{matchLabels: {{app: app-{i}}}}}
  template:
    metadata: {{labels: {{app: app-{i}}}}}
    spec:
      containers:
        - name: app
          image: "registry.example/app-{i}:1.{i}"
          ports: [{{name: http, containerPort: 8080}}]
          livenessProbe: {{httpGet: {{path: /healthz, port: http}}}}
---
apiVersion: v1
kind: Service
metadata: {{name: app-{i}, namespace: shop}}
spec: {{selector: {{app: app-{i}}}, ports: [{{port: 80, targetPort: http}}]}}
---
"""
MANIFEST = ""
i = 0
while len(MANIFEST) < 20_000:
    MANIFEST += DEPLOY.format(i=i)
    i += 1

CALLS = [
    ("get_incident", {"id": "IL-0136"}),
    ("search_incidents", {"query": "dns outage kubernetes", "limit": 10}),
    ("check_manifest", {"yaml": MANIFEST}),
]


def start():
    proc = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", "--timeout", "120"], stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    m = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not m:
        raise SystemExit(f"casebook serve printed {line!r}")
    return proc, int(m.group(1))


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def client(port, deadline, which):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    lat = {name: [] for name, _ in CALLS}
    n = 0
    while time.monotonic() < deadline:
        name, args = CALLS[(which + n) % len(CALLS)]
        body = json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}})
        t0 = time.perf_counter()
        conn.request("POST", "/mcp", body=body, headers={
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"})
        res = conn.getresponse()
        data = res.read()
        dt = time.perf_counter() - t0
        if res.status != 200 or b'"result"' not in data or b'"isError":true' in data:
            raise SystemExit(f"{name}: HTTP {res.status}: {data[:200]!r}")
        lat[name].append(dt * 1000)
        n += 1
    conn.close()
    return lat


def main():
    proc, port = start()
    try:
        print(f"casebook serve, {len(MANIFEST) / 1000:.0f} KB manifest ({MANIFEST.count('kind:')} objects) for check_manifest, {SECONDS:.0f} s per level")
        print(f"{'clients':>7} {'calls/s':>8}  {'tool':<17} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}")
        for level in (1, 10, 100):
            deadline = time.monotonic() + SECONDS
            t0 = time.monotonic()
            with concurrent.futures.ThreadPoolExecutor(level) as pool:
                results = list(pool.map(lambda w: client(port, deadline, w), range(level)))
            elapsed = time.monotonic() - t0
            merged = {name: [x for r in results for x in r[name]] for name, _ in CALLS}
            total = sum(len(v) for v in merged.values())
            for k, (name, _) in enumerate(CALLS):
                xs = sorted(merged[name])
                q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))]
                head = f"{level:>7} {total / elapsed:>8.0f}" if k == 0 else f"{'':>7} {'':>8}"
                print(f"{head}  {name:<17} {statistics.median(xs):>7.2f} {q(0.95):>7.2f} {q(0.99):>7.2f}")
        print(f"peak server memory (VmHWM): {peak_rss_mb(proc.pid):.0f} MB")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
