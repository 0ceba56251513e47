import { useData, useT } from "../stores/context";
import { call, type CallOptions } from "./client";

// useApi returns call bound to the page's language, region and currency.
export function useApi() {
  const { lang, region, currency } = useData();
  const t = useT();
  return <T,>(path: string, body?: unknown, opts?: CallOptions) => call<T>({ lang, region, currency, t }, path, body, opts);
}
