import { claimReload } from "./reload-guard";

const WORKER_WAIT_MS = 5_000;

/**
 * Moves the tab to the new build, once: a service worker of the new build that is installed and
 * waiting is asked to take over (it never does on its own, so no tab runs two builds' code) and the
 * page reloads when it controls the page; without one the page just reloads (navigations always go
 * to the network, so the reload gets the new HTML). Guarded: at most one such reload per 10 s.
 */
export async function applyUpdate(reload: () => void = () => window.location.reload()): Promise<boolean> {
  if (!claimReload("build")) return false;
  const registration = await currentRegistration();
  if (registration) {
    await registration.update().catch(() => undefined);
    const waiting = registration.waiting ?? (await installed(registration.installing));
    if (waiting && navigator.serviceWorker.controller) {
      await takeOver(waiting);
    }
  }
  reload();
  return true;
}

async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

/** The worker once installed (waiting), or null if it fails or takes longer than WORKER_WAIT_MS. */
function installed(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (value: ServiceWorker | null) => {
      clearTimeout(timer);
      worker.removeEventListener("statechange", onChange);
      resolve(value);
    };
    const onChange = () => {
      if (worker.state === "installed") done(worker);
      else if (worker.state === "redundant") done(null);
    };
    const timer = setTimeout(() => done(null), WORKER_WAIT_MS);
    worker.addEventListener("statechange", onChange);
  });
}

/** Asks the waiting worker to activate; resolves when it controls the page (or after WORKER_WAIT_MS). */
function takeOver(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener("controllerchange", done);
      resolve();
    };
    const timer = setTimeout(done, WORKER_WAIT_MS);
    navigator.serviceWorker.addEventListener("controllerchange", done);
    // Workbox's generated worker listens for exactly this message (skipWaiting: false).
    worker.postMessage({ type: "SKIP_WAITING" });
  });
}
