// The globals the vendors' scripts read and write. Each adapter installs the vendor's documented
// command queue before its script loads, so calls made early are replayed once it runs.

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][]; queue?: unknown[][]; callMethod?: (...args: unknown[]) => void; push?: unknown; loaded?: boolean; version?: string };

export type VendorWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  hj?: Queue;
  _hjSettings?: { hjid: number | string; hjsv: number };
  analytics?: unknown[] & Record<string, unknown>;
  fbq?: Queue;
  _fbq?: Queue;
  __lc?: { license: number | string; integration_name: string; params?: { name: string; value: string }[] };
  LiveChatWidget?: { call: (method: string, ...args: unknown[]) => void };
};

export function vendorWindow(): VendorWindow {
  return window as VendorWindow;
}
