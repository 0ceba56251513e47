import { useEffect, useState, type ReactNode } from "react";
import { OpsFrame } from "./OpsFrame";
import { useData, useShop, useT } from "../../stores/context";
import { useApi } from "../../api/useApi";
import { ApiError } from "../../api/client";
import { withLang } from "../../lib/paths";
import { detailCall, sellerOrderPath, ALL, type SellerOrder } from "./sellerOrders";

// SellerFrame is the frame of the seller's pages: login required, noindex
// (the server also sends no-store and X-Robots-Tag), content after hydration.
// It is the back office's frame (OpsFrame): admins use the same pages.
export function SellerFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <OpsFrame title={title} section="orders" loginRequired>
      <div className="buy-page wide seller-page">
        {children}
      </div>
    </OpsFrame>
  );
}

// NotYours is what anyone but the order's seller sees: the not-found page's
// content (the order's existence is not confirmed).
export function NotYours() {
  const t = useT();
  const { lang } = useData();
  return (
    <div className="empty-state" data-testid="not-found">
      <p className="big-code" aria-hidden="true">404</p>
      <h1>{t("NotFoundTitle")}</h1>
      <p>{t("NotFoundText")}</p>
      <a className="btn primary" href={withLang(lang, "/")}>{t("GoHome")}</a>
    </div>
  );
}

// useSellerOrder loads the order of the page's uid once signed in: null
// while loading, "missing" when the caller is not its seller.
export function useSellerOrder() {
  const t = useT();
  const api = useApi();
  const { data } = useData();
  const uid = data.param ?? "";
  const signedIn = useShop((s) => s.signedIn);
  const [order, setOrder] = useState<SellerOrder | null | "missing">(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!signedIn) return;
    api<SellerOrder>(detailCall(uid), undefined, { silent: true }).then(setOrder).catch((e) => {
      if (e instanceof ApiError && (e.code === 104 || e.code === 401)) setOrder("missing");
      else setError(e instanceof ApiError ? e.message : t("ErrorOccurs"));
    });
  }, [signedIn, uid]); // eslint-disable-line react-hooks/exhaustive-deps
  return { uid, order, setOrder, error };
}

// BackToList links to the seller's order list.
export function BackToList() {
  const t = useT();
  const { lang } = useData();
  return <a href={sellerOrderPath(lang, ALL)} data-testid="seller-orders-link">{t("SellerOrders")}</a>;
}
