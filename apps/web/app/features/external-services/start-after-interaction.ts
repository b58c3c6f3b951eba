// The seed's start-up rule for third-party services: nothing during the page's own load; they start
// after the player's first interaction or the tab becoming visible, in an idle moment (2 s at most).

export const INTERACTION_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
export const IDLE_TIMEOUT_MS = 2000;

type IdleWindow = Pick<Window, "addEventListener" | "removeEventListener" | "setTimeout" | "clearTimeout"> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};
type VisibilityDocument = Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;

// The runtime loads after hydration, in its own chunk (ADR 045): an interaction in between still counts,
// so the page watches for the first one from hydration on.
let pageInteracted = false;

/** Remembers the page's first interaction (or its becoming visible) from now on. Returns a stop. */
export function watchFirstInteraction(win: IdleWindow = window, doc: VisibilityDocument = document): () => void {
  const detach = () => {
    for (const type of INTERACTION_EVENTS) win.removeEventListener(type, mark, true);
    doc.removeEventListener("visibilitychange", onVisibility);
  };
  function mark() {
    pageInteracted = true;
    detach();
  }
  function onVisibility() {
    if (doc.visibilityState === "visible") mark();
  }
  for (const type of INTERACTION_EVENTS) win.addEventListener(type, mark, { capture: true, passive: true });
  doc.addEventListener("visibilitychange", onVisibility);
  return detach;
}

/**
 * Runs `start` once, after the first interaction or visibility, when the browser is idle; at once (when
 * idle) if the page saw its first interaction already. Returns a cancel.
 */
export function startAfterInteraction(
  start: () => void,
  win: IdleWindow = window,
  doc: VisibilityDocument = document,
  interacted: boolean = pageInteracted,
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
