// Make-line end to end: a shopper has a made-to-measure dress made by a
// maker (makeline/{treId}): chooses, sees the price in parts, fixes it,
// orders and pays with the test card; the maker (an account attached to
// the maker identity) accepts, marks production and ships in the back
// office; the buyer follows each status on myorder. The page is looked at
// on a phone and a desktop, in English and Arabic.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, findGoods, signIn, ready, sweepPage, axe } from "./harness.mjs";
import { saveAddress, choose, orderMakeLine, followMaker } from "./makeline-steps.mjs";

let store, browser, dress, buyer;
const buyerEmail = "makeline-buyer@example.com";
const shots = process.env.E2E_SHOTS || "";

before(async () => {
  store = await startStore();
  browser = await launch();
  dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)));
  buyer = (await store.register(buyerEmail)).token;
  await saveAddress(store, buyer);
});
after(async () => { await browser?.close(); await store?.stop(); });

test("a dress made to measure: priced, fixed, paid, accepted, produced and shipped; the buyer follows it", async () => {
  const path = `/en/makeline/${dress.treId}`;
  const b = await signIn(browser, store, buyerEmail, path);
  await choose(b.page, dress);
  await b.page.reload();
  await ready(b.page);
  const number = await orderMakeLine(b.page);
  await followMaker(browser, store, { ...b, token: buyer }, number);
  assert.deepEqual(b.problems, []);
  await b.ctx.close();
});

test("the make-line page on a phone and a desktop, in English and Arabic", async () => {
  const found = [];
  for (const width of [360, 1280]) {
    const s = await signIn(browser, store, buyerEmail, "/en/myorders", { viewport: { width, height: 900 } });
    await choose(s.page, dress);
    for (const lang of ["en", "ar"]) {
      found.push(...await sweepPage(s.page, store, lang, `/makeline/${dress.treId}`, { skipAxe: true }));
      await s.page.waitForSelector("[data-testid=makeline-page]");
      await s.page.click("[data-testid=makeline-see]");
      await s.page.waitForSelector("[data-testid=makeline-price]");
      const over = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(over <= 0, `${lang} @${width}: ${over}px sideways scroll`);
      found.push(...await axe(s.page, `${lang} makeline @${width}`));
      if (shots) await s.page.screenshot({ path: `${shots}/makeline-${lang}-${width}.png`, fullPage: true });
    }
    assert.deepEqual(s.problems, []);
    await s.ctx.close();
  }
  assert.deepEqual(found, []);
});
