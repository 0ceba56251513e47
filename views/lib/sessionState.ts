import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";

// useSessionState is useState kept in sessionStorage under key, so a choice
// survives the reload a region or currency switch makes (SPEC §9) in this
// tab. The first render uses initial (server and hydration agree); the kept
// value is restored in a layout effect when keep accepts it (the goods may have
// changed since).
export function useSessionState<T>(key: string, initial: T, keep: (v: T) => boolean = () => true): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(initial);
  const restored = useRef("");
  // Restored in a layout effect: before the browser paints the page and so
  // before a click can reach a handler that reads the value (a click right
  // after the make-line page showed priced an empty choice).
  useLayoutEffect(() => {
    try {
      const raw = sessionStorage.getItem(key);
      const v = raw === null ? undefined : (JSON.parse(raw) as T);
      if (v !== undefined && keep(v)) setValue(v);
    } catch { /* storage disabled or a bad entry: start afresh */ }
    restored.current = key;
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (restored.current !== key) return;
    try { sessionStorage.setItem(key, JSON.stringify(value)); } catch { /* the choice then lasts only this page */ }
  }, [key, value]);
  return [value, setValue];
}
