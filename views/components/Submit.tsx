import type { ReactNode } from "react";
import { useHydrated } from "../lib/hydrated";

// Submit is a form's submit button that stays disabled until the page is
// live: before hydration the browser would submit the form itself, putting
// what was typed (a code, an address) into the URL.
export function Submit({ busy, testid, className = "btn primary wide", children }: { busy?: boolean; testid?: string; className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return <button type="submit" className={className} disabled={!hydrated || busy} data-testid={testid}>{children}</button>;
}
