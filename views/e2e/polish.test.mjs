// Issue 9 points 5-8, each where the shopper sees it: forms that refuse at
// the right step and say a code was sent only once it was, uploads checked
// before they are shown, numbers, sizes, currencies, states, kept choices,
// the cancel dialog, the card menu, phone numbers and the search box on
// phones, and the pages without JavaScript.
// SHOTS=dir also takes screenshots (360/412 px and desktop, en/de/ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const PHONE = { width: 360, height: 740 };
const notPicture = { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("this is text, not a picture\n".repeat(20)) };
// A real picture: a 1×1 GIF.
const picture = { name: "dot.gif", mimeType: "image/gif", buffer: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64") };

async function register(email) {
  const reg = await store.register(email);
  assert.ok(reg?.token, "registered " + email);
  return reg.token;
}

async function authed(token, path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  return r.json();
}

// login signs in through the login page and lands on redirect.
async function login(page, email, redirect) {
  await page.goto(`${store.base}/en/login?redirect=${encodeURIComponent(redirect)}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(store.base + redirect), page.click("[data-testid=login-submit]")]);
  await ready(page);
}

async function shoot(page, name) {
  if (!process.env.SHOTS) return;
  mkdirSync(process.env.SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: false });
}

// 5. Forms tell the truth at the right time.

test("register refuses a name with < at step 2, beside the field, and says a code was sent only after sending", async () => {
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await page.goto(`${store.base}/en/register`);
  await ready(page);
  await page.fill("input[name=email]", "polish-reg@example.com");
  await page.click("[data-testid=register-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await page.fill("#f-username", "<b>Ann</b>");
  await page.click("[data-testid=register-step2] button[type=submit]");
  const err = await page.waitForSelector("#f-username-err");
  assert.match(await err.textContent(), /without < or >/, "the server's rule, next to the name");
  assert.ok(await page.$("[data-testid=register-step2]"), "still at step 2");
  await shoot(page, "register-name-360-en");
  await page.fill("#f-username", "Ann");
  await page.click("[data-testid=register-step2] button[type=submit]");
  await page.check("[data-testid=consent-cookie]");
  await page.check("[data-testid=consent-privacy]");
  await page.click("[data-testid=register-step3] button[type=submit]");
  const status = () => page.textContent("[data-testid=code-status]");
  assert.doesNotMatch(await status(), /We sent/, "no code was sent yet");
  await page.click("[data-testid=send-code]");
  await page.waitForFunction(() => /We sent a code/.test(document.querySelector("[data-testid=code-status]").textContent));
  // A wrong code: the refusal stays on the page, next to the code.
  await page.fill("input[name=code]", "000000");
  await page.click("[data-testid=register-submit]");
  await page.waitForSelector("[data-testid=register-error]");
  await page.waitForTimeout(1500); // longer than a toast lives
  assert.ok(await page.isVisible("[data-testid=register-error]"), "the message is still there");
  assert.deepEqual(problems, []);
  await page.close();
});

test("closing an account: page B says a code was sent only when one was", async () => {
  const email = "polish-destroy@example.com";
  await register(email);
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await login(page, email, "/en/destroymyaccountb");
  await page.waitForSelector("[data-testid=code-status]");
  await page.waitForFunction(() => !!document.querySelector("[data-testid=send-code]:not([disabled])"));
  assert.doesNotMatch(await page.textContent("[data-testid=code-status]"), /We sent/, "opened directly: nothing was sent");
  await page.click("[data-testid=send-code]");
  await page.waitForFunction(() => /We sent a code/.test(document.querySelector("[data-testid=code-status]").textContent));
  assert.deepEqual(problems, []);
  await page.close();
});

// 6. Uploads fail gracefully.

test("search box: a text file named .png is refused in words, drops the earlier picture, and adds no tab", async () => {
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await page.goto(`${store.base}/de/`);
  await ready(page);
  await page.setInputFiles("[data-testid=search-image]", picture);
  await page.waitForSelector("[data-testid=search-preview]");
  await page.setInputFiles("[data-testid=search-image]", notPicture);
  const err = await page.waitForSelector("[data-testid=search-error]");
  assert.match(await err.textContent(), /kein Bild/, "why, in German");
  assert.equal(await page.$("[data-testid=search-preview]"), null, "no thumbnail, broken or earlier");
  await shoot(page, "search-refused-360-de");
  const sent = [];
  page.on("request", (r) => { if (r.url().includes("stream/search")) sent.push(r.url()); });
  await page.click("[data-testid=search-submit]");
  await page.waitForTimeout(300);
  assert.deepEqual(sent, [], "nothing to search: the refused file is not sent");
  assert.equal(await page.$("[data-testid=search-tabs]"), null, "no tab added");
  assert.deepEqual(problems, []);
  await page.close();
});

test("avatar: a file that is not a picture opens no crop dialog and says why", async () => {
  const email = "polish-avatar@example.com";
  await register(email);
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await login(page, email, "/en/editProfile");
  await page.waitForSelector("[data-testid=pick-avatar]", { state: "attached" });
  await page.setInputFiles("[data-testid=pick-avatar]", notPicture);
  const err = await page.waitForSelector("[data-testid=pic-error]");
  assert.match(await err.textContent(), /not an image we can read/);
  assert.equal(await page.$("[data-testid=crop-done]"), null, "no crop dialog");
  // A real picture still opens it.
  await page.setInputFiles("[data-testid=pick-avatar]", picture);
  await page.waitForSelector("[data-testid=crop-done]");
  assert.equal(await page.$("[data-testid=pic-error]"), null);
  assert.deepEqual(problems, []);
  await page.close();
});

// 7. Small things.

test("German ratings use the decimal comma; sizes run XS to XXL; English says Color", async () => {
  const rated = await findGoods(store, (g) => g.ratingCount > 0 && g.rating % 20 !== 0);
  const page = await browser.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/de/tredetail/${rated.treId}`);
  await ready(page);
  assert.match(await page.textContent(".stars-count"), /^\d,\d \(/, "3,6 not 3.6");

  const order = ["XS", "S", "M", "L", "XL", "XXL"];
  const sized = await findGoods(store, (g) => g.skuModule?.attrs?.some((grp) => grp.some((a) => a.name.txt === "XXL") && grp.some((a) => a.name.txt === "M")));
  await page.goto(`${store.base}/en/tredetail/${sized.treId}`);
  await ready(page);
  const g = sized.skuModule.attrs.findIndex((grp) => grp.some((a) => a.name.txt === "XXL"));
  const shown = await page.$$eval(`[data-testid=attr-group-${g}] .chip`, (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(shown, [...shown].sort((a, b) => order.indexOf(a) - order.indexOf(b)), "sizes in size order: " + shown.join(" "));

  const dress = await findGoods(store, (g) => g.spe === 1 && g.scenarioLabels?.some((l) => l.labelId === 2));
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await ready(page);
  assert.match(await page.textContent("[data-testid=label-2] legend"), /^Color/);
  assert.doesNotMatch(await page.textContent("main"), /Colour/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("no two currencies look alike in the picker", async () => {
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await page.goto(`${store.base}/en/`);
  await ready(page);
  await page.click("[data-testid=region-btn]");
  await page.waitForSelector("[data-testid=currency-select]");
  const opts = await page.$$eval("[data-testid=currency-select] option", (els) => els.map((e) => e.textContent.trim()));
  const cny = opts.find((o) => o.startsWith("CNY")), jpy = opts.find((o) => o.startsWith("JPY"));
  assert.match(cny, /CN¥/);
  assert.match(jpy, /JP¥/);
  assert.match(opts.find((o) => o.startsWith("CHF")), /CHF · \S/, "CHF is named, not left bare");
  assert.match(opts.find((o) => o.startsWith("ARS")), /AR\$/);
  assert.equal(new Set(opts).size, opts.length);
  // And a price in francs reads "CHF 12.00", not "CHF12.00".
  await page.selectOption("[data-testid=region-select]", "CH");
  await page.selectOption("[data-testid=currency-select]", "CHF");
  await Promise.all([page.waitForEvent("load"), page.click("[data-testid=region-apply]")]);
  await ready(page);
  assert.match(await page.textContent("article.card .price"), /^CHF\u00a0\d/);
  await shoot(page, "currency-360-en");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the address form names US states and stores their codes", async () => {
  const email = "polish-address@example.com";
  await register(email);
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await login(page, email, "/en/addressedit/new");
  await page.waitForSelector("[data-testid=address-form]");
  await page.selectOption("select[name=country]", "US");
  await page.waitForSelector("select[name=region]");
  const ca = await page.$eval("select[name=region] option[value=CA]", (o) => o.textContent);
  assert.equal(ca, "California");
  await page.selectOption("select[name=region]", { label: "New York" });
  assert.equal(await page.inputValue("select[name=region]"), "NY");
  assert.deepEqual(problems, []);
  await page.close();
});

test("switching region keeps the options chosen on a product page", async () => {
  const g = await findGoods(store, (g) => g.skuModule?.attrs?.length === 2 && g.saleable === 1);
  const page = await browser.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/en/tredetail/${g.treId}`);
  await ready(page);
  const chip = page.locator("[data-testid=attr-group-0] .chip:not([disabled])").first();
  const id = await chip.getAttribute("data-attr-id");
  await chip.click();
  assert.equal(await page.getAttribute(`[data-attr-id="${id}"]`, "aria-pressed"), "true");
  await page.click("[data-testid=region-btn]");
  await page.selectOption("[data-testid=region-select]", "DE");
  await Promise.all([page.waitForEvent("load"), page.click("[data-testid=region-apply]")]);
  await ready(page);
  await page.waitForFunction((i) => document.querySelector(`[data-attr-id="${i}"]`)?.getAttribute("aria-pressed") === "true", id);
  assert.match(await page.textContent(".price"), /€/, "the prices moved to euros");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the Arabic cancel dialog's safe button keeps the order; the phone number stays on one line", async () => {
  const email = "polish-order@example.com";
  const token = await register(email);
  const addr = await authed(token, "address/save", { name: "سارة أحمد", phone: "+966 50 123 4567", country: "SA", city: "الرياض", line1: "شارع الملك فهد ١٢", postalCode: "12211", isDefault: true });
  assert.equal(addr.code, 200, addr.easg);
  const g = await findGoods(store, (g) => g.saleable === 1 && g.bigType !== 2 && g.spe !== 1 && !(g.skuModule?.attrs?.length) && g.stock > 5);
  assert.equal((await authed(token, "shoppingIncrRP", { requestId: crypto.randomUUID(), treId: g.treId, skuId: "", scenarioOptions: [], scenarioAttrsUid: "" })).code, 200);
  const pre = (await authed(token, "order/preOrderData", {})).content;
  const made = await authed(token, "order/makeOrderData", { requestId: crypto.randomUUID(), addressId: pre.address.id, total: pre.total.amount });
  assert.equal(made.code, 200, made.easg);
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watch(page);
  await login(page, email, "/en/addressmanagement");
  await page.goto(`${store.base}/ar/addressmanagement`);
  await ready(page);
  const phone = await page.waitForSelector("[data-testid=address-card] bdi[dir=ltr]");
  assert.equal(await phone.evaluate((e) => e.getClientRects().length), 1, "one line");
  assert.equal(await phone.evaluate((e) => e.textContent), "+966 50 123 4567");
  await shoot(page, "addresses-360-ar");
  await page.goto(`${store.base}/ar/myorder/${made.content.orderNumbers[0]}`);
  await ready(page);
  await page.click("[data-testid=cancel-order]");
  const no = await page.textContent("[data-testid=confirm-no]");
  const yes = await page.textContent("[data-testid=confirm-yes]");
  assert.equal(no, "الإبقاء على الطلب");
  assert.ok(!no.includes("إلغاء") && yes.includes("إلغاء"), "only the action says cancel");
  await shoot(page, "cancel-360-ar");
  await page.click("[data-testid=confirm-no]");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a card's menu opens whole inside a home row", async () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    const page = await browser.newPage({ viewport });
    const problems = watch(page);
    await page.goto(`${store.base}/en/`);
    await ready(page);
    const btn = page.locator("[data-testid=row-wn3] button[aria-haspopup=menu]").first();
    await btn.scrollIntoViewIfNeeded();
    await btn.click();
    const pop = await page.waitForSelector("[data-testid=row-wn3] [role=menu]");
    // Every corner of the menu is the menu (nothing clips or covers it).
    const seen = await pop.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]]
        .map(([x, y]) => el.contains(document.elementFromPoint(x, y)));
    });
    assert.deepEqual(seen, [true, true, true, true], "menu fully visible at " + viewport.width);
    await shoot(page, "card-menu-" + viewport.width + "-en");
    await page.keyboard.press("Escape");
    assert.equal(await page.$("[role=menu]"), null, "Escape closes it");
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test("the search placeholder and the top bar fit a phone", async () => {
  for (const lang of ["en", "de", "ar"]) {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${store.base}/${lang}/`);
    await ready(page);
    const fits = await page.$eval("[data-testid=search-input]", (el) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement("canvas").getContext("2d");
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return ctx.measureText(el.placeholder).width <= room;
    });
    assert.ok(fits, "placeholder fits at 360 px in " + lang);
    await shoot(page, "home-360-" + lang);
    // Nor does the top bar push the page sideways, on home or with a back button.
    for (const path of ["/", "/register"]) {
      await page.goto(`${store.base}/${lang}${path}`);
      await ready(page);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll at 360 px: " + lang + path);
    }
    await page.close();
  }
});

// 8. Without JavaScript.

test("without JavaScript: account pages say they need it, and the search box submits to a results page", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await ctx.newPage();
  for (const [lang, path] of [["en", "/cart"], ["en", "/myorders"], ["de", "/login"], ["ar", "/register"]]) {
    await page.goto(`${store.base}/${lang}${path}`);
    const note = page.locator("[data-testid=noscript]");
    assert.ok(await note.isVisible(), "noscript notice on " + lang + path);
    if (lang === "en") assert.match(await note.textContent(), /needs JavaScript/);
    await shoot(page, "noscript-360-" + lang + path.replace("/", "-"));
  }
  await page.goto(`${store.base}/en/`);
  assert.equal(await page.locator("[data-testid=noscript]").count(), 0, "the home page works without script");
  await page.fill("[data-testid=search-input]", "dress");
  await Promise.all([page.waitForURL(/\/en\/search\?q=dress$/), page.click("[data-testid=search-submit]")]);
  assert.ok(await page.locator("article.card").count() > 0, "results listed by the server");
  assert.equal(await page.inputValue("[data-testid=search-input]"), "dress");
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");
  await shoot(page, "search-nojs-360-en");
  await ctx.close();
});
