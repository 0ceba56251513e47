// AI creation with the embedded engine: from a dress's page, make a
// variation, refine it twice, see the versions and compare two side by
// side, share one and open it signed out; then have the last version made
// on make-line, followed until the maker ships it. Both pages are swept
// (phone and desktop, English and Arabic: direction, no sideways scroll, axe).
// SHOTS=dir also takes screenshots of both pages at each size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, signIn, findGoods, sweepPage, axe } from "./harness.mjs";
import { variationRefinedTwice, haveItMade } from "./creation-steps.mjs";
import { saveAddress, orderMakeLine, followMaker } from "./makeline-steps.mjs";

let store, browser;
let last; // what the first test made, for the second: { email, token, dress, version }
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

test("create a dress variation, refine it twice, compare and share", async () => {
  const email = "creator-e2e@example.com";
  const { token } = await store.register(email);
  assert.ok(token);
  const dress = await findGoods(store, (g) => g.spe === 1 && g.aiGenModels.length > 0);
  last = { email, token, dress };
  const { ctx, page, problems } = await signIn(browser, store, email, "/en/tredetail/" + dress.treId);
  const first = await variationRefinedTwice(page, store, dress, /souk-embedded/);

  await page.waitForSelector("[data-testid=creation-version] >> nth=2");
  assert.equal(await page.locator("[data-testid=creation-version]").count(), 3);
  // The current version and the one it refined are compared at first;
  // ticking the first swaps the older one out.
  await page.waitForSelector("[data-testid=creation-compare]");
  assert.equal(await page.locator("[data-testid=creation-compare] figure").count(), 2);
  await page.locator("[data-testid=creation-compare-pick]").nth(2).check();
  assert.match(await page.textContent("[data-testid=creation-compare]"), /Version 1[\s\S]*Version 3|Version 3[\s\S]*Version 1/);

  await page.click("[data-testid=creation-share]");
  const link = await page.inputValue("[data-testid=creation-link]");
  assert.match(link, /\/en\/ai-creation\//);
  assert.deepEqual(problems, []);

  // Signed out: the shared version shows, the unshared first one does not.
  const anon = await browser.newContext();
  const p2 = await anon.newPage();
  await p2.goto(link.replace(/^https?:\/\/[^/]+/, store.base));
  await p2.waitForSelector("[data-testid=creation-description]");
  // The head follows the version loaded after hydration: react-helmet-async,
  // which the browser fetches late, writes the new title once, and its
  // Open Graph copy too (which no fallback for an early title writes).
  await p2.waitForFunction(() => {
    const og = document.head.querySelectorAll("meta[property='og:title']");
    return /^Version \d+ \| Souk$/.test(document.title) && document.head.querySelectorAll("title").length === 1 &&
      og.length === 1 && og[0].getAttribute("content") === document.title;
  }, null, { timeout: 30_000 });
  await p2.goto(first);
  await p2.waitForSelector("[data-testid=creation-error]");
  await anon.close();

  // Sweep both pages at a phone's and a desktop's width, in en and ar.
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const version = new URL(page.url()).pathname.replace(/^\/en/, "");
  const found = [];
  for (const [w, h] of [[412, 915], [1280, 900]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const lang of ["en", "ar"]) {
      for (const [name, path] of [["create", "/ai-creation/" + dress.treId], ["version", version]]) {
        const v = await sweepPage(page, store, lang, path, { shot: shots ? `${shots}/creation-${name}-${lang}-${w}.png` : "" });
        await page.waitForSelector(name === "create" ? "[data-testid=creation-form]" : "[data-testid=creation-description]");
        // axe again once the page has loaded its data (sweepPage's run sees the shell first).
        found.push(...v, ...(await axe(page, `${lang}${path} @${w}`)));
        if (shots) await page.screenshot({ path: `${shots}/creation-${name}-${lang}-${w}.png`, fullPage: true });
      }
    }
  }
  assert.deepEqual(found, []);
  last.version = version;
  await ctx.close();
});

test("have the last version made: ordered on make-line, paid, accepted, produced and shipped; the buyer follows it", async () => {
  assert.ok(last?.version, "the test before made the versions");
  const { email, token, dress, version } = last;
  await saveAddress(store, token);
  const b = await signIn(browser, store, email, "/en" + version);
  await b.page.waitForSelector("[data-testid=creation-description]");
  await haveItMade(b.page, dress);
  const number = await orderMakeLine(b.page);
  const o = await followMaker(browser, store, { ...b, token }, number);
  assert.ok(o.makeLine, "ordered through make-line");
  assert.deepEqual(b.problems, []);
  await b.ctx.close();
});
