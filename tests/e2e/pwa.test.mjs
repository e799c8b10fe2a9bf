// Offline, privacy, hostile input and accessibility, proven in headless Chromium.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "../../tools/serve-dist.mjs";
import { BASE, assert, launch, run, test } from "./harness.mjs";

const require = createRequire(new URL("../../tools/", import.meta.url));
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const DIST = new URL("../../dist/", import.meta.url).pathname;

async function ready(page, base = BASE, path = "/") {
  await page.goto(base + path);
  await page.waitForSelector("#library-stats", { timeout: 20000 });
  // Pages other than search wait for the library's body.
  await page.waitForFunction(() => !document.querySelector("#main .loading"), null, { timeout: 20000 });
}

async function swControlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.waitForSelector("#library-stats");
  }
  assert(await page.evaluate(() => !!navigator.serviceWorker.controller), "page is controlled by the service worker");
}

const MANIFEST = "apiVersion: v1\nkind: Pod\nmetadata: {name: offline-pod}\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n";

test("works offline after the first visit: search, a case page and a manifest check", async ({ page, context }) => {
  await ready(page);
  await swControlled(page);
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("#library-stats");
  await page.fill("#q", "dynamodb");
  await page.waitForSelector("#results .result");
  await page.click("#result-0 a");
  await page.waitForSelector("#case-title");
  await page.goto(BASE + "/check");
  await page.waitForSelector("#manifest");
  await page.fill("#manifest", MANIFEST);
  await page.click("#run-check");
  await page.waitForSelector('.finding[data-rule="image-mutable-or-always-pulled"]');
}, { serviceWorkers: "allow" });

test("Korean works offline after a Korean first visit, with only the Korean library precached", async ({ page, context }) => {
  await ready(page, BASE, "/ko/");
  await swControlled(page);
  const cached = await page.evaluate(async () => {
    const keys = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) keys.push(new URL(req.url).pathname);
    return keys;
  });
  assert(cached.includes("/casebook.ko.bin") && !cached.includes("/casebook.bin"), `precached bundles: ${cached.filter((k) => k.endsWith(".bin"))}`);
  const wasm = cached.filter((k) => k.endsWith("_bg.wasm"));
  assert(wasm.length === 2 && wasm.every((w) => w.startsWith("/ko/")) && wasm.some((w) => w.includes("review-worker")), `precached wasm (the Korean app and review worker): ${wasm}`);
  // The Korean page has its own manifest, in Korean, starting at /ko/.
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  const data = JSON.parse(manifest.data);
  assert(manifest.url.endsWith("/ko/manifest.webmanifest") && manifest.errors.length === 0, `Korean manifest: ${manifest.url} ${JSON.stringify(manifest.errors)}`);
  assert(/[\uAC00-\uD7A3]/.test(data.name) && data.start_url === "/ko/", `Korean manifest fields: ${manifest.data}`);
  await context.setOffline(true);
  await page.goto(BASE + "/ko/cases/2026-09-29-azure-openai-sweden-central");
  await page.waitForSelector("#case-title");
  assert(/[\uAC00-\uD7A3]/.test(await page.textContent("#case-title")), "the Korean case renders offline");
}, { serviceWorkers: "allow" });

test("the app is installable: Chromium reports no installability or manifest errors", async ({ page, context }) => {
  await ready(page);
  await swControlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert(installabilityErrors.length === 0, `installability errors: ${JSON.stringify(installabilityErrors)}`);
  const manifest = await cdp.send("Page.getAppManifest");
  assert(manifest.url.endsWith("/manifest.webmanifest") && manifest.errors.length === 0, `manifest errors: ${JSON.stringify(manifest.errors)}`);
  const data = JSON.parse(manifest.data);
  assert(data.display === "standalone" && data.icons.some((i) => i.purpose === "maskable"), "standalone, with a maskable icon");
}, { serviceWorkers: "allow" });

test("a new deploy is picked up on the next visit with an 'updated, reload' notice", async () => {
  const dir = mkdtempSync(join(tmpdir(), "casebook-deploy-"));
  cpSync(DIST, dir, { recursive: true });
  const server = await serve(dir, 8097);
  const base = "http://127.0.0.1:8097";
  const context = await launch({ serviceWorkers: "allow" });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await ready(page, base);
    await swControlled(page);
    // Deploy: a new service worker version and a new bundle date.
    const sw = readFileSync(join(dir, "sw.js"), "utf8").replace(/const VERSION = "[^"]*"/, 'const VERSION = "next-deploy"');
    writeFileSync(join(dir, "sw.js"), sw);
    await page.goto(base + "/about");
    await page.waitForSelector("#update-banner", { timeout: 20000 });
    assert((await page.textContent("#update-banner")).includes("updated"), "notice text");
    let names = "";
    for (let i = 0; i < 50; i++) {
      names = await page.evaluate(async () => (await caches.keys()).join(","));
      if (names.includes("casebook-next-deploy") && !/casebook-(?!next-deploy)/.test(names)) break;
      await page.waitForTimeout(100);
    }
    assert(names.includes("casebook-next-deploy") && !/casebook-(?!next-deploy)/.test(names), `old caches removed: ${names}`);
  } finally {
    await context.close();
    server.close();
  }
});

test("nothing leaves the browser: no request after load except same-origin static files; nothing stored", async ({ page, context }) => {
  await ready(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = [];
  cdp.on("Network.requestWillBeSent", (e) => requests.push({ url: e.request.url, method: e.request.method, body: e.request.postData || "" }));
  const secret = "PASTED-SECRET-" + Date.now();
  await page.click("a[href='/check']");
  await page.waitForSelector("#manifest");
  const yaml = MANIFEST.replace("offline-pod", secret) + "---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {token: " + secret + "}\n";
  await page.fill("#manifest", yaml);
  await page.click("#run-check");
  await page.waitForSelector("#check-summary");
  await page.check("#compare");
  await page.fill("#before", yaml.replace("latest", "1.25"));
  await page.click("#run-check");
  await page.waitForSelector("#check-summary");
  await page.click("a[href='/']");
  await page.fill("#q", "kubernetes dns " + secret);
  await page.waitForSelector("#results");
  const bad = requests.filter((r) => {
    const u = new URL(r.url);
    const sameOrigin = u.origin === new URL(BASE).origin;
    const staticFile = /\.(wasm|js|css|bin|png|json|webmanifest|html)$/.test(u.pathname) || u.pathname === "/";
    return !(sameOrigin && r.method === "GET" && staticFile) || r.url.includes(secret) || r.body.includes(secret);
  });
  assert(bad.length === 0, `unexpected requests: ${JSON.stringify(bad)}`);
  const stored = await page.evaluate(async () => {
    const dbs = indexedDB.databases ? await indexedDB.databases() : [];
    let cached = "";
    for (const key of await caches.keys()) {
      for (const req of await (await caches.open(key)).keys()) cached += req.url + " ";
    }
    return { local: localStorage.length, session: sessionStorage.length, cookies: document.cookie, dbs: dbs.length, cached };
  });
  assert(stored.local === 0 && stored.session === 0 && stored.cookies === "" && stored.dbs === 0, `storage: ${JSON.stringify(stored)}`);
  assert(!stored.cached.includes(secret), "no pasted content in the cache");
}, { serviceWorkers: "allow" });

test("secret values are shown redacted in findings", async ({ page }) => {
  await ready(page, BASE, "/check");
  const yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n    - name: c\n      image: nginx:1.25\n      env:\n        - {name: DB_PASSWORD, value: hunter2-very-secret}\n";
  await page.fill("#manifest", yaml);
  await page.click("#run-check");
  await page.waitForSelector('.finding[data-rule="secret-literal-env"]');
  const shown = await page.textContent("#check-results");
  assert(!shown.includes("hunter2-very-secret") && shown.includes("[redacted]"), "redacted in findings");
});

test("HTML and script payloads in YAML are rendered as text and never run", async ({ page }) => {
  await ready(page, BASE, "/check");
  const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
  const yaml = `apiVersion: v1\nkind: Service\nmetadata:\n  name: "${payload.replace(/"/g, '\\"')}"\nspec:\n  type: LoadBalancer\n  selector: {app: "${payload.replace(/"/g, '\\"')}"}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: "${payload.replace(/"/g, '\\"')}"}\nspec:\n  replicas: 1\n  template:\n    metadata: {labels: {app: x}}\n    spec: {containers: [{name: "<b>c</b>", image: "nginx:latest"}]}\n`;
  await page.fill("#manifest", yaml);
  await page.click("#run-check");
  await page.waitForSelector("#check-summary");
  await page.waitForTimeout(300);
  assert((await page.evaluate(() => window.__xss)) === undefined, "no payload executed");
  assert((await page.locator("#check-results img").count()) === 0, "no element injected");
  assert((await page.textContent("#check-results")).includes("<b>c</b>"), "payload shown as text");
  await page.goto(BASE + "/?q=" + encodeURIComponent(payload));
  await page.waitForSelector("#results");
  assert((await page.evaluate(() => window.__xss)) === undefined, "query payload not executed");
  await page.goto(BASE + "/cases/" + encodeURIComponent(payload));
  await page.waitForSelector("#not-found");
  assert((await page.evaluate(() => window.__xss)) === undefined, "route payload not executed");
});

test("20 MB of input, hostile fragments and deep nesting give clear messages and the page stays responsive", async ({ page }) => {
  await ready(page, BASE, "/check");
  const accepted = await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData("text/plain", "a: b\n".repeat(4 * 1024 * 1024));
    const ev = new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true });
    return document.getElementById("manifest").dispatchEvent(ev);
  });
  assert(accepted === false, "the oversized paste is refused");
  await page.waitForSelector("#link-error >> text=MB");
  assert((await page.inputValue("#manifest")).length === 0, "nothing was put into the text area");
  const t0 = Date.now();
  assert((await page.evaluate(() => 1 + 1)) === 2 && Date.now() - t0 < 2000, "page responds");
  await page.goto(BASE + "/check#m=%%%not-base64");
  await page.waitForSelector("#link-error");
  await page.goto(BASE + "/check#m=" + "A".repeat(5000));
  await page.waitForSelector("#link-error");
  // A new check clears the notice about the bad link.
  await page.fill("#manifest", MANIFEST);
  await page.click("#run-check");
  await page.waitForSelector("#check-summary");
  assert(!(await page.isVisible("#link-error")), "the old notice is gone after a new check");
});

test("a large check runs off the main thread: the page paints 'Checking…' while it works", async ({ page }) => {
  await ready(page, BASE, "/check");
  const doc = (i) => `---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app-${i}}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: app-${i}}}\n  template:\n    metadata: {labels: {app: app-${i}}}\n    spec:\n      containers: [{name: app, image: "registry.example.com/app:${i}"}]\n`;
  let yaml = "";
  for (let i = 0; yaml.length < 4 << 20; i++) yaml += doc(i);
  await page.evaluate((y) => { document.getElementById("manifest").value = y; }, yaml);
  await page.click("#run-check");
  await page.waitForSelector("#checking", { timeout: 5000 });
  await page.waitForSelector("#check-summary", { timeout: 60000 });
  assert(!(await page.isVisible("#checking")), "busy state cleared");
  assert(await page.isVisible("#show-all"), "thousands of findings are paged, not all laid out at once");
});

// A paste event carrying `text` into the manifest box, as a browser sends it
// (a script's paste inserts nothing by itself); true unless the page took it.
function paste(page, text, selectAll = false) {
  return page.evaluate(([text, selectAll]) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", text);
    const t = document.getElementById("manifest");
    if (selectAll) t.setSelectionRange(0, t.value.length);
    return t.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, [text, selectAll]);
}

test("a large paste is held by the page, not drawn in the text box, and is reviewed whole with what the box had around it", async ({ page }) => {
  await ready(page, BASE, "/check");
  const doc = (i) => `---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app-${i}}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: app-${i}}}\n  template:\n    metadata: {labels: {app: app-${i}}}\n    spec:\n      containers: [{name: app, image: "registry.example.com/app:${i}"}]\n`;
  let big = "";
  for (let i = 0; big.length < 400 * 1024; i++) big += doc(i);
  // The box holds one document; the caret sits at its end, so the paste lands after it.
  const head = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: first}\ndata: {k: v}\n";
  await page.fill("#manifest", head);
  await page.evaluate(() => { const t = document.getElementById("manifest"); t.setSelectionRange(t.value.length, t.value.length); });
  const accepted = await paste(page, big);
  assert(accepted === false, "the page takes the large paste itself");
  await page.waitForSelector("#manifest-held");
  assert(!(await page.isVisible("#manifest")), "the text box is hidden while its text is held");
  const lines = (head + big).split("\n").length - 1;
  assert((await page.textContent("#manifest-held")).includes(`${lines} lines`), "the held text's line count is shown");
  assert((await page.getByRole("group", { name: "Manifest" }).count()) === 1, "the held text is a group named by the box's label, for screen readers");
  await page.waitForSelector("#check-summary", { timeout: 60000 });
  const objects = (big.match(/^kind:/gm) || []).length + 1;
  assert((await page.textContent("#check-summary")).includes(`in ${objects} object(s)`), "the review covers the box's document and every pasted one");
  const lastLine = Math.max(...(await page.$$eval(".finding", (fs) => fs.map((f) => Number(f.dataset.line)))));
  assert(lastLine > 5, "findings point into the pasted text, after the box's document");
  await page.click("#manifest-edit");
  await page.waitForSelector("#manifest-held", { state: "detached" });
  assert((await page.inputValue("#manifest")) === head + big, "editing puts the whole text in the box");
  await paste(page, big, true);
  await page.waitForSelector("#manifest-held");
  assert((await page.textContent("#manifest-held")).includes(`${big.split("\n").length - 1} lines`), "a paste over a selection replaces it");
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dropped}\n"], "m.yaml", { type: "text/yaml" }));
    document.getElementById("manifest-held").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForSelector("#manifest-held", { state: "detached" });
  assert((await page.inputValue("#manifest")).includes("name: dropped"), "a file dropped on the held text takes its place");
  await paste(page, big, true);
  await page.waitForSelector("#manifest-held");
  await page.click("#manifest-clear");
  await page.waitForSelector("#manifest-held", { state: "detached" });
  assert((await page.inputValue("#manifest")) === "" && !(await page.isVisible("#check-summary")), "clearing empties the input and its findings");
  assert((await page.evaluate(() => location.hash)) === "", "and the link no longer carries the text");
});

test("accessibility: axe-core finds no serious or critical violations on any page", async ({ page }) => {
  const pages = ["/", "/?q=dns", "/cases/2025-11-05-render-oregon-404", "/graph", "/topics", "/topics/component/dns", "/check", "/rules", "/rules/liveness-remote-dependency", "/about", "/no-such-page", "/ko/", "/ko/cases/2026-09-29-azure-openai-sweden-central", "/ko/check", "/ko/rules/pdb-missing"];
  const failures = [];
  for (const path of pages) {
    await ready(page, BASE, path);
    if (path.endsWith("/check")) {
      await page.fill("#manifest", MANIFEST);
      await page.click("#run-check");
      await page.waitForSelector("#check-summary");
    }
    await page.evaluate(AXE);
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    for (const v of result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
      failures.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join("; ")}`);
    }
  }
  assert(failures.length === 0, "\n  " + failures.join("\n  "));
});

test("keyboard alone works through search, results, a case page and /check", async ({ page }) => {
  await ready(page);
  await page.keyboard.press("/");
  await page.keyboard.type("etcd");
  await page.waitForSelector("#result-0");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#case-title");
  // Tab reaches the links of the case page.
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.closest?.("#sources, #related, .terms") != null);
  }
  assert(reached, "tab reaches case links");
  await page.goto(BASE + "/check");
  await page.waitForSelector("#manifest");
  await page.focus("#manifest");
  await page.keyboard.insertText(MANIFEST);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.id === "run-check")) break;
  }
  await page.keyboard.press("Enter");
  await page.waitForSelector("#check-summary");
});

await run();
