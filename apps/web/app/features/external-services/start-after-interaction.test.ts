import { describe, expect, it, vi } from "vitest";
import {
  FIRST_INTERACTION_SCRIPT,
  IDLE_TIMEOUT_MS,
  INTERACTED_FLAG,
  pageInteracted,
  startAfterInteraction,
} from "./start-after-interaction";

function fakeWindow(withIdle = true) {
  const target = new EventTarget();
  const idle: { callback: () => void; options?: { timeout: number } }[] = [];
  const win = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    setTimeout: vi.fn((callback: () => void) => {
      idle.push({ callback });
      return 1;
    }),
    clearTimeout: vi.fn(),
    ...(withIdle
      ? {
          requestIdleCallback: (callback: () => void, options?: { timeout: number }) =>
            idle.push({ callback, options }),
          cancelIdleCallback: vi.fn(),
        }
      : {}),
  };
  const docTarget = new EventTarget();
  const doc = {
    addEventListener: docTarget.addEventListener.bind(docTarget),
    removeEventListener: docTarget.removeEventListener.bind(docTarget),
    dispatchEvent: docTarget.dispatchEvent.bind(docTarget),
    visibilityState: "hidden" as DocumentVisibilityState,
  };
  return { win, doc, idle };
}

describe("startAfterInteraction", () => {
  it("does nothing until an interaction, then starts once in an idle callback with a 2 s timeout", () => {
    const { win, doc, idle } = fakeWindow();
    const start = vi.fn();
    startAfterInteraction(start, win as never, doc as never);
    expect(idle).toHaveLength(0);
    win.dispatchEvent(new Event("keydown"));
    win.dispatchEvent(new Event("scroll"));
    win.dispatchEvent(new Event("pointerdown"));
    expect(idle).toHaveLength(1);
    expect(idle[0]?.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    expect(start).not.toHaveBeenCalled();
    idle[0]?.callback();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(["pointerdown", "keydown", "scroll", "touchstart"])("%s counts as the first interaction", (type) => {
    const { win, doc, idle } = fakeWindow();
    startAfterInteraction(vi.fn(), win as never, doc as never);
    win.dispatchEvent(new Event(type));
    expect(idle).toHaveLength(1);
  });

  it("the tab becoming visible starts it; a change to hidden does not", () => {
    const { win, doc, idle } = fakeWindow();
    startAfterInteraction(vi.fn(), win as never, doc as never);
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(idle).toHaveLength(0);
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(idle).toHaveLength(1);
  });

  it("falls back to a timeout without requestIdleCallback, and cancel stops a pending start", () => {
    const { win, doc, idle } = fakeWindow(false);
    const start = vi.fn();
    const cancel = startAfterInteraction(start, win as never, doc as never);
    win.dispatchEvent(new Event("touchstart"));
    expect(win.setTimeout).toHaveBeenCalledTimes(1);
    cancel();
    expect(win.clearTimeout).toHaveBeenCalledWith(1);
    expect(idle).toHaveLength(1);
  });

  it("cancelled before any interaction, nothing is scheduled", () => {
    const { win, doc, idle } = fakeWindow();
    startAfterInteraction(vi.fn(), win as never, doc as never)();
    win.dispatchEvent(new Event("pointerdown"));
    expect(idle).toHaveLength(0);
  });

  it("starts at once (when idle) for a page that saw an interaction before the runtime loaded", () => {
    const { win, doc, idle } = fakeWindow();
    startAfterInteraction(vi.fn(), win as never, doc as never, true);
    expect(idle).toHaveLength(1);
  });

  it("the head script records the first interaction or visibility on window, then stops listening", () => {
    const run = (win: object, doc: object) => new Function("window", "document", FIRST_INTERACTION_SCRIPT)(win, doc);
    const page = fakeWindow();
    const removed = vi.spyOn(page.win, "removeEventListener");
    run(page.win, page.doc);
    expect(pageInteracted(page.win)).toBe(false);
    const before = vi.fn();
    startAfterInteraction(before, page.win as never, page.doc as never);
    expect(page.idle).toHaveLength(0);
    page.win.dispatchEvent(new Event("keydown"));
    expect(pageInteracted(page.win)).toBe(true);
    expect((page.win as Record<string, unknown>)[INTERACTED_FLAG]).toBe(true);
    // The script's four interaction listeners and the runtime's four are gone after one.
    expect(removed).toHaveBeenCalledTimes(8);
    expect(page.idle).toHaveLength(1);
    // A runtime that arrives after it starts at once (when idle).
    const later = fakeWindow();
    Object.assign(later.win, { [INTERACTED_FLAG]: true });
    startAfterInteraction(vi.fn(), later.win as never, later.doc as never);
    expect(later.idle).toHaveLength(1);

    const hidden = fakeWindow();
    run(hidden.win, hidden.doc);
    hidden.doc.dispatchEvent(new Event("visibilitychange"));
    expect(pageInteracted(hidden.win)).toBe(false);
    hidden.doc.visibilityState = "visible";
    hidden.doc.dispatchEvent(new Event("visibilitychange"));
    expect(pageInteracted(hidden.win)).toBe(true);
  });
});
