import type { SoukData } from "../lib/types";

// serverParts are writers of a component's markup as one string that the
// component itself calls on the server only (`if (__SERVER__)`, which the
// browser's build drops with this module): set by the server's entry, unset
// (and the component renders as usual) with the plain-markup fast path off.
export const serverParts: { topBar?: (t: (key: string) => string, d: SoukData) => string | null } = {};
