// Runs /debug/bench (a --features bench build) in headless Chromium and prints the wasm figures.
// Usage: node tools/bench-wasm.mjs http://127.0.0.1:8091
import { launch } from "../tests/e2e/harness.mjs";

const base = process.argv[2] || "http://127.0.0.1:8091";
const context = await launch();
const page = context.pages()[0] || (await context.newPage());
await page.goto(base + "/debug/bench");
await page.waitForSelector('#bench-out[data-done="true"]', { timeout: 600000 });
const rows = JSON.parse(await page.textContent("#bench-out"));
await context.close();
console.log("## Search and review in wasm (headless Chromium)\n");
console.log("| corpus | cases | p50 ms | p99 ms | tinysearch-style p50 ms | p99 ms |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows.filter((r) => r.corpus)) {
  console.log(`| ${r.corpus} | ${r.cases} | ${r.p50_ms.toFixed(3)} | ${r.p99_ms.toFixed(3)} | ${r.tiny_p50_ms.toFixed(3)} | ${r.tiny_p99_ms.toFixed(3)} |`);
}
const m = rows.find((r) => r.review_bytes);
if (m) {
  const mb = m.review_bytes / 1048576;
  console.log(`\n| manifest | objects | findings | parse only ms | full review ms | MB/s | review ÷ parse |\n|---|---:|---:|---:|---:|---:|---:|`);
  console.log(`| ${mb.toFixed(1)} MB generated | ${m.objects} | ${m.findings} | ${m.parse_ms.toFixed(0)} | ${m.review_ms.toFixed(0)} | ${(mb / (m.review_ms / 1000)).toFixed(1)} | ${(m.review_ms / m.parse_ms).toFixed(2)} |`);
}
