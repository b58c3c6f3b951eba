// The seed's start-up rule for third-party services: nothing during the page's own load; they start
// after the player's first interaction or the tab becoming visible, in an idle moment (2 s at most).

export const INTERACTION_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
export const IDLE_TIMEOUT_MS = 2000;

/** Set on window by FIRST_INTERACTION_SCRIPT at the page's first interaction (or its becoming visible). */
export const INTERACTED_FLAG = "__croupierInteracted";

type IdleWindow = Pick<Window, "addEventListener" | "removeEventListener" | "setTimeout" | "clearTimeout"> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};
type VisibilityDocument = Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;

/**
 * An inline script for the page's <head>: remembers the first interaction from the first byte on.
 * The runtime that starts the services loads after hydration, in its own chunk (ADR 045), and
 * React's hydration yields to input: an interaction before the runtime (or any effect) was there
 * still counts. Hand-written (not a stringified function) so no bundler helper can slip into it.
 */
export const FIRST_INTERACTION_SCRIPT = `(function(w,d){var e=${JSON.stringify(INTERACTION_EVENTS)},o={capture:true,passive:true};function m(){w.${INTERACTED_FLAG}=true;for(var i=0;i<e.length;i++)w.removeEventListener(e[i],m,o);d.removeEventListener("visibilitychange",v)}function v(){if(d.visibilityState==="visible")m()}for(var i=0;i<e.length;i++)w.addEventListener(e[i],m,o);d.addEventListener("visibilitychange",v)})(window,document);`;

/** Whether the page saw its first interaction (recorded by FIRST_INTERACTION_SCRIPT). */
export function pageInteracted(win: object = typeof window === "undefined" ? {} : window): boolean {
  return (win as Record<string, unknown>)[INTERACTED_FLAG] === true;
}

/**
 * Runs `start` once, after the first interaction or visibility, when the browser is idle; at once (when
 * idle) if the page saw its first interaction already. Returns a cancel.
 */
export function startAfterInteraction(
  start: () => void,
  win: IdleWindow = window,
  doc: VisibilityDocument = document,
  interacted: boolean = pageInteracted(win),
): () => void {
  let idleHandle: number | undefined;
  let timeoutHandle: number | undefined;
  let triggered = false;

  const detach = () => {
    for (const type of INTERACTION_EVENTS) win.removeEventListener(type, trigger, true);
    doc.removeEventListener("visibilitychange", onVisibility);
  };
  function trigger() {
    if (triggered) return;
    triggered = true;
    detach();
    // Safari has no requestIdleCallback: a zero timeout still yields to the interaction's own work.
    if (win.requestIdleCallback) idleHandle = win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else timeoutHandle = win.setTimeout(start, 0);
  }
  function onVisibility() {
    if (doc.visibilityState === "visible") trigger();
  }

  for (const type of INTERACTION_EVENTS) win.addEventListener(type, trigger, { capture: true, passive: true });
  doc.addEventListener("visibilitychange", onVisibility);
  if (interacted) trigger();
  return () => {
    detach();
    triggered = true;
    if (idleHandle !== undefined) win.cancelIdleCallback?.(idleHandle);
    if (timeoutHandle !== undefined) win.clearTimeout(timeoutHandle);
  };
}
