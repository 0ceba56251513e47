// Issue 14 points 3 and 4 with the built-in engine: on the goods form,
// "Write with AI" drafts the texts into the fields (nothing saved) and
// names the engine; the translate menu's "Fill missing languages" fills an
// item's languages with progress; once the operator passes them, the
// item's pages in ten languages show the translated details, marked as
// machine translated. (airemote.test runs the same against a local
// OpenAI-compatible endpoint.)
import { test, before, after } from "node:test";
import { startStore, launch } from "./harness.mjs";
import { demoTokens, writeWithAI, fillTen } from "./ai-steps.mjs";

let store, browser, tokens;
const TEN = { zh: "材质", ar: "الخامة", ja: "素材", es: "Material", fr: "Matière", de: "Material", ru: "Материал", pt: "Material", it: "Materiale", ko: "소재" };

before(async () => {
  store = await startStore();
  browser = await launch();
  tokens = await demoTokens(store);
});
after(async () => { await browser?.close(); await store?.stop(); });

test("Write with AI drafts the texts into the goods form, saying which engine wrote them", async () => {
  await writeWithAI(browser, store, { engine: "builtin", named: /built-in assistant/, name: "Red Silk Dress", brief: /hand finished/ });
});

test("Fill missing languages fills ten languages with progress; their pages show them, marked", async () => {
  // ("Material" is also the word in some languages: the machine mark tells.)
  await fillTen(browser, store, tokens, { engine: "builtin", named: /built-in assistant/, material: (l) => TEN[l] });
});
