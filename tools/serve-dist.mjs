// A tiny static server for the built site with single-page-app fallback.
// CLI: node tools/serve-dist.mjs <dir> <port>; or import { serve }.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json", ".bin": "application/octet-stream",
  ".webmanifest": "application/manifest+json", ".png": "image/png", ".svg": "image/svg+xml", ".ico": "image/x-icon",
};

export function serve(dir, port) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dir, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    } catch {
      // Unknown paths without an extension are app routes: serve the shell.
      file = extname(path) ? null : join(dir, "index.html");
    }
    try {
      if (!file) throw new Error("not found");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream", "cache-control": "no-cache" });
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  return new Promise((resolve) => server.listen(Number(port), "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dir = "dist", port = "8090"] = process.argv.slice(2);
  await serve(dir, port);
  console.log(`serving ${dir} on http://127.0.0.1:${port}`);
}
