// Issue 12 point 6: the goods review queue as an operator in the browser.
// A seller submits two goods items (through the API, to keep it quick);
// the operator takes and passes the first and rejects the second with a
// reason on operations/showtreasure (an empty reason is refused first, with
// a message, and changes nothing). The seller reads "rejected" and the
// reason on their German goods form; the passed item is on its page and
// search finds it. Screenshots (1280 px) of the queue, the review detail and
// the seller's banner go to SHOTS (default /tmp/rejecttest-shots).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const SHOTS = process.env.SHOTS || "/tmp/rejecttest-shots";
const SELLER = "atelier-lumiere@souk.test";
const OPERATOR = "operator@souk.test";
const DESKTOP = { width: 1280, height: 900 };
const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const pw = (email, p) => createHash("sha256").update("souk|" + email + "|" + p).digest("hex");
const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), "utf8"));
const say = (lang, key) => catalog(lang)[key] ?? catalog("en")[key]; // other languages fall back to English

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page misplaces the sticky bar
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function login(page, lang, email, to) {
  await page.goto(`${store.base}/${lang}/login?redirect=${encodeURIComponent(`/${lang}/${to}`)}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "souk-demo");
  await Promise.all([page.waitForURL(`${store.base}/${lang}/${to}`), page.click("[data-testid=login-submit]")]);
  await ready(page);
}

// png draws a w×h picture (a soft gradient).
function png(w, h) {
  const crcT = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b) => { let c = 0xffffffff; for (const x of b) c = crcT[(c ^ x) & 255] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([230, 200 - (y % 120), 170 + (x % 60)], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

// submit makes a goods item as the seller and sends it for review, as the
// goods form does: a picture through the upload call, then saveTreForm.
async function submit(token, name) {
  const form = new FormData();
  form.append("image", "data:image/png;base64," + png(600, 800).toString("base64"));
  form.append("contentType", "image/jpeg");
  form.append("quality", "88");
  form.append("width", "900");
  form.append("height", "1200");
  const up = await (await fetch(store.base + "/api/v1/souk/file/imageBase64/uploadCut/goods/360/480/900/1200", { method: "POST", headers: { TOKEN: token }, body: form })).json();
  assert.equal(up.code, 200, "upload: " + up.easg);
  const values = {
    name, brief: "Hand-made in small batches.", intro: "<p>Made to order in Lyon.</p>", bigType: "1", spe: "0", category: "home-kitchen",
    images: [up.content.big.url], priceType: "3", prices: [{ c: "USD", amount: "45.00" }], minQty: 1, stock: 20,
  };
  const env = await store.authed(token, "tre/saveTreForm", { treId: "0", sid: "", maLan: "en", submit: true, values });
  assert.equal(env.code, 200, "saveTreForm: " + env.easg + " " + JSON.stringify(env.content));
  assert.equal(env.content.item.approveStatus.id, 1, "waiting for review");
  return env.content.item.treId;
}

// searchFinds asks the search stream (what the search page reads) for txt
// and answers whether an item frame names treId.
async function searchFinds(txt, treId) {
  const r = await fetch(store.base + "/api/v1/souk/stream/search", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ txt }) });
  const frames = (await r.text()).split("\n").filter(Boolean).map((l) => JSON.parse(l));
  return frames.some((f) => f.item?.treId === treId);
}

// queueStatus is the item's status in the review API's open queue (0: not open).
async function queueStatus(opToken, treId) {
  const env = await store.authed(opToken, "operations/treasure/list", {});
  return env.content.find((g) => g.treId === treId)?.status.id ?? 0;
}

test("operator passes one goods item and rejects another; the seller reads why in German; search finds the passed one", async () => {
  const seller = await store.api("loginByPwd", { name: SELLER, password: pw(SELLER, "souk-demo") });
  const passName = "Zephyrine linen apron", rejectName = "Marbleton clay vase";
  const passId = await submit(seller.token, passName);
  const rejectId = await submit(seller.token, rejectName);
  const opToken = (await store.api("loginByPwd", { name: OPERATOR, password: pw(OPERATOR, "souk-demo") })).token;
  const reason = "Bitte zeigen Sie die Vase von allen Seiten, mit einem Foto des Bodens.";

  const ops = await browser.newContext({ viewport: DESKTOP });
  const page = await ops.newPage();
  const problems = watch(page);
  await login(page, "en", OPERATOR, "operations/showtreasure");
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");
  const row = (id) => `[data-testid=ops-row][data-uid="${id}"]`;
  await page.waitForSelector(row(passId));
  await page.waitForSelector(row(rejectId));
  await shot(page, "showtreasure-queue");

  // The first: take it, then pass it, through the detail's buttons.
  await page.click(row(passId));
  await page.waitForSelector(`[data-testid=ops-detail][data-uid="${passId}"] [data-testid=ops-diff] tr[data-field=name]`);
  assert.match(await page.textContent("[data-testid=ops-diff] tr[data-field=name]"), new RegExp(passName));
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=ops-diff] img")].every((i) => i.complete && i.naturalWidth > 0));
  await shot(page, "showtreasure-detail");
  await page.click("[data-testid=ops-take]");
  await page.waitForSelector(`[data-testid=ops-detail][data-uid="${passId}"] [data-testid=ops-detail-status][data-status='3']`);
  assert.match(await page.textContent("[data-testid=ops-detail] [data-testid=ops-taken-by]"), /operator@souk\.test/);
  await page.click("[data-testid=ops-pass]");
  await page.waitForSelector(row(passId), { state: "detached" });

  // Search finds it within 2 seconds of the pass (the stream the search page reads).
  const deadline = Date.now() + 2000;
  let found = false;
  while (!found && Date.now() < deadline) {
    found = await searchFinds(passName, passId);
    if (!found) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(found, "search finds the passed item within 2 seconds");

  // The second: an empty reason is refused with a message and changes nothing.
  await page.click(row(rejectId));
  await page.waitForSelector(`[data-testid=ops-detail][data-uid="${rejectId}"]`);
  await page.click("[data-testid=ops-reject]");
  await page.waitForSelector("[data-testid=ops-reason]:focus");
  for (const blank of ["", "   "]) {
    await page.fill("[data-testid=ops-reason]", blank);
    await page.click("[data-testid=ops-reject-send]");
    await page.waitForSelector("[data-testid=ops-reason-error]");
    assert.equal((await page.textContent("[data-testid=ops-reason-error]")).trim(), say("en", "ReviewReasonRequired"));
    assert.equal(await page.getAttribute("[data-testid=ops-reason]", "aria-invalid"), "true");
  }
  assert.equal(await queueStatus(opToken, rejectId), 1, "still waiting after an empty reason");
  assert.equal(await page.getAttribute(`${row(rejectId)} >> xpath=ancestor::tr[1]//*[@data-status]`, "data-status"), "1");
  await shot(page, "showtreasure-reject-empty");

  // With a reason it is rejected and leaves the open queue.
  await page.fill("[data-testid=ops-reason]", reason);
  await page.waitForSelector("[data-testid=ops-reason-error]", { state: "detached" });
  await page.click("[data-testid=ops-reject-send]");
  await page.waitForSelector(row(rejectId), { state: "detached" });
  assert.equal(await queueStatus(opToken, rejectId), 0);
  await page.selectOption("[data-testid=ops-status]", "4");
  await page.click(row(rejectId));
  await page.waitForSelector(`[data-testid=ops-detail][data-uid="${rejectId}"] [data-testid=ops-detail-status][data-status='4']`);
  assert.match(await page.textContent("[data-testid=ops-detail]"), new RegExp(reason.replace(/[.]/g, "\\.")));
  await shot(page, "showtreasure-rejected");
  assert.deepEqual(problems, []);
  await ops.close();

  // The seller, in German, reads the status and the exact reason.
  const theirs = await browser.newContext({ viewport: DESKTOP });
  const sp = await theirs.newPage();
  const sellerProblems = watch(sp);
  await login(sp, "de", SELLER, `createTre/${rejectId}`);
  await sp.waitForSelector("[data-testid=review-banner][data-status='4']");
  assert.equal((await sp.textContent("[data-testid=review-banner] strong")).trim(), say("de", "ReviewStatusRejected"));
  assert.equal((await sp.textContent("[data-testid=review-banner] span")).trim(), say("de", "ReviewBannerRejected").replace("{reason}", reason));
  await shot(sp, "seller-rejected-banner-de");
  // Never passed, the rejected item has no public page.
  assert.equal((await fetch(`${store.base}/de/tredetail/${rejectId}`)).status, 404);

  // The passed item is on its page and the search page finds it.
  await sp.goto(`${store.base}/de/tredetail/${passId}`);
  await ready(sp);
  assert.match(await sp.textContent("h1"), new RegExp(passName));
  await sp.goto(`${store.base}/de/`);
  await ready(sp);
  await sp.fill("[data-testid=search-input]", passName);
  await sp.click("[data-testid=search-submit]");
  await sp.waitForSelector(`article.card a.card-link[href*="/tredetail/${passId}"]`);
  assert.deepEqual(sellerProblems, []);
  await theirs.close();
});
