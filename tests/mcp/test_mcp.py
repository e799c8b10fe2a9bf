"""End-to-end tests of `casebook mcp` and `casebook serve` with real clients.

The official Python MCP SDK (PyPI `mcp`) drives both transports: it lists the
tools, calls each one, reads a case resource, gets the prompt, sends bad
arguments and calls an unknown tool. Every answer is compared with what the
CLI's `--json` prints for the same question, so the interfaces cannot drift
apart. The HTTP API is exercised over real sockets: its routes, oversized and
malformed bodies, a wrong Host header, and 100 concurrent clients.

Run by scripts/test.sh with CASEBOOK_BIN set to the release binary.
"""

import asyncio
import concurrent.futures
import http.client
import json
import os
import re
import subprocess
import sys
import time
import unittest

from mcp import Client, StdioServerParameters

BIN = os.environ.get("CASEBOOK_BIN", "target/release/casebook")
TOOLS = {
    "search_incidents", "get_incident", "list_incidents", "get_topic", "vocab",
    "similar_incidents", "check_manifest", "get_rule", "list_rules",
}
YAML = """apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1.27"}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
"""


def cli_json(*args):
    out = subprocess.run([BIN, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


class Server:
    """`casebook serve` on a free loopback port."""

    def __init__(self, *extra):
        self.proc = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0", *extra], stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"http://(127\.0\.0\.1:\d+)/mcp", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"casebook serve printed {line!r}")
        self.authority = m.group(1)
        self.port = int(self.authority.split(":")[1])

    def request(self, method, path, body=None, headers=None, timeout=60):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            res = conn.getresponse()
            data = res.read()
            return res.status, res.getheader("Content-Type") or "", data
        finally:
            conn.close()

    def declared_only(self, method, path, length):
        """Sends only the headers of a request declaring a body of `length` bytes."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.putrequest(method, path)
            conn.putheader("Content-Type", "application/json")
            conn.putheader("Accept", "application/json, text/event-stream")
            conn.putheader("Content-Length", str(length))
            conn.endheaders()
            res = conn.getresponse()
            return res.status, res.getheader("Content-Type") or "", res.read()
        finally:
            conn.close()

    def get_json(self, path, **kw):
        status, ctype, data = self.request("GET", path, **kw)
        return status, ctype, json.loads(data)

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.proc.stderr.close()


async def exercise(test, client):
    """Every tool, the resource and the prompt, checked against the CLI."""
    tools = (await client.list_tools()).tools
    test.assertEqual({t.name for t in tools}, TOOLS)
    for t in tools:
        test.assertTrue(t.description and len(t.description) > 40, t.name)
        test.assertEqual(t.input_schema.get("type"), "object", t.name)
        test.assertEqual((t.output_schema or {}).get("type"), "object", t.name)

    async def call(name, args):
        r = await client.call_tool(name, args)
        test.assertFalse(r.is_error, f"{name} {args}: {r.content}")
        test.assertIsNotNone(r.structured_content, name)
        return r.structured_content

    s = await call("search_incidents", {"query": "dns", "component": "dns", "limit": 3})
    cli = cli_json("search", "dns", "--component", "dns", "--limit", "3", "--json")
    test.assertEqual(s, cli)
    test.assertEqual(len(s["results"]), 3)

    case = await call("get_incident", {"id": "IL-0136"})
    test.assertEqual(case, cli_json("show", "IL-0136", "--json"))

    page = await call("list_incidents", {"platform": "kubernetes", "from": "2025", "limit": 5})
    test.assertEqual(len(page["cases"]), 5)
    test.assertTrue(all(c["date"] >= "2025" for c in page["cases"]))
    nxt = await call("list_incidents", {"platform": "kubernetes", "from": "2025", "limit": 5, "cursor": page["next_cursor"]})
    test.assertFalse({c["id"] for c in page["cases"]} & {c["id"] for c in nxt["cases"]})

    topic = await call("get_topic", {"kind": "component", "term": "dns"})
    test.assertEqual(topic["count"], sum(len(y["cases"]) for y in topic["years"]))

    vocab = await call("vocab", {})
    test.assertIn("component", {k["kind"] for k in vocab["kinds"]})

    sim = await call("similar_incidents", {"id": "IL-0346"})
    test.assertEqual(sim, cli_json("similar", "IL-0346", "--json"))

    rule = await call("get_rule", {"id": "single-replica-behind-service"})
    test.assertEqual(rule, cli_json("rules", "single-replica-behind-service", "--json"))
    rules = await call("list_rules", {})
    test.assertEqual(rules, cli_json("rules", "--json"))

    review = await call("check_manifest", {"yaml": YAML})
    f = next(f for f in review["findings"] if f["rule"] == "single-replica-behind-service")
    test.assertEqual((f["line"], f["column"]), (5, 3))
    test.assertTrue(f["fix"] and f["cases"] and f["message"])
    warn = await call("check_manifest", {"yaml": YAML, "min_severity": "error"})
    test.assertTrue(all(x["severity"] == "error" for x in warn["findings"]))

    res = await client.read_resource("casebook://cases/IL-0136")
    test.assertEqual(json.loads(res.contents[0].text), case)
    listed = await client.list_resources()
    everything = await call("list_incidents", {"limit": 1})
    test.assertEqual(len(listed.resources), everything["total"])
    test.assertTrue(all(str(r.uri).startswith("casebook://cases/") for r in listed.resources))

    prompt = await client.get_prompt("review_cluster", {"namespace": "shop"})
    text = prompt.messages[0].content.text
    test.assertIn("kubectl get", text)
    test.assertIn("-n shop", text)
    test.assertIn("check_manifest", text)
    test.assertNotIn("secrets", text.split("do not read Secrets")[1].lower())

    # Bad arguments and unknown names: clear errors, and the server lives on.
    for name, args in [
        ("get_incident", {"id": "no-such-case"}),
        ("get_incident", {}),
        ("get_incident", {"id": 5}),
        ("search_incidents", {"query": "dns", "limit": 1000}),
        ("search_incidents", {"query": "dns", "component": "not-a-component"}),
        ("list_incidents", {"cursor": "forged"}),
        ("check_manifest", {"yaml": YAML, "min_severity": "loud"}),
        ("get_topic", {"kind": "colour", "term": "red"}),
    ]:
        try:
            r = await client.call_tool(name, args)
            test.assertTrue(r.is_error, f"{name} {args} should fail")
            test.assertTrue(r.content and r.content[0].text, f"{name} {args}: no message")
        except Exception as e:  # a JSON-RPC error (invalid params) is a clear refusal too
            test.assertTrue(str(e), f"{name} {args}")
    try:
        r = await client.call_tool("no_such_tool", {})
        test.assertTrue(r.is_error)
    except Exception as e:
        test.assertIn("not found", str(e))
    try:
        await client.read_resource("casebook://cases/no-such-case")
        test.fail("reading a missing case should fail")
    except Exception as e:
        test.assertIn("no-such-case", str(e))
    # Still answering after all of that.
    test.assertEqual((await client.call_tool("get_incident", {"id": "IL-0136"})).structured_content["id"], case["id"])


class Stdio(unittest.TestCase):
    def test_every_tool_resource_and_prompt_over_stdio(self):
        async def go():
            async with Client(StdioServerParameters(command=BIN, args=["mcp"])) as c:
                await exercise(self, c)
        run(go())

    def test_the_handshake_era_protocol_works_too(self):
        async def go():
            async with Client(StdioServerParameters(command=BIN, args=["mcp"]), mode="legacy") as c:
                self.assertEqual((await c.call_tool("get_incident", {"id": "IL-0136"})).structured_content["aliases"][0], "IL-0136")
        run(go())

    def test_needs_no_files_and_no_network(self):
        # From an empty directory, with no case files beside it.
        async def go():
            params = StdioServerParameters(command=os.path.abspath(BIN), args=["mcp"], cwd="/")
            async with Client(params) as c:
                self.assertGreater((await c.call_tool("list_incidents", {"limit": 1})).structured_content["total"], 100)
        run(go())


class Http(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def test_every_tool_resource_and_prompt_over_streamable_http(self):
        async def go():
            async with Client(f"http://{self.server.authority}/mcp") as c:
                await exercise(self, c)
        run(go())

    def test_api_routes_give_the_cli_json(self):
        s = self.server
        status, ctype, body = s.get_json("/api/cases/IL-0136")
        self.assertEqual((status, ctype), (200, "application/json"))
        self.assertEqual(body, cli_json("show", "IL-0136", "--json"))
        self.assertEqual(s.get_json("/api/cases/IL-0346/similar")[2], cli_json("similar", "IL-0346", "--json"))
        self.assertEqual(s.get_json("/api/search?q=dns&component=dns&limit=3")[2], cli_json("search", "dns", "--component", "dns", "--limit", "3", "--json"))
        self.assertEqual(s.get_json("/api/rules")[2], cli_json("rules", "--json"))
        self.assertEqual(s.get_json("/api/rules/pdb-missing")[2], cli_json("rules", "pdb-missing", "--json"))
        status, _, topic = s.get_json("/api/topics/component/dns")
        self.assertEqual((status, topic["id"]), (200, "dns"))
        self.assertEqual(s.get_json("/api/vocab")[0], 200)
        status, _, page = s.get_json("/api/cases?platform=kubernetes&limit=2")
        self.assertEqual((status, len(page["cases"])), (200, 2))
        # The check route takes YAML as it is, or JSON.
        status, _, raw = s.request("POST", "/api/check?min_severity=info", body=YAML.encode(), headers={"Content-Type": "application/yaml"})
        self.assertEqual(status, 200)
        status, _, js = s.request("POST", "/api/check", body=json.dumps({"yaml": YAML}).encode(), headers={"Content-Type": "application/json"})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(raw), json.loads(js))
        cli = subprocess.run([BIN, "check", "-", "--format", "json", "--no-config"], input=YAML, capture_output=True, text=True)
        self.assertEqual(json.loads(js), json.loads(cli.stdout))

    def assert_json_error(self, status, ctype, data, want):
        self.assertEqual(status, want, data[:300])
        self.assertTrue(ctype.startswith("application/json"), ctype)
        err = json.loads(data)["error"]
        self.assertEqual(err["status"], want)
        self.assertTrue(err["message"])

    def test_hostile_requests_get_json_errors_with_the_right_status(self):
        s = self.server
        self.assert_json_error(*s.request("GET", "/api/cases/no-such-case"), 404)
        self.assert_json_error(*s.request("GET", "/api/search?q=dns&component=not-a-component"), 400)
        self.assert_json_error(*s.request("GET", "/api/search?q=dns&limit=many"), 400)
        self.assert_json_error(*s.request("GET", "/api/search?colour=red"), 400)
        self.assert_json_error(*s.request("GET", "/api/cases?cursor=forged"), 400)
        self.assert_json_error(*s.request("GET", "/api/topics/colour/red"), 400)
        self.assert_json_error(*s.request("GET", "/nowhere"), 404)
        self.assert_json_error(*s.request("DELETE", "/api/cases/IL-0136"), 405)
        self.assert_json_error(*s.request("POST", "/api/check", body=b"{not json", headers={"Content-Type": "application/json"}), 400)
        self.assert_json_error(*s.request("POST", "/api/check", body=b'{"yaml": 5}', headers={"Content-Type": "application/json"}), 400)
        self.assert_json_error(*s.request("POST", "/api/check", body=b"\xff\xfe\x00", headers={"Content-Type": "application/yaml"}), 400)
        # Larger than a review takes; and a body larger than the server reads
        # at all is refused from its Content-Length, before it is sent.
        big = b"a: " + b"x" * (12 * 1024 * 1024)
        self.assert_json_error(*s.request("POST", "/api/check", body=big, headers={"Content-Type": "application/yaml"}), 413)
        self.assert_json_error(*s.declared_only("POST", "/api/check", 400 * 1024 * 1024), 413)
        self.assert_json_error(*s.declared_only("POST", "/mcp", 400 * 1024 * 1024), 413)
        # DNS rebinding: a page on another name that resolves to 127.0.0.1.
        self.assert_json_error(*s.request("GET", "/api/vocab", headers={"Host": "evil.example"}), 403)
        status, _, _ = s.request("POST", "/mcp", body=b'{"jsonrpc":"2.0","id":1,"method":"ping"}', headers={"Host": "evil.example:80", "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
        self.assertEqual(status, 403)
        # Unparseable YAML is an answer with errors, not a failure.
        status, _, data = s.request("POST", "/api/check", body=b"kind: [", headers={"Content-Type": "application/yaml"})
        self.assertEqual(status, 200)
        self.assertTrue(json.loads(data)["errors"])
        # And the server is still there.
        self.assertEqual(s.get_json("/api/cases/IL-0136")[0], 200)

    def test_100_concurrent_clients_lose_nothing(self):
        s = self.server
        want_search = s.get_json("/api/search?q=kubernetes&limit=5")[2]
        want_check = json.loads(s.request("POST", "/api/check", body=YAML.encode(), headers={"Content-Type": "application/yaml"})[2])

        def one(i):
            if i % 2:
                status, _, data = s.request("POST", "/api/check", body=YAML.encode(), headers={"Content-Type": "application/yaml"}, timeout=120)
                return status, json.loads(data) == want_check
            status, _, body = s.get_json("/api/search?q=kubernetes&limit=5", timeout=120)
            return status, body == want_search

        with concurrent.futures.ThreadPoolExecutor(100) as pool:
            results = list(pool.map(one, range(400)))
        self.assertEqual(results, [(200, True)] * 400)
        self.assertIsNone(s.proc.poll(), "the server is still running")


class SlowClients(unittest.TestCase):
    def test_a_request_that_stalls_is_timed_out_and_others_go_on(self):
        s = Server("--timeout", "1")
        try:
            import socket
            stalled = socket.create_connection(("127.0.0.1", s.port), timeout=30)
            stalled.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/yaml\r\nContent-Length: 1000\r\n\r\nkind: Pod\n")
            t0 = time.monotonic()
            reply = stalled.recv(4096).decode()
            self.assertLess(time.monotonic() - t0, 10)
            self.assertTrue(reply.startswith("HTTP/1.1 503"), reply[:200])
            self.assertIn('"status":503', reply)
            stalled.close()
            self.assertEqual(s.get_json("/api/cases/IL-0136")[0], 200)
        finally:
            s.close()


class AllowedHost(unittest.TestCase):
    def test_an_allowed_name_is_served(self):
        s = Server("--allow-host", "casebook.internal")
        try:
            self.assertEqual(s.get_json("/api/vocab", headers={"Host": "casebook.internal"})[0], 200)
            self.assertEqual(s.request("GET", "/api/vocab", headers={"Host": "other.internal"})[0], 403)
        finally:
            s.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
