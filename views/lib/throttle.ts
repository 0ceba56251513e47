import { useRef } from "react";

// useThrottle drops calls that come sooner than ms after the last one that
// ran (login submit 1000 ms, register 200 ms, add to cart 200 ms).
export function useThrottle(ms: number) {
  const last = useRef(0);
  return (fn: () => void) => {
    const now = Date.now();
    if (now - last.current < ms) return;
    last.current = now;
    fn();
  };
}

// useOneAtATime runs an async intent at most once per ms and never while the
// previous one is still in flight: a double click (or a click while the
// first answer is on its way) is one intent, not two (add to cart, SPEC §5).
export function useOneAtATime(ms: number) {
  const last = useRef(0);
  const busy = useRef(false);
  return (run: () => Promise<unknown>) => {
    const now = Date.now();
    if (busy.current || now - last.current < ms) return;
    last.current = now;
    busy.current = true;
    void run().catch(() => { /* the caller reported it */ }).finally(() => { busy.current = false; });
  };
}
