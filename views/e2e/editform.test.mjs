// Issue 12 point 3 (content and forms), as the operator in the browser: edit
// the about text in German through the edit dialog ("Edit", "Sure") and read
// it on the German about page; edit a home block's title and see it on the
// home page; the audit trail shows both edits. The editor fits 360 px in
// en and ar, where the dialog is full screen; a user without a role sees
// the not-found content.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startStore, launch, watch, axe } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const en = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8"));

async function login(page, lang, email, password, to) {
  await page.goto(`${store.base}/${lang}/login?redirect=${encodeURIComponent(`/${lang}/${to}`)}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  await Promise.all([page.waitForURL(`${store.base}/${lang}/${to}`), page.click("[data-testid=login-submit]")]);
  await ready(page);
}

async function noSidewaysScroll(page, what) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 0, `${what}: ${over}px sideways scroll`);
}

// edit opens entry's dialog, fills controls and presses Sure; the dialog
// closes once the save is done.
async function edit(page, entry, values) {
  await page.click(`[data-testid=edit-entries] li${entry} [data-testid=edit-open]`);
  const dialog = page.locator("[role=dialog]");
  assert.equal((await dialog.locator("h2").textContent()).trim(), en.Edit);
  assert.equal((await dialog.locator("[data-testid=edit-sure]").textContent()).trim(), en.Sure);
  for (const [k, v] of Object.entries(values)) await dialog.locator(`[data-testid=edit-${k}]`).fill(v);
  const version = await page.getAttribute("[data-testid=edit-doc]", "data-version");
  await dialog.locator("[data-testid=edit-sure]").click();
  await page.waitForSelector("[role=dialog]", { state: "detached" });
  await page.waitForFunction((v) => document.querySelector("[data-testid=edit-doc]")?.dataset.version !== v, version);
}

test("operator edits the German about text and a home block; the pages show them", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  await login(page, "en", "operator@souk.test", "souk-demo", "operations/EditForm/all");
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");
  await page.click("[data-testid=ops-nav-content]");
  await page.click("[data-testid=edit-names] a[data-name=about]");
  await page.waitForURL(`${store.base}/en/operations/EditForm/about`);
  await ready(page);
  await page.waitForSelector("[data-testid=edit-entries] li");

  // About, in German: the dialog shows English as the placeholder.
  await page.selectOption("[data-testid=edit-lang]", "de");
  await page.waitForFunction(() => document.querySelector("[data-testid=edit-doc]")?.dataset.version === "0");
  const violations = await axe(page, "editor");
  await page.click("[data-testid=edit-entries] li [data-testid=edit-open]");
  assert.equal(await page.getAttribute("[role=dialog] [data-testid=edit-title]", "placeholder"), "About Souk");
  violations.push(...await axe(page, "edit dialog"));
  assert.deepEqual(violations, []);
  await page.click("[role=dialog] button:has-text('" + en.Cancel + "')");
  await edit(page, "", { title: "Über Souk", text: "<p>Ein Marktplatz für <strong>schöne Dinge</strong>.</p><script>alert(1)</script>" });
  await page.waitForSelector("[data-testid=ops-trail] li[data-action=edit]");
  assert.match(await page.textContent("[data-testid=ops-trail]"), /operator@souk\.test/);

  const visitor = await browser.newPage();
  const visitorProblems = watch(visitor);
  await visitor.goto(`${store.base}/de/aboutsouk`);
  await ready(visitor);
  assert.equal((await visitor.textContent("[data-testid=text-title]")).trim(), "Über Souk");
  assert.equal(await visitor.innerHTML("[data-testid=text-body]"), "<p>Ein Marktplatz für <strong>schöne Dinge</strong>.</p>");
  assert.equal(await visitor.$("[data-testid=text-fallback]"), null);
  assert.deepEqual(await axe(visitor, "about page"), []);

  // A home block's title, in English: the home page shows it.
  await page.goto(`${store.base}/en/operations/EditForm/home`);
  await ready(page);
  await page.waitForSelector("[data-testid=edit-entries] li[data-key=wn3]");
  await edit(page, "[data-key=wn3]", { title: "Fresh from the makers" });
  await visitor.goto(`${store.base}/en/`);
  await ready(visitor);
  assert.equal((await visitor.textContent("[data-testid=row-wn3] h2")).trim(), "Fresh from the makers");

  assert.deepEqual(problems, []);
  assert.deepEqual(visitorProblems, []);
  await visitor.close();
  await ctx.close();
});

test("the editor fits 360 px in en and ar, with the dialog full screen; others see not-found", async () => {
  for (const lang of ["en", "ar"]) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await ctx.newPage();
    const problems = watch(page);
    await login(page, lang, "operator@souk.test", "souk-demo", "operations/EditForm/home");
    await page.waitForSelector("[data-testid=edit-entries] li");
    assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
    await noSidewaysScroll(page, lang + " editor");
    await page.click("[data-testid=edit-entries] li [data-testid=edit-open]");
    const box = await page.locator("[role=dialog]").boundingBox();
    assert.ok(box.width >= 359 && box.x <= 0.5, `${lang}: dialog ${box.width}px wide at ${box.x}`);
    await page.keyboard.press("Escape");
    await page.goto(`${store.base}/${lang}/operations/EditForm/entity.1`);
    await ready(page);
    await page.waitForSelector("[data-testid=edit-entries] li");
    await noSidewaysScroll(page, lang + " form editor");
    assert.deepEqual(problems, []);
    await ctx.close();
  }
  const { token } = await store.register("ef-nobody@example.com");
  assert.ok(token);
  const ctx = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const page = await ctx.newPage();
  await login(page, "en", "ef-nobody@example.com", "secret123", "operations/EditForm/about");
  await page.waitForSelector("[data-testid=not-found]");
  assert.equal(await page.$("[data-testid=edit-doc]"), null);
  await ctx.close();
});
