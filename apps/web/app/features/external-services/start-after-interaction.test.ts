import { describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, startAfterInteraction, watchFirstInteraction } from "./start-after-interaction";

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

  it("starts at once (when idle) for a page that saw an interaction before the runtime loaded; the watch stops after one", () => {
    const { win, doc, idle } = fakeWindow();
    const explicit = vi.fn();
    startAfterInteraction(explicit, win as never, doc as never, true);
    expect(idle).toHaveLength(1);

    // Kept last: the page's memory of an interaction is module state, as it is per tab.
    const page = fakeWindow();
    const removed = vi.spyOn(page.win, "removeEventListener");
    watchFirstInteraction(page.win as never, page.doc as never);
    const before = fakeWindow();
    startAfterInteraction(vi.fn(), before.win as never, before.doc as never);
    expect(before.idle).toHaveLength(0);
    page.win.dispatchEvent(new Event("pointerdown"));
    expect(removed).toHaveBeenCalledTimes(4);
    const after = fakeWindow();
    const start = vi.fn();
    startAfterInteraction(start, after.win as never, after.doc as never);
    expect(after.idle).toHaveLength(1);
    after.idle[0]!.callback();
    expect(start).toHaveBeenCalledOnce();
  });
});
