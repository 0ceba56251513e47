// Issue 14 points 3 and 4 with the built-in engine: on the goods form,
// "Write with AI" drafts the texts into the fields (nothing saved) and
// names the engine; the translate menu's "Fill missing languages" fills an
// item's languages with progress; once the operator passes them, the
// item's pages in ten languages show the translated details, marked as
// machine translated.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, ready, signIn, passwordHash } from "./harness.mjs";

let store, browser, token, opToken;
const SELLER = "atelier-lumiere@souk.test";
const OPERATOR = "operator@souk.test";
const TEN = { zh: "材质", ar: "الخامة", ja: "素材", es: "Material", fr: "Matière", de: "Material", ru: "Материал", pt: "Material", it: "Materiale", ko: "소재" };

before(async () => {
  store = await startStore();
  browser = await launch();
  token = (await store.api("loginByPwd", { name: SELLER, password: passwordHash(SELLER, "souk-demo") })).token;
  opToken = (await store.api("loginByPwd", { name: OPERATOR, password: passwordHash(OPERATOR, "souk-demo") })).token;
  assert.ok(token && opToken, "the seller and the operator sign in");
});
after(async () => { await browser?.close(); await store?.stop(); });

// liveItem is one of the seller's live items, its details set to what the
// lexicon knows and passed by the operator.
async function liveItem() {
  const list = (await store.authed(token, "tre/myTreList", { pageSize: 60 })).content.list;
  const { treId } = list.find((x) => x.treId);
  const res = await fetch(`${store.base}/api/v1/souk/tre/getTreWithForm?treId=${treId}`, { headers: { TOKEN: token } });
  const { item } = (await res.json()).content;
  const values = { ...item.values, introAttrs: [{ k: "Material", v: "Silk" }, { k: "Colour", v: "Red" }] };
  // The details are English now, so the main language is too.
  const saved = await store.authed(token, "tre/saveTreForm", { treId, sid: item.sid, maLan: "en", submit: true, values });
  assert.equal(saved.code, 200, "save: " + saved.easg);
  const passed = await store.authed(opToken, "operations/treasure/decide", { treId, action: "pass" });
  assert.equal(passed.code, 200, "pass: " + passed.easg);
  return { treId };
}

test("Write with AI drafts the texts into the goods form, saying which engine wrote them", async () => {
  const { ctx, page, problems } = await signIn(browser, store, SELLER, "/en/createTre/0", { password: "souk-demo" });
  await page.waitForSelector("[data-testid=ai-write]");
  await page.fill("[data-testid=ai-words]", "red silk dress, hand finished");
  await page.click("[data-testid=ai-write-btn]");
  await page.waitForSelector("[data-testid=ai-engine][data-engine=builtin]");
  assert.equal(await page.inputValue("#f-name"), "Red Silk Dress");
  assert.match(await page.inputValue("#f-brief"), /hand finished/);
  assert.match(await page.textContent("[data-testid=ai-engine]"), /built-in assistant/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("Fill missing languages fills ten languages with progress; their pages show them, marked", async () => {
  const { treId } = await liveItem();
  const { ctx, page, problems } = await signIn(browser, store, SELLER, `/en/createTre/${treId}`, { password: "souk-demo" });
  await page.waitForSelector("[data-testid=lit-form]");
  // A double click starts one job: both answers describe the same one.
  const answers = [];
  page.on("response", (r) => { if (r.url().includes("/interLan/fillSuggestedLanguages") && !r.request().postDataJSON()?.peek) answers.push(r.json()); });
  await page.dblclick("[data-testid=lit-fill-btn]");
  await page.waitForSelector("[data-testid=lit-fill-done][data-engine=builtin]", { timeout: 30000 });
  const done = await page.textContent("[data-testid=lit-fill-done]");
  assert.match(done, /built-in assistant/);
  for (const a of await Promise.all(answers)) assert.equal(a.code, 200);
  const peek = (await store.authed(token, "interLan/fillSuggestedLanguages", { treId, peek: true })).content;
  assert.equal(peek.state, "done");
  assert.ok(peek.total >= 10 && peek.done === peek.total && peek.filled > 0, JSON.stringify(peek));
  // The open language shows the machine mark on what was filled.
  await page.selectOption("[data-testid=lit-lang]", "fr");
  await page.waitForSelector("[data-testid='lit-machine-attr.0.k']");
  assert.equal(await page.inputValue("[data-testid='lit-attr.0.k']"), "Matière");
  const passed = await store.authed(opToken, "operations/treasure/decide", { treId, action: "pass" });
  assert.equal(passed.code, 200, passed.easg);
  for (const [lang, material] of Object.entries(TEN)) {
    // The page cache follows within moments ("Material" is also the English word).
    const shown = (h) => h.includes(material) && h.includes('data-testid="machine-note"');
    let html = "";
    for (let i = 0; i < 20 && !shown(html); i++) {
      await page.goto(`${store.base}/${lang}/tredetail/${treId}`);
      await ready(page);
      html = await page.content();
      if (!shown(html)) await new Promise((r) => setTimeout(r, 150));
    }
    assert.ok(html.includes(material), `${lang}: the translated detail name ${material}`);
    assert.ok(await page.isVisible("[data-testid=machine-note]"), `${lang}: machine translated note`);
  }
  assert.deepEqual(problems, []);
  await ctx.close();
});
