import { useEffect } from "react";

// The identity types a user applies for, by their page names (SPEC §3).
export const IDENTITY_TYPES: Record<string, number> = { creator: 21, seller: 22, maker: 23, analyst: 24 };
export const TYPE_LABELS: Record<number, string> = { 21: "IdentityCreator", 22: "IdentitySeller", 23: "IdentityMaker", 24: "IdentityAnalyst" };

// identityTypeOf reads a route's {identityType}: a page name or a number.
export function identityTypeOf(p: string | undefined): number {
  if (!p) return 0;
  if (IDENTITY_TYPES[p]) return IDENTITY_TYPES[p];
  const n = Number(p);
  return TYPE_LABELS[n] ? n : 0;
}

export function typeName(n: number): string {
  return Object.keys(IDENTITY_TYPES).find((k) => IDENTITY_TYPES[k] === n) ?? String(n);
}

// useLeaveWarning asks before the page is left with unsaved changes.
export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); e.returnValue = ""; };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [dirty]);
}
