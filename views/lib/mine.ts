import { useEffect } from "react";
import { useShop, useShopStore } from "../stores/context";
import { useApi } from "../api/useApi";
import type { Mine } from "../stores/shop";

// useMine tells, after hydration, whether a goods item shown is the
// signed-in user's own, and what its owner sees of it (sid, sale and review
// status). Pages are cached and the same for everyone, so they never carry
// it; the cards of a page ask together, in one tre/myTreList call.
export function useMine(treId: string): Mine | undefined {
  const signedIn = useShop((s) => s.signedIn);
  const mine = useShop((s) => s.mine[treId]);
  const store = useShopStore(); // askMine is an action: no subscription
  const api = useApi();
  useEffect(() => {
    if (signedIn && treId) store.getState().askMine(treId, (treIds) => api<{ list: (Mine & { treId: string })[] }>("tre/myTreList", { treIds, pageSize: 60 }, { silent: true }).then((p) => p.list));
  }, [signedIn, treId]); // eslint-disable-line react-hooks/exhaustive-deps
  return mine;
}
