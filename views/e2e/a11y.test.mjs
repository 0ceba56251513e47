// Accessibility (issue 10, point 8): axe-core on every page once it is
// hydrated, at phone and desktop width, in English and Arabic, signed out and
// signed in; then the keyboard and screen-reader behaviours axe cannot see:
// modal dialogs, the skip link, star ratings, one h1 per page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { startStore, launch, watch, findGoods, axeViolations, ready } from "./harness.mjs";

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1280, height: 900 };
const LANGS = ["en", "ar"];
const email = "a11y@example.com";
// A tiny valid PNG (1×1 red), for the avatar's crop dialog.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

let store, browser, token, me, plain, dress, out, inside;
const h1Counts = []; // "page @width: n" for every state the sweep audited

async function authed(path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  const env = await r.json();
  assert.equal(env.code, 200, path + ": " + env.easg);
  return env.content;
}

const addToCart = (g, options) => store.addToCart(token, g, options);

// newPage opens a page whose console problems are watched.
async function newPage(ctx) {
  const page = await ctx.newPage();
  return { page, problems: watch(page) };
}


before(async () => {
  store = await startStore();
  browser = await launch();
  const reg = await store.register(email);
  token = reg.token;
  me = reg.user.userUid;
  assert.ok(token, "registered");
  plain = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1 && x.ratingCount > 0);
  dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 5 &&
    x.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)));
  out = await newPage(await browser.newContext({ viewport: PHONE }));
  inside = await newPage(await browser.newContext({ viewport: PHONE }));
  const page = inside.page;
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fmysafes`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(/\/en\/mysafes$/), page.click("[data-testid=login-submit]")]);
  await page.waitForSelector("[data-testid=me]");
});

after(async () => { await browser?.close(); await store?.stop(); });

// audit runs axe on the page as it is now, at both widths, and returns its
// violations as readable lines (with rule ids for the summary) and the
// number of h1 elements seen at each width.
async function audit(page, where) {
  const found = [];
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const violations = await axeViolations(page);
    const h1 = await page.evaluate(() => [...document.querySelectorAll("h1")].filter((h) => h.getClientRects().length > 0).length);
    const at = `${where} @${vp.width}`;
    for (const v of violations) found.push({ id: v.id, line: `${at}: ${v.id} (${v.impact}) ${v.targets.slice(0, 6).join(" | ")}` });
    h1Counts.push(`${at}: ${h1}`);
  }
  await page.setViewportSize(PHONE);
  return found;
}

// visit loads a path in lang, waits for hydration and for the page's data
// (waitFor), then audits it; then, optionally, steps through states of the
// page (a form's next step) and audits each.
async function visit(tab, lang, path, waitFor, steps = []) {
  const { page } = tab;
  await page.goto(`${store.base}/${lang}${path}`);
  await ready(page);
  if (waitFor) await page.waitForSelector(waitFor);
  const found = await audit(page, `${lang}${path}`);
  for (const [name, act] of steps) {
    await act(page);
    found.push(...await audit(page, `${lang}${path} [${name}]`));
  }
  return found;
}

// typedSearch runs a search from the home page's box and waits for its
// results to finish streaming.
async function typedSearch(page) {
  await page.fill("[data-testid=search-input]", "leather");
  await page.click("[data-testid=search-submit]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=search-tabs] [role=tab]").length > 0
    && !document.querySelector("[data-testid=search-tabs] button[disabled]"));
  await page.waitForSelector("article.card");
  // The result count fades out, then leaves: audit the page it leaves behind.
  await page.waitForSelector(".result-count", { state: "detached", timeout: 30_000 });
}

const openDialog = (button) => async (page) => {
  await page.click(`[data-testid=${button}]`);
  await page.waitForSelector("[role=dialog]");
};
const closeDialog = async (page) => { await page.keyboard.press("Escape"); await page.waitForSelector("[role=dialog]", { state: "detached" }); };

function signedOutPages(lang) {
  return [
    ["/", "article.card", [["menu", openDialog("menu-btn")], ["menu closed", closeDialog], ["language", openDialog("lang-btn")],
      ["language closed", closeDialog], ["region", openDialog("region-btn")], ["region closed", closeDialog],
      ["card menu", async (page) => { await page.click(".card .more >> nth=0"); await page.waitForSelector("[data-testid=card-menu-pop]"); }],
      ["card menu closed", async (page) => { await page.keyboard.press("Escape"); await page.waitForSelector("[data-testid=card-menu-pop]", { state: "detached" }); }],
      ["typed search", typedSearch]]],
    ["/search?q=leather", "article.card"],
    [`/tredetail/${plain.treId}`, "[data-testid=goods-title]"],
    [`/tredetail/${dress.treId}`, "[data-testid=goods-title]"],
    [`/biger/seller/${plain.ownerUid}`, "[data-testid=identity-name]"],
    ["/category/jewelry-watches", "article.card"],
    ["/login", "[data-testid=login-step1]", [["password", async (page) => {
      await page.fill("input[name=email]", email);
      await page.click("[data-testid=login-step1] button[type=submit]");
      await page.waitForSelector("[data-testid=login-step2]");
    }]]],
    ["/register", "[data-testid=register-step1]", [["step 2", async (page) => {
      await page.fill("input[name=email]", "new-" + lang + "@example.com");
      await page.click("[data-testid=register-step1] button[type=submit]");
      await page.waitForSelector("[data-testid=register-step2]");
    }], ["step 3", async (page) => {
      await page.fill("input[name=password]", "secret123");
      await page.fill("[data-testid=register-step2] input[name=username]:not([hidden])", "Newcomer");
      await page.click("[data-testid=register-step2] button[type=submit]");
      await page.waitForSelector("[data-testid=register-step3]");
    }], ["step 4", async (page) => {
      await page.check("[data-testid=consent-cookie]");
      await page.check("[data-testid=consent-privacy]");
      await page.click("[data-testid=register-step3] button[type=submit]");
      await page.waitForSelector("[data-testid=register-step4]");
    }], ["back to step 3", async (page) => {
      await page.click("[data-testid=register-step4] ~ button.linklike");
      await page.waitForSelector("[data-testid=register-step3]");
    }], ["cookie policy", async (page) => {
      await page.click("[data-testid=register-step3] button.linklike >> nth=0");
      await page.waitForSelector("[role=dialog]");
    }], ["cookie policy closed", closeDialog]]],
    ["/forgetPwd", "[data-testid=forget-form]"],
    ["/prisafedeclare", null],
    ["/no-such-page", "[data-testid=not-found]"],
  ];
}

function signedInPages(order, addressId, chat) {
  return [
    ["/bigchat", "[data-testid=chat-row]"],
    [`/bigchat?c=${chat}`, "[data-testid=chat-msg][data-seq]", [["report", async (page) => {
      await page.click("[data-testid=chat-report]");
      await page.waitForSelector("[role=dialog]");
    }], ["report closed", closeDialog]]],
    ["/", "article.card"],
    ["/cart", "[data-testid=cart-line]"],
    ["/makeorder", "[data-testid=address]"],
    ["/myorders", "[data-testid=order-card]"],
    [`/myorder/${order}`, "[data-testid=order-page] [data-testid=order-status]", [["cancel confirm", async (page) => {
      await page.click("[data-testid=cancel-order]");
      await page.waitForSelector("[role=dialog]");
    }], ["cancel kept", closeDialog]]],
    [`/shippinginfo/${order}`, "[data-testid=tracking-page], [data-testid=tracking-error]"],
    ["/editProfile", "[data-testid=save-name]", [["crop", async (page) => {
      await page.setInputFiles("[data-testid=pick-avatar]", { name: "me.png", mimeType: "image/png", buffer: PNG });
      await page.waitForSelector("[data-testid=crop-done]");
    }], ["crop closed", closeDialog]]],
    ["/mysafes", "[data-testid=sessions]"],
    ["/changemyaccountemail", "[data-testid=change-email-form]"],
    ["/destroyaccountintro", "[data-testid=destroy-next]"],
    ["/destroymyaccounta", null],
    ["/destroymyaccountb", null],
    ["/addressmanagement", "[data-testid=address-card]"],
    ["/mygoods", "[data-testid=mygoods-item] [data-testid=mygoods-stock]", [["card menu", async (page) => {
      await page.click("[data-testid=mygoods-item] button.more");
      await page.waitForSelector("[data-testid=card-menu-pop]");
    }], ["delete confirm", async (page) => {
      await page.click("[data-testid=card-menu-pop] [data-testid=card-delete]");
      await page.waitForSelector("[role=dialog]");
    }], ["delete kept", closeDialog]]],
    [`/addressedit/${addressId}`, "[data-testid=address-form]"],
    ["/addressedit/new", "[data-testid=address-form]"],
    [`/user?userUid=${me}`, "[data-testid=user-name]"],
    // The reader is also the seller of the order (attached to its identity).
    ["/operations/showorder/all", "[data-testid=seller-order-card]"],
    [`/operations/showorder/${order}`, "[data-testid=ship-form]"],
    [`/operations/showtrack/${order}`, "[data-testid=seller-track-page]"],
    ["/bigerentity", "[data-testid=entity-form]"],
    ["/editbigerprofile/seller", "[data-testid=identity-form]"],
    // Without a staff role the review queues are not found (backoffice.test.mjs audits them as the operator).
    ["/operations/showbiggerentity", "[data-testid=not-found]"],
    ["/operations/showbiggeridentity/all", "[data-testid=not-found]"],
    // The reader sells for the order's identity; if that is not a Seller, the page says how to become one.
    ["/createTre/0", "[data-testid=goods-form], [data-testid=goods-needs-seller]"],
  ];
}

// report fails with every violation, after a count by rule.
function report(found) {
  const byRule = {};
  for (const f of found) byRule[f.id] = (byRule[f.id] ?? 0) + 1;
  if (found.length) console.log("violations by rule:", byRule, "\n" + found.map((f) => f.line).join("\n"));
  assert.equal(found.length, 0, "axe violations (listed above)");
}

test("axe finds no violation on any page, at both widths, in en and ar, signed out and in", async () => {
  const found = [];
  for (const lang of LANGS) {
    for (const [path, waitFor, steps] of signedOutPages(lang)) found.push(...await visit(out, lang, path, waitFor, steps));
  }
  // Signed in: the empty cart first, then an order and a line in the cart.
  for (const lang of LANGS) found.push(...await visit(inside, lang, "/cart", "[data-testid=cart-empty]"));
  for (const lang of LANGS) found.push(...await visit(inside, lang, "/myorders", "[data-testid=orders-empty]"));
  for (const lang of LANGS) found.push(...await visit(inside, lang, "/bigerentity", "[data-testid=entity-choose]"));
  await authed("myEntity/addType", { entityType: 1 });
  await authed("myEntity/saveEntityForm", { values: { fullName: "Ada Reader", country: "US" } });
  const address = await authed("address/save", { name: "Ada Reader", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  await addToCart(dress, dress.scenarioLabels.map((l) => l.labelId === 9
    ? { labelId: 9, optionId: 1, sizeData: { type: 1, a: 90, b: 70, c: 96, d: 150 } } : { labelId: l.labelId, optionId: l.values[0].id }));
  const pre = await authed("order/preOrderData", { addressId: address.id });
  const placed = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId: address.id, total: pre.total.amount });
  await authed("order/payChange", { payUid: placed.payUid, payMethod: 1, card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Reader" } });
  // A seller too (of the order's goods): the seller's pages and "my goods".
  store.attachSeller(email, (await authed("order/detail", { orderNumber: placed.orderNumbers[0] })).sellerUid);
  await addToCart(plain);
  // A question to customer service about the order: bigchat has a conversation.
  const chat = await authed("chat/open", { kind: "service", orderNumber: placed.orderNumbers[0] });
  await authed("chat/send", { uid: chat.uid, appId: "a11y-1", type: 1, content: "Where is my order? https://example.com/help" });
  for (const lang of LANGS) {
    for (const [path, waitFor, steps] of signedInPages(placed.orderNumbers[0], address.id, chat.uid)) found.push(...await visit(inside, lang, path, waitFor, steps));
  }
  report(found);
  // The not-found page answers 404 on purpose; the browser logs that.
  assert.deepEqual([...out.problems, ...inside.problems].filter((p) => !p.includes("status of 404")), []);
});

test("every page has exactly one h1, also after a search in the page and on every account page", () => {
  assert.ok(h1Counts.length > 100, "the sweep above audited the pages");
  assert.deepEqual(h1Counts.filter((c) => !c.endsWith(": 1")), []);
});

// tabStops presses Tab (or Shift+Tab) n times and returns where the focus
// went each time: inside the dialog or not, and which element.
async function tabStops(page, n, shift = false) {
  const seen = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    seen.push(await page.evaluate(() => ({ inside: !!document.activeElement?.closest("[role=dialog]"), text: document.activeElement?.textContent?.trim().slice(0, 30) ?? "" })));
  }
  return seen;
}

// checkModal opens a dialog from opener with the keyboard and checks that it
// behaves as a modal: focus inside, Tab and Shift+Tab cycle through its
// stops and stay in, the page behind is inert, Escape closes it and the
// focus returns to the opener.
async function checkModal(page, opener, name) {
  await page.focus(opener);
  await page.keyboard.press("Enter");
  await page.waitForSelector("[role=dialog]");
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]")), name + ": focus moves into the dialog");
  const stops = await page.evaluate(() => [...document.querySelectorAll("[role=dialog] a[href], [role=dialog] button, [role=dialog] select, [role=dialog] input")].filter((e) => e.getClientRects().length).length);
  // From the first stop backwards (to the last), then forwards past the end.
  const back = await tabStops(page, Math.min(stops, 8) + 2, true);
  assert.deepEqual(back.filter((s) => !s.inside), [], name + ": Shift+Tab stays inside");
  const forward = await tabStops(page, Math.min(stops, 8) + 2);
  assert.deepEqual(forward.filter((s) => !s.inside), [], name + ": Tab stays inside");
  if (stops <= 8) assert.deepEqual(forward[stops], forward[0], name + ": Tab comes round to the same stop again");
  const behind = await page.evaluate(() => {
    const a = document.querySelector("main a[href], main button, .topbar button");
    a.focus();
    return { focused: document.activeElement === a, inert: !!a.closest("[inert]") || a.matches(":modal *") };
  });
  assert.equal(behind.focused, false, name + ": the page behind cannot take the focus");
  assert.equal(behind.inert, true, name + ": the page behind is inert");
  await page.keyboard.press("Escape");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
  assert.ok(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), opener), name + ": focus returns to its opener");
}

test("dialogs are modal: focus trapped, page behind inert, Escape closes, focus returns", async () => {
  const { page } = out;
  for (const lang of LANGS) {
    await page.goto(`${store.base}/${lang}/tredetail/${plain.treId}`);
    await ready(page);
    await checkModal(page, "[data-testid=menu-btn]", lang + " menu");
    await checkModal(page, "[data-testid=lang-btn]", lang + " language");
    await checkModal(page, "[data-testid=region-btn]", lang + " region");
  }
  // A page's own dialog: the cookie policy on the register page.
  await page.goto(`${store.base}/en/register`);
  await ready(page);
  await page.fill("input[name=email]", "dialog@example.com");
  await page.click("[data-testid=register-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await page.fill("[data-testid=register-step2] input[name=username]:not([hidden])", "Dialoguer");
  await page.click("[data-testid=register-step2] button[type=submit]");
  await page.waitForSelector("[data-testid=register-step3]");
  await checkModal(page, "[data-testid=register-step3] button.linklike", "cookie policy");
  // From the menu to the language dialog: closing it goes back to the menu button.
  await page.focus("[data-testid=menu-btn]");
  await page.keyboard.press("Enter");
  await page.click("[role=dialog] .menu-list button.linklike >> nth=0");
  await page.waitForSelector("[role=dialog] .lang-list");
  await page.keyboard.press("Escape");
  await page.waitForSelector("[role=dialog]", { state: "detached" });
  assert.ok(await page.evaluate(() => document.activeElement?.dataset.testid === "menu-btn"), "focus returns to the menu button");
});

test("a card's menu is a menu button: focus in, arrows move, Escape goes back", async () => {
  const { page } = out;
  await page.goto(`${store.base}/en/`);
  await ready(page);
  const btn = ".card .more >> nth=0";
  await page.focus(btn);
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=card-menu-pop]");
  const items = await page.locator("[data-testid=card-menu-pop] [role=menuitem]").count();
  const focused = () => page.evaluate(() => [...document.querySelectorAll("[data-testid=card-menu-pop] [role=menuitem]")].indexOf(document.activeElement));
  assert.equal(await focused(), 0, "the first item has the focus");
  await page.keyboard.press("ArrowDown");
  assert.equal(await focused(), items > 1 ? 1 : 0, "ArrowDown moves to the next item");
  await page.keyboard.press("End");
  assert.equal(await focused(), items - 1, "End goes to the last");
  await page.keyboard.press("Escape");
  await page.waitForSelector("[data-testid=card-menu-pop]", { state: "detached" });
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains("more")), "focus back on the button");
});

// axName asks Chromium itself (not an approximation) for an element's
// accessible name.
async function axName(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
  await cdp.detach();
  return nodes[0]?.name?.value ?? "";
}

test("top bar controls are named by what they show (label in name), in en and ar", async () => {
  const { page } = inside;
  await addToCart(plain); // so the cart shows a count
  for (const lang of LANGS) {
    await page.goto(`${store.base}/${lang}/`);
    await ready(page);
    const n = await page.textContent("[data-testid=cart-link] [data-testid=badge]");
    const want = { en: ["Language: EN", "Region: US · USD", "Cart " + n], ar: ["اللغة: AR", "المنطقة: SA · SAR", "السلة " + n] }[lang];
    for (const vp of [PHONE, DESKTOP]) {
      await page.setViewportSize(vp);
      const got = [];
      for (const id of ["lang-btn", "region-btn", "cart-link"]) got.push((await axName(page, `[data-testid=${id}]`)).replace(/\s+/g, " ").trim());
      assert.deepEqual(got, want, `${lang} @${vp.width}`);
    }
  }
  await page.setViewportSize(PHONE);
});

test("the skip link is the first Tab stop on every page", async () => {
  const pages = [[out, "/"], [out, `/tredetail/${dress.treId}`], [out, "/login"], [out, "/register"], [out, "/forgetPwd"], [out, "/no-such-page"],
    [inside, "/cart"], [inside, "/myorders"], [inside, "/changemyaccountemail"], [inside, "/addressmanagement"], [inside, "/mygoods"]];
  const wrong = [];
  for (const lang of LANGS) {
    for (const [tab, path] of pages) {
      await tab.page.goto(`${store.base}/${lang}${path}`);
      await ready(tab.page);
      await tab.page.keyboard.press("Tab");
      const first = await tab.page.evaluate(() => ({ cls: document.activeElement?.className, href: document.activeElement?.getAttribute("href") ?? "" }));
      if (first.cls !== "skip" || !first.href.endsWith("#main")) wrong.push(`${lang}${path}: ${JSON.stringify(first)}`);
    }
  }
  assert.deepEqual(wrong, []);
  // It leads to the content: Enter moves the focus to the main region.
  const { page } = out;
  await page.goto(`${store.base}/en/tredetail/${plain.treId}`);
  await ready(page);
  await page.keyboard.press("Tab");
  assert.ok(await page.isVisible("a.skip"), "shown when focused");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest("main")), "the next stop is in the content");
});

test("star ratings are read as a sentence in the page's language and drawn at their width", async () => {
  const { page } = out;
  const tenths = Math.round(plain.rating / 2);
  const r = (tenths / 10).toFixed(1);
  for (const [lang, want] of [["en", `${r} out of 5, ${plain.ratingCount} ratings`], ["de", `${r.replace(".", ",")} von 5, ${plain.ratingCount} Bewertungen`]]) {
    await page.goto(`${store.base}/${lang}/tredetail/${plain.treId}`);
    await ready(page);
    const stars = page.locator(".goods-sub .stars").first();
    const snap = await stars.ariaSnapshot();
    assert.ok(snap.includes(want), `${lang}: read as "${want}", got ${snap}`);
    assert.ok(!snap.includes("★"), `${lang}: the glyphs are not read: ${snap}`);
  }
  const width = await page.evaluate(() => {
    const s = document.querySelector(".goods-sub .stars");
    return s.querySelector(".stars-fill").getBoundingClientRect().width / s.querySelector(".stars-empty").getBoundingClientRect().width;
  });
  assert.ok(Math.abs(width - tenths / 50) < 0.01, `${r} stars fill ${tenths * 2}% of the five, not ${(width * 100).toFixed(1)}%`);
});
