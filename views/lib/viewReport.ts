import { useEffect } from "react";
import { call, type CallContext } from "../api/client";

// useViewReport tells the server, once the product page is live, that its
// goods were viewed: pages are cached and shared, so a view cannot be
// counted where the page is rendered. The server counts a visitor once per
// item and day and bounds reports per address; whatever it answers, the
// shopper is not bothered with it.
export function useViewReport(ctx: CallContext, treId: string) {
  useEffect(() => {
    call(ctx, "tre/view", { treId }, { silent: true }).catch(() => undefined);
  }, [treId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per item
}
