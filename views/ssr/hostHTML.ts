import type { ReactElement, ReactNode } from "react";
import { isPure } from "./pure";

// Server-only fast path for subtrees made of plain HTML elements (no
// components, no hooks). React's server renderer costs goja ~30 µs an
// element (tasks, tree contexts, one native call per chunk); a card, a top
// bar or a footer is a dozen elements whose markup a loop writes for a
// fraction of that. The markup is the one React writes (same attribute
// names, escaping and <!-- --> text separators; server/plainmarkup_test.go
// renders pages both ways and compares), so the browser hydrates the
// element's children against it as if React had written them. Anything
// this file does not know for sure is left to React.

const ELEMENT = Symbol.for("react.transitional.element");
const FRAGMENT = Symbol.for("react.fragment");
const FORWARD_REF = Symbol.for("react.forward_ref");

// Tags whose markup React writes with no special case (pushStartGenericElement),
// plus the few special cases handled below (a, button, img, source, br).
const GENERIC = new Set([
  "div", "span", "p", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "nav", "aside",
  "main", "ul", "ol", "li", "i", "b", "em", "strong", "small", "label", "picture", "time", "dl", "dt", "dd", "figure",
  "figcaption", "bdi", "bdo", "abbr", "sup", "sub", "s", "u", "mark", "q", "cite", "del", "ins", "kbd", "code",
  "a", "button", "fieldset", "legend", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
]);
const VOID = new Set(["img", "source", "br", "hr", "wbr"]);

// Attributes React writes as name="" when truthy (pushAttribute's list).
const BOOLEAN = new Set([
  "inert", "allowFullScreen", "async", "autoPlay", "controls", "credentialless", "default", "defer", "disabled",
  "disablePictureInPicture", "disableRemotePlayback", "formNoValidate", "hidden", "loop", "noModule", "noValidate",
  "open", "playsInline", "readOnly", "required", "reversed", "scoped", "seamless", "itemScope",
]);
// Attributes React skips.
const SKIPPED = new Set(["defaultValue", "defaultChecked", "innerHTML", "suppressContentEditableWarning", "suppressHydrationWarning", "ref", "key"]);
// camelCase names React writes as they are (not in its alias table).
const AS_IS = new Set(["srcSet", "fetchPriority", "maxLength", "minLength", "autoComplete", "inputMode", "enterKeyHint", "referrerPolicy", "itemProp"]);
// Style properties whose numbers React writes with "px".
const PX = new Set(["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "top", "left", "right", "bottom", "fontSize", "gap", "margin", "padding", "borderRadius", "insetInlineStart", "insetInlineEnd"]);

const SAFE_NAME = /^[a-zA-Z][a-zA-Z0-9_.:-]*$/;
const NEEDS_ESCAPE = /["'&<>]/;

export function esc(v: unknown): string {
  const s = "" + (v as string);
  if (!NEEDS_ESCAPE.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c === 34 ? "&quot;" : c === 38 ? "&amp;" : c === 39 ? "&#x27;" : c === 60 ? "&lt;" : c === 62 ? "&gt;" : s[i];
  }
  return out;
}

// at is ` name="value"`, nothing for null and undefined (as React): for
// the server's string writers (cards.ts, goods.ts, topbar.ts).
export function at(name: string, v: string | number | undefined | null): string {
  return v == null ? "" : " " + name + '="' + esc(v) + '"';
}

// texts is sibling text children as React writes them: a comment between
// two texts, nothing for an empty one.
export function texts(parts: string[]): string {
  let s = "";
  let text = false;
  for (const p of parts) {
    if (p === "") continue;
    s += (text ? "<!-- -->" : "") + esc(p);
    text = true;
  }
  return s;
}

// Thrown to bail out of the fast path: React renders the subtree.
const unknown = { hostHTML: "not a plain subtree" };
// Attributes React writes its own way that no card or bar needs here.
const SPECIAL = new Set(["value", "spellCheck", "draggable", "contentEditable", "capture", "download", "rowSpan", "start", "action", "formAction", "autoReverse", "externalResourcesRequired", "focusable", "preserveAlpha"]);

interface State { out: string; text: boolean; picture: boolean }

// cssName is a style property's CSS name (fontSize: font-size), kept per
// name: regular expressions cost goja more than the rest of a style
// attribute. (A function of the name alone: nothing of a page.)
const CSS_NAMES: Record<string, string> = Object.create(null);
function cssName(k: string): string {
  const known = CSS_NAMES[k];
  if (known !== undefined) return known;
  if (k.startsWith("--") || !/^[a-z]+([A-Z][a-z]*)*$/.test(k) || k.startsWith("ms")) throw unknown;
  return (CSS_NAMES[k] = k.replace(/([A-Z])/g, "-$1").toLowerCase());
}

function styleAttr(style: unknown): string {
  if (typeof style !== "object" || style === null) throw unknown;
  let s = "";
  for (const k in style) {
    const v = (style as Record<string, unknown>)[k];
    if (v == null || typeof v === "boolean" || v === "") continue;
    const name = cssName(k);
    let val: string;
    if (typeof v === "number") {
      if (v !== 0 && !PX.has(k)) throw unknown;
      val = v === 0 ? "0" : v + "px";
    } else val = esc(("" + (v as string)).trim());
    s += (s ? ";" : "") + name + ":" + val;
  }
  return s ? ' style="' + s + '"' : "";
}

// Common attributes React writes as they are, read from a table before
// attr's switch (a chain of string compares in goja).
const PLAIN_NAMES: Record<string, string> = Object.create(null);
for (const n of ["id", "title", "lang", "alt", "type", "rel", "sizes", "loading", "decoding", "srcSet", "fetchPriority", "placeholder",
  "accept", "name", "target", "aria-label", "aria-labelledby", "aria-hidden", "aria-live", "aria-current", "aria-haspopup", "aria-expanded",
  "aria-describedby", "aria-disabled", "aria-selected", "aria-controls", "aria-pressed", "data-testid", "datetime", "dateTime"]) PLAIN_NAMES[n] = n;
PLAIN_NAMES.className = "class";
PLAIN_NAMES.htmlFor = "for";

function attr(tag: string, name: string, v: unknown): string {
  const t = typeof v;
  const plainName = PLAIN_NAMES[name];
  if (plainName !== undefined && (t === "string" || t === "number")) return " " + plainName + '="' + esc(v) + '"';
  switch (name) {
    case "className": return t === "function" || t === "symbol" || t === "boolean" ? "" : ' class="' + esc(v) + '"';
    case "tabIndex": return t === "function" || t === "symbol" || t === "boolean" ? "" : ' tabindex="' + esc(v) + '"';
    case "htmlFor": return t === "function" || t === "symbol" || t === "boolean" ? "" : ' for="' + esc(v) + '"';
    case "style": return styleAttr(v);
    case "src":
    case "href":
      if (v === "") return tag === "a" && name === "href" ? ' href=""' : "";
      if (t === "function" || t === "symbol" || t === "boolean") return "";
      // React rewrites javascript: URLs; ours are paths or http(s).
      if (!/^(\/|https?:|#|\?)/.test("" + (v as string))) throw unknown;
      return " " + name + '="' + esc(v) + '"';
    case "autoFocus":
    case "multiple":
    case "muted":
      return v && t !== "function" && t !== "symbol" ? " " + name.toLowerCase() + '=""' : "";
    case "cols":
    case "rows":
    case "size":
    case "span":
      return t !== "function" && t !== "symbol" && !isNaN(v as number) && (v as number) >= 1 ? " " + name + '="' + esc(v) + '"' : "";
    case "dir":
    case "role":
    case "width":
    case "height":
      return t === "function" || t === "symbol" || t === "boolean" ? "" : " " + name + '="' + esc(v) + '"';
  }
  if (SKIPPED.has(name)) return "";
  if (SPECIAL.has(name)) throw unknown;
  if (BOOLEAN.has(name)) return v && t !== "function" && t !== "symbol" ? " " + name + '=""' : "";
  if (name.length > 2 && (name[0] === "o" || name[0] === "O") && (name[1] === "n" || name[1] === "N")) return ""; // handlers
  if (!SAFE_NAME.test(name) || (name !== name.toLowerCase() && !AS_IS.has(name))) throw unknown;
  if (t === "function" || t === "symbol") return "";
  if (t === "boolean") {
    const p = name.toLowerCase().slice(0, 5);
    if (p !== "data-" && p !== "aria-") return "";
  }
  return " " + name + '="' + esc(v) + '"';
}


// Tag tells a tag's kind at the cost of a property read (goja calls a
// Set's has natively, which costs more).
const KIND: Record<string, "generic" | "void"> = Object.create(null);
for (const t of GENERIC) KIND[t] = "generic";
for (const t of VOID) KIND[t] = "void";

interface Start { start: string; children: unknown; inner: unknown }

// startTag is "<tag attributes" for a plain element, with its children and
// inner HTML props, or throws unknown.
function startTag(tag: string, props: Record<string, unknown>, inPicture: boolean): Start {
  const kind = KIND[tag];
  if (kind === undefined) throw unknown;
  const isVoid = kind === "void";
  if (tag === "img" && !inPicture && props.loading !== "lazy") throw unknown; // React would preload it in <head>
  if (tag === "button" && (props.name != null || props.formAction != null || props.formMethod != null || props.formEncType != null || props.formTarget != null)) throw unknown;
  let out = "<" + tag;
  let children: unknown = null;
  let inner: unknown = null;
  // Object.keys, not for-in: goja's for-in costs ~3 times as much a key.
  const keys = Object.keys(props);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = props[k];
    if (v == null) continue;
    const plainName = PLAIN_NAMES[k]; // the common case without a call to attr
    if (plainName !== undefined && (typeof v === "string" || typeof v === "number")) out += " " + plainName + '="' + esc(v) + '"';
    else if (k === "children") children = v;
    else if (k === "dangerouslySetInnerHTML") inner = v;
    else out += attr(tag, k, v);
  }
  if (isVoid && (children != null || inner != null)) throw unknown;
  return { start: out, children, inner };
}

// content writes an element's inner HTML prop or children.
function content(tag: string, children: unknown, inner: unknown, st: State) {
  if (inner != null) {
    if (children != null || typeof inner !== "object" || !("__html" in (inner as object))) throw unknown;
    const h = (inner as { __html: unknown }).__html;
    if (h != null) st.out += "" + (h as string);
  }
  if (typeof children === "string") st.out += esc(children);
  else if (children != null) {
    const picture = st.picture;
    if (tag === "picture") st.picture = true;
    node(children as ReactNode, st);
    st.picture = picture;
  }
}

function element(el: ReactElement, st: State) {
  const tag = el.type as string;
  const t = startTag(tag, el.props as Record<string, unknown>, st.picture);
  if (KIND[tag] === "void") {
    st.out += t.start + "/>";
    st.text = false;
    return;
  }
  st.out += t.start + ">";
  st.text = false;
  content(tag, t.children, t.inner, st);
  st.out += "</" + tag + ">";
  st.text = false;
}

function node(n: ReactNode, st: State) {
  if (n == null || typeof n === "boolean") return;
  if (typeof n === "string" || typeof n === "number") {
    const s = "" + n;
    if (s === "") return;
    if (st.text) st.out += "<!-- -->";
    st.out += esc(s);
    st.text = true;
    return;
  }
  if (Array.isArray(n)) {
    for (let i = 0; i < n.length; i++) node(n[i] as ReactNode, st);
    return;
  }
  const el = n as ReactElement & { $$typeof?: symbol };
  if (typeof n !== "object" || el.$$typeof !== ELEMENT) throw unknown;
  const known = markup.get(el);
  if (known !== undefined) {
    st.out += known;
    st.text = false;
    return;
  }
  if ((el.type as unknown) === FRAGMENT) {
    node((el.props as { children?: ReactNode }).children, st);
    return;
  }
  const write = typeof el.type === "string" ? undefined : writerOf(el.type);
  if (write !== undefined) {
    const html = write(el.props);
    if (html !== null) {
      // Nothing written leaves the last text last: React still separates
      // it from a text that follows.
      if (html !== "") { st.out += html; st.text = false; }
      return;
    }
  }
  if (typeof el.type === "function" && isPure(el.type)) {
    node((el.type as (p: unknown) => ReactNode)(el.props), st);
    return;
  }
  if (isPure(el.type) && (el.type as { $$typeof?: symbol }).$$typeof === FORWARD_REF) { // forwardRef(function …), as React calls it
    const { ref, ...props } = el.props as { ref?: unknown };
    node((el.type as unknown as { render: (p: unknown, r: unknown) => ReactNode }).render(props, ref ?? null), st);
    return;
  }
  if (typeof el.type !== "string") throw unknown;
  element(el, st);
}

// A pure component may have a server writer (writeWith): a function of its
// props that returns the component's markup as one string, as React would
// write it with the server's state, or null when it cannot and the
// component is called as any pure one. Elements cost goja ~10-30 µs each
// through JSX and this file; a gallery, a review list or a row of chips
// written as strings cost a fraction of it (as goods cards, ssr/cards.ts).
// A property of the component, like pure's mark; the browser's bundle
// never sets it.
const WRITER = Symbol("writer");
type WithWriter = { [WRITER]?: (props: unknown) => string | null };
export function writeWith<P>(component: unknown, write: (props: P) => string | null) {
  (component as WithWriter)[WRITER] = write as (props: unknown) => string | null;
}
function writerOf(type: unknown): ((props: unknown) => string | null) | undefined {
  return type == null ? undefined : (type as WithWriter)[WRITER];
}

// enabled lets a test render a page both ways.
let enabled = true;
export function setHostHTML(on: boolean) { enabled = on; }
export function hostHTMLOn() { return enabled; }

// MARKUP is the property holding the whole markup of a plain element made
// on the server, so a parent writes its children's once-written markup:
// each element is written once however deep it sits. (A property, not a
// WeakMap: goja's WeakMap costs more than the markup saves.)
const MARKUP = Symbol("markup");
type Marked = { [MARKUP]?: string };
const markup = {
  get: (el: object) => (el as Marked)[MARKUP],
  has: (el: object) => (el as Marked)[MARKUP] !== undefined,
  set: (el: object, html: string) => { (el as Marked)[MARKUP] = html; },
};

type JSX = (type: unknown, config: Record<string, unknown>, key?: unknown) => ReactElement;

// plainJSX makes the server's JSX runtime (jsx, jsxs) return every plain
// element (one whose children are plain elements and text) as the same
// element with its children given as markup: React then writes the
// element itself and its markup, not each descendant. The browser's
// runtime is untouched and hydrates the children against that markup.
export function plainJSX(runtime: { jsx: JSX; jsxs: JSX }) {
  const wrap = (make: JSX): JSX => (type, config, key) => {
    const el = make(type, config, key);
    return enabled && typeof type === "string" ? asMarkup(el, type) : el;
  };
  runtime.jsx = wrap(runtime.jsx);
  runtime.jsxs = wrap(runtime.jsxs);
}

// maybePlain tells at a glance whether children can be plain: text and
// elements already written as markup (and, in a picture, its img).
function maybePlain(children: unknown, picture: boolean): boolean {
  if (children == null || typeof children !== "object") return true;
  if (Array.isArray(children)) {
    for (let i = 0; i < children.length; i++) if (!maybePlain(children[i], picture)) return false;
    return true;
  }
  const el = children as ReactElement;
  if ((el.type as unknown) === FRAGMENT) return maybePlain((el.props as { children?: unknown }).children, picture);
  return markup.has(el) || isPure(el.type) || (picture && typeof el.type === "string");
}

function asMarkup(el: ReactElement, tag: string): ReactElement {
  const kind = KIND[tag];
  const props = el.props as Record<string, unknown>;
  if (kind === undefined || !maybePlain(props.children, tag === "picture")) return el;
  const st: State = { out: "", text: false, picture: tag === "picture" };
  let start: string;
  try {
    const t = startTag(tag, props, false);
    start = t.start;
    if (kind === "void") {
      markup.set(el, start + "/>");
      return el;
    }
    const { children, inner } = t;
    content(tag, children, inner, st);
    if (inner != null || children == null || typeof children === "string") {
      markup.set(el, start + ">" + st.out + "</" + tag + ">");
      return el;
    }
  } catch (e) {
    if (e === unknown) return el;
    throw e;
  }
  // The element's props are its own object (the JSX call's literal, or
  // React's copy of it when it held a key): give them the markup in place
  // of the children rather than copying them into a second element.
  delete props.children;
  props.dangerouslySetInnerHTML = { __html: st.out };
  markup.set(el, start + ">" + st.out + "</" + tag + ">");
  return el;
}
