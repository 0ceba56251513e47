// Seller fulfilment end to end: a buyer buys a dress; the seller (an
// account attached to the selling identity) finds it in their orders,
// marks it in production, ships it with a tracking number and adds a
// tracking event; the buyer sees the carrier, number and event on
// shippinginfo and gets the mail. Anyone else gets the not-found content.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { startStore, launch, watch, findGoods, dressOptions } from "./harness.mjs";

let store, browser, buyer, number, sellerEmail;
const buyerEmail = "fulfil-buyer@example.com";

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

// signIn opens a context signed in as email through the login page.
async function signIn(email, width = 412) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fmyorders`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/myorders`), page.click("[data-testid=login-submit]")]);
  await ready(page);
  return { ctx, page, problems };
}

before(async () => {
  store = await startStore();
  browser = await launch();
  buyer = (await store.register(buyerEmail)).token;
  const dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 5);
  await store.addToCart(buyer, dress, dressOptions(dress));
  const addr = await store.authed(buyer, "address/save", { name: "Ada Buyer", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  assert.equal(addr.code, 200, addr.easg);
  const pre = (await store.authed(buyer, "order/preOrderData", { addressId: addr.content.id })).content;
  const made = await store.authed(buyer, "order/makeOrderData", { requestId: crypto.randomUUID(), addressId: addr.content.id, total: pre.total.amount });
  assert.equal(made.code, 200, made.easg);
  number = made.content.orderNumbers[0];
  const paid = await store.authed(buyer, "order/payChange", { payUid: made.content.payUid, payMethod: 1, card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Buyer" } });
  assert.equal(paid.code, 200, paid.easg);
  const o = (await store.authed(buyer, "order/detail", { orderNumber: number })).content;
  assert.equal(o.status, 200, "a paid dress waits for its seller");
  sellerEmail = `seller-${o.sellerUid}@example.com`.toLowerCase();
  await store.sellerToken(o.sellerUid); // signs the seller up and attaches the identity
});
after(async () => { await browser?.close(); await store?.stop(); });

test("the seller marks the dress in production, ships it and adds a tracking event; the buyer sees it", async () => {
  const { ctx, page, problems } = await signIn(sellerEmail, 1280);
  await page.goto(`${store.base}/en/operations/showorder/all`);
  await ready(page);
  const card = page.locator(`[data-testid=seller-order-card][data-number="${number}"]`);
  await card.waitFor();
  await Promise.all([page.waitForURL(new RegExp(`/en/operations/showorder/${number}$`)), card.click()]);
  await ready(page);
  await page.waitForSelector("[data-testid=seller-order-page]");
  assert.equal(await page.getAttribute("[data-testid=order-status]", "data-status"), "200");
  await page.click("[data-testid=mark-production]");
  await page.waitForSelector("[data-testid=order-status][data-status='1000']");
  // A wrong number is refused with a message; nothing ships.
  await page.selectOption("[data-testid=ship-carrier]", "ups");
  await page.fill("[data-testid=ship-tracking]", "1Z?");
  await page.click("[data-testid=ship-submit]");
  await page.waitForSelector("[data-testid=ship-error]");
  assert.match(await page.textContent("[data-testid=ship-error]"), /tracking number/i);
  await page.fill("[data-testid=ship-tracking]", "1z 999 aa1 0123456784");
  await page.click("[data-testid=ship-submit]");
  await page.waitForSelector("[data-testid=order-status][data-status='1001']");
  assert.equal(await page.textContent("[data-testid=seller-tracking]"), "1Z999AA10123456784");
  assert.equal(await page.locator("[data-testid=ship-form]").count(), 0, "shipped: no second shipment");
  await Promise.all([page.waitForURL(/\/operations\/showtrack\//), page.click("[data-testid=seller-track-link]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=track-form]");
  await page.selectOption("[data-testid=track-key]", "TrackCustoms");
  await page.fill("[data-testid=track-place]", "Frankfurt am Main");
  await page.fill("[data-testid=track-remark]", "Cleared without duties");
  await page.click("[data-testid=track-submit]");
  await page.waitForSelector("[data-testid=timeline-event][data-key=TrackCustoms]");
  assert.deepEqual(problems, []);
  await ctx.close();

  // The buyer: carrier, number and the event, on shippinginfo and myorder.
  const b = await signIn(buyerEmail);
  await b.page.goto(`${store.base}/en/shippinginfo/${number}`);
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=tracking-page]");
  assert.equal(await b.page.textContent("[data-testid=carrier]"), "UPS");
  assert.equal(await b.page.textContent("[data-testid=tracking-number]"), "1Z999AA10123456784");
  const ev = b.page.locator("[data-testid=timeline-event]").first();
  assert.equal(await ev.getAttribute("data-key"), "TrackCustoms", "newest first");
  assert.match(await ev.textContent(), /Customs clearance.*Frankfurt am Main.*Cleared without duties/s);
  await b.page.goto(`${store.base}/en/myorder/${number}`);
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=latest-tracking]");
  assert.equal(await b.page.textContent("[data-testid=order-carrier]"), "UPS");
  // The buyer is not the seller: the seller's page is not found for them.
  await b.page.goto(`${store.base}/en/operations/showorder/${number}`);
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=not-found]");
  assert.equal(await b.page.locator("[data-testid=ship-form]").count(), 0);
  assert.deepEqual(b.problems.filter((m) => !/404/.test(m)), []);
  await b.ctx.close();

  // Mail: the buyer was told of the shipment and the event.
  let mails = [];
  for (let i = 0; i < 50; i++) {
    mails = (await (await fetch(store.base + "/dev/outbox.json")).json()).filter((m) => m.to === buyerEmail && m.subject.includes(number));
    if (mails.some((m) => /Customs/.test(m.subject))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(mails.some((m) => m.text.includes("1Z999AA10123456784")), "shipped mail with the tracking number");
  assert.ok(mails.some((m) => /Customs clearance/.test(m.subject)), "tracking event mail");
});
