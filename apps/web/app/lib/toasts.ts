// sonner is ~11 KB gzip: it is not part of the first load. The first toast (or the idle time
// after hydration, see LazyToaster) imports it; toasts asked for earlier wait for it, and the
// Toaster shows them when it subscribes (sonner replays active toasts to a new subscriber).
type Sonner = typeof import("sonner");

export const ERROR_TOAST_MS = 7000;
export const SUCCESS_TOAST_MS = 7000;
export const SERVER_ERROR_TOAST_MS = 5000;
export const SERVER_ERROR_MESSAGE =
  "The requested operation is currently not available, please contact support in order to resolve this issue";

let sonner: Promise<Sonner> | undefined;
const wantedListeners = new Set<() => void>();
let wanted = false;

/** Imports sonner once; every caller shares the same promise. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/** Whether a toast has been asked for (the Toaster must then mount, idle or not). */
export function toastsWanted() {
  return wanted;
}

export function onToastsWanted(listener: () => void) {
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
}

function show(render: (toast: Sonner["toast"]) => void) {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  void loadSonner().then(({ toast }) => render(toast));
}

export function toastError(message: string) {
  show((toast) => toast.error(message, { duration: ERROR_TOAST_MS }));
}

export function toastSuccess(message: string) {
  show((toast) => toast.success(message, { duration: SUCCESS_TOAST_MS }));
}

/** For the API client's 5xx hook. One toast at a time: repeated failures replace it. */
export function toastServerError() {
  show((toast) => toast.error(SERVER_ERROR_MESSAGE, { id: "server-error", duration: SERVER_ERROR_TOAST_MS }));
}
