import { createStore } from "zustand/vanilla";
import { emptyProfile, type Profile } from "../lib/session";

// The shop store holds the client state the whole page shares and that
// changes. It is created per render (never a module singleton): a goja
// runtime renders many visitors' pages.
export interface ShopState {
  hydrated: boolean;
  dialog: null | "language" | "region" | "menu";
  cartQty: number;
  chatUnread: number;
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
}

export type ShopStore = ReturnType<typeof createShopStore>;

export function createShopStore() {
  return createStore<ShopState>()((set) => ({
    hydrated: false,
    dialog: null,
    cartQty: 0,
    chatUnread: 0,
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
  }));
}
