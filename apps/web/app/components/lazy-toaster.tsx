import { lazy, Suspense, useEffect, useState } from "react";
import { ERROR_TOAST_MS, loadSonner, onToastsWanted, toastsWanted } from "../lib/toasts";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

const IDLE_TIMEOUT_MS = 3000;

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, IDLE_TIMEOUT_MS / 2);
  return () => window.clearTimeout(handle);
}

/**
 * sonner's Toaster, kept out of the first load: it mounts once the browser is idle after
 * hydration (so its live region is in place before most toasts) or at the first toast, whichever
 * comes first. Nothing is rendered on the server.
 */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (toastsWanted()) {
      setMounted(true);
      return;
    }
    const mount = () => setMounted(true);
    const stopListening = onToastsWanted(mount);
    const cancelIdle = whenIdle(mount);
    return () => {
      stopListening();
      cancelIdle();
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme="dark" position="top-right" richColors closeButton duration={ERROR_TOAST_MS} />
    </Suspense>
  );
}
