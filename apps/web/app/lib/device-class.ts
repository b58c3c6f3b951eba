export type DeviceClass = "mobile" | "tablet" | "desktop";

export const MOBILE_MAX_WIDTH = 767;
export const TABLET_MAX_WIDTH = 1024;
export const LANDSCAPE_MAX_HEIGHT = 500;
export const RESIZE_THROTTLE_MS = 100;

/** Mobile below 768, tablet 768 to 1024, desktop above 1024. */
export function deviceClassFromWidth(width: number): DeviceClass {
  if (width <= MOBILE_MAX_WIDTH) return "mobile";
  if (width <= TABLET_MAX_WIDTH) return "tablet";
  return "desktop";
}

/** A phone held sideways: the viewport is at most 500 px high. */
export function isLandscape(height: number): boolean {
  return height <= LANDSCAPE_MAX_HEIGHT;
}

/** Runs `fn` at most once per `ms`, always ending with the latest call (trailing edge). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    const args = pending!;
    pending = undefined;
    fn(...args);
  };
  const throttled = (...args: A) => {
    pending = args;
    if (timer) return;
    const wait = Math.max(0, ms - (Date.now() - last));
    timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
