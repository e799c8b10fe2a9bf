// Typing in search, measured inside the page (no driver round trips): for each
// keystroke, the input handler alone and the time until the next frame.
// Usage: node tools/bench-typing.mjs <base-url>
import { launch } from "../tests/e2e/harness.mjs";
const base = process.argv[2] || "http://127.0.0.1:8090";
const c = await launch();
const p = c.pages()[0] || await c.newPage();
await p.goto(base + "/");
await p.waitForSelector("#q");
await p.fill("#q", "dns"); await p.waitForSelector("#result-0"); await p.fill("#q", "");
const r = await p.evaluate(async () => {
  const q = document.getElementById("q"); const out = [];
  let text = "";
  for (const ch of "kubernetes dns outage") {
    text += ch;
    const t0 = performance.now();
    q.value = text; q.dispatchEvent(new Event("input", { bubbles: true }));
    const t1 = performance.now();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    out.push([t1 - t0, performance.now() - t0]);
  }
  return out;
});
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\n## Typing in search, in-page\n\n- input handler: median ${med(r.map((x) => x[0])).toFixed(1)} ms\n- keystroke to the next frame: median ${med(r.map((x) => x[1])).toFixed(1)} ms, max ${Math.max(...r.map((x) => x[1])).toFixed(1)} ms`);
await c.close();
