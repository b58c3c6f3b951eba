import type { TrackingEvent } from "../../lib/tracking-events";
import { loadScript } from "./load-script";
import { vendorWindow } from "./vendor-globals";

/** The seed's error when an event finds no pixel (blocked or failed script). */
export const PIXEL_MISSING = "Facebook Pixel not installed";

/** The tracking pixel (fbevents.js) with its documented command queue; PageView on start. */
export async function startPixel(config: { id: string; script_url: string }): Promise<void> {
  const win = vendorWindow();
  if (!win.fbq) {
    const fbq = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue.push(args);
      },
      { queue: [] as unknown[][], loaded: true, version: "2.0", callMethod: undefined as ((...args: unknown[]) => void) | undefined },
    );
    Object.assign(fbq, { push: fbq });
    win.fbq = fbq;
    win._fbq = fbq;
  }
  win.fbq("init", config.id);
  win.fbq("track", "PageView");
  try {
    await loadScript(config.script_url);
  } catch (error) {
    // An ad blocker or a network failure: later events say so instead of queueing for nothing.
    delete win.fbq;
    delete win._fbq;
    throw error;
  }
}

/** Lead (sign-up) and Purchase (deposit; value and currency only when above 0). */
export function trackPixel(event: TrackingEvent, log: Pick<Console, "error"> = console) {
  const fbq = vendorWindow().fbq;
  if (typeof fbq !== "function") {
    log.error(PIXEL_MISSING);
    return;
  }
  if (event.name === "Lead") {
    fbq("track", "Lead");
    return;
  }
  const value = Number(event.value);
  if (Number.isFinite(value) && value > 0 && event.currency) fbq("track", "Purchase", { value, currency: event.currency });
  else fbq("track", "Purchase");
}
