// Issue 10 point 7: no page is wider than the screen on phones. Every public
// page, and every account page when signed in, at 320, 360, 390 and 412 px
// in six languages (long German words, French spacing, Cyrillic, right to
// left Arabic, Chinese), measured after hydration.
// SHOTS=dir also takes a screenshot of every page that overflows, and of all
// of them at 320 px in German and Arabic.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, findGoods, dressOptions } from "./harness.mjs";

const WIDTHS = [320, 360, 390, 412];
const LANGS = ["en", "de", "fr", "ru", "ar", "zh"];
// A long address shows whole on the account pages (masked only before the @).
const email = "widths@customermail.exampleuniversityofappliedsciences.org";

let store, browser, token, publicPaths, accountPaths, signedIn, orderNumber;

async function authed(path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  return r.json();
}

const addToCart = (g, options) => store.addToCart(token, g, options);

before(async () => {
  store = await startStore();
  browser = await launch();
  const plain = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1);
  const dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 5);
  publicPaths = ["", "tredetail/" + plain.treId, "tredetail/" + dress.treId, "biger/seller/" + plain.ownerUid,
    "search?q=dress", "login", "register", "no-such-page"];

  token = (await store.register(email)).token;
  // A long name and address: what a real shopper may well type.
  const addr = await authed("address/save", { name: "Maximiliane Oberhausen-Wittgensteiner", phone: "+49 170 1234567890", country: "DE", region: "Nordrhein-Westfalen", city: "Mönchengladbach-Rheindahlen", line1: "Donnersbergerbrückenstraße 123456", postalCode: "41179" });
  assert.equal(addr.code, 200, addr.easg);
  // An entity (a company with a long name) so the identity form shows too.
  assert.equal((await authed("myEntity/addType", { entityType: 2 })).code, 200);
  const ent = await authed("myEntity/saveEntityForm", { values: { companyName: "Donnersbergerbrückenstraßenhandelsgesellschaft mbH", registrationNumber: "HRB 123456", country: "DE", contactName: "Maximiliane Oberhausen-Wittgensteiner" } });
  assert.equal(ent.code, 200, ent.easg);
  // The longest name allowed (40 characters), as one word.
  const named = await authed("my/editUsername", { username: "Maximilianeoberhausenwittgensteinerin123" });
  assert.equal(named.code, 200, named.easg);
  // An order (paid) for my orders and its page, then a fresh cart.
  for (let round = 0; round < 2; round++) {
    await addToCart(plain);
    await addToCart(dress, dressOptions(dress));
    if (round) break;
    const lines = ((await authed("shoppingCartList")).content ?? []).flatMap((g) => g.lines).map((l) => ({ id: l.id, unitPrice: l.unitPrice.amount }));
    assert.equal((await authed("order/createCheck", { lines })).content?.ok, true, "checkout check");
    const pre = (await authed("order/preOrderData", { addressId: addr.content.id })).content;
    const made = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId: addr.content.id, total: pre.total.amount });
    assert.equal(made.code, 200, made.easg);
    orderNumber = made.content.orderNumbers[0];
    const paid = await authed("order/payChange", { payUid: made.content.payUid, payMethod: 1, card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Max O" } });
    assert.equal(paid.code, 200, paid.easg); // paid: the seller's page shows its ship form
  }

  // Sign in once through the login page; every signed-in context reuses it.
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fmysafes`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(store.base + "/en/mysafes"), page.click("[data-testid=login-submit]")]);
  signedIn = await ctx.storageState();
  // The shopper is also the seller of the order's identity: the seller's pages.
  store.attachSeller(email, (await authed("order/detail", { orderNumber })).content.sellerUid);
  accountPaths = ["cart", "makeorder", "myorders", "myorder/" + orderNumber, "addressmanagement", "addressedit/new", "editProfile", "mysafes",
    "bigerentity", "editbigerprofile/seller",
    "operations/showorder/all", "operations/showorder/" + orderNumber, "operations/showtrack/" + orderNumber,
    // Without a staff role the review queues show the not-found content (backoffice.test.mjs covers them as the operator).
    "operations/showbiggerentity", "operations/showbiggeridentity/all", "mygoods", "createTre/0"];
  await ctx.close();
});
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

// overflowing names the elements sticking out past the right (or, right to
// left, the left) edge, so a failure says where to look.
function overflowing() {
  const w = innerWidth, out = [];
  // Inside a scrolling strip sticking out is the point; the skip link waits off screen.
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX)) return true; return false; };
  for (const el of document.body.querySelectorAll("*")) {
    if (el.classList.contains("skip") || scrolls(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= w + 0.5 && r.left >= -0.5)) continue;
    const tid = el.closest("[data-testid]")?.dataset.testid ?? "";
    out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}[${tid}] ${Math.round(r.left)}..${Math.round(r.right)}`);
    if (out.length > 6) break;
  }
  return out;
}

// sweep visits paths in every language, loading each page once at the
// narrowest width and measuring it at every width by resizing the window
// (as turning a phone does): what overflowed, by width.
async function sweep(paths, state) {
  const ctx = await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 }, storageState: state });
  const page = await ctx.newPage();
  const problems = watch(page);
  const bad = Object.fromEntries(WIDTHS.map((w) => [w, []]));
  for (const lang of LANGS) {
    for (const p of paths) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(`${store.base}/${lang}/${p}`);
      await ready(page);
      if (p === "mygoods") await page.waitForSelector("[data-testid=mygoods-item] [data-testid=mygoods-stock]"); // its data comes after hydration
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // Two frames: layout, and whatever a resize listener re-measured.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        bad[width].push(...await measure(page, width, lang, p, state));
      }
    }
  }
  await ctx.close();
  // The 404 page logs its own status, and leaving a page cancels its
  // pending calls; nothing else may complain.
  return { bad, problems: problems.filter((m) => !/404|Not Found|ERR_ABORTED/i.test(m)) };
}

// measure says what is wrong with the page at this width.
async function measure(page, width, lang, p, state) {
  const bad = [];
  const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  if (sw > iw) bad.push(`${width}px /${lang}/${p}: ${sw} > ${iw}: ${(await page.evaluate(overflowing)).join("; ")}`);
  // Fitting by squeezing is no fit: a line's name keeps room for words.
  const squeezed = await page.evaluate(() => [...document.querySelectorAll(".cart-line-main, .order-line-main")]
    .map((el) => Math.round(el.getBoundingClientRect().width)).filter((w) => w < 120));
  if (squeezed.length) bad.push(`${width}px /${lang}/${p}: line names squeezed to ${squeezed.join(", ")} px`);
  if (process.env.SHOTS && (sw > iw || (width === 320 && (lang === "de" || lang === "ar")))) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    await page.screenshot({ path: `${process.env.SHOTS}/${width}-${lang}-${state ? "in" : "out"}-${p.replace(/[^a-z0-9]+/gi, "_")}.png`, fullPage: true });
  }
  return bad;
}

test(`${WIDTHS.join(", ")} px: no public page is wider than the screen, signed out`, async () => {
  const { bad, problems } = await sweep(publicPaths);
  for (const w of WIDTHS) assert.deepEqual(bad[w], [], `${w} px`);
  assert.deepEqual(problems, []);
});
test(`${WIDTHS.join(", ")} px: no page is wider than the screen, signed in`, async () => {
  // Home for the signed-in top bar; the other public pages differ only there.
  const { bad, problems } = await sweep(["", ...accountPaths], signedIn);
  for (const w of WIDTHS) assert.deepEqual(bad[w], [], `${w} px`);
  assert.deepEqual(problems, []);
});
