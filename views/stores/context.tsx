import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createShopStore, type ShopState, type ShopStore } from "./shop";
import type { Price, SoukData } from "../lib/types";
import { translate, formatPrice } from "../lib/i18n";
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk

// Page is what never changes while a page lives: its data, and the
// translator and price formatter built from it once. It is a plain context,
// not a store subscription: reading it is cheap, which counts when goja
// renders fifty cards.
interface Page {
  data: SoukData;
  t: (key: string, args?: Record<string, string | number>) => string;
  price: (p: Price | undefined) => string;
}

const PageContext = createContext<Page | null>(null);
const ShopContext = createContext<ShopStore | null>(null);

export function ShopProvider({ data, children }: { data: SoukData; children: ReactNode }) {
  const [page] = useState<Page>(() => ({
    data,
    t: (key, args) => translate(data.t, key, args),
    price: (p) => formatPrice(p, data.numfmt),
  }));
  const [store] = useState(() => createShopStore());
  // After the first (hydrating) render, browser-only output may appear.
  useEffect(() => {
    store.getState().setHydrated();
    document.documentElement.dataset.ready = "1"; // for tests and the app wrapper
  }, [store]);
  return (
    <PageContext.Provider value={page}>
      <ShopContext.Provider value={store}>{children}</ShopContext.Provider>
    </PageContext.Provider>
  );
}

function usePage(): Page {
  const p = useContext(PageContext);
  if (!p) throw new Error("page context missing: render inside ShopProvider");
  return p;
}

// useData returns the page's data (hydration data, immutable).
export function useData(): SoukData {
  return usePage().data;
}

// useT returns the translator of the page's language.
export function useT() {
  return usePage().t;
}

// usePrice returns the price formatter of the page's language.
export function usePrice() {
  return usePage().price;
}

// useShopStore returns the store itself, for handlers and effects that
// only call its actions: no subscription, which a card rendered fifty
// times in goja would pay for each.
export function useShopStore(): ShopStore {
  const store = useContext(ShopContext);
  if (!store) throw new Error("useShopStore outside ShopProvider");
  return store;
}

// useShop reads the client state that changes (dialogs, badges, toasts).
export function useShop<T>(selector: (s: ShopState) => T): T {
  const store = useContext(ShopContext);
  if (!store) throw new Error("useShop outside ShopProvider");
  return useStore(store, selector);
}
