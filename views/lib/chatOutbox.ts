// The offline send queue: messages written while the server could not be
// reached, kept in localStorage so a reload or another tab sends them.
// Each entry is sent once with its appId (the server stores an appId once).
export interface Queued { conversation: string; appId: string; type: number; content: string; at: string }

const KEY = "souk.chat.outbox";

export function readOutbox(): Queued[] {
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
  write([...readOutbox().filter((x) => x.appId !== q.appId), q]);
}

export function dequeue(appId: string) {
  write(readOutbox().filter((x) => x.appId !== appId));
}
