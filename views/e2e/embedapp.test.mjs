// The embedded app (issue 15, point 5; SPEC §1, §2, §4, §7, §9). Pages run
// with the app wrapper's user agent (SoukApp/…) and a stubbed native bridge
// (window.ReactNativeWebView, or Android's window.SoukApp), beside the same
// pages in a plain browser, which must keep the opposite:
// - zoom: locked in the app, allowed in a browser (a pinch zooms);
// - the download prompt: hidden in the app, shown in a browser;
// - toasts: below the native top inset the app passes;
// - links: in the same tab in the app, even a desktop's goods card or a
//   target=_blank link, which open a new tab in a desktop browser;
// - session expiry: {type: "SoukApp", doWhat: "SessionExpire"} posted to the
//   native side instead of going to /login (a login-only page, the cart
//   button, adding to the cart, a session ended on the server);
// - heartbeat: none over the app's socket, {code:1} every 40 s in a browser
//   (Playwright's clock runs the 40 s at once).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch, ready, signIn, findGoods } from "./harness.mjs";

let store, browser, dress;
before(async () => {
  store = await startStore();
  browser = await launch();
  dress = await findGoods(store, (g) => g.spe === 1 && g.saleable === 1);
});
after(async () => { await browser?.close(); await store?.stop(); });

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
const APP = PHONE + " SoukApp/2.3.0";
const EXPIRE = { type: "SoukApp", doWhat: "SessionExpire" };

// open makes a browser context, in the app or not: a phone (360 px, touch)
// or a desktop window (1280 px, mouse). In the app a native bridge is
// stubbed (bridge: which one) and records what the page posts; inset is the
// top inset the app passes.
async function open({ app, phone = true, inset, bridge = "ReactNativeWebView" }) {
  const ctx = await browser.newContext({
    userAgent: app ? APP : PHONE,
    ...(phone ? { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
  });
  const posted = [];
  if (app) {
    await ctx.exposeBinding("__native", (_src, m) => { posted.push(JSON.parse(m)); });
    await ctx.addInitScript(({ bridge, inset }) => {
      window[bridge] = { postMessage: (m) => window.__native(m) };
      if (inset !== undefined) window.SoukAppInsets = { top: inset };
    }, { bridge, inset });
  }
  return { ctx, posted };
}

async function visit(ctx, path) {
  const page = await ctx.newPage();
  const problems = watch(page);
  await page.goto(store.base + path);
  await ready(page);
  return { page, problems };
}

const goodsPath = () => "/en/tredetail/" + dress.treId;

test("zoom is locked and the download prompt hidden in the app; a browser zooms and shows it", async () => {
  for (const app of [false, true]) {
    const where = app ? "app" : "browser";
    // A pinch on a phone (Chromium pinches with ctrl+wheel, "mouse").
    const phone = await open({ app });
    const { page, problems } = await visit(phone.ctx, "/en/");
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("in-app")), app, where + ": <html class=in-app>");
    const viewport = await page.$$eval("meta[name=viewport]", (ms) => ms.at(-1).content); // the last one counts
    assert.equal(/user-scalable=no/.test(viewport), app, where + ": " + viewport);
    const cdp = await phone.ctx.newCDPSession(page);
    await cdp.send("Input.synthesizePinchGesture", { x: 180, y: 400, scaleFactor: 2, gestureSourceType: "mouse" });
    const scale = await page.evaluate(() => window.visualViewport.scale);
    if (app) assert.equal(scale, 1, "the app does not zoom");
    else assert.ok(scale > 1.5, "a browser zooms: " + scale);
    assert.deepEqual(problems, []);
    await phone.ctx.close();

    // The top bar's download prompt, shown from 40em on.
    const desk = await open({ app, phone: false });
    const d = await visit(desk.ctx, "/en/");
    assert.equal(await d.page.isVisible("[data-testid=download-app]"), !app, where + ": download prompt");
    // And the menu's entry, hidden by the same class.
    await d.page.click("[data-testid=menu-btn]");
    await d.page.locator(".menu-list").waitFor();
    assert.equal(await d.page.locator(".menu-list a[href='/en/downloadapp']").isVisible(), !app, where + ": the menu's download entry");
    assert.deepEqual(d.problems, []);
    await desk.ctx.close();
  }
});

test("toasts sit below the native top inset the app passes", async () => {
  // toastTop opens the dress page, asks to add it with nothing chosen (PSSp
  // toast) and measures the toast and the top bar.
  const toastTop = async (page) => {
    await page.click("[data-testid=add-to-cart]");
    const toast = page.locator(".toast");
    await toast.waitFor();
    const [t, bar] = [await toast.boundingBox(), await page.locator(".topbar").boundingBox()];
    assert.ok(t.y >= bar.y + bar.height, "the toast is below the top bar");
    return t.y;
  };
  const web = await open({ app: false });
  const w = await visit(web.ctx, goodsPath());
  const inBrowser = await toastTop(w.page);
  await web.ctx.close();

  const app = await open({ app: true, inset: 40 });
  const a = await visit(app.ctx, goodsPath());
  assert.equal(await toastTop(a.page), inBrowser + 40, "40 px lower: the app's inset");
  // The app changes the inset (a rotation) and says so.
  await a.page.evaluate(() => { window.SoukAppInsets = { top: 24 }; window.dispatchEvent(new Event("soukappinsets")); });
  assert.equal((await a.page.locator(".toast").boundingBox()).y, inBrowser + 24);
  assert.deepEqual(a.problems, []);
  await app.ctx.close();

  // Without a value from the app, the device's safe area counts (0 here).
  const plain = await open({ app: true });
  const p = await visit(plain.ctx, goodsPath());
  assert.equal(await toastTop(p.page), inBrowser);
  await plain.ctx.close();
});

test("links stay in the same tab in the app; a desktop browser opens goods and target=_blank links in a new one", async () => {
  for (const app of [false, true]) {
    const { ctx } = await open({ app, phone: false });
    const { page, problems } = await visit(ctx, "/en/");
    const card = page.locator("#wn3 a.card-link").first();
    const href = new URL(await card.getAttribute("href"), store.base).pathname;
    await addBlankLink(page);
    for (const [sel, path] of [[card, href], [page.locator("[data-testid=blank-link]"), "/en/dresses"]]) {
      if (app) {
        await Promise.all([page.waitForURL((u) => u.pathname.startsWith(path)), sel.click()]);
        assert.equal(ctx.pages().length, 1, "no other tab in the app");
        await page.goBack();
        await ready(page);
        if (path === href) await addBlankLink(page); // the one added went with the page
      } else {
        const [tab] = await Promise.all([ctx.waitForEvent("page"), sel.click()]);
        await tab.waitForURL((u) => u.pathname.startsWith(path));
        assert.ok(new URL(page.url()).pathname === "/en/", "the page stays");
        await tab.close();
      }
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  }
});

test("in the app a visitor's login-only page, cart button and add to cart tell the native side the session expired", async () => {
  // A browser goes to /login.
  const web = await open({ app: false });
  const w = await visit(web.ctx, "/en/");
  await Promise.all([w.page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fcart/), w.page.click("[data-testid=cart-link]")]);
  await web.ctx.close();

  const { ctx, posted } = await open({ app: true });
  const { page, problems } = await visit(ctx, "/en/cart");
  await waitFor(() => posted.length === 1, "the cart page posts SessionExpire");
  assert.deepEqual(posted, [EXPIRE]);
  assert.equal(new URL(page.url()).pathname, "/en/cart", "no /login in the app");

  await page.goto(store.base + "/en/");
  await ready(page);
  await page.click("[data-testid=cart-link]");
  await waitFor(() => posted.length === 2, "the cart button posts SessionExpire");
  assert.equal(new URL(page.url()).pathname, "/en/");

  await page.goto(store.base + goodsPath());
  await ready(page);
  await chooseAll(page);
  await page.click("[data-testid=add-to-cart]");
  await waitFor(() => posted.length === 3, "adding to the cart posts SessionExpire");
  assert.deepEqual(posted, [EXPIRE, EXPIRE, EXPIRE]);
  assert.match(page.url(), /\/tredetail\//);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("no heartbeat over the app's socket; a browser's sends {code:1} every 40 s; a session ended on the server reaches the app", async () => {
  const email = "app-user@example.com";
  await store.register(email);
  for (const app of [false, true]) {
    const { ctx, posted } = await open({ app, bridge: "SoukApp" }); // Android's bridge
    const tokens = new Set();
    ctx.on("request", (r) => { const tk = r.headers()["token"]; if (tk) tokens.add(tk); });
    const { page, problems } = await signIn(browser, store, email, "/en/", { ctx });
    const sent = [];
    page.on("websocket", (ws) => { if (ws.url().includes("/websocket/channel/")) ws.on("framesent", (f) => sent.push(String(f.payload))); });
    await ctx.clock.install();
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => document.documentElement.dataset.socket === "opened", null, { timeout: 30_000 });
    await page.clock.runFor(41_000);
    await page.waitForFunction(() => document.documentElement.dataset.socket === "opened");
    const beats = sent.filter((f) => f === '{"code":1}').length;
    if (app) assert.equal(beats, 0, "no heartbeat in the app: " + sent.join(" "));
    else assert.equal(beats, 1, "one heartbeat in 41 s: " + sent.join(" "));

    if (app) {
      // The session ends on the server (signed out elsewhere): the next
      // call answers 401 and the app is told.
      assert.equal(tokens.size, 1);
      assert.equal((await store.authed([...tokens][0], "logout")).code, 200);
      await page.goto(store.base + "/en/myorders");
      await waitFor(() => posted.length > 0, "the app hears of the expiry");
      assert.deepEqual(posted[0], EXPIRE);
      assert.equal(new URL(page.url()).pathname, "/en/myorders", "no /login in the app");
      assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => /session/i.test(k)).length), 0, "the stored session is cleared");
    }
    assert.deepEqual(problems.filter((p) => !/websocket/i.test(p)), []);
    await ctx.close();
  }
});

// addBlankLink adds a link marked target=_blank (as a chat message's links
// are) to the page's footer.
function addBlankLink(page) {
  return page.evaluate(() => {
    const a = Object.assign(document.createElement("a"), { href: "/en/dresses", target: "_blank", textContent: "dresses" });
    a.dataset.testid = "blank-link";
    document.querySelector("footer").append(a);
  });
}

// chooseAll picks what the dress needs: an attribute combination in stock,
// each option's first value, and the custom size with four measures.
async function chooseAll(page) {
  const skus = Object.entries(dress.skuModule?.skus ?? {}).filter(([, s]) => s.stock > 2);
  if (skus.length) {
    const ids = skus[0][0].split(",");
    for (let gi = 0; gi < ids.length; gi++) await page.click(`[data-testid=attr-group-${gi}] [data-attr-id="${ids[gi]}"]`);
  }
  for (const l of dress.scenarioLabels) {
    const custom = l.labelId === 9 && l.values.some((v) => v.id === 1);
    await page.click(`[data-testid=label-${l.labelId}] [data-option-id="${custom ? 1 : l.values[0].id}"]`);
    if (custom) for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  }
}

async function waitFor(cond, what) {
  for (let i = 0; i < 100; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail("timed out: " + what);
}
