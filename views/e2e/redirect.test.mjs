// The redirect sanitiser (views/lib/redirect.ts) against the ways a
// ?redirect= value has been used to leave a site. No browser: the module is
// pure, so it is compiled with TypeScript and imported here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

const source = readFileSync(resolve(import.meta.dirname, "../lib/redirect.ts"), "utf8");
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const { safeRedirect, decodedForms } = await import("data:text/javascript;base64," + Buffer.from(js).toString("base64"));

const kept = [
  "/",
  "/en/",
  "/en/mysafes",
  "/en/tredetail/10042/red-dress?sku=3#reviews",
  "/en/addressmanagement?redirect=%2Fen%2Fmakeorder",
  "/zh/tredetail/1/%E7%BA%A2%E8%A3%99",  // non-ASCII, percent-encoded
  "/en/search?q=red%20dress",            // a space once decoded
  "/en/search?q=100%25",                 // a literal percent sign
  "/en/a%2Fb",                           // an encoded slash inside a path
  "/en/search?q=a/b//c",                 // slashes later on are paths of this site
];

const refused = [
  ["empty", ""],
  ["null", null],
  ["relative", "en/mysafes"],
  ["protocol-relative", "//evil.example"],
  ["three slashes", "///evil.example"],
  ["slash backslash", "/\\evil.example"],
  ["backslash backslash", "\\\\evil.example"],
  ["backslash", "\\evil.example"],
  ["backslash later", "/en/\\evil"],
  ["tab between slashes", "/\t/evil.example"],
  ["newline between slashes", "/\n/evil.example"],
  ["carriage return", "/\r/evil.example"],
  ["leading space", " //evil.example"],
  ["leading tab", "\t/en/"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["C1 control", "/\u0085/evil.example"],
  ["raw space", "/en/a b"],
  ["https", "https://evil.example"],
  ["http", "http://evil.example/"],
  ["javascript", "javascript:alert(1)"],
  ["JavaScript mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript after whitespace", " javascript:alert(1)"],
  ["data", "data:text/html,<script>alert(1)</script>"],
  ["encoded tab", "/%09/evil.example"],
  ["encoded newline", "/%0a/evil.example"],
  ["encoded NUL", "/%00/evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slash after slash", "/%2fevil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded backslash later", "/en/%5c"],
  ["double encoded slash", "/%252F%252Fevil.example"],
  ["double encoded backslash", "/%255Cevil.example"],
  ["triple encoded tab", "/%25252509/evil.example"],
  ["too deep", "/%2525252525252F"],
  ["malformed UTF-8 escape", "/%E0%A4%A/x"],
  ["encoded https", "%68ttps://evil.example"],
  ["DIVISION SLASH U+2215", "/\u2215evil.example"],
  ["FULLWIDTH SOLIDUS U+FF0F", "/\uff0fevil.example"],
  ["BIG SOLIDUS U+29F8", "/\u29f8evil.example"],
  ["FRACTION SLASH U+2044", "/\u2044evil.example"],
  ["FULLWIDTH REVERSE SOLIDUS U+FF3C", "/\uff3cevil.example"],
  ["SMALL REVERSE SOLIDUS U+FE68", "/\ufe68evil.example"],
  ["SET MINUS U+2216", "/\u2216evil.example"],
  ["encoded DIVISION SLASH", "/%E2%88%95evil.example"],
  ["encoded FULLWIDTH SOLIDUS", "/%EF%BC%8Fevil.example"],
  ["encoded BIG SOLIDUS", "/%E2%A7%B8evil.example"],
  ["zero-width space", "/\u200b/evil.example"],
  ["encoded zero-width space", "/%E2%80%8B/evil.example"],
  ["encoded right-to-left override", "/%E2%80%AE/evil.example"],
  ["line separator", "/\u2028/evil.example"],
  ["too long", "/" + "a".repeat(2048)],
];

test("same-site paths are kept as they are", () => {
  for (const r of kept) assert.equal(safeRedirect(r), r, JSON.stringify(r));
});

for (const [name, r] of refused) {
  test(`refused: ${name}`, () => assert.equal(safeRedirect(r), "", JSON.stringify(r)));
}

test("what a kept target can become: never another site", () => {
  for (const r of kept) {
    for (const base of ["https://souk.example", "http://127.0.0.1:8080"]) {
      assert.equal(new URL(r, base).origin, new URL(base).origin, r);
    }
  }
});

test("decodedForms lists every decoding, for the no-login-or-register rule", () => {
  assert.deepEqual(decodedForms("/en/%256Cogin"), ["/en/%256Cogin", "/en/%6Cogin", "/en/login"]);
  assert.deepEqual(decodedForms("/en/"), ["/en/"]);
  assert.deepEqual(decodedForms("/en/search?q=100%25"), ["/en/search?q=100%25", "/en/search?q=100%"]);
});
