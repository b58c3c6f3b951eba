import { afterEach, describe, expect, it, vi } from "vitest";
import { installChunkErrorReload, isChunkLoadError } from "./chunk-error";

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  sessionStorage.clear();
});

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection") as PromiseRejectionEvent;
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

describe("chunk-load errors", () => {
  it("recognises the browsers' dynamic import failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Network request failed"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("reloads the path once on a chunk error, not again within the guard", () => {
    const reload = vi.fn();
    uninstall = installChunkErrorReload(window, reload);
    const first = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    window.dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /assets/b.js")));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("ignores other unhandled rejections", () => {
    const reload = vi.fn();
    uninstall = installChunkErrorReload(window, reload);
    window.dispatchEvent(rejection(new Error("boom")));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(rejection(new TypeError("Importing a module script failed.")));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
