import { useCallback, useEffect, useRef, useState } from "react";

export function usePrefersReducedMotion(): boolean {
  const query = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const [reduced, setReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [query]);
  return reduced;
}

/**
 * The jurisdiction's minimum time between spins, shown as a countdown. The server enforces it
 * too (429 TOO_FAST); this only keeps the button honest about when it will work.
 */
export function useCooldown(intervalMs: number) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(id);
  }, [until, now]);
  const remaining = Math.max(0, until - now);
  const start = useCallback(
    (ms = intervalMs) => {
      const t = Date.now();
      setNow(t);
      setUntil(t + ms);
    },
    [intervalMs],
  );
  return { remaining, fraction: intervalMs > 0 ? remaining / intervalMs : 0, start };
}

/** Space (and Enter on no focused control) runs the main action: spin, deal, roll. */
export function useSpaceKey(handler: () => void, enabled: boolean) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== "Space" && event.key !== " ") return;
      const target = event.target as HTMLElement | null;
      // A focused control handles space itself; a dialog above the game must not spin it.
      if (target?.closest("button, input, select, textarea, a, dialog[open]") || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      ref.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function useMediaQuery(query: string): boolean {
  const mql = typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query) : null;
  const [matches, setMatches] = useState(() => mql?.matches ?? false);
  useEffect(() => {
    if (!mql) return;
    const onChange = () => setMatches(mql.matches);
    onChange();
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, [mql]);
  return matches;
}
