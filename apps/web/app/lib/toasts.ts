import { toast } from "sonner";

export const ERROR_TOAST_MS = 7000;
export const SUCCESS_TOAST_MS = 7000;
export const SERVER_ERROR_TOAST_MS = 5000;
export const SERVER_ERROR_MESSAGE =
  "The requested operation is currently not available, please contact support in order to resolve this issue";

export function toastError(message: string) {
  toast.error(message, { duration: ERROR_TOAST_MS });
}

export function toastSuccess(message: string) {
  toast.success(message, { duration: SUCCESS_TOAST_MS });
}

/** For the API client's 5xx hook. One toast at a time: repeated failures replace it. */
export function toastServerError() {
  toast.error(SERVER_ERROR_MESSAGE, { id: "server-error", duration: SERVER_ERROR_TOAST_MS });
}
