// Issue 14's goods-form AI steps, shared by the browser tests that run them
// with the built-in engine (ai.test) and with a local OpenAI-compatible
// endpoint (airemote.test).
import assert from "node:assert/strict";
import { ready, signIn, passwordHash } from "./harness.mjs";

export const SELLER = "atelier-lumiere@souk.test";
export const OPERATOR = "operator@souk.test";
export const LANGS = ["zh", "ar", "ja", "es", "fr", "de", "ru", "pt", "it", "ko"];

// demoTokens signs the demo seller and operator in through the API.
export async function demoTokens(store) {
  const token = (await store.api("loginByPwd", { name: SELLER, password: passwordHash(SELLER, "souk-demo") })).token;
  const opToken = (await store.api("loginByPwd", { name: OPERATOR, password: passwordHash(OPERATOR, "souk-demo") })).token;
  assert.ok(token && opToken, "the seller and the operator sign in");
  return { token, opToken };
}

// liveItem is one of the seller's live items, its details set to what the
// lexicon knows and passed by the operator.
export async function liveItem(store, { token, opToken }) {
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

// writeWithAI drafts a new item's texts with "Write with AI" and checks the
// engine named (data-engine is engine; its words match named) and the name
// and brief drafted.
export async function writeWithAI(browser, store, { engine, named, name, brief }) {
  const { ctx, page, problems } = await signIn(browser, store, SELLER, "/en/createTre/0", { password: "souk-demo" });
  await page.waitForSelector("[data-testid=ai-write]");
  await page.fill("[data-testid=ai-words]", "red silk dress, hand finished");
  await page.click("[data-testid=ai-write-btn]");
  await page.waitForSelector(`[data-testid=ai-engine][data-engine='${engine}']`);
  assert.equal(await page.inputValue("#f-name"), name);
  assert.match(await page.inputValue("#f-brief"), brief);
  assert.match(await page.textContent("[data-testid=ai-engine]"), named);
  assert.deepEqual(problems, []);
  await ctx.close();
}

// fillTen fills a live item's languages with "Fill missing languages"
// (a double click: one job), checks the engine named, the progress and the
// machine mark on French, then, the operator passing the item, sees each
// of the ten languages' pages show material(lang), marked.
export async function fillTen(browser, store, tokens, { engine, named, material }) {
  const { token, opToken } = tokens;
  const { treId } = await liveItem(store, tokens);
  const { ctx, page, problems } = await signIn(browser, store, SELLER, `/en/createTre/${treId}`, { password: "souk-demo" });
  await page.waitForSelector("[data-testid=lit-form]");
  const answers = [];
  page.on("response", (r) => { if (r.url().includes("/interLan/fillSuggestedLanguages") && !r.request().postDataJSON()?.peek) answers.push(r.json()); });
  await page.dblclick("[data-testid=lit-fill-btn]");
  await page.waitForSelector(`[data-testid=lit-fill-done][data-engine='${engine}']`, { timeout: 30000 });
  assert.match(await page.textContent("[data-testid=lit-fill-done]"), named);
  for (const a of await Promise.all(answers)) assert.equal(a.code, 200);
  const peek = (await store.authed(token, "interLan/fillSuggestedLanguages", { treId, peek: true })).content;
  assert.equal(peek.state, "done");
  assert.ok(peek.total >= 10 && peek.done === peek.total && peek.filled > 0, JSON.stringify(peek));
  // The open language shows the machine mark on what was filled.
  await page.selectOption("[data-testid=lit-lang]", "fr");
  await page.waitForSelector("[data-testid='lit-machine-attr.0.k']");
  assert.equal(await page.inputValue("[data-testid='lit-attr.0.k']"), material("fr"));
  const passed = await store.authed(opToken, "operations/treasure/decide", { treId, action: "pass" });
  assert.equal(passed.code, 200, passed.easg);
  for (const lang of LANGS) {
    // The page cache follows within moments.
    const want = material(lang);
    const shown = (h) => h.includes(want) && h.includes('data-testid="machine-note"');
    let html = "";
    for (let i = 0; i < 20 && !shown(html); i++) {
      await page.goto(`${store.base}/${lang}/tredetail/${treId}`);
      await ready(page);
      html = await page.content();
      if (!shown(html)) await new Promise((r) => setTimeout(r, 150));
    }
    assert.ok(html.includes(want), `${lang}: the translated detail name ${want}`);
    assert.ok(await page.isVisible("[data-testid=machine-note]"), `${lang}: machine translated note`);
  }
  assert.deepEqual(problems, []);
  await ctx.close();
  return treId;
}
