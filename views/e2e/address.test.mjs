// The address book: add with a wrong postal code (message), fix it (saved,
// default), add a second, make it the default, delete one, and another
// user's address id answers not found. Phone-sized.
// SHOTS=dir also takes screenshots of both pages (phone and desktop, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

async function register(email) {
  const reg = await store.register(email);
  assert.ok(reg?.token, "registered " + email);
  return reg.token;
}

async function authed(token, path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  return r.json();
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
}

async function login(page, email) {
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Faddressmanagement`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/addressmanagement`), page.click("[data-testid=login-submit]")]);
  await ready(page);
}

async function fill(page, a) {
  await page.waitForSelector("[data-testid=address-form]");
  await page.selectOption("select[name=country]", a.country);
  if (a.regionSelect) await page.selectOption("select[name=region]", a.regionSelect);
  if (a.region) await page.fill("input[name=region]", a.region);
  await page.fill("input[name=name]", a.name);
  await page.fill("input[name=phone]", a.phone);
  await page.fill("input[name=city]", a.city);
  await page.fill("input[name=line1]", a.line1);
  await page.fill("input[name=postalCode]", a.postalCode);
}

const names = (page) => page.$$eval("[data-testid=address-card] .ab-name", (els) => els.map((e) => e.textContent));
const defaults = (page) => page.$$eval("[data-testid=address-card]", (els) => els.filter((e) => e.querySelector("[data-testid=address-default]")).map((e) => e.querySelector(".ab-name").textContent));

test("address book: validate, save, default, delete, ownership", async () => {
  const email = "addr@example.com";
  await register(email);
  const other = await register("addr-other@example.com");
  const theirs = await authed(other, "address/save", { name: "Somebody Else", phone: "+44 20 7946 0000", country: "GB", city: "London", line1: "10 Downing St", postalCode: "SW1A 2AA" });
  assert.equal(theirs.code, 200, theirs.easg);

  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await login(page, email);
  await page.waitForSelector("[data-testid=address-empty]");

  // A German address with a four-digit postal code: the message names the format.
  await Promise.all([page.waitForURL(/\/en\/addressedit\/new$/), page.click("[data-testid=address-add]")]);
  await ready(page);
  await fill(page, { country: "DE", name: "Ana Berlin", phone: "+49 30 1234567", city: "Berlin", line1: "Unter den Linden 1", postalCode: "1011" });
  assert.match(await page.textContent("label[for=f-postalCode] .hint"), /10115/, "the example shows as a hint");
  await page.click("[data-testid=address-save]");
  const msg = await page.waitForSelector("#f-postalCode-err");
  assert.match(await msg.textContent(), /does not look right.*10115/);
  assert.equal(await page.getAttribute("#f-postalCode", "aria-invalid"), "true");
  // Fixed: saved, and the first address is the default.
  await page.fill("input[name=postalCode]", "10115");
  assert.equal(await page.$("#f-postalCode-err"), null, "editing the field clears its message");
  await Promise.all([page.waitForURL(/\/en\/addressmanagement$/), page.click("[data-testid=address-save]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=address-card]");
  assert.deepEqual(await names(page), ["Ana Berlin"]);
  assert.deepEqual(await defaults(page), ["Ana Berlin"]);
  assert.match(await page.textContent("[data-testid=address-card]"), /Germany/);

  // A second one, in the US: the state is a list; the server's canonical ZIP.
  await Promise.all([page.waitForURL(/\/en\/addressedit\/new$/), page.click("[data-testid=address-add]")]);
  await ready(page);
  await fill(page, { country: "US", regionSelect: "NY", name: "Ana York", phone: "+1 212 555 0100", city: "New York", line1: "350 5th Ave", postalCode: "101181234" });
  await Promise.all([page.waitForURL(/\/en\/addressmanagement$/), page.click("[data-testid=address-save]")]);
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 2);
  assert.deepEqual(await names(page), ["Ana Berlin", "Ana York"]);
  assert.deepEqual(await defaults(page), ["Ana Berlin"]);
  assert.match(await page.textContent("[data-testid=address-card]:nth-child(2)"), /10118-1234/);

  // Make the second the default: it moves to the top.
  await page.click("[data-testid=address-card]:nth-child(2) [data-testid=address-set-default]");
  await page.waitForFunction(() => document.querySelector("[data-testid=address-card] .ab-name")?.textContent === "Ana York");
  assert.deepEqual(await defaults(page), ["Ana York"]);

  // Delete the other one, after confirming.
  await page.click("[data-testid=address-card]:nth-child(2) [data-testid=address-delete]");
  await page.waitForSelector("[role=dialog]");
  assert.match(await page.textContent("[data-testid=choice-text]"), /Ana Berlin/);
  await page.click("[data-testid=address-delete-confirm]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=address-card]").length === 1);
  assert.deepEqual(await defaults(page), ["Ana York"]);

  // Editing keeps the default; the form shows the saved values.
  await Promise.all([page.waitForURL(/\/en\/addressedit\/ad/), page.click("[data-testid=address-edit]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=address-form]");
  assert.equal(await page.inputValue("select[name=region]"), "NY");
  assert.equal(await page.inputValue("input[name=postalCode]"), "10118-1234");
  assert.equal(await page.isDisabled("[data-testid=address-is-default]"), true);

  // Another user's address: not found, nothing of it shown.
  await page.goto(`${store.base}/en/addressedit/${theirs.content.id}`);
  await ready(page);
  await page.waitForSelector("[data-testid=address-missing]");
  assert.match(await page.textContent("[data-testid=address-missing]"), /not found/);
  assert.doesNotMatch(await page.content(), /Downing/);

  // From checkout: ?redirect= (a path on this site only) offers "Deliver here".
  await page.goto(`${store.base}/en/addressmanagement?redirect=${encodeURIComponent("/en/makeorder")}`);
  await ready(page);
  await page.waitForSelector("[data-testid=address-use]");
  assert.match(await page.getAttribute("[data-testid=address-use]", "href"), /^\/en\/makeorder\?addressId=ad/);
  await page.goto(`${store.base}/en/addressmanagement?redirect=${encodeURIComponent("//evil.example/x")}`);
  await ready(page);
  await page.waitForSelector("[data-testid=address-card]");
  assert.equal(await page.$("[data-testid=address-use]"), null);

  assert.deepEqual(problems, []);

  if (process.env.SHOTS) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    for (const [w, h] of [[412, 915], [1280, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      for (const lang of ["en", "ar"]) {
        await page.goto(`${store.base}/${lang}/addressmanagement`);
        await ready(page);
        await page.waitForSelector("[data-testid=address-card]");
        await page.screenshot({ path: `${process.env.SHOTS}/manage-${lang}-${w}.png`, fullPage: true });
        await page.goto(`${store.base}/${lang}/addressedit/new`);
        await ready(page);
        await page.waitForSelector("[data-testid=address-form]");
        await page.selectOption("select[name=country]", "US");
        await page.click("[data-testid=address-save]");
        await page.waitForSelector("#f-name-err");
        await page.screenshot({ path: `${process.env.SHOTS}/edit-${lang}-${w}.png`, fullPage: true });
      }
    }
  }
  await page.close();
});
