// A small static server for the built site, behaving like a real static host:
// single-page-app fallback (per locale), gzip or brotli by Accept-Encoding, immutable caching
// for Trunk's hashed files, and ETag revalidation (304) for the rest. It counts
// the bytes it sends, so tools/perf.mjs can measure a real first visit.
// CLI: node tools/serve-dist.mjs <dir> <port>; or import { serve }.
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json", ".bin": "application/octet-stream",
  ".webmanifest": "application/manifest+json", ".schema": "text/plain; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml", ".ico": "image/x-icon",
};
const COMPRESSIBLE = new Set([".schema", ".html", ".js", ".mjs", ".css", ".wasm", ".json", ".bin", ".webmanifest", ".svg"]);
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$/;

// Headers every response carries, from the build's `_headers` file (written by
// scripts/postbuild.py; the `/*` block only): the CSP with its header-only
// directives, as a real host would send it.
async function hostHeaders(dir) {
  let text;
  try { text = await readFile(join(dir, "_headers"), "utf8"); } catch { return {}; }
  const headers = {};
  let inAll = false;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) { inAll = line.trim() === "/*"; continue; }
    const m = inAll && line.match(/^\s+([A-Za-z-]+):\s*(.*)$/);
    if (m) headers[m[1].toLowerCase()] = m[2];
  }
  return headers;
}

export async function serve(dir, port) {
  const always = await hostHeaders(dir);
  const encoded = new Map(); // "path encoding mtime size" -> { body, etag }
  const stats = { bytes: 0, requests: 0, byPath: new Map() };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    } catch {
      // Unknown paths without an extension are app routes: serve their
      // locale's page (/ko/... the Korean one), as the build's _redirects says.
      file = extname(path) ? null : join(dir, /^[/\\]ko([/\\]|$)/.test(path) ? "ko/index.html" : "index.html");
    }
    const send = (status, headers, body) => {
      stats.requests += 1;
      stats.bytes += body ? body.length : 0;
      const seen = stats.byPath.get(url.pathname) || { requests: 0, bytes: 0 };
      stats.byPath.set(url.pathname, { requests: seen.requests + 1, bytes: seen.bytes + (body ? body.length : 0) });
      res.writeHead(status, { ...always, ...headers });
      res.end(body);
    };
    try {
      if (!file) throw new Error("not found");
      const info = await stat(file);
      const ext = extname(file);
      const accept = String(req.headers["accept-encoding"] || "");
      const encoding = !COMPRESSIBLE.has(ext) ? null : /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
      const key = `${file} ${encoding} ${info.mtimeMs} ${info.size}`;
      let cached = encoded.get(key);
      if (!cached) {
        const raw = await readFile(file);
        const body = encoding === "br" ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === "gzip" ? gzipSync(raw, { level: 9 }) : raw;
        cached = { body, etag: `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"` };
        encoded.set(key, cached);
      }
      const { body, etag } = cached;
      const headers = {
        "content-type": TYPES[ext] || "application/octet-stream",
        "cache-control": HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
        etag,
        vary: "accept-encoding",
      };
      if (encoding) headers["content-encoding"] = encoding;
      if (req.headers["if-none-match"] === etag) return send(304, headers, null);
      send(200, headers, body);
    } catch {
      send(404, { "content-type": "text/plain" }, Buffer.from("not found"));
    }
  });
  server.stats = stats;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(port), "127.0.0.1", () => resolve(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dir = "dist", port = "8090"] = process.argv.slice(2);
  try {
    await serve(dir, port);
  } catch (e) {
    console.error(`error: cannot serve ${dir} on 127.0.0.1:${port}: ${e.code === "EADDRINUSE" ? "the port is already in use" : e.message}`);
    process.exit(1);
  }
  console.log(`\nCasebook is serving ${dir} (Ctrl-C to stop):\n\n  http://127.0.0.1:${port}/\n`);
}
