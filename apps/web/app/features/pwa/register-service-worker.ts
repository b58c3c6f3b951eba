export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers /sw.js once the page has loaded (it must not compete with the first load for bandwidth).
 * Production builds only: in `npm run dev` a worker would cache modules the dev server rewrites.
 * updateViaCache "none": the browser checks sw.js past its HTTP cache on every navigation.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!import.meta.env.PROD || !("serviceWorker" in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" }).catch((error: unknown) => {
      // No worker means no offline page, nothing else: the site keeps working.
      console.warn("service worker registration failed", error);
    });
  };
  if (win.document.readyState === "complete") register();
  else win.addEventListener("load", register, { once: true });
}
