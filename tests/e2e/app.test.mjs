// End-to-end journeys through the release build in headless Chromium.
import { BASE, assert, run, test } from "./harness.mjs";

const RENDER = "2025-11-05-render-oregon-404";
// A word that only a case body holds (no title, name or term has it).
const BODY_ONLY_WORD = "quorum";

async function ready(page, path = "/") {
  await page.goto(BASE + path);
  await page.waitForSelector("#library-stats", { timeout: 20000 });
  // Pages other than search wait for the library's body.
  await page.waitForFunction(() => !document.querySelector("#main .loading"), null, { timeout: 20000 });
}

test("home loads the bundle, search finds a case, and the case page shows its fields", async ({ page, errors }) => {
  await ready(page);
  const stats = await page.textContent("#library-stats");
  assert(/^\d+ cases · bundle built \d{4}-\d{2}-\d{2}$/.test(stats), `footer stats: ${stats}`);
  await page.fill("#q", "render oregon 404");
  await page.waitForSelector(`#results a[href="/cases/${RENDER}"]`);
  await page.click(`#results a[href="/cases/${RENDER}"]`);
  await page.waitForSelector("#case-title");
  assert((await page.textContent("#case-title")).includes("Render"), "case title");
  for (const id of ["#summary", "#impact", "#cause", "#components", "#symptoms", "#sources"]) {
    assert(await page.isVisible(id), `${id} renders`);
  }
  assert((await page.title()).includes("Render"), "document title names the case");
  assert((await page.getAttribute("#sources a", "href")).includes("status.render.com"), "source URL linked");
  assert(errors.length === 0, `page errors: ${errors}`);
});

test("an alias resolves to the case's stable URL", async ({ page }) => {
  await ready(page, "/cases/IL-0346");
  await page.waitForURL(`**/cases/${RENDER}`);
  assert((await page.textContent("#case-title")).includes("Render"), "alias shows the case");
});

test("unknown case ids and routes show the 404 page", async ({ page }) => {
  await ready(page, "/cases/no-such-case");
  await page.waitForSelector("#not-found");
  assert((await page.textContent("#not-found")).includes("no-such-case"), "404 names the id");
  await page.goto(BASE + "/no/such/route");
  await page.waitForSelector("#not-found");
});

test("a corrupt bundle shows the error page, and retry recovers", async ({ page, errors }) => {
  let corrupt = true;
  await page.route("**/casebook.bin", async (route) => {
    if (!corrupt) return route.continue();
    const resp = await route.fetch();
    const body = Buffer.from(await resp.body());
    body[body.length >> 1] ^= 0xff;
    return route.fulfill({ status: 200, body, contentType: "application/octet-stream" });
  });
  await page.goto(BASE + "/");
  await page.waitForSelector("#load-error");
  assert((await page.textContent("#load-error")).includes("corrupt"), "error explains corruption");
  corrupt = false;
  await page.click("#retry");
  await page.waitForSelector("#library-stats");
  assert(errors.length === 0, `page errors: ${errors}`);
});

test("search works on the library's head alone; a corrupt body is named on the pages that need it, and retry recovers", async ({ page, errors }) => {
  let corrupt = true;
  await page.route("**/casebook.body.bin", async (route) => {
    if (!corrupt) return route.continue();
    const body = Buffer.from(await (await route.fetch()).body());
    body[body.length >> 1] ^= 0xff;
    return route.fulfill({ status: 200, body, contentType: "application/octet-stream" });
  });
  await page.goto(BASE + "/?q=IL-0346");
  await page.waitForSelector("#result-0");
  assert((await page.textContent("#result-0 .result-title")).includes("Render"), "the head finds a case by its alias");
  await page.click("#result-0 a");
  await page.waitForSelector("#load-error");
  assert((await page.textContent("#load-error")).includes("case details"), "the error names the case details");
  corrupt = false;
  await page.click("#retry");
  await page.waitForSelector("#case-title");
  assert((await page.textContent("#case-title")).includes("Render"), "retry loads the case");
  assert(errors.length === 0, `page errors: ${errors}`);
});

test("words only the case bodies hold are found once the body arrives", async ({ page }) => {
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route("**/casebook.body.bin", async (route) => { await held; return route.continue(); });
  await page.goto(BASE + "/?q=" + encodeURIComponent(BODY_ONLY_WORD));
  await page.waitForSelector("#no-results");
  release();
  await page.waitForSelector("#result-0");
});

test("a missing or wrong-version bundle shows the error page", async ({ page }) => {
  await page.route("**/casebook.bin", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto(BASE + "/");
  await page.waitForSelector("#load-error");
  assert((await page.textContent("#load-error")).includes("404"), "names the status");
  await page.unroute("**/casebook.bin");
  await page.route("**/casebook.bin", async (route) => {
    const body = Buffer.from(await (await route.fetch()).body());
    body[8] = 99; // format version
    return route.fulfill({ status: 200, body });
  });
  await page.click("#retry");
  await page.waitForSelector("#load-error >> text=format version 99");
});

test("search state lives in the URL and survives a reload; keyboard opens a result", async ({ page }) => {
  await ready(page, "/?q=dns&component=dns");
  await page.waitForSelector("#results .result");
  assert((await page.inputValue("#q")) === "dns", "query restored from the URL");
  const count = await page.textContent("#result-count");
  await page.reload();
  await page.waitForSelector("#results .result");
  assert((await page.textContent("#result-count")) === count, "same results after reload");
  await page.click("h1, body", { position: { x: 5, y: 5 } }).catch(() => {});
  await page.keyboard.press("/");
  assert(await page.evaluate(() => document.activeElement?.id === "q"), "/ focuses the search box");
  await page.keyboard.press("ArrowDown");
  await page.waitForSelector("#result-0.selected");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#case-title");
});

test("a facet link carries the text just typed and the filters already chosen", async ({ page }) => {
  await ready(page);
  // Clicked straight after typing, before the URL has caught up.
  await page.fill("#q", "dns");
  await page.click(".facet-group:has(summary:text-is('Component')) .facet >> nth=0");
  await page.waitForURL(/[?&]component=/);
  const first = new URL(page.url());
  assert(first.searchParams.get("q") === "dns", `the typed text is kept: ${page.url()}`);
  await page.waitForSelector(".facet.active");
  // Every other link now adds to that filter, and the active one removes it.
  const picked = first.searchParams.get("component");
  const hrefs = await page.$$eval(".facet-group:has(summary:text-is('Cause')) .facet", (as) => as.map((a) => a.getAttribute("href")));
  assert(hrefs.length > 0, "cause facets are listed");
  for (const h of hrefs) {
    const u = new URL(h, "http://x");
    assert(u.searchParams.get("component") === picked && u.searchParams.has("cause"), `cause link keeps the component filter: ${h}`);
  }
  await page.click(".facet.active");
  await page.waitForURL((u) => !new URL(u).searchParams.has("component"));
  assert(new URL(page.url()).searchParams.get("q") === "dns", "unsetting keeps the text");
});

test("clear filters keeps the text just typed", async ({ page }) => {
  await ready(page, "/?q=dns");
  await page.click(".facet-group:has(summary:text-is('Component')) .facet >> nth=0");
  await page.waitForSelector("a.clear");
  // Typed, then the link clicked by a script at once: the box keeps focus, so the URL has not caught up.
  await page.fill("#q", "etcd");
  await page.evaluate(() => document.querySelector("a.clear").click());
  await page.waitForURL((u) => !new URL(u).searchParams.has("component"));
  assert(new URL(page.url()).searchParams.get("q") === "etcd", `the typed text is kept: ${page.url()}`);
  assert((await page.inputValue("#q")) === "etcd", "and stays in the box");
});

test("results kept across keystrokes update their place and snippet", async ({ page }) => {
  await ready(page);
  await page.fill("#q", "dns");
  await page.waitForSelector("#result-0 mark");
  await page.fill("#q", "dns outage");
  await page.waitForFunction(() => [...document.querySelectorAll("#results .result mark")].some((m) => /outage/i.test(m.textContent)));
  const ids = await page.$$eval("#results .result", (lis) => lis.map((li) => li.id));
  assert(ids.every((id, i) => id === `result-${i}`), `positions follow the list: ${ids.join(",")}`);
  await page.fill("#q", "zzzqqxnotaword");
  await page.waitForSelector("#no-results");
  await page.fill("#q", "dns");
  await page.waitForSelector("#result-0 mark");
  assert((await page.textContent("#result-count")).match(/^\d+ cases?$/), "the count is shown again");
});

test("typing a prefix and a typo still finds cases, with highlighted snippets", async ({ page }) => {
  await ready(page);
  await page.fill("#q", "dynamo");
  await page.waitForSelector("#results .result mark");
  assert((await page.textContent("#result-0")).toLowerCase().includes("dynamodb"), "prefix finds DynamoDB");
  await page.fill("#q", "kubernets");
  await page.waitForSelector("#results .result");
  assert(!(await page.isVisible("#no-results")), "typo still finds results");
});

test("a paste is reviewed at once, without the pause that typing waits for", async ({ page }) => {
  await ready(page, "/check");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(BASE).origin });
  await page.evaluate(() => navigator.clipboard.writeText("apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {type: LoadBalancer, selector: {app: web}, ports: [{port: 80}]}\n"));
  // From here on the page's timers never fire, so a review that appears did not wait for one.
  await page.evaluate(() => { window.__timers = 0; window.setTimeout = () => ++window.__timers; });
  await page.focus("#manifest");
  await page.keyboard.type("# typed first\n");
  assert((await page.evaluate(() => window.__timers)) > 0, "typing waits for a pause");
  await page.keyboard.press("Control+V");
  await page.waitForSelector("#check-summary");
  assert((await page.textContent("#check-summary")).includes("in 1 object(s)"), "the pasted text was reviewed");
});

test("the check page reviews pasted YAML with line:col and case links, and highlights a line", async ({ page }) => {
  await ready(page, "/check");
  const yaml = [
    "apiVersion: apps/v1", "kind: Deployment", "metadata: {name: api}", "spec:", "  replicas: 2",
    "  selector: {matchLabels: {app: api}}", "  template:", "    metadata: {labels: {app: api}}", "    spec:",
    "      containers:", "        - name: api", "          image: api:latest",
    "          livenessProbe:", "            exec: {command: [pg_isready, -h, db.prod]}",
  ].join("\n");
  await page.fill("#manifest", yaml);
  await page.click("#run-check");
  await page.waitForSelector("#check-summary");
  const finding = page.locator('.finding[data-rule="liveness-remote-dependency"]');
  assert((await finding.count()) === 1, "liveness finding present");
  assert((await finding.locator(".loc").textContent()) === "14:29", "exact line and column");
  assert((await finding.locator("a[href^='/cases/']").count()) >= 1, "links to its cases");
  await finding.locator(".loc").click();
  const sel = await page.evaluate(() => {
    const t = document.getElementById("manifest");
    return t.value.substring(t.selectionStart, t.selectionEnd);
  });
  assert(sel.includes("pg_isready"), `clicking a finding selects its line, got ${sel}`);
  await page.waitForFunction(() => location.hash.startsWith("#m="));
  const shared = page.url();
  await page.goto("about:blank");
  await page.goto(shared);
  await page.waitForSelector('.finding[data-rule="liveness-remote-dependency"]');
});

test("a review worker that cannot start or crashes is reported, not waited on forever", async ({ page }) => {
  const js = (body) => (route) => route.fulfill({ contentType: "text/javascript", body });
  for (const [why, fulfil, says] of [
    ["its script is missing", (route) => route.fulfill({ status: 404, body: "not found" }), "review worker could not start"],
    ["its module fails to load", js('self.postMessage({ failed: "test" });'), "review worker could not start"],
    ["it panics", js('self.onmessage = () => self.postMessage({ crashed: "boom" }); self.postMessage({ ready: true });'), "stopped unexpectedly (boom)"],
  ]) {
    await page.route("**/review-worker.js", fulfil);
    await ready(page, "/check");
    await page.fill("#manifest", "apiVersion: v1\nkind: Service\nmetadata: {name: a}\n");
    await page.click("#run-check");
    await page.waitForSelector(`#link-error >> text=${says}`, { timeout: 10000 });
    assert((await page.locator("#check-summary").count()) === 0, `no report when ${why}`);
    assert((await page.locator("#run-check").isEnabled()), `the page stays usable when ${why}`);
    await page.unroute("**/review-worker.js");
  }
  // The real worker reports its own panic before its instance dies.
  await ready(page, "/check");
  const msg = await page.evaluate(() => new Promise((resolve) => {
    const w = new Worker("/review-worker.js");
    w.onmessage = (e) => (e.data.ready ? w.postMessage({ id: 1, after: "a: 1", debug_panic: true }) : resolve(e.data));
    setTimeout(() => resolve({ timedOut: true }), 15000);
  }));
  assert(typeof msg.crashed === "string" && msg.crashed.includes("debug panic"), `worker panic reported: ${JSON.stringify(msg)}`);
});

test("no page logs a console error on load (header-only CSP directives stay out of the meta tag)", async ({ page, consoleErrors }) => {
  for (const path of ["/", `/cases/${RENDER}`, "/check", "/graph", "/rules"]) {
    await ready(page, path);
    await page.waitForTimeout(300);
  }
  assert(consoleErrors.length === 0, `console errors: ${consoleErrors.join(" | ")}`);
  const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
  assert(!meta.includes("frame-ancestors"), "frame-ancestors is not in the meta tag");
  const header = (await page.request.get(BASE + "/")).headers()["content-security-policy"] || "";
  assert(header.includes("frame-ancestors 'none'"), `the header policy carries frame-ancestors: ${header}`);
});

test("the check page reviews as you type, orders by severity with counts, shows a fix, and applies a project config", async ({ page }) => {
  await ready(page, "/check");
  const yaml = [
    "apiVersion: v1", "kind: Service", "metadata: {name: web}", "spec:", "  selector: {app: web}", "  ports: [{port: 80}]", "---",
    "apiVersion: apps/v1", "kind: Deployment", "metadata: {name: web}", "spec:", "  replicas: 1",
    "  selector: {matchLabels: {app: web}}", "  template:", "    metadata: {labels: {app: web}}", "    spec:",
    "      containers:", "        - name: web", "          image: example/web:1.0",
    "          readinessprobe: {httpGet: {path: /ready, port: 8080}}",
  ].join("\n");
  await page.fill("#manifest", yaml);
  // No click: a pause in typing reviews the text. The schema table loads in the worker.
  const typo = page.locator('.finding[data-rule="schema-unknown-field"]');
  await typo.waitFor({ timeout: 15000 });
  assert((await typo.locator(".loc").textContent()) === "20:11", "the typo's line and column");
  assert((await typo.locator(".fix").textContent()).includes("readinessProbe"), "the fix names the right field");
  assert(/\d+ error\(s\), \d+ warning\(s\), \d+ info/.test(await page.textContent("#check-counts")), "counts by severity");
  const sevs = await page.$$eval(".finding .sev", (els) => els.map((e) => e.textContent));
  const rank = { error: 0, warning: 1, info: 2 };
  assert(sevs.every((s, i) => i === 0 || rank[sevs[i - 1]] <= rank[s]), `findings by severity: ${sevs}`);
  assert((await page.locator('.finding[data-rule="single-replica-behind-service"] .fix').count()) === 1, "every finding has a fix");
  await page.click(".project-config summary");
  await page.fill("#config", '[rules]\nsingle-replica-behind-service = "off"\n');
  await page.waitForFunction(() => !document.querySelector('.finding[data-rule="single-replica-behind-service"]'), null, { timeout: 10000 });
  await page.fill("#config", '[rules]\nno-such-rule = "off"\n');
  await page.waitForSelector("#input-errors >> text=.casebook.toml", { timeout: 10000 });
});

test("before/after review flags a LoadBalancer downgrade, and Markdown can be copied", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  await ready(page, "/check");
  await page.check("#compare");
  const svc = (type) => `apiVersion: v1\nkind: Service\nmetadata: {name: gw}\nspec:\n  type: ${type}\n  selector: {app: gw}\n  ports: [{name: http, port: 80}]\n`;
  await page.fill("#before", svc("LoadBalancer"));
  await page.fill("#manifest", svc("ClusterIP"));
  await page.click("#run-check");
  await page.waitForSelector('.finding[data-rule="change-lb-service-downgraded"]');
  await page.click("#copy-markdown");
  const md = await page.inputValue("#markdown-out");
  assert(md.includes("change-lb-service-downgraded") && md.includes("5:9"), `markdown: ${md}`);
});

test("bad input gets a clear message naming the line, and the page stays alive", async ({ page, errors }) => {
  await ready(page, "/check");
  await page.fill("#manifest", "kind: Pod\nmetadata: [unclosed\n");
  await page.click("#run-check");
  await page.waitForSelector("#input-errors");
  assert((await page.textContent("#input-errors")).includes("line"), "names the line");
  await page.fill("#manifest", "[".repeat(2000));
  await page.click("#run-check");
  await page.waitForSelector("#input-errors >> text=deep");
  await page.fill("#manifest", "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n");
  await page.click("#run-check");
  await page.waitForSelector("#input-errors >> text=alias bomb");
  assert(errors.length === 0, `page errors: ${errors}`);
});

test("a case shows related cases with reasons, and the ego graph navigates", async ({ page }) => {
  await ready(page, "/cases/2026-09-29-azure-openai-sweden-central");
  await page.waitForSelector("#related .related-case");
  assert((await page.textContent("#related .reasons")).length > 0, "reasons shown");
  assert((await page.locator("#rules a[href='/rules/liveness-remote-dependency']").count()) === 1, "rules grounded in the case are listed");
  const target = await page.getAttribute(".ego-node", "data-href");
  await page.click(".ego-node");
  await page.waitForURL("**" + target);
  await page.waitForSelector("#case-title");
});

test("the graph and topic pages load", async ({ page }) => {
  await ready(page, "/graph");
  await page.waitForSelector("#library-graph .node");
  assert((await page.locator("#library-graph .node").count()) >= 150, "all cases drawn");
  await page.selectOption("#graph-filter", "component:dns");
  assert((await page.locator("#library-graph .node.dim").count()) > 0, "filter dims other clusters");
  // Every edge colour drawn is explained by the edge legend.
  const legend = await page.$$eval(".edge-legend line", (ls) => ls.map((l) => l.getAttribute("class").replace("edge ", "")));
  const drawn = await page.$$eval("#library-graph line", (ls) => [...new Set(ls.map((l) => l.getAttribute("class").replace("edge ", "")))]);
  assert(drawn.length > 1 && drawn.every((c) => legend.includes(c)), `edge colours ${drawn} are all in the legend ${legend}`);
  await page.goto(BASE + "/topics/component/dns");
  await page.waitForSelector("#topic");
  assert((await page.textContent("#topic h1")) === "DNS", "topic title");
  await page.goto(BASE + "/topics");
  await page.waitForSelector("a[href='/topics/cause/config-change']");
});

test("pages are readable at 360 px wide: no horizontal scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/cases/2026-09-29-azure-openai-sweden-central", "/graph", "/topics/component/dns", "/check", "/rules/liveness-remote-dependency"]) {
    await ready(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 1, `${path} overflows by ${overflow}px at 360px`);
  }
});

test("a panic shows the crash view with a reload link instead of a dead page", async ({ page }) => {
  await page.goto(BASE + "/debug/panic");
  await page.waitForSelector(".crash #crash-reload", { timeout: 20000 });
  assert((await page.textContent(".crash h1")).includes("stopped"), "crash view");
  await page.goto(BASE + "/ko/debug/panic");
  await page.waitForSelector(".crash #crash-reload", { timeout: 20000 });
  assert((await page.textContent(".crash h1")).includes("멈췄습니다") && (await page.textContent("#crash-reload")) === "새로고침", "the crash view in Korean");
});

test("typing draws 20 results and rewrites the URL when it pauses; the language switch carries the typed query", async ({ page }) => {
  await ready(page, "/");
  await page.fill("#q", "dns");
  await page.waitForSelector("#result-0");
  assert((await page.locator("#results .result").count()) === 20, "20 results drawn while typing");
  await page.click("#more-results");
  await page.waitForSelector("#result-20");
  assert((await page.locator("#results .result").count()) > 20, "Show more draws the rest of the page");
  await page.fill("#q", "dns race");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("q") === "dns race");
  await page.click("#lang-switch");
  await page.waitForFunction(() => location.pathname === "/ko/" && new URLSearchParams(location.search).get("q") === "dns race");
  await page.waitForSelector("#result-0");
  assert((await page.inputValue("#q")) === "dns race", "the query survives the switch");
});

// Korean: the locale travels in the URL, and every journey works in it.
const SWEDEN = "2026-09-29-azure-openai-sweden-central";
const HANGUL = /[\uAC00-\uD7A3]/;

async function platformFonts(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts;
}

test("Korean: a first visit from a Korean browser opens /ko/, and a Korean query finds the Sweden Central case first", async ({ page, errors }) => {
  const wasm = [];
  page.on("request", (r) => { const p = new URL(r.url()).pathname; if (p.endsWith("_bg.wasm")) wasm.push(p); });
  await page.goto(BASE + "/");
  await page.waitForURL("**/ko/");
  await page.waitForSelector("#q");
  assert(wasm.length === 1 && wasm[0].startsWith("/ko/"), `the page went to /ko/ before fetching the English wasm: ${wasm}`);
  await page.waitForSelector("#library-stats");
  assert((await page.textContent("#library-stats")).startsWith("사례 "), "footer in Korean");
  assert((await page.getAttribute("html", "lang")) === "ko", "html lang is ko");
  await page.fill("#q", "헬스 체크 재시작 루프");
  await page.waitForSelector(`#result-0 a[href="/ko/cases/${SWEDEN}"]`);
  assert(HANGUL.test(await page.textContent("#result-0")), "the result is in Korean");
  await page.click("#result-0 a");
  await page.waitForSelector("#case-title");
  assert(HANGUL.test(await page.textContent("#case-title")), "case title in Korean");
  assert((await page.textContent("#summary h2")) === "요약", "headings in Korean");
  assert(HANGUL.test(await page.textContent("#timeline")), "timeline in Korean");
  assert(!(await page.textContent("#main")).includes("Contributing factors"), "no English headings");
  // Related cases link within the locale.
  const related = await page.getAttribute("#related .related-case a", "href");
  assert(related.startsWith("/ko/cases/"), `related link ${related} keeps the locale`);
  // Hangul is drawn with a Korean font, not boxes.
  const fonts = await platformFonts(page, "#case-title");
  assert(fonts.some((f) => /CJK|Gothic|KR|Nanum/i.test(f.familyName) && f.glyphCount > 0), `Korean glyphs come from ${JSON.stringify(fonts)}`);
  assert(errors.length === 0, `page errors: ${errors}`);
}, { locale: "ko-KR" });

test("Korean: the language switch keeps the page, sets lang, and the choice is remembered", async ({ page }) => {
  await ready(page, `/cases/${RENDER}?x=1#impact`);
  assert((await page.getAttribute("html", "lang")) === "en", "html lang is en");
  await page.click("#lang-switch");
  await page.waitForURL(`**/ko/cases/${RENDER}?x=1#impact`);
  await page.waitForFunction(() => /[\uAC00-\uD7A3]/.test(document.querySelector("#case-title")?.textContent || ""));
  assert((await page.getAttribute("html", "lang")) === "ko", "html lang is ko");
  assert((await page.textContent("#lang-switch")).trim() === "English", "switch offers English");
  await page.click("#lang-switch");
  await page.waitForURL(`**/cases/${RENDER}?x=1#impact`);
  await page.waitForFunction(() => !/[\uAC00-\uD7A3]/.test(document.querySelector("#case-title")?.textContent || "x"));
  assert(!page.url().includes("/ko/"), "back in English");
  // Having chosen English, a Korean browser is not sent to /ko/ again.
  await page.goto(BASE + "/");
  await page.waitForSelector("#library-stats");
  assert(!page.url().includes("/ko"), `stays English: ${page.url()}`);
}, { locale: "ko-KR" });

test("Korean: /ko/check reviews with Korean messages and fixes, linking Korean case and rule pages", async ({ page }) => {
  await ready(page, "/ko/check");
  await page.fill("#manifest", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n    - name: c\n      image: nginx:latest\n");
  await page.click("#run-check");
  await page.waitForSelector('.finding[data-rule="image-mutable-or-always-pulled"]');
  const finding = page.locator('.finding[data-rule="image-mutable-or-always-pulled"]').first();
  assert(HANGUL.test(await finding.locator(".message").textContent()), "message in Korean");
  assert((await finding.locator(".fix").textContent()).startsWith("고치는 법"), "fix in Korean");
  assert((await finding.locator(".message").textContent()).includes("nginx:latest"), "the image is named");
  assert((await finding.locator(".from a").first().getAttribute("href")).startsWith("/ko/cases/"), "case links keep the locale");
  assert((await page.textContent("#check-summary")).includes("결과"), "summary in Korean");
  // The findings' links are plain anchors: the router must still follow
  // them in the page, without loading it again.
  await page.evaluate(() => { window.__samePage = true; });
  await finding.locator("a[href^='/ko/rules/']").click();
  await page.waitForSelector("#rule");
  assert((await page.textContent("#rule h2")) === "하는 일", "rule docs in Korean");
  assert(await page.evaluate(() => window.__samePage === true), "a finding's rule link navigates in the page, not by a new page load");
});

test("Korean: a visit downloads only its own locale's library and app wasm, and each wasm holds only its own language's strings", async ({ page }) => {
  const seen = [];
  page.on("request", (r) => { const p = new URL(r.url()).pathname; if (/casebook(\.[a-z]+)*\.bin$|_bg\.wasm$/.test(p)) seen.push(p); });
  await ready(page, "/ko/about");
  const koWasm = seen.find((p) => p.endsWith("_bg.wasm"));
  assert(seen.length === 3 && seen.includes("/casebook.ko.bin") && seen.includes("/casebook.ko.body.bin") && /^\/ko\/casebook-app-[0-9a-f]+_bg\.wasm$/.test(koWasm), `a Korean visit fetched ${seen}`);
  seen.length = 0;
  await ready(page, "/about");
  const enWasm = seen.find((p) => p.endsWith("_bg.wasm"));
  assert(seen.length === 3 && seen.includes("/casebook.bin") && seen.includes("/casebook.body.bin") && /^\/casebook-app-[0-9a-f]+_bg\.wasm$/.test(enWasm), `an English visit fetched ${seen}`);
  // Interface strings in the app's wasm; a rule's fix and an input error in
  // the review worker's, which the page fetches only when a review runs.
  const text = async (p) => Buffer.from(await (await fetch(BASE + p)).arrayBuffer()).toString("utf8");
  for (const [files, pairs] of [
    [[enWasm, koWasm], [["Skip to content", "본문으로 건너뛰기"], ["Casebook stopped unexpectedly", "Casebook이 예기치 않게 멈췄습니다"]]],
    [["/casebook-review-worker_bg.wasm", "/ko/casebook-review-worker_bg.wasm"], [["Add a PodDisruptionBudget with", "PodDisruptionBudget을 추가한다"], ["the input is empty", "입력이 비어 있다"]]],
  ]) {
    const [en, ko] = [await text(files[0]), await text(files[1])];
    for (const [e, k] of pairs) {
      assert(en.includes(e) && !en.includes(k), `${files[0]} has "${e}" and not "${k}"`);
      assert(ko.includes(k) && !ko.includes(e), `${files[1]} has "${k}" and not "${e}"`);
    }
  }
  // The app's wasm carries no review engine: that is the worker's.
  assert(!(await text(enWasm)).includes("the input is empty"), "the review engine is not in the app's wasm");
});

await run();
