// Issue 12 (back office), as the operator in the browser: pass one seller
// application and reject another with a reason, in the review queues; the
// rejected applicant reads the reason on their German page (the banner's
// de text, English until translated); a user without a role sees the
// not-found content there. The operator then refunds an order. Every
// operations page has no sideways scroll at 360 px in en and ar.
// SHOTS=dir takes screenshots of each operations page (1280 px, en; 360 px en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { startStore, launch, watch, findGoods, axe } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), "utf8"));

async function login(page, lang, email, password, to) {
  await page.goto(`${store.base}/${lang}/login?redirect=${encodeURIComponent(`/${lang}/${to}`)}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  await Promise.all([page.waitForURL(`${store.base}/${lang}/${to}`), page.click("[data-testid=login-submit]")]);
  await ready(page);
}

// apply makes a user with an entity and a seller application, through the API.
async function apply(email, name) {
  const { token } = await store.register(email);
  const call = async (path, body) => {
    const env = await store.authed(token, path, body);
    assert.equal(env.code, 200, path + ": " + env.easg);
    return env.content;
  };
  await call("myEntity/addType", { entityType: 1 });
  await call("myEntity/saveEntityForm", { values: { fullName: name, country: "DE" } });
  await call("myIdentity/saveIdentityForm/22", { values: { name, title: "Linen from " + name, brief: "Hand-woven table linen.", country: "DE" } });
  return token;
}

const row = (owner) => `[data-testid=ops-row][data-owner="${owner}"]`;

async function noSidewaysScroll(page, what) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 0, `${what}: ${over}px sideways scroll`);
}

test("operator passes one application and rejects another; the applicant reads the reason in German", async () => {
  const good = "bo-good@example.com", bad = "bo-bad@example.com";
  await apply(good, "Gute Leinen");
  await apply(bad, "Schlechte Leinen");

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  await login(page, "en", "operator@souk.test", "souk-demo", "operations/showbiggerentity");
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");
  assert.equal(await page.$(".topbar"), null, "no storefront chrome");

  // Entities: take the good applicant's, then pass it with the keyboard.
  await page.click(row(good));
  await page.click("[data-testid=ops-take]");
  await page.waitForSelector(`[data-testid=ops-detail] [data-testid=ops-taken-by]`);
  await page.waitForSelector("[data-testid=ops-trail] li[data-action=take]");
  await page.focus(row(good));
  await page.keyboard.press("p");
  await page.waitForSelector(row(good), { state: "detached" }); // passed: out of the open queue
  await page.selectOption("[data-testid=ops-status]", "2");
  await page.waitForSelector(row(good));

  // Identities: the good one passes, the bad one is rejected with a reason.
  await page.goto(`${store.base}/en/operations/showbiggeridentity/seller`);
  await ready(page);
  await page.click(row(good));
  await page.waitForSelector("[data-testid=ops-diff] tr[data-field=title]");
  assert.match(await page.textContent("[data-testid=ops-diff] tr[data-field=title]"), /Linen from Gute Leinen/);
  await page.click("[data-testid=ops-pass]");
  await page.waitForFunction((sel) => !document.querySelector(sel), row(good)); // no longer open
  await page.click(row(bad));
  await page.click("[data-testid=ops-reject]");
  await page.fill("[data-testid=ops-reason]", "Bitte ein echtes Firmenlogo hochladen.");
  await page.click("[data-testid=ops-reject-send]");
  await page.waitForFunction((sel) => !document.querySelector(sel), row(bad));
  await page.selectOption("[data-testid=ops-status]", "4");
  await page.click(row(bad));
  await page.waitForSelector("[data-testid=ops-trail] li[data-action=reject]");
  assert.match(await page.textContent("[data-testid=ops-trail]"), /operator@souk\.test.*Bitte ein echtes Firmenlogo hochladen\./s);

  // The rejected applicant reads the reason on their German page.
  const them = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const theirs = await them.newPage();
  const theirProblems = watch(theirs);
  await login(theirs, "de", bad, "secret123", "editbigerprofile/seller");
  await theirs.waitForSelector("[data-testid=review-banner][data-status='4']");
  const banner = (catalog("de").ReviewBannerRejected ?? catalog("en").ReviewBannerRejected).replace("{reason}", "Bitte ein echtes Firmenlogo hochladen.");
  assert.equal((await theirs.textContent("[data-testid=review-banner] span")).trim(), banner);
  // Without a role, the back office is not there.
  for (const p of ["operations/showbiggerentity", "operations/showbiggeridentity/all"]) {
    await theirs.goto(`${store.base}/de/${p}`);
    await ready(theirs);
    await theirs.waitForSelector("[data-testid=not-found]");
    assert.equal(await theirs.$("[data-testid=ops-queue]"), null);
  }
  await them.close();
  // The passed applicant's page is public.
  const ids = await (await fetch(`${store.base}/en/biger/seller/me`, { redirect: "manual" })).status;
  assert.ok(ids >= 200);
  assert.deepEqual([...problems, ...theirProblems].filter((p) => !p.includes("status of 404")), []);
  await ctx.close();
});

test("operator finds an order by the buyer's email and refunds it once, with a reason; screenshots", async () => {
  const buyer = "bo-buyer@example.com";
  const { token } = await store.register(buyer);
  const authed = async (path, body) => (await store.authed(token, path, body)).content;
  const g = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1);
  const placed = await store.placeOrder(token, g);
  await authed("order/payChange", { payUid: placed.payUid, payMethod: 1, card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Buyer" } });
  const number = placed.orderNumbers[0];

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  await login(page, "en", "operator@souk.test", "souk-demo", "operations/showorder/all");
  await page.fill("[data-testid=seller-search]", buyer);
  await page.press("[data-testid=seller-search]", "Enter");
  await page.waitForSelector(`[data-testid=seller-order-card][data-number="${number}"]`);
  assert.match(await page.textContent("[data-testid=seller-order-buyer]"), /bo-buyer@example\.com/);
  await page.click(`[data-testid=seller-order-card][data-number="${number}"]`);
  await ready(page);
  await page.waitForSelector("[data-testid=admin-panel]");
  assert.match(await page.textContent("[data-testid=admin-buyer]"), /bo-buyer@example\.com/);
  await page.waitForSelector("[data-testid=admin-refund]");
  await page.fill("[data-testid=admin-reason]", "Buyer called: wrong size");
  await page.dblclick("[data-testid=admin-refund]");
  await page.waitForSelector("[data-testid=admin-panel] [data-testid=ops-trail] li[data-action=refund]");
  assert.equal(await page.$("[data-testid=admin-refund]"), null, "refunded once, no second button");
  assert.match(await page.textContent("[data-testid=admin-panel]"), /Buyer called: wrong size/);

  // Every operations page: no sideways scroll on a phone, in en and ar; screenshots.
  const pages = [["operations/showbiggerentity", "[data-testid=ops-queue], [data-testid=ops-empty]"],
    ["operations/showbiggeridentity/all", "[data-testid=ops-queue], [data-testid=ops-empty]"],
    ["operations/showorder/all?status=0", "[data-testid=seller-order-list]"], [`operations/showorder/${number}`, "[data-testid=admin-panel]"],
    [`operations/showtrack/${number}`, "[data-testid=seller-track-page]"]];
  if (process.env.SHOTS) mkdirSync(process.env.SHOTS, { recursive: true });
  const violations = [];
  for (const [lang, width] of [["en", 1280], ["en", 360], ["ar", 360], ["ar", 1280]]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [p, sel] of pages) {
      await page.goto(`${store.base}/${lang}/${p}`);
      await ready(page);
      await page.waitForSelector(sel);
      if (p === "operations/showbiggeridentity/all") {
        await page.selectOption("[data-testid=ops-status]", "4");
        await page.waitForSelector("[data-testid=ops-detail]");
      }
      await noSidewaysScroll(page, `${lang} ${width} ${p}`);
      violations.push(...await axe(page, `${lang} ${width} ${p}`));
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${p.replace(/\W+/g, "_")}-${lang}-${width}.png`, fullPage: true });
    }
  }
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await ctx.close();
});
