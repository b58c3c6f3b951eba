import { claimReload } from "./reload-guard";

// What browsers say when a dynamic import() fails (Chromium, Safari, Firefox): after a deploy removed
// the old build's chunks, or on a dropped connection.
const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return CHUNK_ERROR.test(message);
}

/**
 * Seed 000: a chunk-load error reloads the path, once (guarded per path, 10 s): a failing chunk on a
 * page that cannot load at all must not loop. Vite fires vite:preloadError for its own preloads; a
 * bare import() that fails surfaces as an unhandled rejection. Returns the uninstaller.
 */
export function installChunkErrorReload(target: Window = window, reload: () => void = () => target.location.reload()) {
  const tryReload = () => {
    if (!claimReload(`chunk:${target.location.pathname}`)) return false;
    reload();
    return true;
  };
  const onPreloadError = (event: Event) => {
    // Handled here: Vite would otherwise rethrow the error.
    if (tryReload()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) tryReload();
  };
  target.addEventListener("vite:preloadError", onPreloadError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("vite:preloadError", onPreloadError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
