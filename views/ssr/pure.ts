import type { Card, Price } from "../lib/types";

// Components that are plain functions of their props (no state, effect or
// store hooks) and may be called to write their markup (pure(Badge)). They
// may read the page's contexts (useT, useData, usePrice): on the server a
// pure component is called inside its parent's render, where React's
// useContext keeps no hook state and reads the same value, as the page's
// providers sit above every page (stores/context.tsx). Its own
// module so that the browser's bundle, which imports pure with Badge, does
// not carry the server's markup writer (hostHTML.ts).
// A property of the function, not a Set: goja calls a Set's has natively,
// which costs more, and every plain element asks it of its children.
const PURE = Symbol("pure");
export function pure<T>(component: T): T {
  (component as { [PURE]?: boolean })[PURE] = true;
  return component;
}
export function isPure(component: unknown): boolean {
  return component != null && (component as { [PURE]?: boolean })[PURE] === true;
}

// CardView is what a goods card reads from its page besides the card.
export interface CardView {
  t: (key: string, args?: Record<string, string | number>) => string;
  price: (p: Price | undefined) => string;
  lang: string;
}
export interface CardOptions { eager?: boolean; lcp?: boolean; hiddenMenu?: boolean }

// serverCards writes a goods card's markup as a string (ssr/cards.ts, set
// by the server's entry), or says null when it cannot and React must. The
// browser's bundle leaves it unset, and so does a server render with the
// plain-markup fast path off (tests compare both).
export const serverCards: { write?: (card: Card, v: CardView, o: CardOptions) => { className: string; inner: string } | null } = {};
