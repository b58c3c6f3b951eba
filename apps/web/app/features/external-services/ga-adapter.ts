import { loadScript } from "./load-script";
import { vendorWindow } from "./vendor-globals";

/** Google Analytics 4 (gtag.js): page views are GA4's own (enhanced measurement follows history changes). */
export function startGoogleAnalytics(config: { id: string; script_url: string }): Promise<void> {
  const win = vendorWindow();
  win.dataLayer = win.dataLayer ?? [];
  const dataLayer = win.dataLayer;
  // gtag.js reads the arguments object itself, not an array: the documented snippet's shape.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag("js", new Date());
  win.gtag("config", config.id);
  return loadScript(config.script_url);
}
