import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

// ready waits until the page is hydrated (the provider marks <html>).
const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

// register signs a new account up through the four steps, reading the code
// from the development outbox, and leaves the page signed in.
async function register(page, email, password = "secret123") {
  page.on("console", (m) => { if (process.env.DEBUG_E2E) console.log("console:", m.type(), m.text()); });
  await page.goto(`${store.base}/en/register`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=register-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  await page.click("[data-testid=register-step2] button[type=submit]");
  await page.click("[data-testid=register-step3] button[type=submit]");
  assert.match(await page.textContent("[role=alert]"), /accept both/i, "both consents are required");
  await page.check("[data-testid=consent-cookie]");
  await page.check("[data-testid=consent-privacy]");
  await page.click("[data-testid=register-step3] button[type=submit]");
  const t0 = Date.now() - 1000;
  await page.click("[data-testid=send-code]");
  const code = await store.lastCode(email, t0);
  await page.fill("input[name=code]", code);
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=register-submit]")]);
  await page.waitForSelector("[data-testid=me]");
}

async function login(page, email, password = "secret123", redirect = "") {
  await page.goto(`${store.base}/en/login${redirect ? "?redirect=" + encodeURIComponent(redirect) : ""}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  await page.click("[data-testid=login-submit]");
}

test("register with the emailed code, then the 60 s countdown survives a reload", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const problems = watch(page);
  await register(page, "reg@example.com");
  // A second registration of the address: 128 opens 'account already exists'.
  const p2 = await (await browser.newContext()).newPage();
  await p2.goto(`${store.base}/en/register`);
  await ready(p2);
  await p2.fill("input[name=email]", "Reg@Example.com ");
  await p2.click("[data-testid=register-step1] button[type=submit]");
  await p2.fill("input[name=password]", "secret123");
  await p2.click("[data-testid=register-step2] button[type=submit]");
  await p2.check("[data-testid=consent-cookie]");
  await p2.check("[data-testid=consent-privacy]");
  await p2.click("[data-testid=register-step3] button[type=submit]");
  await p2.click("[data-testid=send-code]");
  await p2.waitForSelector("[data-testid=choice-text]");
  assert.match(await p2.textContent("[role=dialog] h2"), /already exists/i);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("the code countdown persists across a reload", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${store.base}/en/forgetPwd`);
  await ready(page);
  await page.fill("input[name=email]", "reg@example.com");
  await page.click("[data-testid=send-code]");
  await page.waitForFunction(() => /\d+ s/.test(document.querySelector("[data-testid=send-code]").textContent));
  await page.reload();
  await ready(page);
  await page.fill("input[name=email]", "reg@example.com");
  await page.waitForFunction(() => /\d+ s/.test(document.querySelector("[data-testid=send-code]").textContent));
  assert.equal(await page.isDisabled("[data-testid=send-code]"), true);
  await ctx.close();
});

test("log in by password follows the redirect; a redirect to login goes home", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, "reg@example.com", "secret123", "/en/mysafes");
  await page.waitForURL(`${store.base}/en/mysafes`);
  await page.waitForSelector("[data-testid=sessions] li");
  await ctx.close();
  const ctx2 = await browser.newContext();
  const p2 = await ctx2.newPage();
  await login(p2, "reg@example.com", "secret123", "/en/register");
  await p2.waitForURL(`${store.base}/en/`);
  await ctx2.close();
});

test("short passwords, bad addresses and an unknown account are refused clearly", async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${store.base}/en/login`);
  await ready(page);
  await page.fill("input[name=email]", "ab");
  await page.click("[data-testid=login-step1] button[type=submit]");
  assert.match(await page.textContent("[role=alert]"), /check what you entered/i);
  await page.fill("input[name=email]", "not-an-address");
  await page.click("[data-testid=login-step1] button[type=submit]");
  assert.match(await page.textContent("[role=alert]"), /email address/i);
  await page.fill("input[name=email]", "nobody@example.com");
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "12345");
  await page.click("[data-testid=login-submit]");
  assert.match(await page.textContent("[role=alert]"), /too short/i);
  await page.fill("input[name=password]", "123456");
  await page.click("[data-testid=login-submit]");
  await page.waitForSelector("[role=dialog]");
  assert.match(await page.textContent("[role=dialog] h2"), /does not exist/i);
  assert.ok(await page.isVisible("[role=dialog] a[href*='/register']"), "offers to register");
});

test("log in by emailed code", async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${store.base}/en/login`);
  await ready(page);
  await page.fill("input[name=email]", "reg@example.com");
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.click("[data-testid=toggle-code]");
  const t0 = Date.now() - 1000;
  await page.click("[data-testid=send-code]");
  await page.fill("input[name=code]", await store.lastCode("reg@example.com", t0));
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=login-submit]")]);
  await page.waitForSelector("[data-testid=me]");
});

test("login-required pages send a visitor to login with the way back", async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${store.base}/en/mysafes`);
  await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fmysafes/);
  await page.goto(`${store.base}/en/`);
  await page.waitForFunction(() => document.querySelector(".rotating-logo"));
  await page.waitForTimeout(200);
  await page.click("[data-testid=cart-link]");
  await page.waitForURL(/\/en\/login\?redirect=%2Fen%2Fcart/);
});

test("a second tab learns of the login and of the session's end", async () => {
  const ctx = await browser.newContext();
  const a = await ctx.newPage();
  const b = await ctx.newPage();
  await b.goto(`${store.base}/en/`);
  await b.waitForSelector("[data-testid=login-link]");
  await login(a, "reg@example.com");
  await a.waitForURL(`${store.base}/en/`);
  await b.waitForSelector("[data-testid=me]", { timeout: 30_000 });
  // Log out in tab a: tab b on a login-required page goes to login.
  await b.goto(`${store.base}/en/mysafes`);
  await b.waitForSelector("[data-testid=sessions] li");
  await a.goto(`${store.base}/en/mysafes`);
  await a.click("[data-testid=logout]");
  await b.waitForURL(/\/en\/login/, { timeout: 30_000 });
  await ctx.close();
});

test("an expired session on the server clears the browser and asks for login (401)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await login(page, "reg@example.com");
  await page.waitForURL(`${store.base}/en/`);
  // End this session from another login's security page.
  const other = await (await browser.newContext()).newPage();
  await login(other, "reg@example.com", "secret123", "/en/mysafes");
  await other.waitForSelector("[data-testid=sessions] li button");
  await other.click("[data-testid=sessions] li button");
  await other.waitForSelector(".toast");
  // The first tab's next call gets 401.
  await page.goto(`${store.base}/en/mysafes`);
  await page.waitForURL(/\/en\/login/, { timeout: 30_000 });
  await ctx.close();
});

test("QR login confirmed from a second, signed-in session", async () => {
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await desk.goto(`${store.base}/en/login`);
  await ready(desk);
  await desk.click("[data-testid=qr-tab]");
  await desk.waitForFunction(() => document.querySelector("[data-testid=qr-panel]")?.dataset.url);
  const url = await desk.getAttribute("[data-testid=qr-panel]", "data-url");
  assert.ok(await desk.isVisible("[data-testid=qr-img]"), "a QR code is shown");
  const phone = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await login(phone, "reg@example.com");
  await phone.waitForURL(`${store.base}/en/`);
  await phone.goto(url);
  await phone.waitForSelector("[data-testid=qr-confirm]");
  await desk.waitForFunction(() => document.querySelector("[data-testid=qr-panel]").dataset.state === "scanned");
  await Promise.all([desk.waitForURL(`${store.base}/en/`), phone.click("[data-testid=qr-confirm]")]);
  await desk.waitForSelector("[data-testid=me]");
});

test("forgot password, change email, and close the account", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await register(page, "life@example.com", "firstpass1");
  // Forgot password, in a fresh browser.
  const fp = await (await browser.newContext()).newPage();
  await fp.goto(`${store.base}/en/forgetPwd`);
  await ready(fp);
  await fp.fill("input[name=email]", "life@example.com");
  const t0 = Date.now() - 1000;
  await fp.click("[data-testid=send-code]");
  await fp.fill("input[name=code]", await store.lastCode("life@example.com", t0));
  await fp.fill("input[name=password]", "secondpass2");
  await Promise.all([fp.waitForURL(/\/en\/login/), fp.click("[data-testid=forget-submit]")]);
  await login(fp, "life@example.com", "secondpass2");
  await fp.waitForURL(`${store.base}/en/`);
  // Change email.
  await fp.goto(`${store.base}/en/changemyaccountemail`);
  await ready(fp);
  await fp.fill("input[name=email]", "life2@example.com");
  const t1 = Date.now() - 1000;
  await fp.click("[data-testid=send-code]");
  await fp.fill("input[name=code]", await store.lastCode("life2@example.com", t1));
  await fp.fill("input[name=password]", "secondpass2"); // the current password confirms the change
  await Promise.all([fp.waitForURL(/mysafes/), fp.click("[data-testid=change-email-submit]")]);
  assert.match(await fp.textContent("[data-testid=safe-email]"), /li\*\*\*e@example.com|li\*\*\*/);
  // Close the account.
  await fp.goto(`${store.base}/en/destroyaccountintro`);
  await ready(fp);
  await fp.click("[data-testid=destroy-next]");
  await ready(fp);
  await fp.check("[data-testid=destroy-understand]");
  const t2 = Date.now() - 1000;
  await Promise.all([fp.waitForURL(/destroymyaccountb/), fp.click("[data-testid=send-code]")]);
  await ready(fp);
  await fp.fill("input[name=code]", await store.lastCode("life2@example.com", t2));
  await Promise.all([fp.waitForURL(`${store.base}/en/`), fp.click("[data-testid=destroy-submit]")]);
  await fp.waitForSelector("[data-testid=login-link]");
  // The account is gone: its address is unknown to login.
  const res = await fetch(`${store.base}/api/v1/souk/get/loginByEmail/verifycode`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "life2@example.com" }) });
  assert.equal((await res.json()).code, 127);
  await ctx.close();
});
