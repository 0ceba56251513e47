import { currentSession } from "./session";

// The offline send queue: messages written while the server could not be
// reached, kept in localStorage so a reload or another tab sends them.
// Each entry is sent once with its appId (the server stores an appId once).
// An entry belongs to the account that wrote it: on a shared browser
// another account never sends (or sees) it, and signing out drops the
// queue (clearStoredSession).
export interface Queued { conversation: string; appId: string; type: number; content: string; at: string; owner?: string }

const KEY = "souk.chat.outbox"; // lib/session.ts clears it on sign-out

const me = () => currentSession()?.user.userUid ?? "";

// readOutbox is the signed-in account's queue.
export function readOutbox(): Queued[] {
  return readAll().filter((q) => q.owner === me());
}

function readAll(): Queued[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]") as Queued[];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function write(list: Queued[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch { /* storage full or off: the message stays "queued" in this tab only */ }
}

export function enqueue(q: Queued) {
  write([...readAll().filter((x) => x.appId !== q.appId), { ...q, owner: me() }]);
}

export function dequeue(appId: string) {
  write(readAll().filter((x) => x.appId !== appId));
}
