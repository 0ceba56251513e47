import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

for (const [lang, dir] of [["en", "ltr"], ["ar", "rtl"], ["de", "ltr"]]) {
  test(`home page in ${lang} hydrates cleanly and shows the promo blocks and rows`, async () => {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    const problems = watch(page);
    await page.goto(`${store.base}/${lang}/`);
    assert.equal(await page.getAttribute("html", "dir"), dir);
    assert.ok(await page.isVisible("[data-testid=promo-makeTre]"));
    assert.ok(await page.isVisible("[data-testid=promo-ad1]"));
    assert.ok((await page.locator("[data-testid=row-wn3] article.card").count()) >= 4);
    assert.ok((await page.locator("[data-testid=row-wn4] .moq").count()) >= 1, "wholesale cards show ≥N");
    // No page is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page overflows by ${overflow}px`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test("the menu, language and region dialogs open full screen on a phone", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/`);
  await page.waitForFunction(() => document.querySelector(".rotating-logo"));
  for (const btn of ["menu-btn", "lang-btn", "region-btn"]) {
    await page.click(`[data-testid=${btn}]`);
    const box = await page.locator(".dialog").boundingBox();
    assert.equal(Math.round(box.width), 412, `${btn} dialog is full width`);
    await page.keyboard.press("Escape");
    assert.equal(await page.locator(".dialog").count(), 0, "Escape closes it");
  }
  const langs = await (async () => { await page.click("[data-testid=lang-btn]"); return page.locator(".lang-list a").count(); })();
  assert.ok(langs >= 128, `language picker lists ${langs} languages`);
  assert.equal(await page.textContent('.lang-list a[hreflang="zh-tw"]'), "繁體中文");
  assert.deepEqual(problems, []);
  await page.close();
});

test("search box: clear button, image type check", async () => {
  const page = await browser.newPage();
  await page.goto(`${store.base}/en/`);
  await page.waitForFunction(() => document.querySelector(".rotating-logo"));
  await page.fill("[data-testid=search-input]", "red silk dress");
  assert.ok(await page.isVisible("[data-testid=search-clear]"));
  await page.click("[data-testid=search-clear]");
  assert.equal(await page.inputValue("[data-testid=search-input]"), "");
  await page.setInputFiles("[data-testid=search-image]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  assert.match(await page.textContent("[role=alert]"), /not an image/i);
  await page.close();
});

test("identity page lists the identity's goods and pages through them", async () => {
  const page = await browser.newPage();
  const problems = watch(page);
  const res = await page.goto(`${store.base}/en/biger/seller/atelier-lumiere`);
  assert.equal(res.status(), 200);
  assert.equal(await page.textContent("[data-testid=identity-name]"), "Atelier Lumière");
  assert.ok((await page.locator("article.card").count()) > 0);
  assert.deepEqual(problems, []);
  // A numeric or wrong identity type redirects to the one canonical URL.
  const r2 = await page.goto(`${store.base}/en/biger/22/atelier-lumiere`);
  assert.ok(r2.url().endsWith("/en/biger/seller/atelier-lumiere"));
  await page.close();
});

test("the card menu offers the goods in other languages", async () => {
  const page = await browser.newPage();
  await page.goto(`${store.base}/en/`);
  await page.waitForFunction(() => document.querySelector(".rotating-logo"));
  const card = page.locator("[data-testid=row-wn3] article.card").first();
  await card.locator("[aria-haspopup=menu]").click();
  await card.locator(".menu-pop").waitFor(); // its code is a chunk fetched on the click
  const other = card.locator('.menu-pop a[lang="ja"]');
  assert.equal(await other.count(), 1);
  assert.match(await other.getAttribute("href"), /^\/ja\/tredetail\//);
  await page.close();
});

// React hoists the async entry script into <head>: on a slow network, with
// the script in the cache, it once ran before the body had arrived and the
// page never came alive.
test("a page hydrates on a slow network when the script comes from the cache", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/login`); // caches the script
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: 16 * 1024, uploadThroughput: 16 * 1024 });
  await page.goto(`${store.base}/en/register`, { waitUntil: "commit" });
  await page.waitForFunction(() => document.documentElement?.dataset.ready === "1", null, { timeout: 30_000 });
  assert.deepEqual(problems, []);
  await page.close();
});
