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
