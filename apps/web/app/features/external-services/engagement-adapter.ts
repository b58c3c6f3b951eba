import { loadScript } from "./load-script";
import { vendorWindow } from "./vendor-globals";

const METHODS = ["identify", "page", "track", "reset"] as const;

export type EngagementIdentity = { id: string; email: string; first_name: string | null; last_name: string | null };

function queue() {
  const win = vendorWindow();
  if (!win.analytics) {
    // analytics.js's snippet: an array of [method, ...args] the library replays when it loads.
    const stub = [] as unknown as unknown[] & Record<string, unknown>;
    for (const method of METHODS) stub[method] = (...args: unknown[]) => void stub.push([method, ...args]);
    win.analytics = stub;
  }
  return win.analytics as unknown as Record<(typeof METHODS)[number], (...args: unknown[]) => void>;
}

/** The customer-engagement service (an analytics.js-compatible CDP): identify and page calls. */
export function startEngagement(config: { key: string; script_url: string }): Promise<void> {
  queue();
  (vendorWindow().analytics as Record<string, unknown>)._writeKey = config.key;
  return loadScript(config.script_url);
}

export function identifyEngagement(identity: EngagementIdentity) {
  queue().identify(identity.id, { email: identity.email, first_name: identity.first_name ?? "", last_name: identity.last_name ?? "" });
}

export function engagementPage() {
  queue().page();
}

export function resetEngagement() {
  queue().reset();
}
