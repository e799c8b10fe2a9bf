// A small end-to-end harness: headless Debian Chromium driven by playwright-core.
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(new URL("../../tools/", import.meta.url));
export const { chromium } = require("playwright-core");
export const BASE = process.env.CASEBOOK_URL || "http://127.0.0.1:8090";

export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
];

// Service workers are blocked unless a test asks for them, so that request
// interception (page.route) sees every request.
export async function launch({ serviceWorkers = "block", locale = "en-US" } = {}) {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "casebook-e2e-")), {
    serviceWorkers,
    locale,
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
}

export function assert(cond, message) {
  if (!cond) throw new Error(`assertion failed: ${message}`);
}

const tests = [];
export function test(name, fn, options = {}) {
  tests.push({ name, fn, options });
}

// Runs every registered test in a fresh browser profile; exits non-zero on failure.
export async function run() {
  const only = process.env.E2E_ONLY;
  let failed = 0;
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const context = await launch(t.options);
    const page = context.pages()[0] || (await context.newPage());
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const consoleErrors = [];
    page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
    const t0 = Date.now();
    try {
      await t.fn({ page, context, errors, consoleErrors });
      console.log(`ok   ${t.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name}\n     ${e.stack || e}`);
      try {
        await page.screenshot({ path: join(tmpdir(), `casebook-fail-${failed}.png`) });
      } catch {}
    } finally {
      await context.close();
    }
  }
  console.log(failed ? `${failed} end-to-end test(s) failed` : "all end-to-end tests passed");
  process.exit(failed ? 1 : 0);
}
