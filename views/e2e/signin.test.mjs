// Sign-in hardening (issue 8): no open redirect after any login, the email
// change keeps the password, and a dead session never throws a visitor off
// a public page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser, goods;
before(async () => {
  store = await startStore();
  browser = await launch();
  goods = await findGoods(store, () => true);
});
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const pw = (email, password) => createHash("sha256").update("souk|" + email + "|" + password).digest("hex");

// signUp registers an account through the API and returns its login.
async function signUp(email, password = "secret123") {
  const t0 = Date.now() - 1000;
  await store.api("get/registerByEmail/verifycode", { email });
  const code = await store.lastCode(email, t0);
  const l = await store.api("registerByEmail", { email, password: pw(email, password), verifyCode: code });
  assert.ok(l?.token, "registered " + email);
  return l;
}

// offSite records every request that leaves the store, and stops it.
async function offSite(ctx) {
  const left = [];
  const here = new URL(store.base).host;
  await ctx.route((url) => url.host !== here, (route) => { left.push(route.request().url()); return route.abort(); });
  return left;
}

async function passwordLogin(page, email, password, query) {
  await page.goto(`${store.base}/en/login${query}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  await page.click("[data-testid=login-submit]");
}

// Values of ?redirect= that once sent the browser to another site after
// login (as typed into a link: the URL carries them percent-encoded once).
const evil = ["/\\evil.example", "/\t/evil.example", "/%09/evil.example", "//evil.example", "/%2F%2Fevil.example",
  "/%5Cevil.example", "\\\\evil.example", "https://evil.example/", "javascript:alert(1)", "/\u2215evil.example", "/\uff0fevil.example"];

test("password login never follows a redirect off the site", async () => {
  await signUp("redir@example.com");
  for (const r of evil) {
    const ctx = await browser.newContext();
    const left = await offSite(ctx);
    const page = await ctx.newPage();
    await Promise.all([page.waitForURL(`${store.base}/en/`), passwordLogin(page, "redir@example.com", "secret123", "?redirect=" + encodeURIComponent(r))]);
    await page.waitForSelector("[data-testid=me]");
    assert.deepEqual(left, [], `redirect ${JSON.stringify(r)} left the site`);
    await ctx.close();
  }
  // The issue's own links, written as they were reported.
  for (const q of ["?redirect=/\\evil.example", "?redirect=/%09/evil.example"]) {
    const ctx = await browser.newContext();
    const left = await offSite(ctx);
    const page = await ctx.newPage();
    await Promise.all([page.waitForURL(`${store.base}/en/`), passwordLogin(page, "redir@example.com", "secret123", q)]);
    assert.deepEqual(left, [], q);
    await ctx.close();
  }
});

test("code login never follows a redirect off the site, and still follows one on it", async () => {
  // One account each: a code per address a minute.
  for (const [email, r, to] of [["code1@example.com", "/\t/evil.example", "/en/"], ["code2@example.com", "/en/mysafes", "/en/mysafes"]]) {
    await signUp(email);
    const ctx = await browser.newContext();
    const left = await offSite(ctx);
    const page = await ctx.newPage();
    await page.goto(`${store.base}/en/login?redirect=${encodeURIComponent(r)}`);
    await ready(page);
    await page.fill("input[name=email]", email);
    await page.click("[data-testid=login-step1] button[type=submit]");
    await page.click("[data-testid=toggle-code]");
    const t0 = Date.now() - 1000;
    const signUpCode = await store.lastCode(email);
    await page.click("[data-testid=send-code]");
    await page.fill("input[name=code]", await store.lastCode(email, t0, signUpCode));
    await Promise.all([page.waitForURL(store.base + to), page.click("[data-testid=login-submit]")]);
    assert.deepEqual(left, []);
    await ctx.close();
  }
});

test("the address book offers no way back to another site", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await Promise.all([page.waitForURL(`${store.base}/en/addressmanagement`), passwordLogin(page, "redir@example.com", "secret123", "?redirect=" + encodeURIComponent("/en/addressmanagement"))]);
  for (const r of ["/\\evil.example", "/%09/evil.example", "/%2F%2Fevil.example", "/\uff0fevil.example"]) {
    await page.goto(`${store.base}/en/addressmanagement?redirect=${encodeURIComponent(r)}`);
    await ready(page);
    await page.waitForSelector("[data-testid=address-empty], [data-testid=address-list]");
    await page.waitForLoadState("networkidle"); // the page reads ?redirect= after hydration
    assert.equal(await page.locator("[data-testid=address-back]").count(), 0, r);
    assert.doesNotMatch(await page.getAttribute("[data-testid=address-add]", "href"), /evil/, r);
  }
  await ctx.close();
});

test("after changing the email, the same password logs in with the new address", async () => {
  await signUp("before@example.com", "keepthis1");
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const problems = watch(page);
  await Promise.all([page.waitForURL(`${store.base}/en/`), passwordLogin(page, "before@example.com", "keepthis1", "")]);
  await page.goto(`${store.base}/en/changemyaccountemail`);
  await ready(page);
  await page.fill("input[name=email]", "after@example.com");
  const t0 = Date.now() - 1000;
  await page.click("[data-testid=send-code]");
  await page.fill("input[name=code]", await store.lastCode("after@example.com", t0));
  await page.fill("input[name=password]", "keepthis1");
  await Promise.all([page.waitForURL(/mysafes/), page.click("[data-testid=change-email-submit]")]);
  await page.waitForSelector("[data-testid=logout]");
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=logout]")]);
  await page.waitForSelector("[data-testid=login-link]");
  await Promise.all([page.waitForURL(`${store.base}/en/`), passwordLogin(page, "after@example.com", "keepthis1", "")]);
  await page.waitForSelector("[data-testid=me]");
  assert.deepEqual(problems, []);
  await ctx.close();
});

// storeSession writes a session into the page's storage exactly as
// views/lib/session.ts does.
function storeSession(page, token, user) {
  return page.evaluate(async ({ token, user }) => {
    const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode("souk local storage v1"));
    const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify({ token, user, expiresAt: Date.now() + 86400000 }));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, plain));
    const out = new Uint8Array(12 + sealed.length);
    out.set(iv);
    out.set(sealed, 12);
    localStorage.setItem("souk.session", btoa(String.fromCharCode(...out)));
  }, { token, user });
}

test("a dead session on a product page signs the visitor out quietly and stays there", async () => {
  const l = await signUp("dead@example.com");
  const res = await fetch(`${store.base}/api/v1/souk/logout`, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: l.token }, body: "{}" });
  assert.equal((await res.json()).code, 200, "the token is now dead on the server");
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${store.base}/en/`);
  await ready(page);
  await storeSession(page, l.token, l.user);
  const product = `${store.base}/en/tredetail/${goods.treId}`;
  const problems = watch(page);
  const api401 = page.waitForResponse((r) => r.url().includes("/api/v1/souk/") && r.request().headers().token === l.token);
  await page.goto(product);
  await ready(page);
  await api401; // the page learnt that its token is dead
  await page.waitForSelector("[data-testid=login-link]");
  await page.waitForLoadState("networkidle");
  assert.ok(page.url().startsWith(product), "still on the product page: " + page.url());
  assert.equal(await page.evaluate(() => localStorage.getItem("souk.session")), null, "the dead session is cleared");
  assert.equal(await page.locator(".toast").count(), 0, "quietly: no toast");
  assert.deepEqual(problems, []);
  // A login-required page with a dead token still asks for login, with the way back.
  await storeSession(page, l.token, l.user);
  await page.goto(`${store.base}/en/mysafes`);
  await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fmysafes/);
  await ctx.close();
});
