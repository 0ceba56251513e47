// Issue 11 point 9, a seller's whole journey in the browser: a new user
// registers, makes an entity and applies as a seller; the operator passes
// both (through the API). The seller lists a dress in the goods form
// (pictures, colours with swatches, sizes and the custom size, prices in two
// currencies, two quantity ranges, a minimum quantity); the operator passes
// it in the back office. The seller writes a German text; once passed,
// German search finds the dress and its German page shows the German name.
// A second user buys it (colour, custom size, the minimum quantity, a new
// address, a test card); the seller marks it in production and ships it;
// the buyer sees the carrier and tracking number.
// SHOTS=dir also takes screenshots of the filled goods form (412 and 1280 px,
// en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { startStore, launch, watch, ready, signIn, passwordHash, png, fillCard } from "./harness.mjs";

let store, browser, seller, opToken, treId, number;
const SELLER = "journey-seller@example.com";
const BUYER = "journey-buyer@example.com";
const OPERATOR = "operator@souk.test";
const NAME = "Ivory linen wedding dress";
const NAME_DE = "Sommernachtskleid aus Leinen";
const TRACKING = "JD014600006281230704";
const say = (key) => JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8"))[key];

before(async () => {
  store = await startStore();
  browser = await launch();
  const op = await store.api("loginByPwd", { name: OPERATOR, password: passwordHash(OPERATOR, "souk-demo") });
  opToken = op.token;
  assert.ok(opToken, "the operator signs in");
});
after(async () => { await seller?.ctx.close(); await browser?.close(); await store?.stop(); });

// decide is the operator's decision through the API; it must succeed.
async function decide(path, body) {
  const env = await store.authed(opToken, path, { ...body, action: "pass" });
  assert.equal(env.code, 200, path + ": " + env.easg);
}

// waiting is the operator's open queue entry of list whose owner is email.
async function waiting(list, body, email) {
  const env = await store.authed(opToken, list, body);
  const row = env.content.find((e) => e.owner === email);
  assert.ok(row, "waits in " + list);
  return row;
}

async function addPicture(page, n) {
  await page.setInputFiles("[data-testid=pick-images]", { name: `dress${n}.png`, mimeType: "image/png", buffer: png(600, 800, n === 1 ? [240, 230, 210] : [235, 180, 185]) });
  await page.click("[data-testid=crop-done]");
  await page.waitForFunction((k) => document.querySelectorAll("[data-testid=image-list] li").length === k, n);
}

test("a new user registers, makes an entity and a seller identity; the operator passes both", async () => {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  seller = { ctx, page, problems };
  // Registration: the four steps, the code from the dev outbox.
  await page.goto(`${store.base}/en/register`);
  await ready(page);
  await page.fill("input[name=email]", SELLER);
  await page.click("[data-testid=register-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await page.click("[data-testid=register-step2] button[type=submit]");
  await page.check("[data-testid=consent-cookie]");
  await page.check("[data-testid=consent-privacy]");
  await page.click("[data-testid=register-step3] button[type=submit]");
  const t0 = Date.now() - 1000;
  await page.click("[data-testid=send-code]");
  await page.fill("input[name=code]", await store.lastCode(SELLER, t0));
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=register-submit]")]);
  await page.waitForSelector("[data-testid=me]");

  // The entity: a person.
  await page.goto(`${store.base}/en/bigerentity`);
  await ready(page);
  await page.click("[data-testid=entity-person]");
  await page.waitForSelector("[data-testid=entity-form]");
  await page.fill("input[name=fullName]", "Greta Weber");
  await page.selectOption("select[name=country]", "DE");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");

  // The seller application, with a cropped avatar.
  await page.goto(`${store.base}/en/editbigerprofile/seller`);
  await ready(page);
  await page.waitForSelector("[data-testid=identity-form]");
  await page.fill("input[name=name]", "Atelier Weber");
  await page.fill("input[name=title]", "Wedding dresses sewn to measure in Leipzig");
  await page.fill("textarea[name=brief]", "Linen and silk dresses, cut for each bride.");
  await page.selectOption("select[name=country]", "DE");
  await page.setInputFiles("[data-testid=pick-avatar]", { name: "me.png", mimeType: "image/png", buffer: png(400, 300) });
  await page.click("[data-testid=crop-done]");
  await page.waitForSelector("[data-testid=img-avatar]");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");

  // The operator passes the entity, then the identity.
  await decide("operations/biggerentity/decide", { uid: (await waiting("operations/biggerentity/list", {}, SELLER)).uid });
  await decide("operations/biggeridentity/decide", { uid: (await waiting("operations/biggeridentity/list", { identityType: 22 }, SELLER)).uid });
  await page.reload();
  await ready(page);
  await page.waitForSelector("[data-testid=review-banner][data-status='2']");
  assert.deepEqual(problems, []);
});

test("the seller lists a dress in the goods form; the operator passes it in the back office", async () => {
  const { page, problems } = seller;
  await page.goto(`${store.base}/en/createTre/0`);
  await ready(page);
  await page.waitForSelector("[data-testid=goods-form]");
  await page.fill("input[name=name]", NAME);
  await page.fill("textarea[name=brief]", "Light linen, made to measure.");
  await page.fill("[data-testid=intro]", "<p>Hand <strong>sewn</strong> in Leipzig.</p>");
  await page.selectOption("select[name=spe]", "1");
  await page.selectOption("select[name=category]", "dresses");
  await addPicture(page, 1);
  await addPicture(page, 2);

  // An attribute group (colour) with two values, a variant each.
  await page.click("[data-testid=add-group]");
  await page.fill("[data-testid=group-0-name]", "Colour");
  await page.fill("[data-testid=group-0-value-0]", "Ivory");
  await page.click("[data-testid=attr-group-0] >> text=Add a value");
  await page.fill("[data-testid=group-0-value-1]", "Blush");
  await page.click("[data-testid=fill-skus]");
  await page.fill("[data-testid=sku-0-price]", "120.00");
  await page.fill("[data-testid=sku-0-stock]", "5");
  await page.fill("[data-testid=sku-1-price]", "125.00");
  await page.fill("[data-testid=sku-1-stock]", "3");

  // Colours with swatches, standard sizes and the custom size.
  for (const [i, name, swatch] of [[0, "Ivory", "#f4eee0"], [1, "Blush", "#e8b4b8"]]) {
    await page.click("[data-testid=add-colour]");
    await page.fill(`[data-testid=colour-${i}-name]`, name);
    await page.fill(`[data-testid=colour-${i}-swatch]`, swatch);
  }
  await page.check("[data-testid=sizes-standard]");
  await page.check("[data-testid=sizes-custom]");
  await page.fill("[data-testid=custom-add]", "29.00");

  // Prices in two currencies, two quantity ranges, a minimum quantity of 2.
  await page.selectOption("select[name=priceType]", "3");
  await page.click("[data-testid=add-price]");
  await page.selectOption("[data-testid=price-0-c]", "USD");
  await page.fill("[data-testid=price-0-amount]", "120.00");
  await page.click("[data-testid=add-price]");
  await page.selectOption("[data-testid=price-1-c]", "EUR");
  await page.fill("[data-testid=price-1-amount]", "110.50");
  await page.click("[data-testid=add-range]");
  await page.fill("[data-testid=range-0-qty]", "2");
  await page.fill("[data-testid=range-0-amount]", "115.00");
  await page.click("[data-testid=add-range]");
  await page.fill("[data-testid=range-1-qty]", "5");
  await page.fill("[data-testid=range-1-amount]", "100.00");
  await page.fill("input[name=minQty]", "2");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");
  await page.waitForURL(/\/en\/createTre\/tr[0-9a-f]+$/);
  treId = page.url().split("/").pop();

  // The operator passes it on operations/showtreasure.
  const op = await signIn(browser, store, OPERATOR, "/en/operations/showtreasure", { password: "souk-demo", viewport: { width: 1280, height: 900 } });
  await op.page.click(`[data-testid=ops-row][data-uid="${treId}"]`);
  await op.page.waitForSelector(`[data-testid=ops-detail][data-uid="${treId}"] [data-testid=ops-diff]`);
  await op.page.click("[data-testid=ops-pass]");
  await op.page.waitForSelector(`[data-testid=ops-row][data-uid="${treId}"]`, { state: "detached" });
  assert.deepEqual(op.problems, []);
  await op.ctx.close();

  await page.reload();
  await ready(page);
  await page.waitForSelector("[data-testid=review-banner][data-status='2']");
  const g = await store.api("tre/getTreDetail", { treId });
  assert.deepEqual(g.scenarioLabels.map((l) => l.labelId), [2, 9]);
  assert.deepEqual(g.scenarioLabels[0].values.map((v) => v.swatch), ["#f4eee0", "#e8b4b8"], "both colours keep their swatch");
  assert.ok(g.scenarioLabels[1].values.some((v) => v.id === 1), "the custom size is offered");
  assert.equal(g.priceData.minQty, 2);
  assert.equal(g.priceData.ranges.length, 2);
  assert.deepEqual(problems, []);
});

test("the seller writes a German text; once passed, German search and the German page show it", async () => {
  const { page, problems } = seller;
  await page.goto(`${store.base}/en/createTre/${treId}#translate`);
  await ready(page);
  await page.waitForSelector("[data-testid=tre-lit]");
  if (await page.inputValue("[data-testid=lit-lang]") !== "de") {
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/tre/getMyTreLit/i18nOne") && r.request().postDataJSON()?.lanCode === "de"),
      page.selectOption("[data-testid=lit-lang]", "de"),
    ]);
  }
  await page.waitForSelector("[data-testid=lit-name][lang=de]");
  await page.fill("[data-testid=lit-name]", NAME_DE);
  await page.fill("[data-testid=lit-brief]", "Leichtes Leinen, nach Maß genäht.");
  await page.click("[data-testid=lit-save]");
  await page.waitForSelector(`.toast >> text=${say("LitSaved")}`);
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");
  await decide("operations/treasure/decide", { treId });

  // Search in German finds it by its German name (the pass indexes it at once).
  await page.goto(`${store.base}/de/search?q=${encodeURIComponent("Sommernachtskleid")}`);
  await ready(page);
  await page.waitForSelector(`article.card a[href*="/tredetail/${treId}"]`);
  await page.goto(`${store.base}/de/tredetail/${treId}`);
  await ready(page);
  assert.equal((await page.textContent("h1")).trim(), NAME_DE);
  assert.equal(await page.getAttribute("h1", "lang") ?? "de", "de");
  assert.deepEqual(problems, []);
});

test("a second user buys the dress: colour, custom size, the minimum quantity, a new address, a card", async () => {
  const buyerToken = (await store.register(BUYER))?.token;
  assert.ok(buyerToken, "the buyer registers");
  const g = await store.api("tre/getTreDetail", { treId });
  const b = await signIn(browser, store, BUYER, `/en/tredetail/${treId}`);
  const { page } = b;
  await page.waitForSelector("[data-testid=goods-title]");
  await page.click(`[data-testid=attr-group-0] [data-attr-id="${g.skuModule.attrs[0][0].id}"]`);
  await page.click(`[data-testid=label-2] [data-option-id="${g.scenarioLabels[0].values[0].id}"]`);
  await page.click("[data-testid=label-9] [data-option-id='1']");
  for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");

  await page.goto(`${store.base}/en/cart`);
  await ready(page);
  await page.waitForSelector("[data-testid=cart-line]");
  assert.equal(Number(await page.inputValue("[data-testid=qty]")), 2, "the minimum quantity");
  await Promise.all([page.waitForURL(/\/en\/makeorder$/), page.click("[data-testid=checkout]")]);
  await ready(page);
  // No address yet: add one from checkout and come back.
  await Promise.all([page.waitForURL(/\/en\/addressedit\/new/), page.click("[data-testid=add-address]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=address-form]");
  await page.selectOption("select[name=country]", "FR");
  await page.fill("input[name=name]", "Claire Martin");
  await page.fill("input[name=phone]", "+33 1 23 45 67 89");
  await page.fill("input[name=city]", "Paris");
  await page.fill("input[name=line1]", "1 rue de Rivoli");
  await page.fill("input[name=postalCode]", "75001");
  await Promise.all([page.waitForURL(/\/en\/makeorder/), page.click("[data-testid=address-save]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=checkout-page] [data-testid=address]");
  assert.match(await page.textContent("[data-testid=address]"), /1 rue de Rivoli/);
  assert.match(await page.textContent("[data-testid=checkout-page]"), new RegExp(NAME));
  await fillCard(page, "4242 4242 4242 4242", "Claire Martin");
  await Promise.all([page.waitForURL(/\/en\/myorder\/[^/]+\?paid=1$/, { timeout: 30_000 }), page.click("[data-testid=place-order]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=order-page] [data-testid=order-status][data-status='200']", { timeout: 30_000 });
  number = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
  const o = (await store.authed(buyerToken, "order/detail", { orderNumber: number })).content;
  assert.equal(o.lines[0].quantity, 2);
  assert.deepEqual(o.lines[0].options.find((x) => x.labelId === 9).sizeData, { type: 1, a: 90, b: 70, c: 96, d: 150 });
  assert.deepEqual(b.problems, []);
  await b.ctx.close();
});

test("the seller ships it; the buyer sees the carrier and the tracking number", async () => {
  const { page, problems } = seller;
  await page.goto(`${store.base}/en/operations/showorder/all`);
  await ready(page);
  const card = page.locator(`[data-testid=seller-order-card][data-number="${number}"]`);
  await card.waitFor();
  await Promise.all([page.waitForURL(new RegExp(`/en/operations/showorder/${number}$`)), card.click()]);
  await ready(page);
  await page.waitForSelector("[data-testid=seller-order-page] [data-testid=made-to-measure]");
  await page.click("[data-testid=mark-production]");
  await page.waitForSelector("[data-testid=order-status][data-status='1000']");
  await page.selectOption("[data-testid=ship-carrier]", "dhl");
  await page.fill("[data-testid=ship-tracking]", TRACKING.toLowerCase());
  await page.click("[data-testid=ship-submit]");
  await page.waitForSelector("[data-testid=order-status][data-status='1001']");
  assert.equal(await page.textContent("[data-testid=seller-tracking]"), TRACKING);
  assert.deepEqual(problems, []);

  const b = await signIn(browser, store, BUYER, `/en/myorder/${number}`);
  await b.page.waitForSelector("[data-testid=order-page] [data-testid=order-status][data-status='1001']");
  assert.equal(await b.page.textContent("[data-testid=order-carrier]"), "DHL Express");
  assert.equal(await b.page.textContent("[data-testid=order-tracking]"), TRACKING);
  await Promise.all([b.page.waitForURL(/\/en\/shippinginfo\//), b.page.click("[data-testid=tracking-link]")]);
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=tracking-page]");
  assert.equal(await b.page.textContent("[data-testid=carrier]"), "DHL Express");
  assert.equal(await b.page.textContent("[data-testid=tracking-number]"), TRACKING);
  assert.deepEqual(b.problems, []);
  await b.ctx.close();
});

// SHOTS=dir: the filled goods form (German text passed) on a phone and a
// desktop, in English and Arabic.
test("screenshots of the goods form", { skip: !process.env.SHOTS }, async () => {
  const { page, problems } = seller;
  mkdirSync(process.env.SHOTS, { recursive: true });
  for (const lang of ["en", "ar"]) {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.base}/${lang}/createTre/${treId}`);
      await ready(page);
      await page.waitForSelector("[data-testid=goods-form]");
      await page.waitForSelector("[data-testid=lit-form]");
      await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=image-list] img")].every((i) => i.complete && i.naturalWidth > 0));
      await page.screenshot({ path: `${process.env.SHOTS}/journey-goods-form-${lang}-${width}.png`, fullPage: true });
    }
  }
  assert.deepEqual(problems, []);
});
