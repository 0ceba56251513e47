import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

async function home(viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const problems = watch(page);
  await page.goto(`${store.base}/en/`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  return { page, problems };
}

// search runs a query and waits until its own tab exists and has finished.
async function search(page, text) {
  const tabs = await page.locator("[data-testid=search-tabs] [role=tab]").count();
  await page.fill("[data-testid=search-input]", text);
  await page.click("[data-testid=search-submit]");
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=search-tabs] [role=tab]").length > n
    && !document.querySelector("[data-testid=search-tabs] button[disabled]"), tabs);
}

test("a text search streams results into both groups, load more adds a page", async () => {
  const { page, problems } = await home();
  await search(page, "leather");
  await page.waitForSelector("[data-testid=consumer] article.card");
  await page.waitForSelector("[data-testid=wholesaler] article.card");
  assert.ok(await page.isVisible("[data-testid=feedback]"), "the feedback section appears");
  // A broad query has more pages: expand, then load more.
  await search(page, "under 100000");
  await page.click("[data-testid=consumer] .group-actions .btn >> nth=0");
  const before = await page.locator("[data-testid=consumer] article.card").count();
  await page.click("[data-testid=consumer-more]");
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=consumer] article.card").length > n, before);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a second search opens a second tab; clear resets everything", async () => {
  const { page } = await home();
  await search(page, "silk scarf");
  await search(page, "vestido rojo");
  assert.equal(await page.locator("[data-testid=search-tabs] [role=tab]").count(), 2);
  assert.match(await page.textContent("[data-testid=understood]"), /red/i);
  await page.locator("[data-testid=search-tabs] [role=tab]").first().click();
  assert.equal(await page.getAttribute("[data-testid=search-tabs] [role=tab] >> nth=0", "aria-selected"), "true");
  await page.click("[data-testid=search-clear]");
  assert.equal(await page.locator("[data-testid=search-tabs]").count(), 0);
  assert.ok(await page.isVisible(".rotating-logo"), "the home page is back");
  assert.equal(await page.inputValue("[data-testid=search-input]"), "");
  await page.close();
});

test("feedback is recorded", async () => {
  const { page } = await home();
  await search(page, "mug");
  await page.click("[data-testid=feedback-yes]");
  await page.waitForSelector("[data-testid=feedback] .ok");
  await page.close();
});

test("a typo that finds nothing shows its correction's goods; 'search instead' finds nothing and suggests", async () => {
  const { page, problems } = await home();
  await search(page, "abckpakc");
  await page.waitForSelector("[data-testid=corrected]");
  assert.equal(await page.textContent("[data-testid=corrected-to]"), "backpack");
  assert.match(await page.textContent("h1.search-title"), /backpack/);
  await page.waitForSelector("[data-testid=consumer] article.card, [data-testid=wholesaler] article.card");
  assert.equal(await page.locator("[data-testid=no-results]").count(), 0);
  // The query as typed, exactly: a new tab, nothing found, the suggestions.
  assert.equal(await page.getAttribute("[data-testid=search-instead]", "href"), "/en/search?q=abckpakc&exact=1");
  await page.click("[data-testid=search-instead]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=search-tabs] [role=tab]").length === 2
    && !document.querySelector("[data-testid=search-tabs] button[disabled]"));
  await page.waitForSelector("[data-testid=no-results]");
  assert.equal(await page.locator("[data-testid=corrected]").count(), 0, "exactly as typed is not corrected");
  assert.ok(await page.isVisible("[data-testid=show-more]"), "the show-more section appears");
  assert.ok(await page.isVisible("[data-testid=feedback]"), "the feedback section appears");
  assert.match(await page.getAttribute("[data-testid=suggest-category]", "href"), /^\/en\/category\//);
  assert.equal(await page.textContent("[data-testid=suggest-spelling]"), "backpack");
  await page.click("[data-testid=suggest-spelling]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=search-tabs] [role=tab]").length === 3
    && !document.querySelector("[data-testid=search-tabs] button[disabled]"));
  await page.waitForSelector("article.card");
  assert.equal(await page.locator("[data-testid=suggestions]").count(), 0, "a search with results suggests nothing");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the results page of a typo shows the correction's goods, hydrates, and links to the query as typed", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/search?q=abckpakc`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  assert.equal(await page.textContent("[data-testid=corrected-to]"), "backpack");
  assert.ok(await page.locator("article.card").count() > 0, "the correction's goods are listed");
  await Promise.all([page.waitForURL(/exact=1/), page.click("[data-testid=search-instead]")]);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  await page.waitForSelector("[data-testid=no-results]");
  assert.equal(await page.locator("[data-testid=corrected]").count(), 0);
  assert.equal(await page.inputValue("[data-testid=search-input]"), "abckpakc");
  assert.deepEqual(problems, []);
  await page.close();
});

test("an image upload finds its goods", async () => {
  // The first card's picture, as a shopper's photo of it.
  const { page } = await home({ width: 412, height: 915 });
  const src = await page.getAttribute("[data-testid=row-wn3] article.card img", "src");
  const treId = (await page.getAttribute("[data-testid=row-wn3] article.card a.card-link", "href")).split("/")[3];
  const large = src.replace("-s.jpg", "-l.jpg");
  const photo = Buffer.from(await (await fetch(store.base + large)).arrayBuffer());
  // Wait until the visual index has the demo pictures.
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(store.base + "/healthz?search=1").then((r) => r.text());
    if (ok.includes("visual ready")) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await page.setInputFiles("[data-testid=search-image]", { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.click("[data-testid=search-submit]");
  await page.waitForSelector("article.card >> nth=0");
  await page.waitForFunction(() => !document.querySelector("[data-testid=search-tabs] button[disabled]"));
  const firstHref = await page.getAttribute(".results article.card a.card-link", "href");
  assert.equal(firstHref.split("/")[3], treId, "the pictured goods comes first");
  await page.close();
});

test("a failed search shows the error state", async () => {
  const { page } = await home();
  await page.route("**/api/v1/souk/stream/search", (route) => route.fulfill({ status: 502, body: "bad gateway" }));
  await search(page, "anything");
  await page.waitForSelector("[data-testid=search-error]");
  assert.match(await page.textContent("[data-testid=search-error]"), /call failed/i);
  await page.unroute("**/api/v1/souk/stream/search");
  await page.route("**/api/v1/souk/stream/search", (route) => route.fulfill({ contentType: "application/x-ndjson", body: '{"c":400,"code":102,"easg":"Type what you are looking for."}\n' }));
  await search(page, "again");
  await page.waitForFunction(() => /Type what you are looking for/.test(document.querySelector("[data-testid=search-error]")?.textContent ?? ""));
  await page.close();
});
