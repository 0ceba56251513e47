import { createStore } from "zustand/vanilla";
import { emptyProfile, type Profile } from "../lib/session";

// Mine is what the owner of a goods item sees of it on any page (SPEC §6):
// the sid the changes take back, the sale status and the review status.
export interface Mine { sid: string; saleable: number; approveStatus: number; reviewStatus: { id: number; tNa: string; color: string } }

// The shop store holds the client state the whole page shares and that
// changes. It is created per render (never a module singleton): a goja
// runtime renders many visitors' pages.
export interface ShopState {
  hydrated: boolean;
  dialog: null | "language" | "region" | "menu";
  cartQty: number;
  toast: string | null;
  user: Profile;
  signedIn: boolean;
  sessionLoaded: boolean; // the stored session has been read (after hydration)
  setHydrated(): void;
  openDialog(d: ShopState["dialog"]): void;
  showToast(msg: string): void;
  setUser(user: Profile | null): void;
  cartPulse: number; // bumped on each add: the badge animates 1.5 s (SPEC §9)
  setCartQty(n: number): void;
  mine: Record<string, Mine>; // the signed-in user's own goods among those shown
  // askMine queues treIds to ask about; the ones asked within a moment go
  // in one call to fetch, which answers the user's own among them.
  askMine(treId: string, fetch: (treIds: string[]) => Promise<(Mine & { treId: string })[]>): void;
}

export type ShopStore = ReturnType<typeof createShopStore>;

export function createShopStore() {
  // The queue of askMine: per store, used only in the browser (effects).
  const asked = new Set<string>();
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return createStore<ShopState>()((set) => ({
    hydrated: false,
    dialog: null,
    cartQty: 0,
    toast: null,
    user: emptyProfile(),
    signedIn: false,
    sessionLoaded: false,
    cartPulse: 0,
    setCartQty: (n) => set((s) => ({ cartQty: n, cartPulse: s.cartPulse + 1 })),
    setHydrated: () => set({ hydrated: true }),
    openDialog: (dialog) => set({ dialog }),
    showToast: (toast) => set({ toast }),
    setUser: (user) => set({
      user: user ?? emptyProfile(), signedIn: !!user?.userUid, sessionLoaded: true,
      cartQty: user?.shoppingQuantity ?? 0,
    }),
    mine: {},
    askMine: (treId, fetch) => {
      if (asked.has(treId)) return;
      asked.add(treId);
      pending.push(treId);
      if (timer === undefined) timer = setTimeout(() => {
        const ids = pending;
        pending = [];
        timer = undefined;
        for (let i = 0; i < ids.length; i += 60) {
          fetch(ids.slice(i, i + 60)).then((list) => {
            if (list.length) set((s) => ({ mine: { ...s.mine, ...Object.fromEntries(list.map((m) => [m.treId, m])) } }));
          }, () => undefined); // not knowing shows the page as to anyone
        }
      }, 30);
    },
  }));
}
